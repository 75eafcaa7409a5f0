import { and, eq, inArray } from 'drizzle-orm';
import type { TrackingShipment } from '../../connectors/stores/store-platform';
import type { Db } from '../../db/client';
import { connectionsOfLines } from '../connections/connections.service';
import { linesOfOrder, ordersOfStoreOrders } from '../orders/orders.service';
import { storeOrderLines, storeOrders, storeTrackingPushes } from './store-orders.tables';

/**
 * A store order paid as several shipments (one order per warehouse, decision 0118) is tracked
 * parcel by parcel (decision 0121): each push names the store's lines its order carries, whether
 * the other parcels have all shipped, and the numbers already pushed for them. Null for a store
 * order paid as one shipment: the push fulfils the whole order, as before.
 */

/** States after which an order's parcel no longer waits to leave. */
const GONE = new Set(['shipped', 'delivered', 'trashed', 'split']);

export async function shipmentOf(
  db: Db,
  order: { id: string; userId: string; storeId: string },
  externalId: string,
): Promise<TrackingShipment | null> {
  const all = await ordersOfStoreOrders(db, order.userId, [{ storeId: order.storeId, ref: externalId }]);
  const siblings = all.filter((o) => o.id !== order.id && o.state !== 'split');
  if (!siblings.length) return null;

  // The store's lines whose connected SKU this order carries: a SKU ships from one warehouse, so
  // from one parcel. Connections are read now: one changed since payment leaves its line out.
  const skus = new Set((await linesOfOrder(db, order.id)).map((l) => Number(l.skuId)));
  const [row] = await db
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .where(and(eq(storeOrders.storeId, order.storeId), eq(storeOrders.externalId, externalId)));
  const lines = row
    ? await db
        .select()
        .from(storeOrderLines)
        .where(eq(storeOrderLines.storeOrderId, row.id))
        .orderBy(storeOrderLines.position)
    : [];
  const connections = await connectionsOfLines(
    db,
    order.storeId,
    lines.map((l) => ({ productExternalId: l.productExternalId ?? '', variantExternalId: l.variantExternalId ?? '' })),
  );
  const carried = lines.filter((l) => {
    const c = connections.get(`${l.productExternalId}|${l.variantExternalId}`)?.connection;
    return c ? skus.has(Number(c.skuId)) : false;
  });

  const pushed = await db
    .select({ number: storeTrackingPushes.trackingNumber })
    .from(storeTrackingPushes)
    .where(
      inArray(
        storeTrackingPushes.orderId,
        siblings.map((o) => o.id),
      ),
    );
  return {
    lines: carried.map((l) => ({ externalId: l.externalId, title: l.title, quantity: l.quantity })),
    last: siblings.every((o) => GONE.has(o.state)),
    siblingNumbers: pushed.map((p) => p.number),
  };
}
