import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { connectedStore, newUser, storeOrderIn } from '../../../test/factories';
import { type WooEmulator, startWooEmulator } from '../../sandbox/woocommerce/emulator';

// The same journey for a WooCommerce store, without the browser (issue 21, decision 0115): the
// operator ships, the job writes the tracking through the WooCommerce connector (decision 0114),
// and the emulated store shows the order completed with the tracking note.
let emu: WooEmulator;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;

beforeAll(async () => {
  emu = await startWooEmulator({ retryAfterSeconds: 0, shipmentTracking: false });
  ctx = await createTestApp(
    {
      stores: {
        allowPrivateAddresses: true,
        pullEverySeconds: 3600,
        http: { backoffMs: 1, retries: 1, timeoutMs: 3000 },
      },
    },
    undefined,
    { workJobs: true, jobOptions: { retryBaseMs: 20, pollMs: 50 } },
  );
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(async () => {
  await ctx.app.close();
  await emu.close();
});

async function shippable(emailPermission: boolean) {
  const mug = emu.store.add({ name: 'Mug', sku: `MUG-${Math.random().toString(36).slice(2, 6)}`, price: '12.50' });
  const wooOrder = emu.orders.create({
    lines: [{ productId: mug.id, quantity: 2 }],
    billing: { first_name: 'Ada', address_1: '1 Main St', country: 'US' },
    status: 'processing',
  });
  const user = await newUser(ctx.db);
  const storeId = await connectedStore(ctx.db, ctx.config, {
    userId: user.userId,
    platform: 'woocommerce',
    address: `${new URL(emu.baseUrl).host}/${Math.random().toString(36).slice(2, 8)}`,
    baseUrl: emu.baseUrl,
    credentials: emu.firstKey,
    emailPermission,
  });
  const order = await storeOrderIn(ctx.db, { userId: user.userId, storeId, storeOrderRef: String(wooOrder.id) });
  return { wooOrder, order, token: await sessionFor(ctx.db, user.email) };
}
const ship = (id: string, carrier: string, trackingNumber: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/ship`,
    payload: { carrier, trackingNumber },
    headers: { authorization: `Bearer ${operator}`, 'idempotency-key': crypto.randomUUID() },
  });
async function until<T>(what: () => T | Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}
const trackingNotes = (id: number) => emu.orders.get(id).notes.filter((n) => n.note.includes('Tracking number:'));

describe('tracking back to a WooCommerce store', () => {
  it('ships → the order is completed with one tracking note, private while the e-mail permission is off', async () => {
    const s = await shippable(false);
    expect((await ship(s.order.id, 'YunExpress Standard', 'YT 0001 0002')).statusCode).toBe(200);
    const notes = await until(
      () => trackingNotes(s.wooOrder.id),
      (n) => n.length > 0,
    );
    expect(emu.orders.get(s.wooOrder.id).status).toBe('completed');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ customerNote: false });
    expect(notes[0]!.note).toContain('Tracking number: YT00010002');
    const push = await until(
      async () =>
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/p/orders/${s.order.id}`,
            headers: { authorization: `Bearer ${s.token}` },
          })
        ).json().data.trackingPush,
      (p) => p?.state === 'sent',
    );
    expect(push).toMatchObject({ state: 'sent', trackingNumber: 'YT00010002' });
  });

  it('with the e-mail permission on, the note is a customer note (WooCommerce e-mails the buyer)', async () => {
    const s = await shippable(true);
    await ship(s.order.id, 'DHL Express', 'JD0099');
    const notes = await until(
      () => trackingNotes(s.wooOrder.id),
      (n) => n.length > 0,
    );
    expect(notes).toEqual([expect.objectContaining({ customerNote: true })]);
  });
});
