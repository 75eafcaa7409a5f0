import { z } from 'zod';

export const HealthSchema = z.object({ status: z.literal('up'), uptimeSeconds: z.number() });
export const ReadySchema = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) });
export const NotReadySchema = z.object({ status: z.literal('unavailable') });
