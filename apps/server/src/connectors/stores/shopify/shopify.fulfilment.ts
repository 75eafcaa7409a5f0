import {
  StorePlatformError,
  type TrackingPush,
  type TrackingPushResult,
  type TrackingShipment,
} from '../store-platform.js';
import { trackingInfoOf } from './shopify.carriers.js';
import type { ShopifyAdmin } from './shopify.graphql.js';
import { orderGid } from './shopify.orders.js';

/**
 * Tracking back to a Shopify order (connector-protocols.md §1.5, §6.1; decision 0115). The
 * order's fulfilments and fulfillment orders are read first, every time: a retry after an answer
 * that was lost finds the fulfilment it made and makes no second one; a fulfilment the merchant
 * made by hand is reported, not doubled.
 */

export const ORDER_FULFILMENT_QUERY = `query OrderFulfilment($id: ID!) {
  order(id: $id) {
    id
    fulfillments(first: 20) { id status trackingInfo(first: 5) { company number url } }
    # Five locations' fulfillment orders: with each line item's order line, ten would pass Shopify's 1,000-point query cap.
    fulfillmentOrders(first: 5) {
      nodes { id status lineItems(first: 50) { nodes { id remainingQuantity lineItem { id } } } }
    }
  }
}`;

export const FULFILMENT_CREATE_MUTATION = `mutation FulfillmentCreate($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) {
    fulfillment { id status trackingInfo(first: 5) { company number url } }
    userErrors { field message }
  }
}`;

export const TRACKING_UPDATE_MUTATION = `mutation FulfillmentTrackingInfoUpdate($fulfillmentId: ID!, $trackingInfoInput: FulfillmentTrackingInput!, $notifyCustomer: Boolean) {
  fulfillmentTrackingInfoUpdate(fulfillmentId: $fulfillmentId, trackingInfoInput: $trackingInfoInput, notifyCustomer: $notifyCustomer) {
    fulfillment { id status trackingInfo(first: 5) { company number url } }
    userErrors { field message }
  }
}`;

interface GqlFulfilment {
  id: string;
  status: string;
  trackingInfo: Array<{ company: string | null; number: string | null; url: string | null }>;
}

interface GqlFulfilmentOrder {
  id: string;
  status: string;
  lineItems: { nodes: Array<{ id: string; remainingQuantity: number; lineItem?: { id: string } | null }> };
}

interface OrderAnswer {
  order: {
    id: string;
    fulfillments: GqlFulfilment[];
    fulfillmentOrders: { nodes: GqlFulfilmentOrder[] };
  } | null;
}

type MutationAnswer<K extends string> = Record<
  K,
  { fulfillment: GqlFulfilment | null; userErrors: Array<{ field?: string[] | null; message?: string }> } | null
>;

/** Fulfilments that stand: a cancelled or failed one does not carry tracking to the buyer. */
const standing = (f: GqlFulfilment) => !['CANCELLED', 'ERROR', 'FAILURE'].includes(f.status);
/** Fulfillment orders with something left to ship. */
const openOrders = (nodes: GqlFulfilmentOrder[]) =>
  nodes.filter(
    (fo) => ['OPEN', 'IN_PROGRESS'].includes(fo.status) && fo.lineItems.nodes.some((l) => l.remainingQuantity > 0),
  );

type FulfilmentGroup = {
  fulfillmentOrderId: string;
  fulfillmentOrderLineItems: Array<{ id: string; quantity: number }>;
};

/** Every open fulfillment order with what remains of each line: the whole rest of the order. */
function wholeRest(open: GqlFulfilmentOrder[]): FulfilmentGroup[] {
  return open.map((fo) => ({
    fulfillmentOrderId: fo.id,
    fulfillmentOrderLineItems: fo.lineItems.nodes
      .filter((l) => l.remainingQuantity > 0)
      .map((l) => ({ id: l.id, quantity: l.remainingQuantity })),
  }));
}

/**
 * Only the parcel's lines (decision 0121): each order line it carries, found on the fulfillment
 * orders by its line item, up to what remains there. Empty when nothing of it is left to fulfil.
 */
function parcelOnly(open: GqlFulfilmentOrder[], shipment: TrackingShipment): FulfilmentGroup[] {
  const wanted = new Map<string, number>();
  for (const l of shipment.lines) wanted.set(l.externalId, (wanted.get(l.externalId) ?? 0) + l.quantity);
  const groups: FulfilmentGroup[] = [];
  for (const fo of open) {
    const items: Array<{ id: string; quantity: number }> = [];
    for (const l of fo.lineItems.nodes) {
      const want = l.lineItem ? (wanted.get(l.lineItem.id) ?? 0) : 0;
      const quantity = Math.min(want, l.remainingQuantity);
      if (quantity <= 0) continue;
      items.push({ id: l.id, quantity });
      wanted.set(l.lineItem!.id, want - quantity);
    }
    if (items.length) groups.push({ fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: items });
  }
  return groups;
}

function refused(userErrors: Array<{ message?: string }>): StorePlatformError {
  return new StorePlatformError('shopify', 'invalid', (userErrors[0]?.message ?? 'refused').slice(0, 200));
}

export async function pushShopifyTracking(
  admin: ShopifyAdmin,
  orderExternalId: string,
  push: TrackingPush,
  previous?: { fulfilmentId: string } | null,
): Promise<TrackingPushResult> {
  const id = orderGid(orderExternalId);
  if (!id) throw new StorePlatformError('shopify', 'not-found', 'not a Shopify order id');
  const data = await admin.request<OrderAnswer>(ORDER_FULFILMENT_QUERY, { id });
  if (!data.order) throw new StorePlatformError('shopify', 'not-found', 'the order is not in the shop');
  const fulfilments = (data.order.fulfillments ?? []).filter(standing);

  // Already there (a retry whose first answer was lost, or the same number pushed again).
  const carrying = fulfilments.find((f) => f.trackingInfo.some((t) => t.number === push.number));
  if (carrying) return { fulfilmentId: carrying.id, outcome: 'already' };

  const trackingInfo = trackingInfoOf(push.company, push.number, push.url);
  const ours = previous ? fulfilments.find((f) => f.id === previous.fulfilmentId) : undefined;
  if (ours) {
    const answer = await admin.request<MutationAnswer<'fulfillmentTrackingInfoUpdate'>>(
      TRACKING_UPDATE_MUTATION,
      { fulfillmentId: ours.id, trackingInfoInput: trackingInfo, notifyCustomer: push.notifyCustomer },
      { mutation: true },
    );
    const out = answer.fulfillmentTrackingInfoUpdate;
    if (!out?.fulfillment) throw refused(out?.userErrors ?? []);
    return { fulfilmentId: out.fulfillment.id, outcome: 'updated' };
  }

  const open = openOrders(data.order.fulfillmentOrders?.nodes ?? []);
  // A parcel of a split store order fulfils its own lines; the fulfilments of its sibling parcels are ours.
  const groups = push.shipment?.lines.length ? parcelOnly(open, push.shipment) : wholeRest(open);
  if (!groups.length) {
    // Nothing of it left to ship: the merchant fulfilled it in the store with other tracking.
    const siblings = new Set(push.shipment?.siblingNumbers ?? []);
    const byHand = fulfilments.filter((f) => !f.trackingInfo.some((t) => t.number && siblings.has(t.number)));
    if (byHand.length) return { fulfilmentId: byHand[0]!.id, outcome: 'by-hand' };
    throw new StorePlatformError('shopify', 'invalid', 'the order has nothing left to fulfil (closed or cancelled)');
  }
  const answer = await admin.request<MutationAnswer<'fulfillmentCreate'>>(
    FULFILMENT_CREATE_MUTATION,
    {
      fulfillment: {
        lineItemsByFulfillmentOrder: groups,
        trackingInfo,
        notifyCustomer: push.notifyCustomer,
      },
    },
    { mutation: true },
  );
  const out = answer.fulfillmentCreate;
  if (!out?.fulfillment) throw refused(out?.userErrors ?? []);
  return { fulfilmentId: out.fulfillment.id, outcome: 'created' };
}
