import { inArray } from 'drizzle-orm';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { CatalogueSkuChange } from '../catalogue/catalogue.service';
import { variantConnections } from './connections.tables';
import { recordChange } from './connections.write';

type ConnectionRow = typeof variantConnections.$inferSelect;

function sameSpecs(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}

/**
 * The catalogue told us SKUs changed under sellers' connections (decision 0100; the most common
 * cause of wrong shipments in peer apps is a connection that silently points at a SKU that is no
 * longer what the seller chose). Inside the catalogue's unit of work:
 * - taken down → the connections need review (`taken-down`);
 * - options changed (against those seen when connecting) → need review (`options-changed`);
 * - removed → the connections go (the SKU is about to be deleted) and the history says why.
 * One `review` change by the system per store product. composition.ts subscribes it.
 */
export async function reviewConnections(uow: UnitOfWork, change: CatalogueSkuChange): Promise<void> {
  // Back on sale asks nothing of the seller: a connection marked for review stays so until reviewed.
  if (change.kind === 'back-on-sale') return;
  const { tx } = uow;
  const rows: ConnectionRow[] = await tx
    .select()
    .from(variantConnections)
    .where(inArray(variantConnections.skuId, change.skuIds))
    .orderBy(variantConnections.storeProductId, variantConnections.variantId)
    .for('update');
  const reason = change.kind === 'options-changed' ? 'options-changed' : 'taken-down';
  const affected = rows.filter((r) => {
    if (change.kind === 'removed') return true;
    if (change.kind === 'options-changed' && sameSpecs(r.skuSpecsAtConnect, change.specsBySku?.get(r.skuId) ?? {}))
      return false;
    return !(r.state === 'needs-review' && r.reviewReason === reason);
  });
  if (affected.length === 0) return;
  const ids = affected.map((r) => r.variantId);
  if (change.kind === 'removed') await tx.delete(variantConnections).where(inArray(variantConnections.variantId, ids));
  else
    await tx
      .update(variantConnections)
      .set({ state: 'needs-review', reviewReason: reason })
      .where(inArray(variantConnections.variantId, ids));
  const byProduct = new Map<string, ConnectionRow[]>();
  for (const r of affected) byProduct.set(r.storeProductId, [...(byProduct.get(r.storeProductId) ?? []), r]);
  for (const [storeProductId, list] of byProduct) {
    await recordChange(
      tx,
      storeProductId,
      'review',
      { type: 'system', id: null },
      list.map((r) => ({ variantId: r.variantId, before: r.skuId, after: change.kind === 'removed' ? null : r.skuId })),
      reason,
    );
  }
}
