import { type TaxRate, bpsToPercent, percentToBps } from '@dsm/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import { isKnownCountry } from '../logistics/logistics.service';
import { taxRates } from './checkout.tables';
import { runTaxRateChange } from './tax-rates.hooks';

export { onTaxRateChange, type TaxRateChange } from './tax-rates.hooks';

type Row = typeof taxRates.$inferSelect;

const toDto = (r: Row): TaxRate => ({
  country: r.country,
  rate: bpsToPercent(r.rateBps),
  updatedAt: r.updatedAt.toISOString(),
  updatedBy: r.updatedBy,
});

/** GET /api/admin/tax-rates: every configured country, by code. */
export async function listTaxRates(db: Db): Promise<TaxRate[]> {
  const rows = await db.select().from(taxRates).orderBy(asc(taxRates.country));
  return rows.map(toDto);
}

/**
 * PUT /api/admin/tax-rates/:country: sets (or adds) a country's rate; the same PUT twice is the same
 * row. One unit of work with the change's listeners (a rate that moved re-quotes orders, 0142).
 */
export async function putTaxRate(db: Db, operatorId: string, country: string, ratePercent: number): Promise<TaxRate> {
  if (!isKnownCountry(country)) {
    throw AppError.invalid([{ field: 'country', messageKey: 'logistics.unknown-country', params: { code: country } }]);
  }
  const values = { rateBps: percentToBps(ratePercent), updatedAt: new Date(), updatedBy: operatorId };
  return inTransaction(db, async (uow) => {
    const beforeBps = await lockedBps(uow, country);
    const [row] = await uow.tx
      .insert(taxRates)
      .values({ country, ...values })
      .onConflictDoUpdate({ target: taxRates.country, set: values })
      .returning();
    if (beforeBps !== row!.rateBps) await runTaxRateChange(uow, { country, beforeBps, afterBps: row!.rateBps });
    return toDto(row!);
  });
}

/** DELETE /api/admin/tax-rates/:country: the country is then taxed at 0. */
export async function deleteTaxRate(db: Db, country: string): Promise<void> {
  await inTransaction(db, async (uow) => {
    const gone = await uow.tx
      .delete(taxRates)
      .where(eq(taxRates.country, country))
      .returning({ rateBps: taxRates.rateBps });
    if (gone.length === 0) throw AppError.notFound('checkout.tax-rate-not-found');
    if (gone[0]!.rateBps !== 0) await runTaxRateChange(uow, { country, beforeBps: gone[0]!.rateBps, afterBps: 0 });
  });
}

/** The country's rate now (0 without a row), its row locked so two edits of it take turns. */
async function lockedBps(uow: UnitOfWork, country: string): Promise<number> {
  const [row] = await uow.tx
    .select({ rateBps: taxRates.rateBps })
    .from(taxRates)
    .where(eq(taxRates.country, country))
    .for('update');
  return row?.rateBps ?? 0;
}

/** The rate a destination is taxed at, in basis points: 0 where the operator set none. */
export async function taxRateBpsFor(db: Db, country: string): Promise<number> {
  const [row] = await db.select({ rateBps: taxRates.rateBps }).from(taxRates).where(eq(taxRates.country, country));
  return row?.rateBps ?? 0;
}
