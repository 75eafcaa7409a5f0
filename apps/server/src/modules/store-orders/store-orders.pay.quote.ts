import { type Locale, type OrderAddress, priceOrder, translate } from '@dsm/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { currencyDecimals } from '../../connectors/stores/money';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type CartSkuFacts, getCartSkus } from '../catalogue/catalogue.service';
import { applyPriceTiers, taxRateBpsFor } from '../checkout/checkout.service';
import { connectionsOfLines } from '../connections/connections.service';
import { getRate } from '../currency/currency.service';
import { shipFirstStock, takeHeld } from '../inventory/inventory.service';
import { chooseShipping } from '../preferred-shipping/preferred-shipping.service';
import { storeNamesByIds } from '../stores/stores.service';
import { addressIncomplete } from './store-orders.abnormal';
import { storeOrderLines, storeOrderPeople, storeOrders } from './store-orders.tables';

/**
 * What a batch of store orders costs us (issue 21, decision 0118): per store order, its connected
 * catalogue SKUs at today's price (bulk tiers as checkout applies them, decision 0090), split
 * into shipments with the method the owner prefers else the cheapest (preferred-shipping's
 * `chooseShipping`, decision 0116), each shipment priced by checkout's `priceOrder` with the
 * destination's tax rate (decision 0083). Nothing is written: confirm shows it, pay computes it
 * again inside its unit of work and refuses when anything differs.
 */

export type StoreOrderRow = typeof storeOrders.$inferSelect;

export interface QuotedLine {
  prodId: number;
  skuId: number;
  sku: CartSkuFacts;
  count: number;
  unitPriceMinor: number;
  /** The store's unit selling price (its currency), averaged over store lines of the same SKU. */
  storeUnitMinor: number | null;
  /** The same in USD minor units at the operator's rate (what the order line keeps), or null. */
  storeUnitUsdMinor: number | null;
  /**
   * The owner's inventory item the units ship from (decision 0129): the goods were paid when
   * bought into it, so the line is priced at 0; null when they are bought now.
   */
  inventoryItemId: string | null;
}

export interface QuotedShipment {
  key: string;
  warehouse: string;
  method: { code: string; name: string; minDays: number; maxDays: number; source: 'preferred' | 'cheapest' };
  lines: QuotedLine[];
  goodsMinor: number;
  shippingMinor: number;
  serviceFeeMinor: number;
  taxMinor: number;
  totalMinor: number;
}

export interface QuotedStoreOrder {
  row: StoreOrderRow;
  storeName: string;
  consignee: OrderAddress;
  shipments: QuotedShipment[];
  totalMinor: number;
  /** The store's selling total in USD minor units at the operator's rate, or null without a rate. */
  sellingUsdMinor: number | null;
}

export interface QuoteSettings {
  serviceFeeBps: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each error names the store order it concerns, so the page shows it on that order. */
const about = (row: StoreOrderRow, extra: Record<string, unknown> = {}) => ({
  storeOrderId: row.id,
  number: row.number,
  ...extra,
});

function notPayable(row: StoreOrderRow, why: 'paid' | 'trashed' | 'abnormal' | 'unrelated', locale: Locale): never {
  throw AppError.conflict(
    'store-order-not-payable',
    'store-orders.not-payable',
    { number: row.number, why: translate(locale, `store-orders.not-payable-why.${why}`) },
    about(row, { why }),
  );
}

/**
 * The caller's store orders by id, in the order asked (duplicates once). Another user's or an
 * unknown id → 404, as every /api/p/ route answers. `rows`: already read (pay locks them first).
 */
export async function ownPayableRows(db: Db, userId: string, ids: readonly string[], locale: Locale) {
  const wanted = [...new Set(ids)];
  if (!wanted.every((id) => UUID.test(id))) throw AppError.notFound('store-orders.not-found');
  const rows = await db
    .select()
    .from(storeOrders)
    .where(and(inArray(storeOrders.id, wanted), eq(storeOrders.userId, userId)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return wanted.map((id) => {
    const row = byId.get(id);
    if (!row) throw AppError.notFound('store-orders.not-found');
    if (row.orderId) notPayable(row, 'paid', locale);
    if (row.state === 'trashed') notPayable(row, 'trashed', locale);
    if (row.abnormalReason) notPayable(row, 'abnormal', locale);
    return row;
  });
}

/** The store's address as an order keeps it: the name split at its last space, line 2 beside line 1. */
function consigneeOf(a: NonNullable<(typeof storeOrderPeople.$inferSelect)['address']>, email: string | null) {
  const name = a.name.trim();
  const cut = name.lastIndexOf(' ');
  return {
    firstName: cut > 0 ? name.slice(0, cut) : name,
    lastName: cut > 0 ? name.slice(cut + 1) : '',
    country: a.countryCode.toUpperCase(),
    company: a.company,
    companyID: '',
    vatnumber: '',
    province: a.province,
    city: a.city,
    street: a.line1,
    houseNo: '',
    address: a.line2,
    phoneNumber: a.phone,
    emails: email ?? '',
    postCode: a.postcode,
  } satisfies OrderAddress;
}

/** Quotes the given rows (the caller's, payable), in their order. */
export async function quoteRows(
  db: Db,
  userId: string,
  rows: readonly StoreOrderRow[],
  locale: Locale,
  settings: QuoteSettings,
): Promise<QuotedStoreOrder[]> {
  const names = await storeNamesByIds(
    db,
    rows.flatMap((r) => (r.storeId ? [r.storeId] : [])),
  );
  const out: QuotedStoreOrder[] = [];
  // Units of the owner's inventory promised to earlier orders of this batch (decision 0129).
  const taken = new Map<string, number>();
  // One order after another: an error is the first order's in the selection's order.
  for (const row of rows)
    out.push(
      await quoteOne(db, userId, row, (row.storeId && names.get(row.storeId)?.name) || '', locale, settings, taken),
    );
  return out;
}

async function quoteOne(
  db: Db,
  userId: string,
  row: StoreOrderRow,
  storeName: string,
  locale: Locale,
  settings: QuoteSettings,
  taken: Map<string, number>,
): Promise<QuotedStoreOrder> {
  const [people] = await db.select().from(storeOrderPeople).where(eq(storeOrderPeople.storeOrderId, row.id));
  const address = row.erasedAt ? null : (people?.address ?? null);
  if (!address || addressIncomplete(address))
    throw AppError.business('shipping-address-empty', 'store-orders.address-empty', { number: row.number }, about(row));
  const lines = await connectedLines(db, row, locale);
  const facts = await getCartSkus(
    db,
    lines.map((l) => l.skuId),
    locale,
  );
  for (const l of lines) {
    const sku = facts.get(l.skuId);
    if (!sku?.onSale) throw AppError.business('taken-down', 'checkout.taken-down', {}, about(row, { skuId: l.skuId }));
  }
  const country = address.countryCode.toUpperCase();
  const withFacts = lines.map((l) => ({ ...l, sku: facts.get(l.skuId)!, prodId: facts.get(l.skuId)!.prodId }));
  const [tiered, choice, taxRateBps, rate, held] = await Promise.all([
    applyPriceTiers(
      db,
      withFacts.map((l) => ({ prodId: l.prodId, count: l.count, priceMinor: l.sku.priceMinor })),
    ),
    chooseShipping(
      db,
      { userId, lines: withFacts.map((l) => ({ prodId: l.prodId, skuId: l.skuId, count: l.count })), country },
      locale,
    ),
    taxRateBpsFor(db, country),
    getRate(db, row.currency),
    shipFirstStock(
      db,
      userId,
      lines.map((l) => l.skuId),
    ),
  ]);
  // A store order ships whole: a line no method carries is SPEC §8's "Shipping information not found".
  if (choice.shipments.length === 0 || choice.cannotShip.length > 0)
    throw AppError.business('no-shipping-method', 'logistics.not-found', {}, about(row, { lines: choice.cannotShip }));
  const shipments = choice.shipments.map((s): QuotedShipment => {
    const shipLines = s.lines.map((i) => {
      const l = withFacts[i]!;
      const inventoryItemId = takeHeld(held, taken, l.skuId, s.warehouse.code, l.count);
      // The supplier's stock matters only for the units we buy now.
      if (!inventoryItemId && l.sku.stock < l.count)
        throw AppError.business(
          'out-of-stock',
          l.sku.stock === 0 ? 'checkout.sold-out' : 'checkout.out-of-stock',
          { available: l.sku.stock },
          about(row, { skuId: l.skuId, available: l.sku.stock }),
        );
      return {
        ...l,
        unitPriceMinor: inventoryItemId ? 0 : tiered[i]!.unitPriceMinor,
        storeUnitUsdMinor: l.storeUnitMinor === null ? null : toUsdMinor(l.storeUnitMinor, row.currency, rate),
        inventoryItemId,
      };
    });
    const priced = priceOrder({
      lines: shipLines.map((l) => ({ unitPriceMinor: l.unitPriceMinor, count: l.count })),
      shippingMinor: s.method.priceMinor,
      serviceFeeBps: settings.serviceFeeBps,
      taxRateBps,
    });
    return {
      key: s.key,
      warehouse: s.warehouse.code,
      method: { ...s.method, source: s.source },
      lines: shipLines,
      goodsMinor: priced.goodsMinor,
      shippingMinor: priced.shippingMinor,
      serviceFeeMinor: priced.serviceFeeMinor,
      taxMinor: priced.taxMinor,
      totalMinor: priced.totalMinor,
    };
  });
  const sellingUsdMinor = toUsdMinor(row.totalMinor, row.currency, rate);
  return {
    row,
    storeName,
    consignee: consigneeOf(address, people?.buyerEmail ?? null),
    shipments,
    totalMinor: shipments.reduce((sum, s) => sum + s.totalMinor, 0),
    sellingUsdMinor,
  };
}

/** Store money → USD minor units: rates are units of the currency per 1 USD (currency module). */
export function toUsdMinor(minor: number, currency: string, rate: number | null): number | null {
  return rate && rate > 0 ? Math.round((minor / 10 ** currencyDecimals(currency) / rate) * 100) : null;
}

/**
 * The order's lines as catalogue SKUs and counts, one per SKU (two store lines of one SKU are one
 * order line, as checkout merges them). A line not connected → the order is unrelated.
 */
async function connectedLines(db: Db, row: StoreOrderRow, locale: Locale) {
  const lines = await db
    .select()
    .from(storeOrderLines)
    .where(eq(storeOrderLines.storeOrderId, row.id))
    .orderBy(storeOrderLines.position);
  const refs = lines.map((l) => ({
    productExternalId: l.productExternalId ?? '',
    variantExternalId: l.variantExternalId ?? '',
  }));
  const connections = row.storeId ? await connectionsOfLines(db, row.storeId, refs) : new Map();
  const bySku = new Map<number, { skuId: number; count: number; storePaid: number; storePriced: number }>();
  for (const l of lines) {
    // An imported line carries the catalogue SKU it was matched to (decision 0125).
    const c: { skuId: number } | undefined =
      l.skuId !== null
        ? { skuId: l.skuId }
        : connections.get(`${l.productExternalId}|${l.variantExternalId}`)?.connection;
    if (!c || (l.skuId === null && (!l.productExternalId || !l.variantExternalId)))
      notPayable(row, 'unrelated', locale);
    const seen = bySku.get(c.skuId) ?? { skuId: c.skuId, count: 0, storePaid: 0, storePriced: 0 };
    seen.count += l.quantity;
    if (l.unitPriceMinor !== null) {
      seen.storePaid += l.unitPriceMinor * l.quantity;
      seen.storePriced += l.quantity;
    }
    bySku.set(c.skuId, seen);
  }
  if (!bySku.size) notPayable(row, 'unrelated', locale);
  return [...bySku.values()].map((l) => ({
    skuId: l.skuId,
    count: l.count,
    storeUnitMinor: l.storePriced ? Math.round(l.storePaid / l.storePriced) : null,
  }));
}
