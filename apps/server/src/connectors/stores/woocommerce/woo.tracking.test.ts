import { afterAll, describe, expect, it } from 'vitest';
import { type WooEmulator, startWooEmulator } from '../../../sandbox/woocommerce/emulator';
import type { TrackingPush } from '../store-platform';
import { WooClient } from './woo.client';

// Tracking written to an emulated WooCommerce order: what the merchant and the buyer then see in
// the store (status, notes, Shipment Tracking items), whatever fails on the way.
const fast = { backoffMs: 1, retries: 2, timeoutMs: 5000 };
const emulators: WooEmulator[] = [];
afterAll(async () => {
  for (const e of emulators) await e.close();
});

async function shop(shipmentTracking: boolean) {
  const e = await startWooEmulator({ retryAfterSeconds: 0, shipmentTracking });
  emulators.push(e);
  const mug = e.store.add({ name: 'Mug', sku: 'MUG', price: '12.50' });
  const client = new WooClient({ baseUrl: e.baseUrl, credentials: e.firstKey, http: fast });
  const order = (status: 'processing' | 'completed' | 'cancelled' = 'processing') =>
    e.orders.create({
      lines: [{ productId: mug.id, quantity: 1 }],
      billing: { first_name: 'Ada', address_1: '1 Main St', country: 'US' },
      status,
    });
  return { e, client, order };
}

const push = (number: string, notifyCustomer = false): TrackingPush => ({
  company: 'DHL',
  number,
  url: `https://track.example/${number}`,
  notifyCustomer,
});
/** Our notes only (a status change adds WooCommerce's own). */
const ours = (e: WooEmulator, id: number) => e.orders.get(id).notes.filter((n) => n.note.includes('Tracking number:'));

describe('WooCommerce tracking push, store with Shipment Tracking', async () => {
  const w = await shop(true);

  it('first push: a tracking item, status completed, a customer note; the same push again writes nothing', async () => {
    const o = w.order();
    const first = await w.client.pushTracking(String(o.id), push('JD0001', true));
    expect(first.outcome).toBe('created');
    const stored = w.e.orders.get(o.id);
    expect(stored.status).toBe('completed');
    expect(stored.trackings).toEqual([
      expect.objectContaining({
        tracking_id: first.fulfilmentId,
        tracking_number: 'JD0001',
        custom_tracking_provider: 'DHL',
        custom_tracking_link: 'https://track.example/JD0001',
      }),
    ]);
    expect(ours(w.e, o.id)).toEqual([
      expect.objectContaining({
        customerNote: true,
        note: 'Shipped with DHL\nTracking number: JD0001\nTrack: https://track.example/JD0001',
      }),
    ]);
    const read = (await w.client.getOrder(String(o.id)))!;
    expect(read).toMatchObject({ fulfilled: true, fulfilments: [{ company: 'DHL', trackingNumber: 'JD0001' }] });
    expect(await w.client.pushTracking(String(o.id), push('JD0001', true))).toEqual({
      fulfilmentId: first.fulfilmentId,
      outcome: 'already',
    });
    expect(w.e.orders.get(o.id).trackings).toHaveLength(1);
    expect(ours(w.e, o.id)).toHaveLength(1);
  });

  it('an answer lost after the tracking item, or after the note: the retry never writes a second one', async () => {
    const a = w.order();
    w.e.loseAnswers(1); // the tracking POST acts, its answer is lost
    await expect(w.client.pushTracking(String(a.id), push('JD0002'))).rejects.toMatchObject({ kind: 'unavailable' });
    expect(w.e.orders.get(a.id).trackings).toHaveLength(1);
    expect((await w.client.pushTracking(String(a.id), push('JD0002'))).outcome).toBe('created');
    expect(w.e.orders.get(a.id)).toMatchObject({ status: 'completed', trackings: [{ tracking_number: 'JD0002' }] });
    expect(ours(w.e, a.id)).toHaveLength(1);

    const b = w.order();
    w.e.loseAnswers(1, 2); // tracking and status answered, the note's answer lost
    await expect(w.client.pushTracking(String(b.id), push('JD0003'))).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await w.client.pushTracking(String(b.id), push('JD0003'))).toMatchObject({ outcome: 'already' });
    expect(w.e.orders.get(b.id).trackings).toHaveLength(1);
    expect(ours(w.e, b.id)).toHaveLength(1);
    expect(ours(w.e, b.id)[0]!.customerNote).toBe(false);
  });

  it('a changed number replaces our tracking item and tells the buyer the new one', async () => {
    const o = w.order();
    const first = await w.client.pushTracking(String(o.id), push('JD0004'));
    const second = await w.client.pushTracking(String(o.id), push('JD0005'), { fulfilmentId: first.fulfilmentId });
    expect(second.outcome).toBe('updated');
    expect(w.e.orders.get(o.id).trackings.map((t) => [t.tracking_id, t.tracking_number])).toEqual([
      [second.fulfilmentId, 'JD0005'],
    ]);
    expect(ours(w.e, o.id).map((n) => n.note.split('\n')[1])).toEqual([
      'Tracking number: JD0004',
      'Tracking number: JD0005',
    ]);
  });

  it('shipped by hand in the store with other tracking: reported, nothing added', async () => {
    const o = w.order();
    w.e.orders.update(o.id, { status: 'completed' });
    w.e.orders.addTracking(w.e.orders.get(o.id), { tracking_provider: 'USPS', tracking_number: '9400111' });
    expect((await w.client.pushTracking(String(o.id), push('JD0006'))).outcome).toBe('by-hand');
    expect(w.e.orders.get(o.id).trackings).toHaveLength(1);
    expect(ours(w.e, o.id)).toHaveLength(0);
  });

  it('429 and 5xx on reads are retried; a cancelled order is refused in words', async () => {
    const o = w.order();
    w.e.throttle(2);
    expect((await w.client.pushTracking(String(o.id), push('JD0007'))).outcome).toBe('created');
    const p = w.order();
    w.e.fail(2);
    expect((await w.client.pushTracking(String(p.id), push('JD0008'))).outcome).toBe('created');
    const c = w.order('cancelled');
    await expect(w.client.pushTracking(String(c.id), push('JD0009'))).rejects.toMatchObject({
      kind: 'invalid',
      detail: 'the order is cancelled in the store',
    });
    await expect(w.client.pushTracking('424242', push('JD0010'))).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('a 5xx on a write is not sent again by the client; the caller’s retry finishes once', async () => {
    const o = w.order();
    w.e.fail(1, 2); // the order and its trackings are read, the tracking POST answers 503
    await expect(w.client.pushTracking(String(o.id), push('JD0011'))).rejects.toMatchObject({ kind: 'unavailable' });
    expect(w.e.orders.get(o.id).trackings).toHaveLength(0);
    expect((await w.client.pushTracking(String(o.id), push('JD0011'))).outcome).toBe('created');
    expect(w.e.orders.get(o.id).trackings).toHaveLength(1);
  });
});

describe('WooCommerce tracking push, store without the extension', async () => {
  const w = await shop(false);

  it('status completed and a private note; the note is the fulfilment; a retry finds it', async () => {
    const o = w.order();
    const first = await w.client.pushTracking(String(o.id), push('LX0001'));
    expect(first.outcome).toBe('created');
    expect(w.e.orders.get(o.id).status).toBe('completed');
    expect(ours(w.e, o.id)).toEqual([expect.objectContaining({ id: Number(first.fulfilmentId), customerNote: false })]);
    expect(await w.client.pushTracking(String(o.id), push('LX0001'))).toEqual({
      fulfilmentId: first.fulfilmentId,
      outcome: 'already',
    });
    const changed = await w.client.pushTracking(String(o.id), push('LX0002'), first);
    expect(changed.outcome).toBe('updated');
    expect(ours(w.e, o.id)).toHaveLength(2);
  });

  it('without a link from us the note carries a universal one', async () => {
    const o = w.order();
    await w.client.pushTracking(String(o.id), {
      company: 'YunExpress',
      number: 'YT99',
      url: null,
      notifyCustomer: true,
    });
    expect(ours(w.e, o.id)[0]!.note).toBe(
      'Shipped with YunExpress\nTracking number: YT99\nTrack: https://t.17track.net/en#nums=YT99',
    );
  });

  it('an order the merchant completed by hand without tracking gets our note, its status untouched', async () => {
    const o = w.order('completed');
    expect((await w.client.pushTracking(String(o.id), push('LX0003'))).outcome).toBe('created');
    expect(w.e.orders.get(o.id).notes.filter((n) => n.note.startsWith('Order status'))).toHaveLength(0);
  });
});
