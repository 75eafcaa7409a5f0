import {
  type Locale,
  type Page,
  STORE_ORDER_TABS,
  type StoreOrderCounts,
  type StoreOrderCountsQuery,
  type StoreOrderDetail,
  type StoreOrderListQuery,
  type StoreOrderQuote,
  type StoreOrderRow,
  type StoreOrderTab,
  fromMinor,
  toPage,
  translate,
} from '@dsm/contract';
import { type SQL, and, desc, eq, inArray, sql } from 'drizzle-orm';
import { currencyDecimals } from '../../connectors/stores/money';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { skuIdsWithCodeSql } from '../catalogue/catalogue.service';
import {
  type LineConnection,
  connectedSkuRefs,
  connectionsOfLines,
  lineConnectedSql,
  lineConnectedToSkusSql,
} from '../connections/connections.service';
import { orderNumberSql, orderStateSql, ordersByIds } from '../orders/orders.service';
import { storeNamesByIds } from '../stores/stores.service';
import { storeOrderLines, storeOrderPeople, storeOrders } from './store-orders.tables';

/** The reasons that offer "refund to wallet": the store gave the order up after we were paid. */
export const GIVEN_UP = new Set<(typeof storeOrders.$inferSelect)['abnormalReason']>([
  'cancelled-after-payment',
  'refunded-after-payment',
]);

/** A paid store order the store gave up, whose marketplace order (the first) is still only paid. */
export function refundOffered(
  row: Pick<typeof storeOrders.$inferSelect, 'orderId' | 'state' | 'abnormalReason'>,
  firstOrderState?: string,
) {
  return (
    row.orderId !== null && row.state === 'open' && GIVEN_UP.has(row.abnormalReason) && firstOrderState === 'pending'
  );
}

/** "Sync now" of one order or one store waits this long after the last one (double clicks). */
export const SYNC_COOL_DOWN_MS = 5_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Lines of the order in the outer statement whose variant is not connected (read now: nothing to keep in step). */
const unconnectedSql = sql<number>`(select count(*)::int from ${storeOrderLines}
  where ${storeOrderLines.storeOrderId} = ${storeOrders.id} and ${storeOrderLines.skuId} is null
    and not ${lineConnectedSql(storeOrders.storeId, storeOrderLines.productExternalId, storeOrderLines.variantExternalId)})`;
const relatedSql = sql<boolean>`(${storeOrders.lineCount} > 0 and ${unconnectedSql} = 0)`;

const unpaidOpen = sql`${storeOrders.state} = 'open' and ${storeOrders.orderId} is null`;
const TABS: Record<StoreOrderTab, SQL> = {
  all: sql`${storeOrders.state} = 'open'`,
  unrelated: sql`${unpaidOpen} and not ${relatedSql}`,
  related: sql`${unpaidOpen} and ${relatedSql}`,
  abnormal: sql`${storeOrders.state} = 'open' and ${storeOrders.abnormalReason} is not null`,
  // Paid and not given back: one refunded to the wallet (decision 0120) is in the trash.
  paid: sql`${storeOrders.orderId} is not null and ${storeOrders.state} = 'open'`,
  trash: sql`${storeOrders.state} = 'trashed'`,
};

/** The list's filters (the tab aside), always the caller's own rows. */
function filters(userId: string, q: StoreOrderCountsQuery): SQL[] {
  const where: SQL[] = [sql`${storeOrders.userId} = ${userId}`];
  if (q.storeId) where.push(UUID.test(q.storeId) ? sql`${storeOrders.storeId} = ${q.storeId}` : sql`false`);
  if (q.from) where.push(sql`${storeOrders.storeCreatedAt} >= ${`${q.from}T00:00:00Z`}::timestamptz`);
  if (q.to) where.push(sql`${storeOrders.storeCreatedAt} < ${`${q.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
  if (q.country) where.push(sql`${storeOrders.countryCode} = ${q.country}`);
  if (q.q) {
    const bare = q.q.replace(/^#/, '');
    where.push(sql`(ltrim(${storeOrders.number}, '#') ilike ${`%${bare.replace(/[%_\\]/g, '\\$&')}%`}
      or ${storeOrders.externalId} = ${q.q}
      or (${storeOrders.orderId} is not null and ${orderNumberSql(storeOrders.orderId)} = ${q.q.toUpperCase()}))`);
  }
  // The store's SKU on a line, or our catalogue SKU code a line's variant is connected to (decision 0120)
  // or an imported line was matched to (decision 0125).
  if (q.sku)
    where.push(sql`exists (select 1 from ${storeOrderLines} where ${storeOrderLines.storeOrderId} = ${storeOrders.id}
      and (upper(${storeOrderLines.sku}) = ${q.sku.toUpperCase()}
        or ${storeOrderLines.skuId} in ${skuIdsWithCodeSql(q.sku)}
        or ${lineConnectedToSkusSql(storeOrders.storeId, storeOrderLines.productExternalId, storeOrderLines.variantExternalId, skuIdsWithCodeSql(q.sku))}))`);
  if (q.orderState)
    where.push(sql`${storeOrders.orderId} is not null and ${orderStateSql(storeOrders.orderId)} = ${q.orderState}`);
  return where;
}

/** Minor units of a currency → the decimal the store shows. */
export function storeMoney(minor: number, currency: string) {
  return { amount: minor / 10 ** currencyDecimals(currency), currency };
}

const abnormalText = (locale: Locale, reason: string | null) =>
  reason ? translate(locale, `store-orders.abnormal-reasons.${reason}`) : null;

/** The last quote kept on the order (decision 0120), as the list shows it; null before the first. */
function quoteOf(o: typeof storeOrders.$inferSelect, locale: Locale): StoreOrderQuote | null {
  if (!o.quotedAt) return null;
  const landed = o.landedMinor;
  // An imported order without a store price on every line: no selling total, so no margin (not a loss).
  const selling = o.pricesGiven ? o.sellingUsdMinor : null;
  const margin = landed === null || selling === null ? null : selling - landed;
  return {
    currency: 'USD',
    landed: landed === null ? null : fromMinor(landed),
    selling: storeMoney(o.totalMinor, o.currency),
    sellingUsd: selling === null ? null : fromMinor(selling),
    margin: margin === null ? null : fromMinor(margin),
    marginPercent: margin === null || !selling ? null : Math.round((margin / selling) * 1000) / 10,
    sellingGiven: o.pricesGiven,
    quotedAt: o.quotedAt.toISOString(),
    note: o.quoteNote ? translate(locale, o.quoteNote.key, o.quoteNote.values ?? {}) : null,
  };
}

type Selected = Awaited<ReturnType<typeof selectRows>>[number];

function selectRows(db: Db, where: SQL) {
  return db
    .select({
      o: storeOrders,
      buyerName: storeOrderPeople.buyerName,
      unconnected: unconnectedSql,
    })
    .from(storeOrders)
    .leftJoin(storeOrderPeople, eq(storeOrderPeople.storeOrderId, storeOrders.id))
    .where(where);
}

/** Rows → DTOs: store names, first lines and the paid orders in three reads for the whole page. */
async function toRows(db: Db, rows: Selected[], locale: Locale): Promise<StoreOrderRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.o.id);
  const names = await storeNamesByIds(
    db,
    rows.flatMap((r) => (r.o.storeId ? [r.o.storeId] : [])),
  );
  const firstLines = await db
    .select()
    .from(storeOrderLines)
    .where(and(inArray(storeOrderLines.storeOrderId, ids), eq(storeOrderLines.position, 0)));
  const firstBy = new Map(firstLines.map((l) => [l.storeOrderId, l]));
  const paid = await ordersByIds(
    db,
    rows.flatMap((r) => (r.o.orderId ? [r.o.orderId] : [])),
  );
  const paidBy = new Map(paid.map((o) => [o.id, o]));
  return rows.map(({ o, buyerName, unconnected }) => {
    const first = firstBy.get(o.id);
    const order = o.orderId ? paidBy.get(o.orderId) : undefined;
    return {
      id: o.id,
      storeId: o.storeId,
      storeName: (o.storeId && names.get(o.storeId)?.name) || '',
      platform: o.platform,
      source: o.source,
      externalId: o.externalId,
      number: o.number,
      status: o.status,
      state: o.state,
      trashReason: o.trashReason,
      related: o.lineCount > 0 && Number(unconnected) === 0,
      lineCount: o.lineCount,
      itemCount: o.itemCount,
      unconnectedCount: Number(unconnected),
      firstLine: first ? { title: first.title, sku: first.sku, quantity: first.quantity } : null,
      total: storeMoney(o.totalMinor, o.currency),
      buyerName: o.erasedAt ? null : (buyerName ?? null),
      countryCode: o.countryCode,
      abnormal: o.abnormalReason !== null,
      abnormalReason: o.abnormalReason,
      abnormalText: abnormalText(locale, o.abnormalReason),
      createdAt: o.storeCreatedAt.toISOString(),
      updatedAt: o.storeUpdatedAt.toISOString(),
      lastSyncedAt: o.lastSyncedAt.toISOString(),
      lastChanges: o.lastChanges,
      lastChangedAt: o.lastChangedAt.toISOString(),
      fulfilled: o.fulfilled,
      order: order
        ? { id: order.id, number: order.number, state: order.state, abnormal: order.abnormalReason !== null }
        : null,
      quote: quoteOf(o, locale),
      imported:
        o.source === 'excel' ? { fileName: o.importFileName ?? '', importedAt: o.createdAt.toISOString() } : null,
      refundable: refundOffered(o, order?.state),
    };
  });
}

/** A page of the caller's store orders in one tab, newest in the store first. */
export async function listStoreOrders(
  db: Db,
  userId: string,
  q: StoreOrderListQuery,
  locale: Locale,
): Promise<Page<StoreOrderRow>> {
  const where = and(...filters(userId, q), TABS[q.tab])!;
  const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(storeOrders).where(where)) as [
    { total: number },
  ];
  const rows = await selectRows(db, where)
    .orderBy(desc(storeOrders.storeCreatedAt), desc(storeOrders.id))
    .limit(q.size)
    .offset((q.current - 1) * q.size);
  return toPage(await toRows(db, rows, locale), Number(total), q);
}

/** Every tab's count under the same filters, in one statement. */
export async function countStoreOrders(db: Db, userId: string, q: StoreOrderCountsQuery): Promise<StoreOrderCounts> {
  const [row] = await db
    .select(
      Object.fromEntries(
        STORE_ORDER_TABS.map((t) => [t, sql<number>`count(*) filter (where ${TABS[t]})::int`]),
      ) as Record<StoreOrderTab, SQL<number>>,
    )
    .from(storeOrders)
    .where(and(...filters(userId, q)));
  return Object.fromEntries(STORE_ORDER_TABS.map((t) => [t, Number(row?.[t] ?? 0)])) as StoreOrderCounts;
}

/** The caller's store order row, or not found (another user's is not found either). */
export async function ownStoreOrder(db: Db, userId: string, id: string) {
  if (!UUID.test(id)) throw AppError.notFound('store-orders.not-found');
  const [row] = await db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.id, id), eq(storeOrders.userId, userId)));
  if (!row) throw AppError.notFound('store-orders.not-found');
  return row;
}

const coolDownUntil = (at: Date | null) =>
  at && at.getTime() + SYNC_COOL_DOWN_MS > Date.now() ? new Date(at.getTime() + SYNC_COOL_DOWN_MS).toISOString() : null;

/** One store order with its buyer, address and lines, each line's connection and where to connect it. */
export async function getStoreOrderDetail(
  db: Db,
  userId: string,
  id: string,
  locale: Locale,
): Promise<StoreOrderDetail> {
  await ownStoreOrder(db, userId, id);
  const [selected] = await selectRows(db, eq(storeOrders.id, id));
  const [row] = await toRows(db, [selected!], locale);
  const o = selected!.o;
  const [people] = await db.select().from(storeOrderPeople).where(eq(storeOrderPeople.storeOrderId, id));
  const lines = await db
    .select()
    .from(storeOrderLines)
    .where(eq(storeOrderLines.storeOrderId, id))
    .orderBy(storeOrderLines.position);
  const refs = lines.flatMap((l) =>
    l.productExternalId && l.variantExternalId
      ? [{ productExternalId: l.productExternalId, variantExternalId: l.variantExternalId }]
      : [],
  );
  const connections = o.storeId ? await connectionsOfLines(db, o.storeId, refs) : new Map<string, LineConnection>();
  const skus = await connectedSkuRefs(
    db,
    [
      ...[...connections.values()].flatMap((c) => (c.connection ? [c.connection.skuId] : [])),
      ...lines.flatMap((l) => (l.skuId !== null ? [l.skuId] : [])),
    ],
    locale,
  );
  return {
    ...row!,
    buyer:
      o.erasedAt || !people ? null : { name: people.buyerName, email: people.buyerEmail, phone: people.buyerPhone },
    shippingAddress: o.erasedAt ? null : (people?.address ?? null),
    erased: o.erasedAt !== null,
    syncAvailableAt: coolDownUntil(o.syncRequestedAt),
    lines: lines.map((l) => {
      const c = connections.get(`${l.productExternalId}|${l.variantExternalId}`);
      // An imported line was matched to its catalogue SKU when imported: connected by that match.
      if (l.skuId !== null) {
        const matched = skus.get(l.skuId);
        return {
          id: l.id,
          externalId: l.externalId,
          title: l.title,
          sku: l.sku,
          quantity: l.quantity,
          unitPrice: l.unitPriceMinor === null ? null : storeMoney(l.unitPriceMinor, o.currency),
          lineTotal: l.unitPriceMinor === null ? null : storeMoney(l.unitPriceMinor * l.quantity, o.currency),
          relation: 'connected' as const,
          connection: matched ? { state: 'connected' as const, sku: matched.ref } : null,
          connectTarget: null,
          productExternalId: null,
          variantExternalId: null,
        };
      }
      const sku = c?.connection ? skus.get(c.connection.skuId) : undefined;
      return {
        id: l.id,
        externalId: l.externalId,
        title: l.title,
        sku: l.sku,
        quantity: l.quantity,
        unitPrice: l.unitPriceMinor === null ? null : storeMoney(l.unitPriceMinor, o.currency),
        lineTotal: l.unitPriceMinor === null ? null : storeMoney(l.unitPriceMinor * l.quantity, o.currency),
        relation: c?.connection ? c.connection.state : 'unconnected',
        connection: c?.connection && sku ? { state: c.connection.state, sku: sku.ref } : null,
        connectTarget: c ? { storeProductId: c.storeProductId, variantId: c.variantId } : null,
        productExternalId: l.productExternalId,
        variantExternalId: l.variantExternalId,
      };
    }),
  };
}

export { coolDownUntil };
