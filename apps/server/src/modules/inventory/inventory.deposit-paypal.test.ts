import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../../test/harness';
import {
  approveAndCapture,
  createTestCategories,
  createTestProduct,
  ledgerTotal,
  newUser,
  paypalTestApp,
  rechargeOfPayment,
  rowsOfQuery,
} from '../../../test/factories';
import { transition } from '../orders/orders.service';
import { unreconciledItems } from './inventory.ledger';

/**
 * The deposit of a two-part inventory order by PayPal (decision 0140), against the PayPal
 * emulator over real HTTP: a payment of the deposit only, its money into the wallet by a PayPal
 * recharge, then from the wallet into the bulk deposit once, as the wallet deposit does; a replayed
 * key gets the same approve link; an order gone before the capture leaves PayPal's money in the
 * wallet; another user's order → 404. The ledger balances after each.
 */

let ctx: Awaited<ReturnType<typeof paypalTestApp>>;
let operator: string;
let prodId: number;
let skuId: number;

const call = (method: 'GET' | 'POST' | 'PUT', token: string, url: string, payload?: object, key?: string) =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key ?? crypto.randomUUID() },
  });

async function owner() {
  const u = await newUser(ctx.db);
  const token = await sessionFor(ctx.db, u.email);
  const res = await call('POST', token, '/api/p/address', {
    firstName: 'Ada',
    lastName: 'Byron',
    country: 'GB',
    company: 'AB Ltd',
    companyID: 'C-3',
    vatnumber: 'V-3',
    address: 'Flat 1',
    province: 'L',
    city: 'London',
    street: 'Strand',
    houseNo: '2',
    phoneNumber: '+44 20 0000 0000',
    emails: 'ada@example.com',
    postCode: 'WC2R',
    kind: 'billing',
    isDefault: true,
  });
  expect(res.json(), res.body).toMatchObject({ code: '00000' });
  return { ...u, token };
}

async function place(token: string, count: number) {
  const confirmed = await call('POST', token, '/api/p/private-inventory-order/basket/confirm', {
    lines: [{ prodId, skuId, count }],
  });
  const submitted = await call('POST', token, '/api/p/private-inventory-order/submit', {
    confirmToken: confirmed.json().data.confirmToken,
  });
  expect(submitted.json(), submitted.body).toMatchObject({ code: '00000' });
  return submitted.json().data;
}

const byPayPal = (token: string, id: string, key?: string) =>
  call('POST', token, `/api/p/private-inventory-order/deposit/${id}/paypal`, undefined, key);
const wallet = async (token: string) => (await call('GET', token, '/api/p/wallet')).json().data;
const payment = async (token: string, id: string) =>
  (await call('GET', token, `/api/p/order/payments/${id}`)).json().data;
const orderOf = async (token: string, id: string) =>
  (await call('GET', token, '/api/p/private-inventory-order/page?size=50'))
    .json()
    .data.records.find((o: { id: string }) => o.id === id);
async function expectReconciled() {
  expect(await ledgerTotal(ctx.db)).toBe(0);
  const run = await call('POST', operator, '/api/admin/wallet/reconciliation');
  expect(run.json().data.findings).toEqual([]);
  expect(await unreconciledItems(ctx.db)).toEqual([]);
}

beforeAll(async () => {
  ctx = await paypalTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
  const { childId } = await createTestCategories(ctx.db, 'DepositPP');
  const product = await createTestProduct(
    ctx.db,
    childId,
    { 'en-US': { title: 'Bulk bowl', brief: '', description: '' } },
    { price: 10, skus: [{ skuCode: 'BOWL-1', stocks: 5000 }] },
  );
  prodId = product.prodId;
  skuId = product.skus[0]!.skuId;
  await call('PUT', operator, `/api/admin/catalogue/products/${prodId}/price-tiers`, {
    tiers: [{ minQuantity: 50, unitPrice: 8 }],
  });
  await call('PUT', operator, '/api/admin/inventory/settings', {
    handlingFeePerUnit: 0.25,
    depositFrom: 400,
    depositPercent: 30,
  });
});
afterAll(() => ctx?.close());

describe('POST /api/p/private-inventory-order/deposit/{id}/paypal', () => {
  it('pending with the approve link → capture → the deposit from the wallet into the bulk deposit, once', async () => {
    const a = await owner();
    // 51 × 8.00 + 51 × 0.25 = 420.75: deposit 126.23, balance 294.52.
    const order = await place(a.token, 51);
    const key = crypto.randomUUID();
    const started = await byPayPal(a.token, order.id, key);
    expect(started.json(), started.body).toMatchObject({
      code: '00000',
      data: { method: 'paypal', outcome: 'pending', amount: 126.23 },
    });
    const pay = started.json().data;
    expect(pay.approveUrl).toEqual(expect.any(String));
    // A replay with the key: the same payment and link (one PayPal order).
    expect((await byPayPal(a.token, order.id, key)).json().data).toMatchObject({
      id: pay.id,
      approveUrl: pay.approveUrl,
    });
    expect(Number((await rechargeOfPayment(ctx.db, pay.id)).amount_minor)).toBe(12_623);
    // Nothing moved before PayPal's money arrives; the wallet deposit is refused meanwhile.
    expect((await orderOf(a.token, order.id)).deposit.state).toBe('offered');
    expect((await call('POST', a.token, `/api/p/private-inventory-order/deposit/${order.id}`)).statusCode).toBe(409);

    await approveAndCapture(ctx, a.token, pay.approveUrl, pay.id);
    expect(await payment(a.token, pay.id)).toMatchObject({ outcome: 'success' });
    expect(await orderOf(a.token, order.id)).toMatchObject({
      state: 'to-be-purchased',
      deposit: { state: 'deposit-paid' },
    });
    expect(await wallet(a.token)).toMatchObject({ balance: 0, locked: 0, deposit: 126.23 });
    // The invoice says PayPal, the deposit paid, the balance due.
    const list = (await call('GET', a.token, `/api/p/invoices?reference=${order.id}`)).json().data.records;
    const invoice = (await call('GET', a.token, `/api/p/invoices/${list[0].id}`)).json().data;
    expect(invoice).toMatchObject({ paymentMethod: 'paypal', payable: 420.75, due: 294.52 });
    // Paying again (a new key): refused, nothing more taken.
    expect((await byPayPal(a.token, order.id)).statusCode).toBe(409);
    await expectReconciled();
  });

  it('an order gone before the capture: the payment fails and the money PayPal took stays in the wallet', async () => {
    const a = await owner();
    const order = await place(a.token, 51);
    const pay = (await byPayPal(a.token, order.id)).json().data;
    await transition(ctx.db, order.id, 'expire', { type: 'system', id: null });
    await approveAndCapture(ctx, a.token, pay.approveUrl, pay.id);
    expect(await payment(a.token, pay.id)).toMatchObject({ outcome: 'failed' });
    expect(await wallet(a.token)).toMatchObject({ balance: 126.23, deposit: 0 });
    expect((await orderOf(a.token, order.id))?.deposit?.state ?? 'offered').toBe('offered');
    await expectReconciled();
  });

  it("another user's order → 404, an order not offered two parts → 409; no payment is made", async () => {
    const a = await owner();
    const b = await owner();
    const order = await place(a.token, 51);
    expect((await byPayPal(b.token, order.id)).statusCode).toBe(404);
    expect((await byPayPal(b.token, 'not-an-id')).statusCode).toBe(404);
    const small = await place(a.token, 10);
    const refused = await byPayPal(a.token, small.id);
    expect(refused.statusCode).toBe(409);
    const made = await rowsOfQuery(
      ctx.db,
      sql`select count(*)::int as n from order_payments where user_id in (${a.userId}, ${b.userId})`,
    );
    expect(made[0]!.n).toBe(0);
  });
});
