import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AliExpressEmulator, DEMO_SELLER, startAliExpressEmulator } from './emulator.js';

// The emulated AliExpress's orders as a person sees them: the admin page's order form and list.
let ae: AliExpressEmulator;
beforeAll(async () => {
  ae = await startAliExpressEmulator({ seed: true });
});
afterAll(async () => {
  await ae.close();
});

const form = (path: string, fields: Record<string, string>) =>
  fetch(`${ae.baseUrl}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

describe('AliExpress emulator orders', () => {
  it('the admin page places an order from chosen SKUs and lists it with its shipments', async () => {
    const page = await (await fetch(`${ae.baseUrl}/admin`)).text();
    expect(page).toContain('<form method="post" action="/admin/orders" id="new-order">');
    const yoga = ae.seller(DEMO_SELLER).products.find((p) => p.subject === 'Yoga mat')!;
    const res = await form('/admin/orders', {
      account: DEMO_SELLER,
      [`qty_${yoga.productId}_YOGA-M`]: '3',
      first_name: 'Lin',
      last_name: 'Wei',
      address: '500 Pine Street',
      city: 'Seattle',
      zip: '98101',
      country: 'us',
    });
    expect(res.status).toBe(303);
    const order = ae.seller(DEMO_SELLER).orders.at(-1)!;
    expect(order).toMatchObject({
      status: 'WAIT_SELLER_SEND_GOODS',
      lines: [{ productId: yoga.productId, skuCode: 'YOGA-M', count: 3, price: '24.00' }],
      address: { contactPerson: 'Lin Wei', country: 'US' },
    });
    order.shipments.push({ serviceName: 'DHL', logisticsNo: 'LP0099', website: '', sentAt: Date.now() });
    const after = await (await fetch(`${ae.baseUrl}/admin`)).text();
    expect(after).toContain(`id="order-${order.orderId}"`);
    expect(after).toContain('<code class="tracking">LP0099</code> DHL');
  });

  it('an order without a SKU chosen is refused in words; the status form moves an order on', async () => {
    const res = await form('/admin/orders', { account: DEMO_SELLER, address: 'x', country: 'US' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Choose a quantity of at least one SKU.');
    const order = ae.seller(DEMO_SELLER).orders.at(-1)!;
    const moved = await form('/admin/orders/status', {
      id: order.orderId,
      status: 'FINISH',
      end_reason: 'refund_success',
    });
    expect(moved.status).toBe(303);
    expect(ae.order(order.orderId)).toMatchObject({ status: 'FINISH', endReason: 'refund_success' });
  });
});
