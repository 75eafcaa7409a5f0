import {
  type Locale,
  type AdminOrder,
  type AdminOrderListQuery,
  type OrderCounts,
  type OrderDetail,
  type OrderListQuery,
  type OrderSummary,
  type OrderTab,
  type PurchaseType,
  ORDER_TABS,
  type ORDER_SOURCES,
  fromMinor,
  toPage,
  type Page,
} from '@dsm/contract';
import { type SQL, and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { userEmails } from '../accounts/accounts.service';
import { type OrderRow, assertOrderId } from './orders.queries';
import { allowedEvents } from './orders.states';
import { orderEvents, orderLines, orders } from './orders.tables';
import { catalogueNames, readerTitle } from './orders.titles';

/**
 * The order lists, tab counts and detail (DTOs of contract/orders.ts). Given the reader's
 * `locale`, line names are the catalogue's in that language, with the name as ordered beside them
 * (orders.titles.ts, decision 0111); without it, the names as ordered.
 */

/** Which orders each tab shows (SPEC §4). `split` parents are in no tab: their children are. */
const TAB_WHERE: Record<OrderTab, SQL> = {
  all: sql`o.state not in ('trashed', 'split')`,
  'awaiting-payment': sql`o.state = 'awaiting-payment'`,
  pending: sql`o.state = 'pending'`,
  purchasing: sql`o.state = 'purchasing'`,
  shipped: sql`o.state = 'shipped'`,
  delivered: sql`o.state = 'delivered'`,
  trash: sql`o.state = 'trashed'`,
  abnormal: sql`o.abnormal_reason is not null and o.state not in ('trashed', 'split')`,
};

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** An order row with its line aggregates and first line (one query for a whole page). */
const SUMMARY_SELECT = sql`
  select o.*, agg.item_count, agg.line_count, fl.product_id as first_product_id, fl.title as first_title, fl.image as first_image, fl.specs as first_specs
  from orders o
  cross join lateral (select coalesce(sum(quantity), 0) as item_count, count(*) as line_count from order_lines where order_id = o.id) agg
  left join lateral (select product_id, title, image, specs from order_lines where order_id = o.id order by position limit 1) fl on true`;

function toSummary(r: Row, actor: 'user' | 'operator', names: ReadonlyMap<number, string>): OrderSummary {
  const state = r.state as OrderRow['state'];
  const abnormalReason = (r.abnormal_reason as string | null) ?? null;
  const parentOrderId = (r.parent_order_id as string | null) ?? null;
  const due = r.price_difference_due_minor == null ? null : Number(r.price_difference_due_minor);
  return {
    id: String(r.id),
    number: String(r.number),
    source: r.source as OrderSummary['source'],
    state,
    abnormal: abnormalReason !== null,
    abnormalReason,
    parentOrderId,
    itemCount: Number(r.item_count ?? 0),
    lineCount: Number(r.line_count ?? 0),
    firstLine:
      r.first_title == null
        ? null
        : {
            ...readerTitle(String(r.first_title), names.get(Number(r.first_product_id))),
            image: String(r.first_image),
            specs: json(r.first_specs),
          },
    goods: fromMinor(Number(r.goods_minor)),
    shipping: fromMinor(Number(r.shipping_minor)),
    serviceFee: fromMinor(Number(r.service_fee_minor)),
    tax: fromMinor(Number(r.tax_minor)),
    discount: fromMinor(Number(r.discount_minor)),
    total: fromMinor(Number(r.total_minor)),
    shippingMethodName: String(r.shipping_method_name),
    carrier: (r.carrier as string | null) ?? null,
    trackingNumber: (r.tracking_number as string | null) ?? null,
    createdAt: iso(r.created_at)!,
    paidAt: iso(r.paid_at),
    shippedAt: iso(r.shipped_at),
    deliveredAt: iso(r.delivered_at),
    trashedAt: iso(r.trashed_at),
    actions: allowedEvents({ state, abnormalReason, parentOrderId, priceDifferenceDueMinor: due }, actor),
    priceDifferenceDue: due === null ? null : fromMinor(due),
    purchaseType: (r.purchase_type as OrderSummary['purchaseType']) ?? 'dropshipping',
  };
}

/** The catalogue's names of the rows' first lines in the reader's language (one read for a page). */
const firstLineNames = (db: Db, rows: Row[], locale: Locale | undefined) =>
  catalogueNames(
    db,
    rows.filter((r) => r.first_product_id != null).map((r) => Number(r.first_product_id)),
    locale,
  );

/**
 * Inventory orders (decision 0126) have their own pages and states (/user/inventoryorders, the
 * operator's inventory console); in the general lists and their counts they would be offered
 * actions that skip their states, so they are left out there (decision 0129).
 */
const GENERAL = sql`o.source <> 'inventory'`;

/** The caller's orders in one tab, newest first. */
export async function listOrders(
  db: Db,
  userId: string,
  q: OrderListQuery,
  locale?: Locale,
): Promise<Page<OrderSummary>> {
  const type = q.type ? sql`and o.purchase_type = ${q.type}` : sql``;
  const where = sql`where o.user_id = ${userId} and ${GENERAL} and ${TAB_WHERE[q.tab]} ${type}`;
  const [count] = rawRows(await db.execute(sql`select count(*) as n from orders o ${where}`));
  const rows = rawRows(
    await db.execute(
      sql`${SUMMARY_SELECT} ${where} order by o.created_at desc, o.number desc limit ${q.size} offset ${(q.current - 1) * q.size}`,
    ),
  );
  const names = await firstLineNames(db, rows, locale);
  return toPage(
    rows.map((r) => toSummary(r, 'user', names)),
    Number(count!.n),
    q,
  );
}

/** How many of the caller's orders each tab holds (one scan of the user's orders). */
export async function countOrders(
  db: Db,
  userId: string,
  { type }: { type?: PurchaseType } = {},
): Promise<OrderCounts> {
  const columns = sql.join(
    ORDER_TABS.map((tab) => sql`count(*) filter (where ${TAB_WHERE[tab]}) as ${sql.identifier(tab)}`),
    sql`, `,
  );
  const [row] = rawRows(
    await db.execute(
      sql`select ${columns} from orders o where o.user_id = ${userId} and ${GENERAL} ${type ? sql`and o.purchase_type = ${type}` : sql``}`,
    ),
  );
  return Object.fromEntries(ORDER_TABS.map((tab) => [tab, Number(row?.[tab] ?? 0)])) as OrderCounts;
}

/** One order with lines, children and timeline; with `userId`, another user's order is not found. */
export async function getOrder(
  db: Db,
  id: string,
  { userId, actor, locale }: { userId?: string; actor: 'user' | 'operator'; locale?: Locale },
): Promise<OrderDetail> {
  assertOrderId(id);
  const owner = userId === undefined ? sql`` : sql`and o.user_id = ${userId}`;
  const [row] = rawRows(await db.execute(sql`${SUMMARY_SELECT} where o.id = ${id} ${owner}`));
  if (!row) throw AppError.notFound('orders.not-found');
  // One after the other: `db` may be a transaction's single connection (a route's unit of work).
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.position));
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, id))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  const children = await db
    .select({ id: orders.id, number: orders.number, state: orders.state })
    .from(orders)
    .where(eq(orders.parentOrderId, id))
    .orderBy(asc(orders.createdAt), asc(orders.number));
  const placedWith = row.checkout_ref
    ? await db
        .select({ id: orders.id, number: orders.number, state: orders.state })
        .from(orders)
        .where(
          and(
            eq(orders.checkoutRef, String(row.checkout_ref)),
            ne(orders.id, id),
            eq(orders.userId, String(row.user_id)),
          ),
        )
        .orderBy(asc(orders.number))
    : [];
  const names = await catalogueNames(
    db,
    lines.map((l) => l.productId),
    locale,
  );
  return {
    ...toSummary(row, actor, names),
    storeId: (row.store_id as string | null) ?? null,
    storeOrderRef: (row.store_order_ref as string | null) ?? null,
    shippingMethodCode: String(row.shipping_method_code),
    consignee: json(row.consignee),
    billing: json(row.billing),
    remark: String(row.remark),
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      skuId: l.skuId,
      skuCode: l.skuCode,
      ...readerTitle(l.title, names.get(l.productId)),
      specs: l.specs,
      image: l.image,
      unitPrice: fromMinor(l.unitPriceMinor),
      quantity: l.quantity,
      lineTotal: fromMinor(l.lineTotalMinor),
      storePrice: l.storePriceMinor === null ? null : fromMinor(l.storePriceMinor),
      fromInventory: l.fromInventory,
    })),
    children,
    placedWith,
    events: events.map((e) => ({
      event: e.event,
      fromState: e.fromState,
      toState: e.toState,
      actorType: e.actorType,
      reason: e.reason,
      at: e.at.toISOString(),
    })),
  };
}

/** Operator: orders in one state (or abnormal, or all); pending and purchasing oldest first (a queue). */
export async function listAdminOrders(db: Db, q: AdminOrderListQuery, locale?: Locale): Promise<Page<AdminOrder>> {
  const where =
    q.state === 'all'
      ? sql`where ${GENERAL}`
      : q.state === 'abnormal'
        ? sql`where ${GENERAL} and ${TAB_WHERE.abnormal}`
        : sql`where ${GENERAL} and o.state = ${q.state}`;
  const queue = q.state === 'pending' || q.state === 'purchasing' || q.state === 'abnormal';
  const order = queue ? sql`o.created_at asc, o.number asc` : sql`o.created_at desc, o.number desc`;
  const [count] = rawRows(await db.execute(sql`select count(*) as n from orders o ${where}`));
  const rows = rawRows(
    await db.execute(
      sql`${SUMMARY_SELECT} ${where} order by ${order} limit ${q.size} offset ${(q.current - 1) * q.size}`,
    ),
  );
  const emails = await userEmails(
    db,
    rows.map((r) => String(r.user_id)),
  );
  const names = await firstLineNames(db, rows, locale);
  return toPage(
    rows.map((r) => ({
      ...toSummary(r, 'operator', names),
      userId: String(r.user_id),
      userEmail: emails.get(String(r.user_id)) ?? '',
    })),
    Number(count!.n),
    q,
  );
}

/** Operator: the order with this number (O00000042), or null; the price-differences form raises by number. */
export async function findOrderByNumber(db: Db, number: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.number, number.trim().toUpperCase()));
  return row ?? null;
}

/**
 * A user's orders in `states` with their lines (id, title, quantity), newest first (after-sales'
 * order picker, decision 0088). With `locale`, titles are for that reader; without, as ordered.
 */
export async function ordersWithLines(
  db: Db,
  userId: string,
  states: readonly string[],
  { ids, locale }: { ids?: readonly string[]; locale?: Locale } = {},
): Promise<
  Array<{
    id: string;
    number: string;
    state: OrderRow['state'];
    abnormal: boolean;
    totalMinor: number;
    lines: Array<{ id: string; title: string; orderedTitle?: string; quantity: number }>;
  }>
> {
  if (!states.length) return [];
  const only =
    ids === undefined
      ? sql``
      : ids.length
        ? sql`and o.id in (${sql.join(
            ids.map((i) => sql`${i}::uuid`),
            sql`, `,
          )})`
        : sql`and false`;
  const rows = rawRows(
    await db.execute(sql`
    select o.id, o.number, o.state, o.abnormal_reason, o.total_minor,
      coalesce((select json_agg(json_build_object('id', l.id, 'productId', l.product_id, 'title', l.title, 'quantity', l.quantity) order by l.position) from order_lines l where l.order_id = o.id), '[]') as lines
    from orders o
    where o.user_id = ${userId} and o.state in (${sql.join(
      states.map((s) => sql`${s}`),
      sql`, `,
    )}) ${only}
    order by o.created_at desc, o.number desc limit 200`),
  );
  type Line = { id: string; productId: number; title: string; quantity: number };
  const linesOf = rows.map((r) => json<Line[]>(r.lines));
  const names = await catalogueNames(
    db,
    linesOf.flat().map((l) => l.productId),
    locale,
  );
  return rows.map((r, i) => ({
    id: String(r.id),
    number: String(r.number),
    state: r.state as OrderRow['state'],
    abnormal: r.abnormal_reason !== null,
    totalMinor: Number(r.total_minor),
    lines: linesOf[i]!.map((l) => ({
      id: l.id,
      ...readerTitle(l.title, names.get(l.productId)),
      quantity: l.quantity,
    })),
  }));
}

/**
 * Staff reading one user's orders (an agent's desk, decision 0137): every source, inventory
 * orders included (read-only there, so the general lists' reason to leave them out does not
 * apply), newest first, as the operator sees them.
 */
export async function listOrdersOfUser(
  db: Db,
  userId: string,
  q: { current: number; size: number; source: 'all' | (typeof ORDER_SOURCES)[number] },
  locale?: Locale,
): Promise<Page<OrderSummary>> {
  const source = q.source === 'all' ? sql`` : sql`and o.source = ${q.source}`;
  const where = sql`where o.user_id = ${userId} ${source}`;
  const [count] = rawRows(await db.execute(sql`select count(*) as n from orders o ${where}`));
  const rows = rawRows(
    await db.execute(
      sql`${SUMMARY_SELECT} ${where} order by o.created_at desc, o.number desc limit ${q.size} offset ${(q.current - 1) * q.size}`,
    ),
  );
  const names = await firstLineNames(db, rows, locale);
  return toPage(
    rows.map((r) => toSummary(r, 'operator', names)),
    Number(count!.n),
    q,
  );
}
