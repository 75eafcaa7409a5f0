import type { AffiliateTerms } from '@dsm/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affiliateSettings } from './affiliates.tables';

/** Until the operator saves terms: 5 %, 12 months, a 30-day hold, paid as cash, open. */
const DEFAULTS: AffiliateTerms = {
  rateBasisPoints: 500,
  periodMonths: 12,
  holdDays: 30,
  payout: 'cash',
  enabled: true,
};

/** The programme's terms (one row; the defaults until the operator saves them). */
export async function getTerms(db: Db): Promise<AffiliateTerms> {
  const [r] = await db.select().from(affiliateSettings).where(eq(affiliateSettings.id, 1));
  if (!r) return DEFAULTS;
  const { rateBasisPoints, periodMonths, holdDays, payout, enabled } = r;
  return { rateBasisPoints, periodMonths, holdDays, payout, enabled };
}

/** The operator saves the terms; they apply to commissions earned from now on, not to those earned. */
export async function saveTerms(db: Db, terms: AffiliateTerms): Promise<AffiliateTerms> {
  const values = { ...terms, updatedAt: new Date() };
  await db
    .insert(affiliateSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: affiliateSettings.id, set: values });
  return getTerms(db);
}

/** rate × goods, rounded once, half-up, in integer arithmetic (no float ever touches money). */
export function commissionOf(goodsMinor: number, rateBasisPoints: number): number {
  return Math.floor((goodsMinor * rateBasisPoints + 5000) / 10000);
}
