import { z } from 'zod';
import { ERRORS } from './errors';

/** Every response body is this envelope (SPEC §7): success is code "00000" with success true. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.string(),
    data,
    msg: z.string(),
    success: z.boolean(),
  });
}

export const ErrorEnvelopeSchema = envelopeOf(z.unknown());

export interface Envelope<T> {
  code: string;
  data: T;
  msg: string;
  success: boolean;
}

/** One entry of `data` in a validation failure (A00002). */
export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const SUCCESS_CODE = ERRORS.OK.code;
