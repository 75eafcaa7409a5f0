import { type SQL, and, eq, inArray, or, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { type CataloguePriceChange, skuIdsOfProduct } from '../catalogue/catalogue.service';
import type { TaxRateChange } from '../checkout/checkout.service';
import type { RateChange } from '../currency/currency.service';
import type { ShippingChange } from '../logistics/logistics.service';
import type { PreferenceChange, PreferenceScope } from '../preferred-shipping/preferred-shipping.service';
import { lineOfSkusSql, unpaidOpen } from './store-orders.quote';
import { queueQuote } from './store-orders.quote.queue';
import { storeOrderLines, storeOrders } from './store-orders.tables';

/**
 * "Changing it re-prices orders not yet paid" (issue 21, decision 0131): the reactions to a change
 * of what the kept quote (decision 0120) is made of — a product's prices or bulk tiers, shipping
 * methods and rates, a currency's rate, the owner's preferred shipping, a destination's tax rate
 * (decision 0142). Each runs in the unit of
 * work of the change (subscribed in composition.ts), finds the unpaid open store orders the change
 * can move, and queues their quote jobs (store-orders.quote.queue.ts, in batches) to run after the
 * commit. Nothing is quoted here: the operator's or owner's save stays one short transaction.
 */

/** A catalogue product was edited or its tiers replaced → the orders with a line of its SKUs. */
export async function requoteOfProduct(uow: UnitOfWork, change: CataloguePriceChange): Promise<void> {
  await requoteWhere(uow, lineExists(lineOfSkusSql(change.skuIds)));
}

/** A currency's rate moved → the orders sold in it (their selling price in USD, so their margin). */
export async function requoteOfRate(uow: UnitOfWork, change: RateChange): Promise<void> {
  await requoteWhere(uow, eq(storeOrders.currency, change.code));
}

/** A destination's tax rate moved → the orders to that country (their tax, so landed cost and margin). */
export async function requoteOfTax(uow: UnitOfWork, change: TaxRateChange): Promise<void> {
  await requoteWhere(uow, sql`upper(${storeOrders.countryCode}) = ${change.country}`);
}

/** Shipping methods, zones or rates changed → the orders to those countries (all when null). */
export async function requoteOfShipping(uow: UnitOfWork, change: ShippingChange): Promise<void> {
  await requoteWhere(uow, change.countries === null ? undefined : inArray(storeOrders.countryCode, change.countries));
}

/** An owner's preferred-shipping rule was saved or removed → their orders it covered or covers now. */
export async function requoteOfPreference(uow: UnitOfWork, change: PreferenceChange): Promise<void> {
  const scopes = [change.before, change.after].filter((s): s is PreferenceScope & { methodId: number } => s !== null);
  const covered: SQL[] = [];
  for (const scope of scopes) {
    const parts: SQL[] = [];
    if (scope.country !== null) parts.push(eq(storeOrders.countryCode, scope.country));
    if (scope.prodId !== null) parts.push(lineExists(lineOfSkusSql(await skuIdsOfProduct(uow, scope.prodId))));
    if (!parts.length) return requoteWhere(uow, eq(storeOrders.userId, change.userId)); // all products, all countries
    covered.push(and(...parts)!);
  }
  if (covered.length) await requoteWhere(uow, and(eq(storeOrders.userId, change.userId), or(...covered)));
}

/** The order has a line matching `line` (a product with no SKUs matches nothing). */
function lineExists(line: SQL): SQL {
  return sql`exists (select 1 from ${storeOrderLines} where ${storeOrderLines.storeOrderId} = ${storeOrders.id} and ${line})`;
}

async function requoteWhere(uow: UnitOfWork, which: SQL | undefined): Promise<void> {
  const rows = await uow.tx
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .where(which ? and(unpaidOpen, which) : unpaidOpen)
    .orderBy(storeOrders.id);
  await queueQuote(
    uow,
    rows.map((r) => r.id),
  );
}
