import {
  type DepositState,
  INVENTORY_LOW_STOCK,
  type InventoryLogQuery,
  type InventoryOrder,
  type InventoryOrderState,
  type InventoryRow,
  type Locale,
  type Page,
  type PageQuery,
  fromMinor,
  toPage,
} from '@dsm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { productIdsNamedSql, productTitlesIn } from '../catalogue/catalogue.service';
import { allWarehouses } from '../logistics/logistics.service';
import { ordersByIds } from '../orders/orders.service';

/** The owner may cancel until the operator has bought the goods. */
export const CANCELLABLE: readonly InventoryOrderState[] = ['awaiting-payment', 'to-be-purchased'];

interface OrderHead {
  order_id: string;
  user_id: string;
  state: InventoryOrderState;
  created_at: Date | string;
  user_email?: string;
  deposit_state: DepositState | null;
  deposit_percent: number | null;
  deposit_minor: number | string | null;
  balance_minor: number | string | null;
  lines: Array<{
    skuId: number;
    skuCode: string;
    title: string;
    image: string;
    warehouse: string;
    quantity: number;
    received: number;
    unitPriceMinor: number;
  }>;
}

const orderSelect = sql`
  select io.order_id, io.user_id, io.state, io.created_at, u.email as user_email,
    io.deposit_state, io.deposit_percent, io.deposit_minor, io.balance_minor,
    (select json_agg(json_build_object('skuId', l.sku_id, 'skuCode', l.sku_code, 'title', l.title,
       'image', l.image, 'warehouse', l.warehouse, 'quantity', l.quantity, 'received', l.received,
       'unitPriceMinor', l.unit_price_minor) order by l.position)
     from inventory_order_lines l where l.order_id = io.order_id) as lines
  from inventory_orders io join users u on u.id = io.user_id`;

/** Inventory orders of `where`, newest first, with their order's number and amounts. */
async function ordersPage(db: Db, where: SQL, q: PageQuery): Promise<Page<InventoryOrder & { userEmail: string }>> {
  const [count] = rawRows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from inventory_orders io where ${where}`),
  );
  const heads = rawRows<OrderHead>(
    await db.execute(sql`${orderSelect} where ${where}
      order by io.created_at desc, io.order_id limit ${q.size} offset ${(q.current - 1) * q.size}`),
  );
  return toPage(await withOrders(db, heads), Number(count?.n ?? 0), q);
}

async function withOrders(db: Db, heads: OrderHead[]): Promise<Array<InventoryOrder & { userEmail: string }>> {
  const byId = new Map(
    (
      await ordersByIds(
        db,
        heads.map((h) => String(h.order_id)),
      )
    ).map((o) => [o.id, o]),
  );
  return heads.map((h) => {
    const order = byId.get(String(h.order_id))!;
    return {
      id: order.id,
      number: order.number,
      state: h.state,
      goods: fromMinor(order.goodsMinor),
      handlingFee: fromMinor(order.serviceFeeMinor),
      total: fromMinor(order.totalMinor),
      createdAt: new Date(h.created_at).toISOString(),
      cancellable: CANCELLABLE.includes(h.state),
      deposit: depositOfHead(h),
      userEmail: String(h.user_email ?? ''),
      lines: (typeof h.lines === 'string' ? JSON.parse(h.lines) : (h.lines ?? [])).map(
        (l: OrderHead['lines'][number]) => ({
          skuId: Number(l.skuId),
          skuCode: l.skuCode,
          title: l.title,
          image: l.image,
          warehouse: l.warehouse,
          quantity: Number(l.quantity),
          received: Number(l.received),
          unitPrice: fromMinor(Number(l.unitPriceMinor)),
        }),
      ),
    };
  });
}

/**
 * The two-part terms (decision 0130); none when not offered, or offered and the order was paid
 * in full instead (or trashed unpaid).
 */
function depositOfHead(h: OrderHead): InventoryOrder['deposit'] {
  if (h.deposit_state === null || (h.deposit_state === 'offered' && h.state !== 'awaiting-payment')) return null;
  return {
    state: h.deposit_state,
    percent: Number(h.deposit_percent),
    deposit: fromMinor(Number(h.deposit_minor)),
    balance: fromMinor(Number(h.balance_minor)),
  };
}

/** The owner's inventory orders (GET /p/private-inventory-order/page). */
export async function listInventoryOrders(db: Db, userId: string, q: PageQuery & { state?: InventoryOrderState }) {
  const page = await ordersPage(db, sql`io.user_id = ${userId}${q.state ? sql` and io.state = ${q.state}` : sql``}`, q);
  return { ...page, records: page.records.map(({ userEmail: _, ...o }) => o) };
}

/** Every owner's, for the operator (to purchase, to receive). */
export function listAdminInventoryOrders(db: Db, q: PageQuery & { state?: InventoryOrderState }) {
  return ordersPage(db, q.state ? sql`io.state = ${q.state}` : sql`true`, q);
}

/** One inventory order; another user's → undefined (the caller answers 404). */
export async function inventoryOrderById(
  db: Db,
  orderId: string,
  userId?: string,
): Promise<InventoryOrder | undefined> {
  const owner = userId ? sql` and io.user_id = ${userId}` : sql``;
  const heads = rawRows<OrderHead>(await db.execute(sql`${orderSelect} where io.order_id = ${orderId}${owner}`));
  const [order] = await withOrders(db, heads);
  if (!order) return undefined;
  const { userEmail: _, ...rest } = order;
  return rest;
}

interface ItemRow {
  id: string;
  user_id: string;
  user_email: string;
  product_id: number;
  sku_id: number;
  sku_code: string;
  warehouse: string;
  available: number;
  frozen: number;
  unreceived: number;
  ship_first: boolean;
  image: string | null;
}

export interface ItemFilter {
  userId?: string;
  keyword?: string;
  warehouse?: string;
  lowStock?: boolean;
  userEmail?: string;
}

function itemWhere(f: ItemFilter, locale: Locale): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.userId) parts.push(sql`i.user_id = ${f.userId}`);
  if (f.userEmail) parts.push(sql`u.email ilike ${`%${escapeLike(f.userEmail)}%`}`);
  if (f.warehouse) parts.push(sql`i.warehouse = ${f.warehouse}`);
  if (f.lowStock) parts.push(sql`i.available <= ${INVENTORY_LOW_STOCK}`);
  // The SKU code, or the product's name in the reader's language (matched in the database).
  if (f.keyword)
    parts.push(
      sql`(i.sku_code ilike ${`%${escapeLike(f.keyword)}%`} or i.product_id in ${productIdsNamedSql(f.keyword, locale)})`,
    );
  return sql.join(parts, sql` and `);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Inventory items with their numbers (GET /p/privateInventory/page, the operator's stock, the
 * download). A keyword matches the SKU code or the product's name in the reader's language.
 * `q` null: every row (the download).
 */
export async function listItems(
  db: Db,
  filter: ItemFilter,
  q: PageQuery | null,
  locale: Locale,
): Promise<Page<InventoryRow & { userId: string; userEmail: string }>> {
  const where = itemWhere(filter, locale);
  const from = sql`from inventory_items i join users u on u.id = i.user_id where ${where}`;
  const paging = q ? sql`limit ${q.size} offset ${(q.current - 1) * q.size}` : sql``;
  const [[count], rows, names] = await Promise.all([
    q ? db.execute(sql`select count(*)::int as n ${from}`).then((r) => rawRows<{ n: number }>(r)) : [{ n: -1 }],
    db
      .execute(
        sql`select i.id, i.user_id, u.email as user_email, i.product_id, i.sku_id, i.sku_code, i.warehouse,
          i.available, i.frozen, i.unreceived, i.ship_first,
          (select l.image from inventory_order_lines l where l.sku_id = i.sku_id limit 1) as image
        ${from} order by i.sku_code, i.warehouse, i.id ${paging}`,
      )
      .then((r) => rawRows<ItemRow>(r)),
    allWarehouses(db, locale),
  ]);
  const titles = await productTitlesIn(
    db,
    rows.map((r) => Number(r.product_id)),
    locale,
  );
  const records = rows.map((r) => toItem(r, titles, names));
  const all = q ?? { current: 1, size: Math.max(records.length, 1) };
  return toPage(records, count!.n < 0 ? records.length : Number(count!.n), all);
}

function toItem(r: ItemRow, titles: Map<number, string>, names: Map<string, { name: string }>) {
  const available = Number(r.available);
  const frozen = Number(r.frozen);
  return {
    id: String(r.id),
    userId: String(r.user_id),
    userEmail: String(r.user_email),
    skuId: Number(r.sku_id),
    skuCode: r.sku_code,
    prodId: Number(r.product_id),
    prodName: titles.get(Number(r.product_id)) ?? r.sku_code,
    image: r.image ?? '',
    warehouse: r.warehouse,
    warehouseName: names.get(r.warehouse)?.name ?? r.warehouse,
    total: available + frozen,
    frozen,
    available,
    unreceived: Number(r.unreceived),
    lowStock: available <= INVENTORY_LOW_STOCK,
    shipFirst: Boolean(r.ship_first),
  };
}

/**
 * One item's log, newest first, each line with the numbers after it (the running sums of the
 * log, so every number on the page is explained by a line). Another user's item → 404.
 */
export async function itemLog(db: Db, userId: string | null, q: InventoryLogQuery, locale: Locale) {
  if (!/^[0-9a-f-]{36}$/i.test(q.id)) throw AppError.notFound('inventory.not-found');
  const owner = userId ? sql` and i.user_id = ${userId}` : sql``;
  // The item, the count and the page of lines at once: three reads, one wait.
  const [item, countRows, rows] = await Promise.all([
    listItemsById(db, q.id, owner, locale),
    db
      .execute(sql`select count(*)::int as n from inventory_log where item_id = ${q.id}`)
      .then((r) => rawRows<{ n: number }>(r)),
    db
      .execute(
        sql`
      select * from (
        select id, reason, reference_label, note, available_delta, frozen_delta, unreceived_delta, created_at,
          sum(available_delta) over w as available, sum(frozen_delta) over w as frozen,
          sum(unreceived_delta) over w as unreceived
        from inventory_log where item_id = ${q.id}
        window w as (order by id rows between unbounded preceding and current row)) s
      order by id desc limit ${q.size} offset ${(q.current - 1) * q.size}`,
      )
      .then((r) => rawRows<Record<string, unknown>>(r)),
  ]);
  if (!item) throw AppError.notFound('inventory.not-found');
  const count = countRows[0];
  const records = rows.map((r) => ({
    id: Number(r.id),
    reason: r.reason as never,
    reference: String(r.reference_label),
    note: String(r.note),
    availableDelta: Number(r.available_delta),
    frozenDelta: Number(r.frozen_delta),
    unreceivedDelta: Number(r.unreceived_delta),
    available: Number(r.available),
    frozen: Number(r.frozen),
    unreceived: Number(r.unreceived),
    createdAt: new Date(r.created_at as string).toISOString(),
  }));
  const { userId: _u, userEmail: _e, ...shown } = item;
  return { ...toPage(records, Number(count?.n ?? 0), q), item: shown };
}

async function listItemsById(db: Db, id: string, owner: SQL, locale: Locale) {
  const rows = rawRows<ItemRow>(
    await db.execute(sql`select i.id, i.user_id, u.email as user_email, i.product_id, i.sku_id, i.sku_code,
      i.warehouse, i.available, i.frozen, i.unreceived, i.ship_first,
      (select l.image from inventory_order_lines l where l.sku_id = i.sku_id limit 1) as image
      from inventory_items i join users u on u.id = i.user_id where i.id = ${id}${owner}`),
  );
  if (!rows[0]) return undefined;
  const [titles, names] = await Promise.all([
    productTitlesIn(db, [Number(rows[0].product_id)], locale),
    allWarehouses(db, locale),
  ]);
  return toItem(rows[0], titles, names);
}

/** The owner's item as the page shows it; another user's or an unknown id → 404. */
export async function ownItem(db: Db, userId: string, id: string, locale: Locale): Promise<InventoryRow> {
  const item = /^[0-9a-f-]{36}$/i.test(id)
    ? await listItemsById(db, id, sql` and i.user_id = ${userId}`, locale)
    : undefined;
  if (!item) throw AppError.notFound('inventory.not-found');
  const { userId: _u, userEmail: _e, ...shown } = item;
  return shown;
}
