import type { ConnectionFilter, StorePlatformName } from '@dsm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The connections module's read of the stores module's store products and variants (owned by
 * `stores`, decision 0100). Kept to this one file, in plain SQL, so that it can be swapped for the
 * stores module's own read functions when they exist. Every read is scoped to the owner: another
 * user's store product is simply not there.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

export interface StoreProductRow {
  id: string;
  storeId: string;
  storeName: string;
  platform: StorePlatformName;
  externalId: string;
  title: string;
  imageUrl: string | null;
  url: string | null;
  status: 'active' | 'draft' | 'archived' | 'deleted';
  updatedAt: Date;
}

export interface StoreVariantRow {
  id: string;
  storeProductId: string;
  externalId: string;
  title: string;
  sku: string | null;
  options: Array<{ name: string; value: string }>;
  priceMinor: number | null;
  currency: string | null;
  imageUrl: string | null;
  removed: boolean;
}

type Raw = Record<string, unknown>;
const rowsOf = (res: unknown): Raw[] => {
  const r = res as { rows?: Raw[] } | Raw[];
  return Array.isArray(r) ? r : (r.rows ?? []);
};

const PRODUCT_COLUMNS = sql`sp.id, sp.store_id, s.name as store_name, s.platform, sp.external_id, sp.title, sp.image_url, sp.url, sp.status, sp.updated_at`;

function toProduct(r: Raw): StoreProductRow {
  return {
    id: String(r.id),
    storeId: String(r.store_id),
    storeName: String(r.store_name),
    platform: r.platform as StorePlatformName,
    externalId: String(r.external_id),
    title: String(r.title),
    imageUrl: (r.image_url as string | null) ?? null,
    url: (r.url as string | null) ?? null,
    status: r.status as StoreProductRow['status'],
    updatedAt: new Date(r.updated_at as string),
  };
}

/**
 * The caller's store product, or null. `lock` takes its row FOR NO KEY UPDATE: one writer per
 * store product, while the catalogue's review (which inserts change rows pointing at it, a key
 * share) is not blocked, so the two cannot deadlock.
 */
export async function findOwnedStoreProduct(db: Db, userId: string, id: string, lock = false): Promise<StoreProductRow | null> {
  if (!isUuid(id)) return null;
  const rows = rowsOf(
    await db.execute(sql`select ${PRODUCT_COLUMNS} from store_products sp join stores s on s.id = sp.store_id
      where sp.id = ${id} and s.user_id = ${userId}${lock ? sql` for no key update of sp` : sql``}`),
  );
  return rows[0] ? toProduct(rows[0]) : null;
}

/** Store products by id (no owner check: for rows already known to be the caller's). */
export async function storeProductsByIds(db: Db, ids: readonly string[]): Promise<StoreProductRow[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf(
    await db.execute(sql`select ${PRODUCT_COLUMNS} from store_products sp join stores s on s.id = sp.store_id
      where sp.id in (${sql.join(ids.map((i) => sql`${i}::uuid`), sql`, `)})`),
  );
  return rows.map(toProduct);
}

/** The variants of store products, in the store's order (by external id as stored). */
export async function storeVariantsOf(db: Db, productIds: readonly string[]): Promise<StoreVariantRow[]> {
  if (productIds.length === 0) return [];
  const rows = rowsOf(
    await db.execute(sql`select v.id, v.store_product_id, v.external_id, v.title, v.sku, v.options, v.price_minor, v.currency,
        v.image_url, v.removed_at is not null as removed
      from store_variants v where v.store_product_id in (${sql.join(productIds.map((i) => sql`${i}::uuid`), sql`, `)})
      order by v.store_product_id, v.title, v.id`),
  );
  return rows.map((r) => ({
    id: String(r.id),
    storeProductId: String(r.store_product_id),
    externalId: String(r.external_id),
    title: String(r.title),
    sku: (r.sku as string | null) ?? null,
    options: (typeof r.options === 'string' ? JSON.parse(r.options) : r.options) as StoreVariantRow['options'],
    priceMinor: r.price_minor === null || r.price_minor === undefined ? null : Number(r.price_minor),
    currency: (r.currency as string | null) ?? null,
    imageUrl: (r.image_url as string | null) ?? null,
    removed: Boolean(r.removed),
  }));
}

export interface StoreProductFilter {
  storeId?: string;
  filter?: ConnectionFilter;
  q?: string;
}

const CONNECTION_FILTERS: Record<ConnectionFilter, SQL> = {
  unconnected: sql`not exists (select 1 from variant_connections c where c.store_product_id = sp.id)`,
  connected: sql`exists (select 1 from variant_connections c where c.store_product_id = sp.id)`,
  'needs-review': sql`exists (select 1 from variant_connections c where c.store_product_id = sp.id and c.state = 'needs-review')`,
};

/** One page of the caller's store products (not those the store deleted), newest first, and the total. */
export async function pageOwnedStoreProducts(
  db: Db,
  userId: string,
  f: StoreProductFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: StoreProductRow[]; total: number }> {
  if (f.storeId !== undefined && !isUuid(f.storeId)) return { rows: [], total: 0 };
  const parts: SQL[] = [sql`s.user_id = ${userId}`, sql`sp.status <> 'deleted'`];
  if (f.storeId) parts.push(sql`sp.store_id = ${f.storeId}`);
  if (f.filter) parts.push(CONNECTION_FILTERS[f.filter]);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(sp.title ilike ${like} or exists (select 1 from store_variants v where v.store_product_id = sp.id and v.sku ilike ${like}))`);
  }
  const where = sql.join(parts, sql` and `);
  const from = sql`from store_products sp join stores s on s.id = sp.store_id where ${where}`;
  const total = Number(rowsOf(await db.execute(sql`select count(*)::int as n ${from}`))[0]?.n ?? 0);
  const rows = rowsOf(await db.execute(sql`select ${PRODUCT_COLUMNS} ${from} order by sp.created_at desc, sp.id desc limit ${page.limit} offset ${page.offset}`));
  return { rows: rows.map(toProduct), total };
}
