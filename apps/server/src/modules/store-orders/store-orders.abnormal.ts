import type { StoreOrderAbnormalReason } from '@dsm/contract';
import type { StoreOrderAddress, StoreOrderData } from '../../connectors/stores/store-platform';
import type { Db } from '../../db/client';
import { type LineConnection, connectedSkuRefs, connectionsOfLines } from '../connections/connections.service';

/**
 * The problems an unpaid store order can show now (issue 21, SPEC §4 and §8), first found first:
 * an address we could not ship to ("The shipping address is empty": no name, street or country),
 * then a connected catalogue SKU taken down ("Sorry! some of the products you have selected have
 * been taken down.") or short of stock for the line's quantity. A line not connected is not a
 * problem here: that is what "unrelated" says. Reasons the owner ignored are skipped.
 */
export function addressIncomplete(a: StoreOrderAddress | null): boolean {
  return !a || !a.name.trim() || !a.line1.trim() || !a.countryCode.trim();
}

/** What judging an order needs: its address and lines (a copy from the store, or the rows we keep). */
export type JudgedOrder = Pick<StoreOrderData, 'shippingAddress'> & {
  lines: ReadonlyArray<
    Pick<StoreOrderData['lines'][number], 'productExternalId' | 'variantExternalId' | 'quantity'> & {
      /** An imported line's catalogue SKU (decision 0125): judged by it, not by a connection. */
      skuId?: number | null;
    }
  >;
};

export async function detectAbnormal(
  db: Db,
  storeId: string | null,
  d: JudgedOrder,
  ignored: ReadonlySet<StoreOrderAbnormalReason>,
): Promise<StoreOrderAbnormalReason | null> {
  if (!ignored.has('address-incomplete') && addressIncomplete(d.shippingAddress)) return 'address-incomplete';
  if (ignored.has('sku-taken-down') && ignored.has('sku-out-of-stock')) return null;
  const refs = d.lines.flatMap((l) =>
    l.productExternalId && l.variantExternalId && (l.skuId ?? null) === null
      ? [{ productExternalId: l.productExternalId, variantExternalId: l.variantExternalId, quantity: l.quantity }]
      : [],
  );
  // An order with no store (an Excel import) has no connections: its lines name their SKU.
  const connections =
    storeId && refs.length ? await connectionsOfLines(db, storeId, refs) : new Map<string, LineConnection>();
  const wanted = new Map<number, { quantity: number }>();
  for (const l of d.lines) {
    if (l.skuId === undefined || l.skuId === null) continue;
    const w = wanted.get(l.skuId) ?? { quantity: 0 };
    w.quantity += l.quantity;
    wanted.set(l.skuId, w);
  }
  for (const r of refs) {
    const c = connections.get(`${r.productExternalId}|${r.variantExternalId}`)?.connection;
    if (!c) continue;
    const w = wanted.get(c.skuId) ?? { quantity: 0 };
    w.quantity += r.quantity;
    wanted.set(c.skuId, w);
  }
  if (!wanted.size) return null;
  // The SKU as it is now (decision 0120): one put back on sale no longer flags the order, even
  // while its connection still waits for the seller's review.
  const skus = await connectedSkuRefs(db, [...wanted.keys()], 'en-US');
  const takenDown = [...wanted].some(([id]) => !skus.get(id)?.onSale);
  if (takenDown && !ignored.has('sku-taken-down')) return 'sku-taken-down';
  const short = [...wanted].some(([id, w]) => (skus.get(id)?.stock ?? 0) < w.quantity);
  if (short && !ignored.has('sku-out-of-stock')) return 'sku-out-of-stock';
  return null;
}
