import type { Currency, UpdateCurrencyBody } from '@dsm/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { inTransaction } from '../../platform/unit-of-work';
import { runRateChange } from './currency.hooks';
import { currencies } from './currency.tables';

function toDto(row: typeof currencies.$inferSelect): Currency {
  return { currencyCode: row.code, symbol: row.symbol, name: row.name, rate: Number(row.rate) };
}

export async function listCurrencies(db: Db): Promise<Currency[]> {
  const rows = await db.select().from(currencies).orderBy(asc(currencies.position), asc(currencies.code));
  return rows.map(toDto);
}

/** Units of `code` per 1 USD (USD is 1), or null for an unknown currency. */
export async function getRate(db: Db, code: string): Promise<number | null> {
  const [row] = await db
    .select({ rate: currencies.rate })
    .from(currencies)
    .where(eq(currencies.code, code.toUpperCase()));
  return row ? Number(row.rate) : null;
}

/**
 * The operator edits a rate (and optionally the symbol or name); USD stays the base at 1. A rate
 * that moved is a `rate` event in the same unit of work (currency.hooks.ts).
 */
export async function updateCurrency(db: Db, code: string, body: UpdateCurrencyBody): Promise<Currency> {
  const upper = code.toUpperCase();
  if (upper === 'USD' && body.rate !== 1) {
    throw AppError.invalid([{ field: 'rate', messageKey: 'currency.base-rate' }]);
  }
  return inTransaction(db, async (uow) => {
    const [before] = await uow.tx
      .select({ rate: currencies.rate })
      .from(currencies)
      .where(eq(currencies.code, upper))
      .for('update');
    if (!before) throw AppError.notFound('errors.currency-not-found');
    const [row] = await uow.tx
      .update(currencies)
      .set({
        rate: body.rate,
        ...(body.symbol ? { symbol: body.symbol } : {}),
        ...(body.name ? { name: body.name } : {}),
        updatedAt: new Date(),
      })
      .where(eq(currencies.code, upper))
      .returning();
    if (Number(before.rate) !== Number(row!.rate))
      await runRateChange(uow, { code: upper, before: Number(before.rate), after: Number(row!.rate) });
    return toDto(row!);
  });
}

export const SEED_CURRENCIES = [
  { code: 'USD', symbol: '$', name: 'US Dollar', rate: 1, position: 1 },
  { code: 'EUR', symbol: '€', name: 'Euro', rate: 0.92, position: 2 },
  { code: 'GBP', symbol: '£', name: 'Pound Sterling', rate: 0.79, position: 3 },
  { code: 'TRY', symbol: '₺', name: 'Turkish Lira', rate: 34.2, position: 4 },
];

export { onRateChange, type RateChange } from './currency.hooks';

export async function seedCurrencies(db: Db): Promise<void> {
  await db.insert(currencies).values(SEED_CURRENCIES).onConflictDoNothing();
}
