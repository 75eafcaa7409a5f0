import { z } from 'zod';

const DIGITS = /^[0-9]+$/;

/**
 * A record id: a positive integer, or the same written in digits (query strings and paths carry
 * text). Nothing else: `z.coerce.number()` turned `true` and `[1]` into 1, so `{"parentId": true}`
 * named category 1. Only a string of digits is converted; every other value reaches the number
 * check unchanged and is refused there.
 */
export const IdSchema = z.preprocess(
  (v) => (typeof v === 'string' && DIGITS.test(v.trim()) ? Number(v.trim()) : v),
  z.number().int().positive().max(2_147_483_647),
);
