import type { Locale, ShippingQuote } from '@dsm/contract';
import type { Db } from '../../db/client';
import { getSkuShippingFacts } from '../catalogue/catalogue.service';
import {
  type CatalogueReads,
  type SkuShippingFacts,
  allWarehouses,
  countryName,
  quoteProductShipping,
} from '../logistics/logistics.service';
import { type ShipmentPlan, planShipments } from './checkout.shipments';

/** A catalogue SKU and how many of it: what a line is to shipping. */
export interface ShippingLine {
  prodId: number;
  skuId: number;
  count: number;
}

/** The plan, with each line's own quote (every method's answer for that line alone). */
export interface QuotedShipmentPlan extends ShipmentPlan {
  quotes: ShippingQuote[];
}

/**
 * Checkout's step 4, the shipments (decision 0107), also what preferred shipping prices store
 * orders with (decision 0116). Each line is quoted as its own parcel from its own warehouse by the
 * logistics module; `planShipments` puts together what one warehouse sends by one method. A SKU
 * missing or taken down fails as the logistics quote does (404 "The product was not found").
 */
export async function planShipmentsFor(
  db: Db,
  lines: ShippingLine[],
  country: string,
  locale: Locale,
): Promise<QuotedShipmentPlan> {
  const facts = new Map<string, SkuShippingFacts | null>();
  const remembered: CatalogueReads['skuShippingFacts'] = async (d, prodId, skuId) => {
    const found = await getSkuShippingFacts(d, prodId, skuId);
    facts.set(`${prodId}:${skuId}`, found);
    return found;
  };
  const [quotes, warehouses] = await Promise.all([
    inStepOrder(
      lines.map((line) =>
        quoteProductShipping(
          db,
          { prodId: line.prodId, skuId: line.skuId, count: line.count, countryCode: country },
          locale,
          remembered,
        ),
      ),
    ),
    allWarehouses(db, locale),
  ]);
  const plan = planShipments(
    quotes.map((quote, i) => {
      const code = facts.get(`${lines[i]!.prodId}:${lines[i]!.skuId}`)?.warehouse ?? '';
      return { quote, warehouse: warehouses.get(code) ?? { code, name: code, country: '' } };
    }),
    countryName(country, locale),
    locale,
  );
  return { ...plan, quotes };
}

/**
 * Promise.all that waits for every read and then throws the failure of the earliest step, so
 * the error a caller sees does not depend on which query came back first.
 */
export async function inStepOrder<T extends readonly unknown[]>(
  steps: {
    [K in keyof T]: Promise<T[K]>;
  },
): Promise<T> {
  const settled = await Promise.allSettled(steps);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
