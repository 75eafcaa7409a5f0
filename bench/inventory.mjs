// The private inventory's scenarios of `npm run bench` (issue 24, decisions 0126 and 0129): one
// store owner (the first bench user) holding 1,000 SKUs in each of 3 warehouses, every item with
// the log lines that explain its numbers (ordered → received, some reserved for orders and shipped
// or released); then `inventory-page` pages, searches and filters that inventory and `inventory-log`
// reads one item's log, each as the owner's page asks it. Target: p99 < 50 ms on PostgreSQL.
import { sql } from 'drizzle-orm';

const SKUS = 1000;

const rowsOf = (res) => res.rows;

/**
 * The owner's 3,000 items and their 12,000 log lines, set-based. Numbers are written as the sums
 * of the lines (the ledger discipline): 40 ordered and received; 3 reserved for an order, of which
 * 2 shipped and 1 released: 38 available (every 7th SKU: 33 reserved, 32 shipped, a low-stock
 * item of 7 available and 1 frozen).
 */
export async function seedInventory(db, userId) {
  const run = (q) => db.execute(q);
  const warehouses = rowsOf(await run(sql`select code from warehouses order by code limit 3`)).map((r) => r.code);
  if (warehouses.length < 3)
    throw new Error(`the inventory bench needs 3 warehouses, the seed has ${warehouses.length}`);
  await run(sql`
    create temp table bench_inventory_skus as
    select row_number() over (order by s.id) as n, s.id as sku_id, s.product_id, s.sku_code
    from skus s order by s.id limit ${SKUS}`);
  await run(sql`
    insert into inventory_items (user_id, product_id, sku_id, sku_code, warehouse, available, frozen, unreceived)
    select ${userId}, k.product_id, k.sku_id, k.sku_code, w.code,
      case when k.n % 7 = 0 then 7 else 38 end, case when k.n % 7 = 0 then 1 else 0 end, 0
    from bench_inventory_skus k
    cross join (select unnest(${`{${warehouses.join(',')}}`}::text[]) as code) w`);
  // The lines, oldest first: ordered, received, reserved, shipped, and released or a second ship.
  await run(sql`
    insert into inventory_log (item_id, reason, reference_type, reference_id, reference_label,
      available_delta, frozen_delta, unreceived_delta, created_at)
    select i.id, l.reason, l.rtype, l.rid || i.sku_id, l.label, l.a, l.f, l.u, now() - l.age
    from inventory_items i
    cross join lateral (values
      ('ordered', 'inventory-order', 'io-', 'INV', 0, 0, 40, interval '20 days'),
      ('received', 'inventory-order', 'io-', 'INV', 40, 0, -40, interval '15 days'),
      ('reserved', 'order', 'o-', 'O-BENCH', -3 - case when i.available = 7 then 30 else 0 end,
        3 + case when i.available = 7 then 30 else 0 end, 0, interval '5 days'),
      (case when i.available = 7 then 'shipped' else 'released' end, 'order', 'o-', 'O-BENCH',
        case when i.available = 7 then 0 else 1 end, -1 - case when i.available = 7 then 30 else 0 end, 0, interval '2 days'))
      as l(reason, rtype, rid, label, a, f, u, age)
    where i.user_id = ${userId}`);
  // 2 of the 3 reserved (33 for a low-stock item) were shipped: one more line each.
  await run(sql`
    insert into inventory_log (item_id, reason, reference_type, reference_id, reference_label, frozen_delta, created_at)
    select i.id, 'shipped', 'order', 'o-' || i.sku_id, 'O-BENCH', case when i.available = 7 then -1 else -2 end, now() - interval '1 day'
    from inventory_items i where i.user_id = ${userId}`);
  await run(sql`drop table bench_inventory_skus`);
  await run(sql`analyze inventory_items`);
  await run(sql`analyze inventory_log`);
  // The numbers must be the sums of the log, as the server's reconcile check reads them.
  const [drift] = rowsOf(
    await run(sql`
      select count(*)::int as n from inventory_items i
      join (select item_id, sum(available_delta) a, sum(frozen_delta) f, sum(unreceived_delta) u
        from inventory_log group by item_id) s on s.item_id = i.id
      where i.user_id = ${userId} and (i.available <> s.a or i.frozen <> s.f or i.unreceived <> s.u)`),
  );
  if (drift.n) throw new Error(`${drift.n} seeded inventory items are not the sums of their log`);
  const ids = rowsOf(await run(sql`select id from inventory_items where user_id = ${userId} order by id`)).map((r) =>
    String(r.id),
  );
  const [{ lines }] = rowsOf(
    await run(sql`select count(*)::int as lines from inventory_log l join inventory_items i on i.id = l.item_id
      where i.user_id = ${userId}`),
  );
  return { userId, itemIds: ids, warehouses, items: ids.length, lines };
}

/** Request i of each scenario, as the owner's pages ask (own token; `inv` is seedInventory's answer). */
export function inventoryBuilders(inv, token) {
  const pages = Math.ceil(inv.items / 10);
  return {
    'inventory-page': (i) => {
      // In turn: a page of the whole list, a warehouse filter, the low-stock filter, a search by SKU code.
      const kind = i % 4;
      const q = { current: 1 + ((i * 37) % (kind === 0 ? pages : 50)), size: 10 };
      if (kind === 1) q.warehouse = inv.warehouses[i % inv.warehouses.length];
      if (kind === 2) q.lowStock = 'true';
      if (kind === 3) Object.assign(q, { keyword: String(i % 1000).padStart(3, '0'), current: 1 });
      const query = Object.entries(q)
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('&');
      return { path: `/api/p/privateInventory/page?${query}`, token };
    },
    'inventory-log': (i) => ({
      path: `/api/p/privateInventory/inventory/logs?id=${inv.itemIds[(i * 7919) % inv.itemIds.length]}&current=1&size=10`,
      token,
    }),
  };
}

const answer = (body) => {
  try {
    return JSON.parse(body)?.data;
  } catch {
    return null;
  }
};
/** A 200 must be a page (the log's with its item). */
export const INVENTORY_ACCEPT = {
  'inventory-page': (body) => Array.isArray(answer(body)?.records),
  'inventory-log': (body) => Array.isArray(answer(body)?.records) && Boolean(answer(body)?.item),
};
