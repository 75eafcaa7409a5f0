import type { Locale } from '@dsm/contract';
import { type AnyColumn, type SQL, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { getConnectableSkus } from '../catalogue/catalogue.service';
import { storeVariantIdSql, storeVariantsByExternalIds } from '../stores/stores.service';
import { skuRef } from './connections.read';
import { variantConnections } from './connections.tables';

/**
 * Store order lines and connections (issue 21): a line names a store's product and variant by
 * the store's ids; it is *related* when that variant, once brought in, is connected to a
 * catalogue SKU (connected or waiting for review). Read when the order is read, so an order
 * re-evaluates by itself once its variant is connected: nothing to keep in step.
 */

/** An SQL condition over the caller's columns: the line's variant is connected. */
export function lineConnectedSql(
  storeId: SQL | AnyColumn,
  productExternalId: SQL | AnyColumn,
  variantExternalId: SQL | AnyColumn,
): SQL {
  return sql`exists (select 1 from ${variantConnections} where ${variantConnections.variantId} = ${storeVariantIdSql(storeId, productExternalId, variantExternalId)})`;
}

/** An SQL condition over the caller's columns: the line's variant is connected to one of `skuIds` (a list or a subquery). */
export function lineConnectedToSkusSql(
  storeId: SQL | AnyColumn,
  productExternalId: SQL | AnyColumn,
  variantExternalId: SQL | AnyColumn,
  skuIds: SQL,
): SQL {
  return sql`exists (select 1 from ${variantConnections} where ${variantConnections.variantId} = ${storeVariantIdSql(storeId, productExternalId, variantExternalId)} and ${variantConnections.skuId} in ${skuIds})`;
}

export interface LineConnection {
  storeProductId: string;
  variantId: string;
  connection: {
    state: 'connected' | 'needs-review';
    reviewReason: 'taken-down' | 'options-changed' | null;
    skuId: number;
  } | null;
}

/** Each line's store variant (when brought in) and its connection, by `product|variant`. */
export async function connectionsOfLines(
  db: Db,
  storeId: string,
  refs: ReadonlyArray<{ productExternalId: string; variantExternalId: string }>,
): Promise<Map<string, LineConnection>> {
  const variants = await storeVariantsByExternalIds(db, storeId, refs);
  const ids = [...variants.values()].map((v) => v.variantId);
  const rows = ids.length
    ? await db.select().from(variantConnections).where(inArray(variantConnections.variantId, ids))
    : [];
  const byVariant = new Map(rows.map((r) => [r.variantId, r]));
  const out = new Map<string, LineConnection>();
  for (const [key, v] of variants) {
    const c = byVariant.get(v.variantId);
    out.set(key, {
      ...v,
      connection: c ? { state: c.state, reviewReason: c.reviewReason, skuId: c.skuId } : null,
    });
  }
  return out;
}

/** The catalogue SKUs of connections as the owner recognises them (skuRef), with whether they are on sale. */
export async function connectedSkuRefs(db: Db, skuIds: number[], locale: Locale) {
  const skus = await getConnectableSkus(db, skuIds, locale);
  return new Map([...skus].map(([id, s]) => [id, { ref: skuRef(s), onSale: s.onSale, stock: s.stock }]));
}
