import { z } from 'zod';

/** A named configuration value, e.g. `chat-link` for the floating contact button. */
export const ConfigInfoSchema = z.object({ code: z.string(), value: z.string() });
export type ConfigInfo = z.infer<typeof ConfigInfoSchema>;

export const ConfigCodeParams = z.object({ code: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/) });

export const UpdateConfigBody = z.object({ value: z.string().max(4000) });

/** Codes the shell reads. */
export const CONFIG_CODES = { chatLink: 'chat-link', supportEmail: 'support-email' } as const;
