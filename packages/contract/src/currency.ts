import { z } from 'zod';

/** A currency record (SPEC §3, §7): rate is units of this currency per 1 USD. */
export const CurrencySchema = z.object({
  currencyCode: z.string().length(3),
  symbol: z.string(),
  name: z.string(),
  rate: z.number().positive(),
});
export type Currency = z.infer<typeof CurrencySchema>;

export const CurrencyListSchema = z.array(CurrencySchema);

export const UpdateCurrencyBody = z.object({
  symbol: z.string().trim().min(1).max(8).optional(),
  name: z.string().trim().min(1).max(64).optional(),
  rate: z.number().positive().max(1_000_000),
});
export type UpdateCurrencyBody = z.infer<typeof UpdateCurrencyBody>;

export const CurrencyCodeParams = z.object({ code: z.string().regex(/^[A-Za-z]{3}$/) });
