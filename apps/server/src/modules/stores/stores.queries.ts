import { type Page, type StoreProduct, type StoreProductQuery, type StoreVariant, toPage } from '@dsm/contract';
import { type AnyColumn, type SQL, and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { fromMinor } from '@dsm/contract';
import { currencyDecimals } from '../../connectors/stores/woocommerce';
import type { Db } from '../../db/client';
import { storeProducts, storeVariants, stores } from './stores.tables';

/**
 * Store products as the `connections` module reads them (decision 0100: it owns the
 * connections, this module owns the products). The shape is StoreProductSchema without what
 * connections add: each variant's `connection`, and `connectedCount`, `reviewCount`, `canUndo`.
 * Only the caller's stores' products; another user's → not there. `removed`: gone from the store
 * (only there with `includeRemovedVariants`; a connection may still point at it).
 */
export type StoreVariantBase = Omit<StoreVariant, 'connection'> & { removed: boolean };
export type StoreProductBase = Omit<StoreProduct, 'variants' | 'connectedCount' | 'reviewCount' | 'canUndo'> & {
  variants: StoreVariantBase[];
};

export interface StoreProductsOptions {
  /**
   * An extra condition on the store product, given its id column (the connections module's filter:
   * `exists (select 1 from variant_connections where store_product_id = <id>)`), so that the
   * caller never names this module's tables.
   */
  where?: (storeProductId: AnyColumn) => SQL | undefined;
  /** Removed variants (gone from the store) are left out unless asked for (history shows them). */
  includeRemovedVariants?: boolean;
  /**
   * `changed` (default): newest change first. `created`: newest first by when it was brought in,
   * an order a pull does not reshuffle (a pull touches every product it sees), for paging a list.
   */
  order?: 'changed' | 'created';
  /**
   * `no key update` (findStoreProductForUser, inside a transaction): the product's row is taken
   * FOR NO KEY UPDATE, so its writers (connect, disconnect, undo) go one at a time while rows
   * pointing at it (the catalogue review's change rows, a key share lock) are not blocked: the
   * two cannot deadlock, as they could with FOR UPDATE.
   */
  lock?: 'no key update';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A price in minor units of its currency → the decimal the contract shows. */
function decimalOf(minor: number | null, currency: string | null): number | null {
  if (minor === null || !currency) return null;
  const d = currencyDecimals(currency);
  return d === 2 ? fromMinor(minor) : minor / 10 ** d;
}

/**
 * A page of the user's store products, newest change first: `storeId`, and `q` over the title,
 * a variant's SKU or title. `filter` is not applied here (it needs connections): pass `where`.
 * Deleted products are left out.
 */
export async function storeProductsOf(
  db: Db,
  userId: string,
  query: Omit<StoreProductQuery, 'filter'>,
  options: StoreProductsOptions = {},
): Promise<Page<StoreProductBase>> {
  const conditions = [
    eq(stores.userId, userId),
    ne(storeProducts.status, 'deleted'),
    options.where?.(storeProducts.id),
  ];
  if (query.storeId) conditions.push(UUID.test(query.storeId) ? eq(storeProducts.storeId, query.storeId) : sql`false`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(storeProducts.title, like),
        sql`exists (select 1 from store_variants v where v.store_product_id = ${storeProducts.id} and v.removed_at is null and (v.sku ilike ${like} or v.title ilike ${like}))`,
      ),
    );
  }
  const where = and(...conditions);
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(storeProducts)
    .innerJoin(stores, eq(stores.id, storeProducts.storeId))
    .where(where);
  const ids = await db
    .select({ id: storeProducts.id })
    .from(storeProducts)
    .innerJoin(stores, eq(stores.id, storeProducts.storeId))
    .where(where)
    .orderBy(
      desc(options.order === 'created' ? storeProducts.createdAt : storeProducts.updatedAt),
      desc(storeProducts.id),
    )
    .limit(query.size)
    .offset((query.current - 1) * query.size);
  const records = await storeProductsByIds(
    db,
    ids.map((r) => r.id),
    options,
  );
  return toPage(records, Number(n), query);
}

/** One of the user's store products, or null (another user's is null too). */
export async function findStoreProductForUser(
  db: Db,
  userId: string,
  storeProductId: string,
  options: StoreProductsOptions = {},
): Promise<StoreProductBase | null> {
  if (!UUID.test(storeProductId)) return null;
  const owner = db
    .select({ id: storeProducts.id })
    .from(storeProducts)
    .innerJoin(stores, eq(stores.id, storeProducts.storeId))
    .where(and(eq(storeProducts.id, storeProductId), eq(stores.userId, userId)));
  const [owned] = options.lock ? await owner.for(options.lock, { of: storeProducts }) : await owner;
  if (!owned) return null;
  return (await storeProductsByIds(db, [owned.id], options))[0] ?? null;
}

/** The DTOs of the given products, in the given order (no ownership check: callers did it). */
export async function storeProductsByIds(
  db: Db,
  ids: string[],
  options: StoreProductsOptions = {},
): Promise<StoreProductBase[]> {
  if (!ids.length) return [];
  const products = await db
    .select({ p: storeProducts, storeName: stores.name, platform: stores.platform })
    .from(storeProducts)
    .innerJoin(stores, eq(stores.id, storeProducts.storeId))
    .where(inArray(storeProducts.id, ids));
  const variants = await db
    .select()
    .from(storeVariants)
    .where(
      and(
        inArray(storeVariants.storeProductId, ids),
        options.includeRemovedVariants ? undefined : sql`${storeVariants.removedAt} is null`,
      ),
    )
    .orderBy(
      asc(storeVariants.storeProductId),
      asc(sql`length(${storeVariants.externalId})`),
      asc(storeVariants.externalId),
    ); // numeric ids in number order
  const byId = new Map(products.map((r) => [r.p.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r) => r !== undefined)
    .map(({ p, storeName, platform }) => ({
      id: p.id,
      storeId: p.storeId,
      storeName,
      platform,
      externalId: p.externalId,
      title: p.title,
      imageUrl: p.imageUrl,
      url: p.url,
      status: p.status,
      updatedAt: p.updatedAt.toISOString(),
      variants: variants
        .filter((v) => v.storeProductId === p.id)
        .map((v) => ({
          id: v.id,
          externalId: v.externalId,
          title: v.title,
          sku: v.sku,
          options: v.options,
          price: decimalOf(v.priceMinor, v.currency),
          currency: v.currency,
          imageUrl: v.imageUrl,
          removed: v.removedAt !== null,
        })),
    }));
}

/**
 * The id of our store variant that a store order's line names, as an SQL subquery over the
 * caller's columns (store id, the store's product and variant ids): null when the product was
 * never brought in. The store-orders module (through the connections module) asks "is this
 * line's variant connected" without naming this module's tables.
 */
export function storeVariantIdSql(
  storeId: SQL | AnyColumn,
  productExternalId: SQL | AnyColumn,
  variantExternalId: SQL | AnyColumn,
): SQL {
  return sql`(select v.id from ${storeVariants} v join ${storeProducts} p on p.id = v.store_product_id
    where p.store_id = ${storeId} and p.external_id = ${productExternalId} and v.external_id = ${variantExternalId})`;
}

/** Our store products and variants named by a store's ids (a store order's lines), by `product|variant`. */
export async function storeVariantsByExternalIds(
  db: Db,
  storeId: string,
  refs: ReadonlyArray<{ productExternalId: string; variantExternalId: string }>,
): Promise<Map<string, { storeProductId: string; variantId: string }>> {
  const out = new Map<string, { storeProductId: string; variantId: string }>();
  const products = [...new Set(refs.map((r) => r.productExternalId))];
  if (products.length === 0) return out;
  const rows = await db
    .select({
      storeProductId: storeProducts.id,
      product: storeProducts.externalId,
      variantId: storeVariants.id,
      variant: storeVariants.externalId,
    })
    .from(storeVariants)
    .innerJoin(storeProducts, eq(storeProducts.id, storeVariants.storeProductId))
    .where(and(eq(storeProducts.storeId, storeId), inArray(storeProducts.externalId, products)));
  for (const r of rows)
    out.set(`${r.product}|${r.variant}`, { storeProductId: r.storeProductId, variantId: r.variantId });
  return out;
}

/** Which of a store's product ids (the store's own) we have brought in. */
export async function knownStoreProducts(
  db: Db,
  storeId: string,
  externalIds: readonly string[],
): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  const rows = await db
    .select({ id: storeProducts.externalId })
    .from(storeProducts)
    .where(and(eq(storeProducts.storeId, storeId), inArray(storeProducts.externalId, [...externalIds])));
  return new Set(rows.map((r) => r.id));
}
