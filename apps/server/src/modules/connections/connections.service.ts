import type { ConnectionChange, Locale, Page, StoreProduct, StoreProductQuery, Suggestion } from '@dsm/contract';
import { toPage } from '@dsm/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { handleOf, type UnitOfWork } from '../../platform/unit-of-work';
import { historyOf, toStoreProducts } from './connections.read';
import { findOwnedStoreProduct, pageOwnedStoreProducts, storeVariantsOf } from './connections.store-products';
import { suggestionsFor } from './connections.suggestions';
import { connect, disconnect, undo } from './connections.write';

/**
 * The connections module's public face (decision 0100): store products as their owner sees them
 * (always scoped to the caller: another user's store product is "not found"), connect,
 * disconnect, history and undo. Writes take a unit of work and answer the store product as it is
 * after the change.
 */
export { registerConnectionReviews } from './connections.review';

async function owned(db: Db, userId: string, id: string) {
  const product = await findOwnedStoreProduct(db, userId, id);
  if (!product) throw AppError.notFound('connections.product-not-found');
  return product;
}

export async function listStoreProducts(db: Db, userId: string, q: StoreProductQuery, locale: Locale): Promise<Page<StoreProduct>> {
  const { rows, total } = await pageOwnedStoreProducts(db, userId, q, { limit: q.size, offset: (q.current - 1) * q.size });
  return toPage(await toStoreProducts(db, rows, locale), total, q);
}

export async function getStoreProduct(db: Db, userId: string, id: string, locale: Locale): Promise<StoreProduct> {
  const [dto] = await toStoreProducts(db, [await owned(db, userId, id)], locale);
  return dto!;
}

export async function getSuggestions(db: Db, userId: string, id: string, locale: Locale): Promise<Suggestion[]> {
  const product = await owned(db, userId, id);
  const variants = (await storeVariantsOf(db, [id])).filter((v) => !v.removed);
  return suggestionsFor(db, product, variants, locale);
}

export async function getHistory(db: Db, userId: string, id: string, locale: Locale): Promise<ConnectionChange[]> {
  return historyOf(db, await owned(db, userId, id), locale);
}

export async function connectVariants(uow: UnitOfWork, userId: string, id: string, body: Parameters<typeof connect>[3], locale: Locale) {
  await connect(uow, userId, id, body, locale);
  return getStoreProduct(handleOf(uow), userId, id, locale);
}

export async function disconnectVariants(uow: UnitOfWork, userId: string, id: string, body: Parameters<typeof disconnect>[3], locale: Locale) {
  await disconnect(uow, userId, id, body);
  return getStoreProduct(handleOf(uow), userId, id, locale);
}

export async function undoLastChange(uow: UnitOfWork, userId: string, id: string, changeId: string, locale: Locale) {
  await undo(uow, userId, id, changeId, locale);
  return getStoreProduct(handleOf(uow), userId, id, locale);
}
