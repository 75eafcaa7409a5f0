import {
  ADDRESS_FIELDS,
  type Locale,
  type OrderAddress,
  type StorePayBody,
  type StoreLandedCost,
  type StorePayQuote,
  fromMinor,
  translate,
} from '@dsm/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { listAddresses } from '../accounts/accounts.service';
import { reserveStock } from '../catalogue/catalogue.service';
import { checkoutSettings } from '../checkout/checkout.service';
import { reserveForOrder } from '../inventory/inventory.service';
import { type OrderRow, createOrder, ordersByIds } from '../orders/orders.service';
import { type PaidOrders, payOrders } from '../payments/payments.service';
import { type QuotedStoreOrder, ownPayableRows, quoteRows } from './store-orders.pay.quote';
import { figuresOf, signPayToken, verifyPayToken } from './store-orders.pay.token';
import { storeMoney } from './store-orders.read';
import { storeOrders } from './store-orders.tables';

/**
 * Paying store orders in batches (issue 21, decision 0118): confirm quotes the selection and signs
 * it; pay, in the route's one idempotent unit of work, quotes again under lock, refuses any
 * change, creates one marketplace order per shipment of each store order, links them, reserves
 * the stock and hands the orders to the payments module's `payOrders` (wallet, held on
 * insufficient balance, or PayPal): one payment, one key.
 */

const settingsOf = (config: Config) => checkoutSettings(config);

/** POST /p/store-orders/pay/confirm: the quote and its token. Reads only. */
export async function confirmStorePayment(
  db: Db,
  config: Config,
  userId: string,
  ids: readonly string[],
  locale: Locale,
): Promise<StorePayQuote> {
  const rows = await ownPayableRows(db, userId, ids, locale);
  return quoteDto(config, userId, await quoteRows(db, userId, rows, locale, settingsOf(config)));
}

function quoteDto(config: Config, userId: string, quoted: QuotedStoreOrder[], now = new Date()): StorePayQuote {
  const settings = settingsOf(config);
  const expiresAt = Math.floor(now.getTime() / 1000) + settings.confirmMinutes * 60;
  const sum = (pick: (s: QuotedStoreOrder['shipments'][number]) => number) =>
    quoted.reduce((total, q) => total + q.shipments.reduce((t, s) => t + pick(s), 0), 0);
  return {
    orders: quoted.map((q) => {
      return {
        storeOrderId: q.row.id,
        storeId: q.row.storeId,
        storeName: q.storeName,
        number: q.row.number,
        countryCode: q.consignee.country,
        shipments: q.shipments.map((s) => ({
          key: s.key,
          warehouse: s.warehouse,
          method: {
            code: s.method.code,
            name: s.method.name,
            days: { min: s.method.minDays, max: s.method.maxDays },
            source: s.method.source,
          },
          lines: s.lines.map((l) => ({
            skuId: l.skuId,
            skuCode: l.sku.skuCode,
            title: l.sku.prodName || l.sku.skuCode,
            image: l.sku.pic,
            count: l.count,
            unitPrice: fromMinor(l.unitPriceMinor),
            lineTotal: fromMinor(l.unitPriceMinor * l.count),
            storeUnitPrice: l.storeUnitMinor === null ? null : storeMoney(l.storeUnitMinor, q.row.currency),
            fromInventory: l.inventoryItemId !== null,
          })),
          goods: fromMinor(s.goodsMinor),
          shipping: fromMinor(s.shippingMinor),
          serviceFee: fromMinor(s.serviceFeeMinor),
          tax: fromMinor(s.taxMinor),
          total: fromMinor(s.totalMinor),
        })),
        landed: landedDto(q),
      };
    }),
    currency: 'USD',
    goods: fromMinor(sum((s) => s.goodsMinor)),
    shipping: fromMinor(sum((s) => s.shippingMinor)),
    serviceFee: fromMinor(sum((s) => s.serviceFeeMinor)),
    tax: fromMinor(sum((s) => s.taxMinor)),
    total: fromMinor(sum((s) => s.totalMinor)),
    confirmToken: signPayToken(config.secretKey, userId, quoted, expiresAt),
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  };
}

/** A quoted store order's landed cost in USD beside its selling price, and the margin. */
function landedDto(q: QuotedStoreOrder): StoreLandedCost {
  const of = (pick: (s: QuotedStoreOrder['shipments'][number]) => number) =>
    q.shipments.reduce((t, s) => t + pick(s), 0);
  // An imported order without a store price on every line has no selling total to compare with.
  const given = q.row.pricesGiven;
  const selling = given ? q.sellingUsdMinor : null;
  const margin = selling === null ? null : selling - q.totalMinor;
  return {
    currency: 'USD',
    goods: fromMinor(of((s) => s.goodsMinor)),
    shipping: fromMinor(of((s) => s.shippingMinor)),
    serviceFee: fromMinor(of((s) => s.serviceFeeMinor)),
    tax: fromMinor(of((s) => s.taxMinor)),
    total: fromMinor(q.totalMinor),
    selling: storeMoney(q.row.totalMinor, q.row.currency),
    sellingUsd: selling === null ? null : fromMinor(selling),
    margin: margin === null ? null : fromMinor(margin),
    marginPercent: margin === null || !selling ? null : Math.round((margin / selling) * 1000) / 10,
    sellingGiven: given,
  };
}

/**
 * The store order detail's landed cost (decision 0118): quoted as pay would, while the order is
 * payable; a quote refused (taken down, no shipping method…) is null with the refusal's words.
 */
export async function landedOfStoreOrder(
  db: Db,
  config: Config,
  userId: string,
  id: string,
  locale: Locale,
): Promise<{ landed: StoreLandedCost | null; landedNote: string | null }> {
  try {
    const rows = await ownPayableRows(db, userId, [id], locale);
    const [q] = await quoteRows(db, userId, rows, locale, settingsOf(config));
    return { landed: landedDto(q!), landedNote: null };
  } catch (err) {
    if (!(err instanceof AppError) || err.kind === 'NOT_FOUND') throw err;
    return { landed: null, landedNote: err.messageKey ? translate(locale, err.messageKey, err.params ?? {}) : null };
  }
}

export interface StorePaid extends PaidOrders {
  links: Array<{ storeOrderId: string; orderIds: string[] }>;
}

/**
 * POST /p/store-orders/pay, inside the route's idempotent unit of work:
 *
 *   verify the token → lock the store orders (id order) → still payable (a racing pay that
 *   committed first makes these "already paid") → quote again → same figures as the token, else
 *   409 quote-changed with the new quote → one order per shipment, the owner's inventory units of
 *   its lines reserved (short now → 409 quote-changed) → link → reserve the supplier's stock →
 *   payOrders (the wallet locked first there, as every payment does).
 */
export async function payStoreOrders(
  uow: UnitOfWork,
  config: Config,
  userId: string,
  body: StorePayBody,
  locale: Locale,
  payerLocale: string | null | undefined,
): Promise<StorePaid> {
  const claims = verifyPayToken(config.secretKey, body.confirmToken, userId);
  const ids = [...new Set(claims.ids)];
  // FOR UPDATE in id order: two pays of overlapping selections queue here, never deadlock.
  await uow.tx
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .where(and(inArray(storeOrders.id, ids), eq(storeOrders.userId, userId)))
    .orderBy(storeOrders.id)
    .for('update');
  const rows = await ownPayableRows(uow.tx, userId, claims.ids, locale);
  const quoted = await quoteRows(uow.tx, userId, rows, locale, settingsOf(config));
  if (figuresOf(quoted) !== claims.f)
    throw AppError.conflict(
      'quote-changed',
      'store-orders.quote-changed',
      {},
      { quote: quoteDto(config, userId, quoted) },
    );

  const billing = await billingOf(uow, userId);
  const links: StorePaid['links'] = [];
  const created: OrderRow[] = [];
  for (const q of quoted) {
    const orderIds: string[] = [];
    for (const s of q.shipments) {
      const order = await createOrder(uow, {
        userId,
        source: 'store',
        storeId: q.row.storeId,
        storeOrderRef: q.row.externalId,
        storeShipment: s.key,
        lines: s.lines.map((l) => ({
          productId: l.prodId,
          skuId: l.skuId,
          skuCode: l.sku.skuCode,
          title: l.sku.prodName || l.sku.skuCode,
          specs: specsOf(l.sku.properties),
          image: l.sku.pic,
          unitPriceMinor: l.unitPriceMinor,
          quantity: l.count,
          lineTotalMinor: l.unitPriceMinor * l.count,
          storePriceMinor: l.storeUnitUsdMinor,
          fromInventory: l.inventoryItemId !== null,
        })),
        goodsMinor: s.goodsMinor,
        shippingMinor: s.shippingMinor,
        serviceFeeMinor: s.serviceFeeMinor,
        taxMinor: s.taxMinor,
        totalMinor: s.totalMinor,
        consignee: q.consignee,
        billing: billing ?? q.consignee,
        shippingMethodCode: s.method.code,
        shippingMethodName: s.method.name,
      });
      orderIds.push(order.id);
      created.push(order);
      // The owner's units for this shipment: reserved with the payment, or nothing is paid.
      const held = s.lines.flatMap((l) => (l.inventoryItemId ? [{ itemId: l.inventoryItemId, count: l.count }] : []));
      if (held.length && !(await reserveForOrder(uow, order, held)))
        throw AppError.conflict(
          'quote-changed',
          'store-orders.quote-changed',
          {},
          { quote: quoteDto(config, userId, await quoteRows(uow.tx, userId, rows, locale, settingsOf(config))) },
        );
    }
    // The store order's first order; the others are found by (store, the store's order id).
    await uow.tx
      .update(storeOrders)
      .set({ orderId: orderIds[0]!, updatedAt: new Date() })
      .where(and(eq(storeOrders.id, q.row.id), isNull(storeOrders.orderId)));
    links.push({ storeOrderId: q.row.id, orderIds });
  }
  // The supplier's stock for what is bought now; the owner's inventory covers the rest.
  await reserveStock(
    uow,
    quoted.flatMap((q) =>
      q.shipments.flatMap((s) =>
        s.lines.flatMap((l) => (l.inventoryItemId ? [] : [{ prodId: l.prodId, skuId: l.skuId, count: l.count }])),
      ),
    ),
    locale,
  );
  const paid = await payOrders(
    uow,
    config,
    userId,
    { orderIds: created.map((o) => o.id), method: body.method },
    payerLocale,
  );
  return { ...paid, links };
}

/** The owner's default billing address as an order keeps it (the invoice's), or null. */
async function billingOf(uow: UnitOfWork, userId: string): Promise<OrderAddress | null> {
  const [billing] = await listAddresses(uow.tx, userId, 'billing');
  if (!billing) return null;
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, String(billing[f] ?? '')])) as OrderAddress;
}

/** "Colour:Red;Size:M" → {Colour: 'Red', Size: 'M'} (as checkout records specs). */
function specsOf(properties: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (properties ?? '').split(';')) {
    const at = pair.indexOf(':');
    if (at > 0) out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

/** A replay answers the store orders of the payment's orders again, from the orders themselves. */
export async function linksOfOrders(db: Db, userId: string, orderIds: readonly string[]): Promise<StorePaid['links']> {
  const orders = await ordersByIds(db, orderIds);
  // An imported order's orders have no store, only the reference (decision 0132).
  const refs = orders.filter((o) => o.userId === userId && o.storeOrderRef);
  if (!refs.length) return [];
  const rows = await db
    .select({ id: storeOrders.id, storeId: storeOrders.storeId, externalId: storeOrders.externalId })
    .from(storeOrders)
    .where(
      and(
        eq(storeOrders.userId, userId),
        inArray(
          storeOrders.externalId,
          refs.map((o) => o.storeOrderRef!),
        ),
      ),
    );
  return rows
    .map((r) => ({
      storeOrderId: r.id,
      orderIds: refs.filter((o) => o.storeId === r.storeId && o.storeOrderRef === r.externalId).map((o) => o.id),
    }))
    .filter((l) => l.orderIds.length > 0);
}
