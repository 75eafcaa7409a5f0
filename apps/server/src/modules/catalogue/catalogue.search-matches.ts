import type { ProductSort } from '@dsm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import type { MatchSet } from './catalogue.search.types';

export type { MatchSet } from './catalogue.search.types';

interface MatchRow {
  id: number;
  category_id: number;
  price_minor: number;
  sales_count: number;
  created_us: number | string;
  relevance: number | string;
  warehouse: string;
}

/** All visible products matching `tsquery` (all visible products when null), with the sort keys. */
export async function loadMatchSet(db: Db, tsquery: string | null): Promise<MatchSet> {
  const keyword = tsquery !== null;
  const rank: SQL = keyword ? sql`ts_rank(p.search_document, ${tsquery}::tsquery)` : sql`0`;
  const rows = rawRows<MatchRow>(
    await db.execute(sql`
      select p.id, p.category_id, p.price_minor, p.sales_count, p.warehouse,
        (extract(epoch from p.created_at) * 1000000)::float8 as created_us, ${rank} as relevance
      from products p
      where p.status = 'on' ${keyword ? sql`and p.search_document @@ ${tsquery}::tsquery` : sql``}`),
  );
  const n = rows.length;
  const set: MatchSet = {
    size: n,
    bytes: n * (4 * 4 + 8 * 2 + 2 + 4 * 6) + 200,
    id: new Int32Array(n),
    category: new Int32Array(n),
    price: new Int32Array(n),
    sales: new Int32Array(n),
    created: new Float64Array(n),
    relevance: new Float64Array(n),
    warehouse: new Uint16Array(n),
    warehouseCodes: [],
    orders: new Map(),
  };
  const codeIndex = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    set.id[i] = Number(r.id);
    set.category[i] = Number(r.category_id);
    set.price[i] = Number(r.price_minor);
    set.sales[i] = Number(r.sales_count);
    set.created[i] = Number(r.created_us);
    set.relevance[i] = Number(r.relevance);
    let w = codeIndex.get(r.warehouse);
    if (w === undefined) {
      w = set.warehouseCodes.push(r.warehouse) - 1;
      codeIndex.set(r.warehouse, w);
    }
    set.warehouse[i] = w;
  }
  return set;
}

type Compare = (a: number, b: number) => number;

/**
 * The same orders as the SQL the goods list used before (decision 0021): every sort ends with
 * the id, so the order is total and a page never depends on how ties happened to come out.
 */
function comparator(set: MatchSet, sort: ProductSort, ranked: boolean): Compare {
  const { id, price, sales, created, relevance } = set;
  const bySalesDesc: Compare = (a, b) => sales[b]! - sales[a]! || id[b]! - id[a]!;
  switch (sort) {
    case 'price_asc':
      return (a, b) => price[a]! - price[b]! || id[a]! - id[b]!;
    case 'price_desc':
      return (a, b) => price[b]! - price[a]! || id[b]! - id[a]!;
    case 'newest':
      return (a, b) => created[b]! - created[a]! || id[b]! - id[a]!;
    case 'sales':
      return bySalesDesc;
    default:
      return ranked ? (a, b) => relevance[b]! - relevance[a]! || bySalesDesc(a, b) : bySalesDesc;
  }
}

function orderOf(set: MatchSet, sort: ProductSort, ranked: boolean): Uint32Array {
  const key = `${sort}:${ranked}`;
  let order = set.orders.get(key);
  if (!order) {
    order = new Uint32Array(set.size);
    for (let i = 0; i < set.size; i++) order[i] = i;
    order.sort(comparator(set, sort, ranked));
    set.orders.set(key, order);
  }
  return order;
}

export interface MatchFilter {
  categoryIds?: readonly number[];
  from?: number;
  to?: number;
  /** Warehouse codes a product must ship from (the goods list's `shipsTo`, resolved by logistics). */
  warehouses?: ReadonlySet<string>;
}

/** The total and the ids of one page, in one pass over the set in the sort's order. */
export function pageOfMatches(
  set: MatchSet,
  f: MatchFilter,
  sort: ProductSort,
  ranked: boolean,
  current: number,
  size: number,
): { total: number; ids: number[] } {
  const order = orderOf(set, sort, ranked);
  const categories = f.categoryIds ? new Set(f.categoryIds) : null;
  const from = f.from ?? -Infinity;
  const to = f.to ?? Infinity;
  // One flag per code of the set: the test in the loop is an array read, not a string lookup.
  const shipsFrom = f.warehouses ? set.warehouseCodes.map((code) => f.warehouses!.has(code)) : null;
  const skip = (current - 1) * size;
  const ids: number[] = [];
  let total = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    const p = set.price[i]!;
    if (p < from || p > to) continue;
    if (categories && !categories.has(set.category[i]!)) continue;
    if (shipsFrom && !shipsFrom[set.warehouse[i]!]) continue;
    if (total >= skip && ids.length < size) ids.push(set.id[i]!);
    total++;
  }
  return { total, ids };
}
