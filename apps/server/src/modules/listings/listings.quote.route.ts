import { type ListingQuote, type ListingQuoteBody, type Locale, fromMinor, toMinor } from '@dsm/contract';
import type { Db } from '../../db/client';
import { checkStores, chooseSkus } from './listings.create';
import { priceSkus, shippingOf } from './listings.quote';
import { ruleOfBody, storeRuleFacts } from './listings.rules';

/**
 * The "List to store" dialog's preview: the same checks and prices as creating the listing
 * (the same functions), written nowhere.
 */
export async function quoteListing(
  db: Db,
  userId: string,
  body: ListingQuoteBody,
  locale: Locale,
): Promise<ListingQuote> {
  const [store] = await checkStores(db, userId, [body.storeId]);
  const { item, product, skus } = (await chooseSkus(db, [body.item], locale))[0]!;
  const facts = await storeRuleFacts(db, userId, store!.id);
  const rule = body.rule ? ruleOfBody(body.rule) : facts.rule;
  const shipping = await shippingOf(
    db,
    userId,
    product.prodId,
    skus.map((s) => s.skuId),
    facts.market,
    locale,
  );
  const own = new Map((item.prices ?? []).map((p) => [p.skuId, toMinor(p.price)]));
  const priced = priceSkus(rule, skus, shipping, facts.rate, facts.currency, own);
  return {
    currency: facts.currency,
    rate: facts.rate,
    market: facts.market,
    variants: priced.map((s) => ({
      skuId: s.skuId,
      skuCode: s.skuCode,
      name: s.name,
      platformPrice: fromMinor(s.platformMinor),
      shipping: fromMinor(s.shippingMinor),
      cost: fromMinor(s.figures.costMinor),
      price: fromMinor(s.figures.priceMinor),
      compareAtPrice: s.figures.compareAtMinor === null ? null : fromMinor(s.figures.compareAtMinor),
      marginPercent: s.figures.marginPercent,
    })),
  };
}
