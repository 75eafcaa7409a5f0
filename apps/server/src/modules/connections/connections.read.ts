import {
  type CatalogueSkuRef,
  type ConnectionChange,
  type Locale,
  type StoreProduct,
  fromMinor,
  translate,
} from '@dsm/contract';
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findUserSummary } from '../accounts/accounts.service';
import { type ConnectableSku, getConnectableSkus } from '../catalogue/catalogue.service';
import type { StoreProductBase } from '../stores/stores.service';
import { connectionChanges, variantConnections } from './connections.tables';

/** A catalogue SKU as the seller recognises it, in the caller's language. */
export function skuRef(sku: ConnectableSku): CatalogueSkuRef {
  return {
    productId: String(sku.productId),
    skuId: String(sku.skuId),
    title: sku.title,
    specs: sku.specs.map((s) => `${s.name}: ${s.value}`).join(', '),
    imageUrl: sku.imageUrl,
    price: fromMinor(sku.priceMinor),
  };
}

/** A SKU the catalogue no longer has (history keeps its id). */
function removedRef(skuId: number, locale: Locale): CatalogueSkuRef {
  return {
    productId: '',
    skuId: String(skuId),
    title: translate(locale, 'connections.sku-removed'),
    specs: '',
    imageUrl: null,
    price: 0,
  };
}

/** The changes that undo may take back: the seller's own, not the system's review marks. */
const undoable = and(isNull(connectionChanges.undoneBy), ne(connectionChanges.action, 'review'));

/** The last change undo would take back, or null. */
export async function lastUndoable(db: Db, storeProductId: string) {
  const [row] = await db
    .select()
    .from(connectionChanges)
    .where(and(eq(connectionChanges.storeProductId, storeProductId), undoable))
    .orderBy(desc(connectionChanges.at), desc(connectionChanges.id))
    .limit(1);
  return row ?? null;
}

/**
 * Store products (read with their removed variants) with each variant's connection and SKU, and
 * whether undo is possible. A removed variant is shown only while it is connected.
 */
export async function toStoreProducts(
  db: Db,
  products: readonly StoreProductBase[],
  locale: Locale,
): Promise<StoreProduct[]> {
  const ids = products.map((p) => p.id);
  if (ids.length === 0) return [];
  // One after another: `db` may be a transaction, which takes one query at a time.
  const connections = await db.select().from(variantConnections).where(inArray(variantConnections.storeProductId, ids));
  const withUndo = new Set(
    (
      await db
        .selectDistinct({ id: connectionChanges.storeProductId })
        .from(connectionChanges)
        .where(and(inArray(connectionChanges.storeProductId, ids), undoable))
    ).map((r) => r.id),
  );
  const skus = await getConnectableSkus(
    db,
    connections.map((c) => c.skuId),
    locale,
  );
  const byVariant = new Map(connections.map((c) => [c.variantId, c]));
  return products.map((p) => {
    const own = p.variants.filter((v) => !v.removed || byVariant.has(v.id));
    const dtoVariants = own.map((v) => {
      const c = byVariant.get(v.id);
      const sku = c && skus.get(c.skuId);
      return {
        id: v.id,
        externalId: v.externalId,
        title: v.title,
        sku: v.sku,
        options: v.options,
        price: v.price,
        currency: v.currency,
        imageUrl: v.imageUrl,
        connection: c
          ? {
              state: c.state,
              reviewReason: c.reviewReason ?? null,
              sku: sku ? skuRef(sku) : removedRef(c.skuId, locale),
              connectedAt: c.connectedAt.toISOString(),
            }
          : null,
      };
    });
    return {
      id: p.id,
      storeId: p.storeId,
      storeName: p.storeName,
      platform: p.platform,
      externalId: p.externalId,
      title: p.title,
      imageUrl: p.imageUrl,
      url: p.url,
      status: p.status,
      variants: dtoVariants,
      connectedCount: dtoVariants.filter((v) => v.connection).length,
      reviewCount: dtoVariants.filter((v) => v.connection?.state === 'needs-review').length,
      updatedAt: p.updatedAt,
      canUndo: withUndo.has(p.id),
    };
  });
}

/** A store product's history, newest first: who, when, and each variant's SKU before and after. */
export async function historyOf(db: Db, product: StoreProductBase, locale: Locale): Promise<ConnectionChange[]> {
  const changes = await db
    .select()
    .from(connectionChanges)
    .where(eq(connectionChanges.storeProductId, product.id))
    .orderBy(desc(connectionChanges.at), desc(connectionChanges.id))
    .limit(200);
  const variants = new Map(product.variants.map((v) => [v.id, v]));
  const skuIds = changes
    .flatMap((c) => c.variants.flatMap((v) => [v.before, v.after]))
    .filter((s): s is number => s !== null);
  const skus = await getConnectableSkus(db, skuIds, locale);
  const names = new Map<string, string | null>();
  for (const id of new Set(changes.map((c) => c.actorId).filter((a): a is string => a !== null))) {
    names.set(id, (await findUserSummary(db, id))?.username ?? null);
  }
  const ref = (id: number | null) =>
    id === null ? null : skus.has(id) ? skuRef(skus.get(id)!) : removedRef(id, locale);
  return changes.map((c) => ({
    id: c.id,
    action: c.action,
    actorType: c.actorType,
    actorName: c.actorId ? (names.get(c.actorId) ?? null) : null,
    at: c.at.toISOString(),
    note: c.action === 'review' && c.note ? translate(locale, `connections.review-reasons.${c.note}`) : c.note,
    variants: c.variants.map((v) => ({
      variantId: v.variantId,
      variantTitle: variants.get(v.variantId)?.title ?? '',
      before: ref(v.before),
      after: ref(v.after),
    })),
    undone: c.undoneBy !== null,
  }));
}
