import type {
  ConnectionChange,
  ConnectionFilter,
  Locale,
  Page,
  StoreProduct,
  StoreProductQuery,
  Suggestion,
} from '@dsm/contract';
import { toPage } from '@dsm/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { handleOf, type UnitOfWork } from '../../platform/unit-of-work';
import { historyOf, toStoreProducts } from './connections.read';
import { findStoreProductForUser, storeProductsOf } from '../stores/stores.service';
import { suggestionsFor } from './connections.suggestions';
import { variantConnections } from './connections.tables';
import { connect, disconnect, undo } from './connections.write';

/**
 * The connections module's public face (decision 0100): store products as their owner sees them
 * (always scoped to the caller: another user's store product is "not found"), connect,
 * disconnect, history and undo. Writes take a unit of work and answer the store product as it is
 * after the change.
 */
export { reviewConnections } from './connections.review';
export { type ConnectionChange, onConnectionChange } from './connections.hooks';
/** For the store-orders module: are a store order's lines connected, and to what. */
export {
  type LineConnection,
  connectedSkuRefs,
  connectionsOfLines,
  lineConnectedSql,
  lineConnectedToSkusSql,
} from './connections.lines';
/** For the Excel import: the catalogue SKUs the owner's store SKUs stand for. */
export { catalogueSkusOfStoreSkus } from './connections.mutual-sku';

/**
 * The caller's store product with its removed variants too (a connection or the history may
 * still point at one; the DTO shows a removed variant only while it is connected).
 */
async function owned(db: Db, userId: string, id: string) {
  const product = await findStoreProductForUser(db, userId, id, { includeRemovedVariants: true });
  if (!product) throw AppError.notFound('connections.product-not-found');
  return product;
}

/** The list's tabs, as a condition on the store product's id (the stores module builds the rest). */
const FILTERS: Record<ConnectionFilter, (id: AnyColumn) => SQL> = {
  unconnected: (id) =>
    sql`not exists (select 1 from ${variantConnections} where ${variantConnections.storeProductId} = ${id})`,
  connected: (id) =>
    sql`exists (select 1 from ${variantConnections} where ${variantConnections.storeProductId} = ${id})`,
  'needs-review': (id) =>
    sql`exists (select 1 from ${variantConnections} where ${variantConnections.storeProductId} = ${id} and ${variantConnections.state} = 'needs-review')`,
};

/** A page of the caller's store products (not those the store deleted), newest brought in first. */
export async function listStoreProducts(
  db: Db,
  userId: string,
  q: StoreProductQuery,
  locale: Locale,
): Promise<Page<StoreProduct>> {
  const { filter, ...query } = q;
  const page = await storeProductsOf(db, userId, query, {
    where: filter ? FILTERS[filter] : undefined,
    includeRemovedVariants: true,
    order: 'created',
  });
  return toPage(await toStoreProducts(db, page.records, locale), page.total, q);
}

export async function getStoreProduct(db: Db, userId: string, id: string, locale: Locale): Promise<StoreProduct> {
  const [dto] = await toStoreProducts(db, [await owned(db, userId, id)], locale);
  return dto!;
}

export async function getSuggestions(db: Db, userId: string, id: string, locale: Locale): Promise<Suggestion[]> {
  const product = await owned(db, userId, id);
  return suggestionsFor(
    db,
    product,
    product.variants.filter((v) => !v.removed),
    locale,
  );
}

export async function getHistory(db: Db, userId: string, id: string, locale: Locale): Promise<ConnectionChange[]> {
  return historyOf(db, await owned(db, userId, id), locale);
}

export async function connectVariants(
  uow: UnitOfWork,
  userId: string,
  id: string,
  body: Parameters<typeof connect>[3],
  locale: Locale,
) {
  await connect(uow, userId, id, body, locale);
  return getStoreProduct(handleOf(uow), userId, id, locale);
}

export async function disconnectVariants(
  uow: UnitOfWork,
  userId: string,
  id: string,
  body: Parameters<typeof disconnect>[3],
  locale: Locale,
) {
  await disconnect(uow, userId, id, body);
  return getStoreProduct(handleOf(uow), userId, id, locale);
}

export async function undoLastChange(uow: UnitOfWork, userId: string, id: string, changeId: string, locale: Locale) {
  await undo(uow, userId, id, changeId, locale);
  return getStoreProduct(handleOf(uow), userId, id, locale);
}
