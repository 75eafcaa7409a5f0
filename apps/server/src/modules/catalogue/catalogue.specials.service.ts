import type { AdminProductListItem, Locale, ProductListItem } from '@dsm/contract';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { adminListItems } from './catalogue.admin-products.service';
import { cachesFor, invalidateCatalogue } from './catalogue.cache';
import { listProductsByIds } from './catalogue.products.service';
import { productSpecials, products } from './catalogue.tables';
import { type DbOrUow, handleOf, inTransaction } from '../../platform/unit-of-work';

/** The featured product ids in the operator's order. */
async function specialIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: productSpecials.productId })
    .from(productSpecials)
    .orderBy(asc(productSpecials.position), asc(productSpecials.productId));
  return rows.map((r) => r.id);
}

/** GET /api/prod/specials: the featured products visitors can buy, in the operator's order. */
export function listSpecials(db: Db, locale: Locale): Promise<ProductListItem[]> {
  return cachesFor(db).tags.get(`specials:${locale}`, async () =>
    listProductsByIds(db, await specialIds(db), locale),
  ) as Promise<ProductListItem[]>;
}

/**
 * The operator's view of the same list: taken-down products too (they stay featured, hidden
 * from visitors, until the operator removes them or puts them back).
 */
export async function listAdminSpecials(db: Db, locale: Locale): Promise<AdminProductListItem[]> {
  const ids = await specialIds(db);
  if (!ids.length) return [];
  const items = await adminListItems(
    db,
    locale,
    sql`p.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    sql`p.id`,
  );
  const byId = new Map(items.map((p) => [p.prodId, p]));
  return ids.map((id) => byId.get(id)).filter((p): p is AdminProductListItem => p !== undefined);
}

/** Replaces the featured list (order as given, duplicates once). Unknown products are refused. */
export async function setSpecials(db: DbOrUow, prodIds: number[], locale: Locale): Promise<AdminProductListItem[]> {
  const ids = [...new Set(prodIds)];
  await inTransaction(db, async ({ tx }) => {
    if (ids.length) {
      const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids));
      if (found.length !== ids.length)
        throw AppError.invalid([{ field: 'prodIds', messageKey: 'catalogue.product-not-found' }]);
    }
    await tx.delete(productSpecials);
    if (ids.length)
      await tx.insert(productSpecials).values(ids.map((productId, position) => ({ productId, position })));
  });
  invalidateCatalogue(db);
  return listAdminSpecials(handleOf(db), locale);
}
