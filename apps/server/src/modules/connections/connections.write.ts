import type { ConnectBody, DisconnectBody, Locale } from '@dsm/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { type ConnectableSku, getConnectableSkus } from '../catalogue/catalogue.service';
import { type StoreProductBase, findStoreProductForUser } from '../stores/stores.service';
import { runConnectionChange } from './connections.hooks';
import { lastUndoable, skuRef } from './connections.read';
import { connectionChanges, variantConnections } from './connections.tables';

/**
 * Connect, disconnect and undo (decision 0100). Each runs in the caller's unit of work, locks the
 * store product's row first (one writer per store product, so "the last change" is well defined),
 * writes the connection rows and one change row with every variant's SKU before and after.
 */

type Actor = { type: 'user' | 'operator' | 'system'; id: string | null };
type VariantChange = { variantId: string; before: number | null; after: number | null };

/**
 * The caller's store product with its removed variants, its row locked FOR NO KEY UPDATE: one
 * writer per store product, while the catalogue's review (inserting change rows that point at it,
 * a key share lock) is not blocked, so the two cannot deadlock. Another user's → not found.
 */
export async function lockOwned(db: Db, userId: string, id: string): Promise<StoreProductBase> {
  const product = await findStoreProductForUser(db, userId, id, {
    lock: 'no key update',
    includeRemovedVariants: true,
  });
  if (!product) throw AppError.notFound('connections.product-not-found');
  return product;
}

/** Appends a change; `at` is the clock's, not the transaction's start, so order follows writes. */
export async function recordChange(
  db: Db,
  storeProductId: string,
  action: 'connect' | 'disconnect' | 'undo' | 'review',
  actor: Actor,
  variants: VariantChange[],
  note: string | null = null,
): Promise<string> {
  const [row] = await db
    .insert(connectionChanges)
    .values({
      storeProductId,
      action,
      actorType: actor.type,
      actorId: actor.id,
      note,
      variants,
      at: sql`clock_timestamp()` as unknown as Date,
    })
    .returning({ id: connectionChanges.id });
  return row!.id;
}

/** Connects (or re-points) a variant to a SKU; a SKU off sale is connected for review, as undo may restore one. */
async function putConnection(
  db: Db,
  product: StoreProductBase,
  userId: string,
  variantId: string,
  sku: ConnectableSku,
) {
  const values = {
    variantId,
    storeProductId: product.id,
    userId,
    skuId: sku.skuId,
    state: sku.onSale ? ('connected' as const) : ('needs-review' as const),
    reviewReason: sku.onSale ? null : ('taken-down' as const),
    skuSpecsAtConnect: sku.specCodes,
    connectedAt: new Date(),
  };
  await db
    .insert(variantConnections)
    .values(values)
    .onConflictDoUpdate({ target: variantConnections.variantId, set: values });
}

/** Read with the lock held, so they are what this change sees. */
function variantsById(product: StoreProductBase) {
  return new Map(product.variants.map((v) => [v.id, v]));
}

async function currentConnections(db: Db, product: StoreProductBase) {
  return new Map(
    (await db.select().from(variantConnections).where(eq(variantConnections.storeProductId, product.id))).map((c) => [
      c.variantId,
      c,
    ]),
  );
}

/**
 * Connects variants to SKUs. A variant connected to another SKU → 409 `already-associated`
 * naming it; to the same SKU, a connection waiting for review is confirmed (and recorded), one
 * already fine is left alone. A SKU that is unknown or off sale is refused before anything.
 */
export async function connect(
  uow: UnitOfWork,
  userId: string,
  id: string,
  body: ConnectBody,
  locale: Locale,
): Promise<void> {
  const { tx } = uow;
  const product = await lockOwned(tx, userId, id);
  const variants = variantsById(product);
  const issues: Array<{ field: string; messageKey: string; params?: Record<string, unknown> }> = [];
  const seen = new Set<string>();
  const skuIds = body.links.map((l) => (/^[1-9][0-9]{0,9}$/.test(l.skuId) ? Number(l.skuId) : NaN));
  const skus = await getConnectableSkus(
    tx,
    skuIds.filter((n) => Number.isSafeInteger(n)),
    locale,
  );
  body.links.forEach((link, i) => {
    const variant = variants.get(link.variantId);
    if (!variant || variant.removed || seen.has(link.variantId))
      issues.push({ field: `links.${i}.variantId`, messageKey: 'connections.variant-not-found' });
    seen.add(link.variantId);
    if (!skus.has(skuIds[i]!)) issues.push({ field: `links.${i}.skuId`, messageKey: 'connections.sku-not-found' });
  });
  if (issues.length) throw AppError.invalid(issues);
  const offSale = body.links.map((_, i) => skus.get(skuIds[i]!)!).find((s) => !s.onSale);
  if (offSale)
    throw AppError.business('taken-down', 'connections.sku-off-sale', { sku: `${offSale.title} (${offSale.skuCode})` });

  const current = await currentConnections(tx, product);
  const changes: VariantChange[] = [];
  for (const [i, link] of body.links.entries()) {
    const sku = skus.get(skuIds[i]!)!;
    const was = current.get(link.variantId);
    if (was && was.skuId !== sku.skuId) {
      const other = (await getConnectableSkus(tx, [was.skuId], locale)).get(was.skuId);
      const variantTitle = variants.get(link.variantId)!.title;
      throw AppError.conflict(
        'already-associated',
        'connections.already-associated-detail',
        { variant: variantTitle, sku: other ? `${other.title} (${other.skuCode})` : `#${was.skuId}` },
        { variantId: link.variantId, sku: other ? skuRef(other) : null },
      );
    }
    if (was && was.state === 'connected') continue;
    await putConnection(tx, product, userId, link.variantId, sku);
    changes.push({ variantId: link.variantId, before: was?.skuId ?? null, after: sku.skuId });
  }
  if (changes.length) await recordChange(tx, product.id, 'connect', { type: 'user', id: userId }, changes);
  await runConnectionChange(uow, { storeProductId: product.id, variantIds: changes.map((c) => c.variantId) });
}

/** Disconnects variants; one that is not connected is named in the answer. */
export async function disconnect(uow: UnitOfWork, userId: string, id: string, body: DisconnectBody): Promise<void> {
  const { tx } = uow;
  const product = await lockOwned(tx, userId, id);
  const variants = variantsById(product);
  const current = await currentConnections(tx, product);
  const ids = [...new Set(body.variantIds)];
  const issues = body.variantIds.flatMap((variantId, i) => {
    const variant = variants.get(variantId);
    if (!variant) return [{ field: `variantIds.${i}`, messageKey: 'connections.variant-not-found' }];
    if (!current.has(variantId))
      return [
        { field: `variantIds.${i}`, messageKey: 'connections.not-connected', params: { variant: variant.title } },
      ];
    return [];
  });
  if (issues.length) throw AppError.invalid(issues);
  await tx.delete(variantConnections).where(inArray(variantConnections.variantId, ids));
  await recordChange(
    tx,
    product.id,
    'disconnect',
    { type: 'user', id: userId },
    ids.map((variantId) => ({ variantId, before: current.get(variantId)!.skuId, after: null })),
  );
  await runConnectionChange(uow, { storeProductId: product.id, variantIds: ids });
}

/**
 * Takes back the last change that is not undone (the system's review marks are not the seller's
 * to undo): its `before` becomes a new `undo` change and the undone one is marked. Naming another
 * change → `undo-stale` (a stale screen must not undo a newer change).
 */
export async function undo(
  uow: UnitOfWork,
  userId: string,
  id: string,
  changeId: string,
  locale: Locale,
): Promise<void> {
  const { tx } = uow;
  const product = await lockOwned(tx, userId, id);
  const last = await lastUndoable(tx, product.id);
  if (!last) throw AppError.conflict('nothing-to-undo', 'connections.nothing-to-undo');
  if (last.id !== changeId) throw AppError.conflict('undo-stale', 'connections.undo-stale');
  const current = await currentConnections(tx, product);
  const wanted = last.variants.map((v) => v.before).filter((s): s is number => s !== null);
  const skus = await getConnectableSkus(tx, wanted, locale);
  const missing = wanted.find((s) => !skus.has(s));
  if (missing !== undefined) throw AppError.business('taken-down', 'connections.undo-sku-removed');
  const variants = variantsById(product);
  const changes: VariantChange[] = [];
  for (const v of last.variants) {
    if (!variants.has(v.variantId)) continue;
    const now = current.get(v.variantId)?.skuId ?? null;
    if (v.before === null) {
      if (now !== null) await tx.delete(variantConnections).where(eq(variantConnections.variantId, v.variantId));
    } else {
      await putConnection(tx, product, userId, v.variantId, skus.get(v.before)!);
    }
    changes.push({ variantId: v.variantId, before: now, after: v.before });
  }
  const undoId = await recordChange(tx, product.id, 'undo', { type: 'user', id: userId }, changes, last.id);
  await tx.update(connectionChanges).set({ undoneBy: undoId }).where(eq(connectionChanges.id, last.id));
  await runConnectionChange(uow, { storeProductId: product.id, variantIds: changes.map((c) => c.variantId) });
}
