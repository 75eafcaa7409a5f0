import { jsonOf } from '../http.js';
import { StorePlatformError, type TrackingPush, type TrackingPushResult } from '../store-platform.js';
import { universalTrackingUrl } from '../tracking-url.js';
import { type WooRequester, errorOf } from './woo.request.js';
import { getRawWooOrder } from './woo.order-reads.js';
import { type WooTrackingItem, wooOrderStatus } from './woo.orders.js';

/** The Shipment Tracking extension's REST namespace (connector-protocols.md §6.2). */
export const SHIPMENT_TRACKING = '/wp-json/wc-shipment-tracking/v3';

interface WooNote {
  id: number;
  note?: string | null;
}

/** Our note, one fact a line, so a retry can find its own number again by an exact line. */
export function trackingNote(push: TrackingPush): string {
  return [
    `Shipped with ${push.company}`,
    `Tracking number: ${push.number}`,
    ...(push.url ? [`Track: ${push.url}`] : []),
    // A parcel of several: the buyer reads what this one holds.
    ...(push.shipment?.lines.length
      ? [`In this parcel: ${push.shipment.lines.map((l) => `${l.title} × ${l.quantity}`).join(', ')}`]
      : []),
  ].join('\n');
}

/** The tracking numbers our notes carry (WordPress may turn line breaks into `<br />`). */
function numbersIn(note: string): string[] {
  return note
    .split(/\r?\n|<br\s*\/?>/i)
    .map((l) => /^\s*Tracking number: (\S+)\s*$/.exec(l.replace(/<[^>]*>/g, ''))?.[1])
    .filter((n): n is string => Boolean(n));
}

/** The extension's trackings on the order, or null when the store has no such extension. */
async function readTrackings(client: WooRequester, orderId: string): Promise<WooTrackingItem[] | null> {
  const res = await client.request('GET', `${SHIPMENT_TRACKING}/orders/${orderId}/shipment-trackings`);
  if (res.status === 404 && /rest_no_route/.test(res.text)) return null;
  if (res.status < 200 || res.status >= 300) throw errorOf(res);
  const list = jsonOf<WooTrackingItem[]>('woocommerce', res);
  if (!Array.isArray(list))
    throw new StorePlatformError('woocommerce', 'protocol', 'the tracking list is not an array');
  return list;
}

/**
 * Writes tracking to a WooCommerce order (decision 0114): a tracking item when the store has the
 * Shipment Tracking extension, the status `completed`, and a note with the carrier and number
 * (a customer note, e-mailed to the buyer, when `notifyCustomer`). Every step reads before it
 * writes, so a retry after a lost answer finishes what is missing and never writes twice; the
 * extension's items are the fulfilments (another number there that is not ours → `by-hand`).
 * POSTs are never re-sent by `storeFetch`; the caller's retry calls this again.
 */
export async function pushWooTracking(
  client: WooRequester,
  orderId: string,
  push: TrackingPush,
  previous: { fulfilmentId: string } | null | undefined,
): Promise<TrackingPushResult> {
  const number = push.number.trim();
  if (!number || /\s/.test(number))
    throw new StorePlatformError('woocommerce', 'invalid', 'the tracking number is empty or has spaces');
  // WooCommerce builds no link from a carrier name: without ours the buyer gets a universal one.
  const url = push.url ?? universalTrackingUrl(number);
  const order = await getRawWooOrder(client, orderId);
  if (!order) throw new StorePlatformError('woocommerce', 'not-found', `order ${orderId} is not in the store`, 404);
  const state = wooOrderStatus(order.status);
  if (state.status !== 'open')
    throw new StorePlatformError('woocommerce', 'invalid', `the order is ${order.status} in the store`);

  let wrote = false;
  let replaced = false;
  let trackingId: string | null = null;
  // The numbers of this store order's other parcels are ours, not a fulfilment made by hand.
  const siblings = new Set(push.shipment?.siblingNumbers ?? []);
  const trackings = (await readTrackings(client, orderId))?.filter(
    (t) => !siblings.has(t.tracking_number?.trim() ?? ''),
  );
  if (trackings) {
    const same = trackings.find((t) => t.tracking_number?.trim() === number);
    const ours = previous ? trackings.find((t) => String(t.tracking_id) === previous.fulfilmentId) : undefined;
    if (same) trackingId = String(same.tracking_id);
    else if (!ours && !previous && trackings.length)
      // The merchant shipped it by hand with other tracking: reported, never doubled.
      return { fulfilmentId: String(trackings[0]!.tracking_id ?? ''), outcome: 'by-hand' };
    else {
      if (ours) {
        const del = await client.request(
          'DELETE',
          `${SHIPMENT_TRACKING}/orders/${orderId}/shipment-trackings/${encodeURIComponent(String(ours.tracking_id))}`,
        );
        if (del.status !== 404 && (del.status < 200 || del.status >= 300)) throw errorOf(del);
      }
      replaced = Boolean(previous);
      const { data } = await client.call<WooTrackingItem>(
        'POST',
        `${SHIPMENT_TRACKING}/orders/${orderId}/shipment-trackings`,
        {},
        {
          custom_tracking_provider: push.company,
          tracking_number: number,
          custom_tracking_link: url,
          date_shipped: new Date().toISOString().slice(0, 10),
        },
      );
      trackingId = String(data.tracking_id ?? '');
      wrote = true;
    }
  }

  // Completed when the whole order has shipped: a parcel of several waits for the last one.
  if (!state.fulfilled && (push.shipment?.last ?? true)) {
    // The extension adds its items to the "completed" e-mail, so the status goes after the item.
    await client.call('PUT', `/orders/${orderId}`, {}, { status: 'completed' });
    wrote = true;
  }

  const { data: notes } = await client.call<WooNote[]>('GET', `/orders/${orderId}/notes`);
  if (!Array.isArray(notes)) throw new StorePlatformError('woocommerce', 'protocol', 'the note list is not an array');
  const carried = notes.map((n) => ({ id: n.id, numbers: numbersIn(String(n.note ?? '')) }));
  let noteId = carried.find((n) => n.numbers.includes(number))?.id;
  if (noteId === undefined) {
    if (carried.some((n) => n.numbers.some((x) => !siblings.has(x)))) replaced = true;
    const { data } = await client.call<WooNote>(
      'POST',
      `/orders/${orderId}/notes`,
      {},
      {
        note: trackingNote({ ...push, number, url }),
        customer_note: push.notifyCustomer,
      },
    );
    noteId = data.id;
    wrote = true;
  }
  return {
    fulfilmentId: trackingId ?? String(noteId),
    outcome: !wrote ? 'already' : replaced ? 'updated' : 'created',
  };
}
