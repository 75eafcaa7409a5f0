import type { OrderAddress } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../harness';
import { type PayPalEmulator, startPayPalEmulator } from '../../src/sandbox/paypal/emulator';
import type { Db } from '../../src/db/client';
import { type NewOrderLine, createOrder } from '../../src/modules/orders/orders.service';
import { recordRecharge } from '../../src/modules/wallet/wallet.service';
import { rowsOfQuery } from './reads';
import { PUBLIC } from './recharge';

/**
 * Test helpers: orders awaiting payment made through the orders service's createOrder (as
 * checkout makes them; 49.99 each), wallet money, the invoices and states payments leave.
 */

const ADDRESS: OrderAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'FR',
  company: 'Analytical SARL',
  companyID: '123',
  vatnumber: 'FR123',
  province: 'IDF',
  city: 'Paris',
  street: 'Rue de Rivoli',
  houseNo: '1',
  address: '1 Rue de Rivoli',
  phoneNumber: '+33100000000',
  emails: 'ada@example.com',
  postCode: '75001',
};

const line = (skuId: number, unitPriceMinor: number, quantity: number): NewOrderLine => ({
  productId: 100 + skuId,
  skuId,
  skuCode: `SKU-${skuId}`,
  title: `Product ${skuId}`,
  specs: { Colour: 'Red' },
  image: `/img/${skuId}.jpg`,
  unitPriceMinor,
  quantity,
  lineTotalMinor: unitPriceMinor * quantity,
});

/** Goods 34.99 + shipping 7 + service fee 1 + tax 7 = 49.99. */
export const ORDER_TOTAL_MINOR = 4999;

export async function awaitingOrders(db: Db, userId: string, count = 1, { free = false }: { free?: boolean } = {}) {
  const orders = [];
  for (let i = 0; i < count; i++) {
    orders.push(
      await createOrder(db, {
        userId,
        lines: [line(1, 1250, 2), line(2, 999, 1)],
        goodsMinor: 3499,
        shippingMinor: 700,
        serviceFeeMinor: 100,
        taxMinor: 700,
        discountMinor: free ? ORDER_TOTAL_MINOR : 0,
        totalMinor: free ? 0 : ORDER_TOTAL_MINOR,
        consignee: ADDRESS,
        billing: { ...ADDRESS, company: 'Billing Ltd' },
        shippingMethodCode: 'EXPRESS',
        shippingMethodName: 'Express (7–12 days)',
      }),
    );
  }
  return orders;
}

let n = 0;
/** Money into the wallet as a recharge brings it (enqueues the held-payment settle job). */
export async function topUp(db: Db, userId: string, amountMinor: number) {
  return recordRecharge(db, userId, amountMinor, 0, 'bank', { type: 'recharge', id: `test-${++n}-${Date.now()}` });
}

export async function invoicesOf(db: Db, orderIds: readonly string[]) {
  const out: Array<{ reference: string; orderNumber: string; number: string; sequence: number; method: string }> = [];
  for (const id of orderIds) {
    for (const r of await rowsOfQuery(db, sql`select reference, order_number, number, sequence, payment_method from invoices where reference = ${id}`)) {
      out.push({ reference: String(r.reference), orderNumber: String(r.order_number), number: String(r.number), sequence: Number(r.sequence), method: String(r.payment_method) });
    }
  }
  return out.sort((a, b) => a.sequence - b.sequence);
}

export async function orderStates(db: Db, orderIds: readonly string[]) {
  const out: string[] = [];
  for (const id of orderIds) out.push(String((await rowsOfQuery(db, sql`select state from orders where id = ${id}`))[0]!.state));
  return out;
}

/** A test app wired to the PayPal emulator over real HTTP (as recharge's PayPal tests are). */
export async function paypalTestApp() {
  const pp: PayPalEmulator = await startPayPalEmulator({ webhookId: 'WH-PAYMENTS-TEST' });
  const ctx = await createTestApp({
    publicUrl: PUBLIC,
    paypal: { clientId: pp.clientId, clientSecret: pp.clientSecret, baseUrl: pp.baseUrl, webhookId: 'WH-PAYMENTS-TEST' },
  });
  return {
    ...ctx,
    pp,
    async close() {
      await ctx.app.close();
      await pp.close();
    },
  };
}
