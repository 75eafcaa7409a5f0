import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WooEmulator, startWooEmulator } from './emulator.js';

// The emulated store's orders as a person sees them: the admin page's order form and list.
let e: WooEmulator;
beforeAll(async () => {
  e = await startWooEmulator({ seed: true, shipmentTracking: true });
});
afterAll(async () => {
  await e.close();
});

const form = (path: string, fields: Record<string, string>) =>
  fetch(`${e.baseUrl}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

describe('WooCommerce emulator orders', () => {
  it('the admin page places an order from chosen variations, a buyer and an address, and lists it', async () => {
    const page = await (await fetch(`${e.baseUrl}/wp-admin`)).text();
    expect(page).toContain('<form method="post" action="/wp-admin/orders" id="new-order">');
    const tee = [...e.store.products.values()].find((p) => p.name === 'Organic cotton T-shirt')!;
    const tote = [...e.store.products.values()].find((p) => p.name === 'Canvas tote bag')!;
    const v = tee.variations[1]!;
    expect(page).toContain(`name="qty_${tee.id}_${v.id}"`);
    const res = await form('/wp-admin/orders', {
      [`qty_${tee.id}_${v.id}`]: '2',
      [`qty_${tote.id}_0`]: '1',
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      address_1: '1 Navy Way',
      city: 'Arlington',
      postcode: '22202',
      country: 'us',
      status: 'processing',
      blank_shipping: '1',
    });
    expect(res.status).toBe(303);
    const order = [...e.orders.orders.values()].at(-1)!;
    expect(order.lines.map((l) => [l.productId, l.variationId, l.quantity, l.sku])).toEqual([
      [tee.id, v.id, 2, v.sku],
      [tote.id, 0, 1, 'TOTE-1'],
    ]);
    expect(order.billing).toMatchObject({ first_name: 'Grace', country: 'US' });
    expect(order.shipping.address_1).toBe('');
    const after = await (await fetch(`${e.baseUrl}/wp-admin`)).text();
    expect(after).toContain(`id="order-${order.id}"`);
    expect(after).toContain('(blank: the billing address is used)');
  });

  it('an empty order is refused in words; the status form moves an order on', async () => {
    const res = await form('/wp-admin/orders', { first_name: 'X', address_1: 'Y', country: 'US' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Choose a quantity of at least one product.');
    const order = [...e.orders.orders.values()].at(-1)!;
    expect((await form('/wp-admin/orders/status', { id: String(order.id), status: 'on-hold' })).status).toBe(303);
    expect(e.orders.get(order.id).status).toBe('on-hold');
    expect(e.orders.get(order.id).notes.at(-1)!.note).toBe('Order status changed from Processing to On hold.');
  });

  it('shows tracking and notes written through the API', async () => {
    const order = [...e.orders.orders.values()].at(-1)!;
    e.orders.addTracking(order, { custom_tracking_provider: 'DHL', tracking_number: 'JD014600' });
    e.orders.note(order, 'Shipped with DHL\nTracking number: JD014600', true);
    const page = await (await fetch(`${e.baseUrl}/wp-admin`)).text();
    expect(page).toContain('<code class="tracking">JD014600</code> DHL');
    expect(page).toContain('<strong>to the buyer:</strong> Shipped with DHL<br>Tracking number: JD014600');
  });
});
