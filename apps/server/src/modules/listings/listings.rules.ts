import type { PriceRule, PriceRuleBody, StoreRule, StoreRuleBody } from '@dsm/contract';
import { DEFAULT_PRICE_TOLERANCE_PERCENT, toMinor } from '@dsm/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { getRate } from '../currency/currency.service';
import { ownStore } from '../stores/stores.service';
import { type StoredRule, listingStoreRules } from './listings.tables';

/**
 * A store's pricing rule (decision 0124). Before the owner saves one, a store prices by the
 * SPEC's multiple at 2× in USD to the United States: a starting point shown as not saved.
 */
const DEFAULT_RULE: StoredRule = {
  mode: 'multiple',
  multiple: 2,
  markupMinor: null,
  centsEnding: null,
  compareAtMultiple: null,
  minMarginPercent: null,
};
const DEFAULT_CURRENCY = 'USD';
const DEFAULT_MARKET = 'US';

export interface StoreRuleFacts {
  rule: StoredRule;
  currency: string;
  market: string;
  /** ± percent a catalogue price change may move a listed price by itself (decision 0133). */
  tolerancePercent: number;
  rate: number;
  saved: boolean;
}

/** The owner's rule as the wire states it (markup in the store's currency) → the pricing function's. */
export function ruleOfBody(body: PriceRuleBody): StoredRule {
  return {
    mode: body.mode,
    multiple: body.multiple,
    markupMinor: body.markup === null ? null : toMinor(body.markup),
    centsEnding: body.centsEnding,
    compareAtMultiple: body.compareAtMultiple,
    minMarginPercent: body.minMarginPercent,
  };
}

export const asPriceRule = (r: StoredRule): PriceRule => r;

/** The rate of a currency today; a currency the catalogue does not carry is a field error. */
export async function rateOf(db: Db, currency: string, field = 'currency'): Promise<number> {
  const rate = await getRate(db, currency);
  if (rate === null || !(rate > 0)) throw AppError.invalid([{ field, messageKey: 'validation.invalid' }]);
  return rate;
}

const hundredthsOf = (x: number | null) => (x === null ? null : Math.round(x * 100));
const fromHundredths = (x: number | null) => (x === null ? null : x / 100);

/** The store's rule, its currency, market and today's rate; the store must be the caller's. */
export async function storeRuleFacts(db: Db, userId: string, storeId: string): Promise<StoreRuleFacts> {
  await ownStore(db, userId, storeId);
  return ruleFactsOfStore(db, storeId);
}

/** The same, for the module's jobs, which act for the store's owner. */
export async function ruleFactsOfStore(db: Db, storeId: string): Promise<StoreRuleFacts> {
  const [row] = await db.select().from(listingStoreRules).where(eq(listingStoreRules.storeId, storeId));
  if (!row)
    return {
      rule: DEFAULT_RULE,
      currency: DEFAULT_CURRENCY,
      market: DEFAULT_MARKET,
      tolerancePercent: DEFAULT_PRICE_TOLERANCE_PERCENT,
      rate: await rateOf(db, DEFAULT_CURRENCY),
      saved: false,
    };
  return {
    rule: {
      mode: row.mode,
      multiple: fromHundredths(row.multipleHundredths),
      markupMinor: row.markupMinor,
      centsEnding: row.centsEnding,
      compareAtMultiple: fromHundredths(row.compareAtHundredths),
      minMarginPercent: fromHundredths(row.minMarginHundredths),
    },
    currency: row.currency,
    market: row.market,
    tolerancePercent: fromHundredths(row.priceToleranceHundredths) ?? DEFAULT_PRICE_TOLERANCE_PERCENT,
    rate: await rateOf(db, row.currency),
    saved: true,
  };
}

/** Saves the store's rule (the caller's store only). */
export async function saveStoreRule(
  db: Db,
  userId: string,
  storeId: string,
  rule: StoredRule,
  place?: { currency: string; market: string; tolerancePercent: number },
): Promise<void> {
  await ownStore(db, userId, storeId);
  const where = place ?? (await storeRuleFacts(db, userId, storeId));
  if (place) await rateOf(db, place.currency);
  const values = {
    mode: rule.mode,
    multipleHundredths: hundredthsOf(rule.multiple),
    markupMinor: rule.markupMinor,
    centsEnding: rule.centsEnding,
    compareAtHundredths: hundredthsOf(rule.compareAtMultiple),
    minMarginHundredths: hundredthsOf(rule.minMarginPercent),
    currency: where.currency,
    market: where.market,
    priceToleranceHundredths: hundredthsOf(where.tolerancePercent),
    updatedAt: new Date(),
  };
  await db
    .insert(listingStoreRules)
    .values({ storeId, ...values })
    .onConflictDoUpdate({ target: listingStoreRules.storeId, set: values });
}

export function toStoreRuleDto(storeId: string, f: StoreRuleFacts): StoreRule {
  return {
    storeId,
    rule: {
      mode: f.rule.mode,
      multiple: f.rule.multiple,
      markup: f.rule.markupMinor === null ? null : f.rule.markupMinor / 100,
      centsEnding: f.rule.centsEnding,
      compareAtMultiple: f.rule.compareAtMultiple,
      minMarginPercent: f.rule.minMarginPercent,
    },
    currency: f.currency,
    market: f.market,
    priceTolerancePercent: f.tolerancePercent,
    rate: f.rate,
    saved: f.saved,
  };
}

export async function putStoreRule(db: Db, userId: string, storeId: string, body: StoreRuleBody): Promise<StoreRule> {
  await saveStoreRule(db, userId, storeId, ruleOfBody(body.rule), {
    currency: body.currency,
    market: body.market,
    tolerancePercent: body.priceTolerancePercent,
  });
  return toStoreRuleDto(storeId, await storeRuleFacts(db, userId, storeId));
}
