import { type Locale, type PriceFigures, type ProductDetail, priceFor, toMinor } from '@dsm/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { chooseShipping } from '../preferred-shipping/preferred-shipping.service';
import type { StoredRule } from './listings.tables';

/**
 * Pricing the SKUs of one product for one store (decision 0124): one unit's shipping to the
 * store's main market by the owner's preferred method (else the cheapest), then the rule.
 */

export interface SkuFacts {
  skuId: number;
  skuCode: string;
  name: string;
  platformMinor: number;
  options: Array<{ name: string; value: string }>;
  pic: string;
  stock: number;
}

export interface PricedSku extends SkuFacts {
  shippingMinor: number;
  ownMinor: number | null;
  figures: PriceFigures;
}

/** The SKUs of a product detail, in its order, with their options parsed from `Colour:Red;Size:M`. */
export function skuFactsOf(product: ProductDetail): SkuFacts[] {
  return product.skuList.map((s) => ({
    skuId: s.skuId,
    skuCode: s.skuCode,
    name: s.skuName,
    platformMinor: toMinor(s.price),
    options: s.properties
      ? s.properties.split(';').map((pair) => {
          const at = pair.indexOf(':');
          return { name: pair.slice(0, at), value: pair.slice(at + 1) };
        })
      : [],
    pic: s.pic,
    stock: s.stocks,
  }));
}

/** One unit's shipping per SKU to `market`; nothing ships there → SPEC §8 "Shipping information not found". */
export async function shippingOf(
  db: Db,
  userId: string,
  prodId: number,
  skuIds: number[],
  market: string,
  locale: Locale,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const skuId of skuIds) {
    const choice = await chooseShipping(db, { userId, lines: [{ prodId, skuId, count: 1 }], country: market }, locale);
    const shipment = choice.shipments[0];
    if (!shipment) throw AppError.business('no-shipping-method', 'logistics.not-found', {}, { skuId, market });
    out.set(skuId, shipment.method.priceMinor);
  }
  return out;
}

const amount = (minor: number) => (minor / 100).toFixed(2);

/**
 * Prices SKUs under a rule; a SKU the rule refuses (own price missing, margin under the floor)
 * fails the whole call with the SKU named: nothing is listed at a price the owner did not accept.
 */
export function priceSkus(
  rule: StoredRule,
  skus: SkuFacts[],
  shipping: Map<number, number>,
  rate: number,
  currency: string,
  own: Map<number, number>,
): PricedSku[] {
  return skus.map((sku) => {
    const shippingMinor = shipping.get(sku.skuId) ?? 0;
    const ownMinor = own.get(sku.skuId) ?? null;
    const out = priceFor(rule, { platformMinor: sku.platformMinor, shippingMinor, rate, ownMinor });
    if (!out.ok) {
      if (out.reason === 'margin-too-low')
        throw AppError.business('listing-margin-too-low', 'listings.margin-too-low', {
          sku: sku.skuCode,
          price: amount(out.priceMinor),
          currency,
          margin: out.marginPercent.toFixed(2),
          min: String(rule.minMarginPercent),
        });
      if (out.reason === 'own-price-missing')
        throw AppError.invalid([
          { field: 'prices', messageKey: 'listings.own-price-required', params: { sku: sku.skuCode } },
        ]);
      throw AppError.invalid([{ field: 'rule.multiple', messageKey: 'listings.ratio-required' }]);
    }
    const { ok: _ok, ...figures } = out;
    return { ...sku, shippingMinor, ownMinor, figures };
  });
}
