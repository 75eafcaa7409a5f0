import type { Locale } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import { fallbackOrder } from '../../platform/localized';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { invalidateProduct } from './catalogue.cache';
import { rawRows } from '../../db/rows';

/**
 * Stock reservation for orders (decision 0084). An order takes its units off `skus.stock` when it
 * is placed and gives them back when it is trashed or expires unpaid; `products.total_stock` (the
 * summary the goods list shows) follows in the same unit of work, and the product's cached
 * detail is dropped after commit so the product page shows the new figure at once.
 *
 * Deadlocks: every caller locks its SKU rows in one statement ordered by SKU id, then updates the
 * product summaries in product id order, so two orders that share SKUs or products queue on the
 * first shared row instead of each holding what the other waits for.
 */
export interface StockLine {
  prodId: number;
  skuId: number;
  count: number;
}

interface LockedSku {
  id: number;
  product_id: number;
  stock: number;
  status: 'on' | 'off';
  title: string | null;
  sku_code: string;
}

/** The SKU rows locked FOR UPDATE in id order (unknown ids are left out). */
async function lockSkus(uow: UnitOfWork, skuIds: number[], locale: Locale): Promise<Map<number, LockedSku>> {
  const ids = [...new Set(skuIds)].sort((a, b) => a - b);
  // An order whose every line ships from the owner's inventory takes no stock (decision 0129).
  if (!ids.length) return new Map();
  const rows = rawRows<LockedSku>(
    await uow.tx.execute(sql`
      select s.id, s.product_id, s.stock, s.sku_code, p.status,
        (select t.title from product_translations t where t.product_id = p.id
          order by ${fallbackOrder('t.locale', locale)} limit 1) as title
      from skus s join products p on p.id = s.product_id
      where s.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by s.id
      for update of s`),
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** Sums the lines per SKU (a SKU twice in an order is one reservation). */
function perSku(lines: readonly StockLine[]): Map<number, StockLine> {
  const out = new Map<number, StockLine>();
  for (const l of lines) {
    const seen = out.get(l.skuId);
    out.set(l.skuId, seen ? { ...seen, count: seen.count + l.count } : { ...l });
  }
  return out;
}

/**
 * Moves each SKU's stock by `sign × count` and its product's summary by the same amount: one
 * statement per product, in product id order (decision 0102; it was one per SKU and one per
 * product). The SKU rows are locked already. The summary moves by the delta rather than being
 * summed again: a concurrent order of another SKU of the product, waiting on the product row,
 * then adds its own delta to the committed figure instead of a sum read before that commit.
 */
async function applyDelta(uow: UnitOfWork, lines: Map<number, StockLine>, sign: 1 | -1): Promise<void> {
  const byProduct = new Map<number, StockLine[]>();
  for (const line of lines.values()) byProduct.set(line.prodId, [...(byProduct.get(line.prodId) ?? []), line]);
  for (const [prodId, of] of [...byProduct].sort((x, y) => x[0] - y[0])) {
    const deltas = sql.join(
      of.map((l) => sql`(${l.skuId}::bigint, ${sign * l.count}::int)`),
      sql`, `,
    );
    await uow.tx.execute(sql`
      with moved as (
        update skus set stock = stock + d.delta from (values ${deltas}) as d(id, delta)
        where skus.id = d.id and skus.product_id = ${prodId}
        returning d.delta)
      update products set total_stock = total_stock + (select coalesce(sum(delta), 0) from moved), updated_at = now()
      where id = ${prodId}`);
    invalidateProduct(uow, prodId);
  }
}

/**
 * Takes the lines' units off stock, or refuses with nothing written: a product taken down or a
 * SKU deleted since (409 `taken-down`, SPEC's "Sorry! some of the products you have selected have
 * been taken down."), or too little stock (409 `out-of-stock`, naming the product
 * and what is left, in the caller's language).
 */
export async function reserveStock(uow: UnitOfWork, lines: readonly StockLine[], locale: Locale): Promise<void> {
  const wanted = perSku(lines);
  const locked = await lockSkus(uow, [...wanted.keys()], locale);
  for (const line of wanted.values()) {
    const sku = locked.get(line.skuId);
    const data = { prodId: line.prodId, skuId: line.skuId };
    // Deleted by the operator since (a restored order's line): no longer sold, like taken down.
    if (!sku || Number(sku.product_id) !== line.prodId || sku.status !== 'on')
      throw AppError.conflict('taken-down', 'checkout.taken-down', {}, data);
    const available = Number(sku.stock);
    if (available < line.count) {
      const title = sku.title ?? sku.sku_code;
      const key = available <= 0 ? 'catalogue.stock-sold-out' : 'catalogue.stock-short';
      throw AppError.conflict(
        'out-of-stock',
        key,
        { title, available: Math.max(available, 0) },
        { ...data, available: Math.max(available, 0) },
      );
    }
  }
  await applyDelta(uow, wanted, -1);
}

/**
 * Gives the lines' units back (an unpaid order trashed or expired). A SKU the operator has
 * deleted since is skipped: there is nothing to give back to.
 */
export async function releaseStock(
  uow: UnitOfWork,
  lines: readonly StockLine[],
  locale: Locale = 'en-US',
): Promise<void> {
  const given = perSku(lines);
  const locked = await lockSkus(uow, [...given.keys()], locale);
  for (const [skuId, line] of [...given])
    if (Number(locked.get(skuId)?.product_id) !== line.prodId) given.delete(skuId);
  await applyDelta(uow, given, 1);
}
