import type { Db } from '../../db/client';
import { Subscribers } from '../../platform/subscribers';
import type { UnitOfWork } from '../../platform/unit-of-work';

/**
 * What other modules do when catalogue SKUs stop being what a seller connected to (decision
 * 0100): the connections module marks store variants connected to them "needs review" (subscribed
 * by composition.ts). Called
 * inside the operator's write, in its unit of work, so the catalogue change and its consequences
 * land together or not at all. The catalogue knows none of the subscribers.
 *
 * - `taken-down`: the product went off sale (status off);
 * - `back-on-sale`: the product went back on sale (status on; store orders re-judge their abnormal reason);
 * - `options-changed`: a SKU's spec values changed (`specsBySku` holds the new ones, by code);
 * - `removed`: the SKUs are about to be deleted by a product edit (handlers run before the
 *   delete, so they can still read them and let go of rows that point at them).
 */
export interface CatalogueSkuChange {
  kind: 'taken-down' | 'back-on-sale' | 'options-changed' | 'removed';
  skuIds: number[];
  specsBySku?: Map<number, Record<string, string>>;
}

export type CatalogueSkuChangeHandler = (uow: UnitOfWork, change: CatalogueSkuChange) => Promise<void>;

/** One event, every kind of change: a handler reads `change.kind`. */
const handlers = new Subscribers<'sku-change', CatalogueSkuChangeHandler>();

/** Subscribes `handler` on the database `db` under `name` (again under one name: replaces). */
export function onCatalogueSkuChange(db: Db, name: string, handler: CatalogueSkuChangeHandler): void {
  handlers.add(db, 'sku-change', name, handler);
}

/** Runs every handler in registration order; nothing to do when no SKU is concerned. */
export async function runCatalogueSkuChange(uow: UnitOfWork, change: CatalogueSkuChange): Promise<void> {
  if (change.skuIds.length === 0) return;
  for (const handler of handlers.of(uow.root, 'sku-change')) await handler(uow, change);
}

/**
 * What a product's buyers pay changed: its SKUs were edited (price, weight, size or warehouse,
 * which shipping prices by) or its bulk tiers were replaced. Emitted in the operator's unit of
 * work; store orders not yet paid re-price after the commit (issue 21). `skuIds` are the
 * product's SKUs after the change.
 */
export interface CataloguePriceChange {
  kind: 'product-edited' | 'tiers-changed';
  prodId: number;
  skuIds: number[];
}

export type CataloguePriceChangeHandler = (uow: UnitOfWork, change: CataloguePriceChange) => Promise<void>;

const priceHandlers = new Subscribers<'price-change', CataloguePriceChangeHandler>();

/** Subscribes `handler` on the database `db` under `name` (again under one name: replaces). */
export function onCataloguePriceChange(db: Db, name: string, handler: CataloguePriceChangeHandler): void {
  priceHandlers.add(db, 'price-change', name, handler);
}

/** Runs every handler in registration order; nothing to do for a product without SKUs. */
export async function runCataloguePriceChange(uow: UnitOfWork, change: CataloguePriceChange): Promise<void> {
  if (change.skuIds.length === 0) return;
  for (const handler of priceHandlers.of(uow.root, 'price-change')) await handler(uow, change);
}
