import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { createTestCategories, createTestProduct, ledgerTotal, newUser, topUp } from '../../../test/factories';
import { unreconciledItems } from './inventory.ledger';

/**
 * Bulk deposit over the API (issue 24, decision 0130): an inventory order from the operator's
 * amount on is offered two parts; the deposit from the wallet sends it to purchasing; the
 * operator's purchase charges the balance (held on an empty wallet, completed by a top-up); the
 * goods are received only once it is paid, and the bulk deposit empties into revenue as they
 * arrive. Cancel before purchase gives the deposit back; a replayed key pays once; another
 * user's order → 404; the ledger and the inventory reconcile after every scenario.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
let prodId: number;
let skuId: number;
let key = 0;

const call = (method: 'GET' | 'POST' | 'PUT', token: string, url: string, payload?: object, idem?: string) =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': idem ?? `dep-${++key}-${Date.now()}` },
  });

async function owner() {
  const u = await newUser(ctx.db);
  const token = await sessionFor(ctx.db, u.email);
  const res = await call('POST', token, '/api/p/address', {
    firstName: 'Grace',
    lastName: 'Hopper',
    country: 'FR',
    company: 'GH Ltd',
    companyID: 'C-2',
    vatnumber: 'V-2',
    address: 'Unit 3',
    province: 'P',
    city: 'City',
    street: 'Street',
    houseNo: '1',
    phoneNumber: '+33 1 00 00 00 00',
    emails: 'grace@example.com',
    postCode: '75001',
    kind: 'billing',
    isDefault: true,
  });
  expect(res.json(), res.body).toMatchObject({ code: '00000' });
  return { ...u, token };
}

/** Confirm + submit `count` pieces: the confirm answer and the unpaid order. */
async function place(token: string, count: number) {
  const confirmed = await call('POST', token, '/api/p/private-inventory-order/basket/confirm', {
    lines: [{ prodId, skuId, count }],
  });
  expect(confirmed.json(), confirmed.body).toMatchObject({ code: '00000' });
  const submitted = await call('POST', token, '/api/p/private-inventory-order/submit', {
    confirmToken: confirmed.json().data.confirmToken,
  });
  expect(submitted.json(), submitted.body).toMatchObject({ code: '00000' });
  return { confirm: confirmed.json().data, order: submitted.json().data };
}

const payDeposit = (token: string, id: string, idem?: string) =>
  call('POST', token, `/api/p/private-inventory-order/deposit/${id}`, undefined, idem);
/** The order's invoice (decision 0140), read as its owner reads it. */
async function invoiceOf(token: string, orderId: string) {
  const list = (await call('GET', token, `/api/p/invoices?reference=${orderId}`)).json().data.records;
  expect(list).toHaveLength(1);
  return (await call('GET', token, `/api/p/invoices/${list[0].id}`)).json().data;
}
/** The invoice's PDF as a reader gets it (poppler's pdftotext, layout kept). */
async function pdfText(token: string, invoiceId: string) {
  const pdf = await call('GET', token, `/api/p/invoices/${invoiceId}/pdf`);
  expect(pdf.statusCode).toBe(200);
  const file = join(mkdtempSync(join(tmpdir(), 'inv-')), 'invoice.pdf');
  writeFileSync(file, pdf.rawPayload);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}
const wallet = async (token: string) => (await call('GET', token, '/api/p/wallet')).json().data;
const lines = async (token: string) => (await call('GET', token, '/api/p/wallet/lines?size=50')).json().data.records;
const orderOf = async (token: string, id: string) =>
  (await call('GET', token, '/api/p/private-inventory-order/page?size=50'))
    .json()
    .data.records.find((o: { id: string }) => o.id === id);

async function expectReconciled() {
  expect(await ledgerTotal(ctx.db)).toBe(0);
  // The operator's "run now": every cached balance (the deposit accounts too) is the sum of its lines.
  const run = await call('POST', operator, '/api/admin/wallet/reconciliation');
  expect(run.json().data.findings).toEqual([]);
  expect(await unreconciledItems(ctx.db)).toEqual([]);
}

beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
  const { childId } = await createTestCategories(ctx.db, 'Deposit');
  const product = await createTestProduct(
    ctx.db,
    childId,
    { 'en-US': { title: 'Bulk cup', brief: '', description: '' } },
    { price: 10, skus: [{ skuCode: 'CUP-1', stocks: 5000 }] },
  );
  prodId = product.prodId;
  skuId = product.skus[0]!.skuId;
  await call('PUT', operator, `/api/admin/catalogue/products/${prodId}/price-tiers`, {
    tiers: [{ minQuantity: 50, unitPrice: 8 }],
  });
  const saved = await call('PUT', operator, '/api/admin/inventory/settings', {
    handlingFeePerUnit: 0.25,
    depositFrom: 400,
    depositPercent: 30,
  });
  expect(saved.json().data).toEqual({ handlingFeePerUnit: 0.25, depositFrom: 400, depositPercent: 30 });
});
afterAll(async () => {
  await ctx?.app.close();
});

describe('the operator sets the amount and the percentage', () => {
  it('keeps them, refuses a percentage out of range under its field, and a fee-only PUT leaves them', async () => {
    const bad = await call('PUT', operator, '/api/admin/inventory/settings', {
      handlingFeePerUnit: 0.25,
      depositPercent: 95,
    });
    expect(bad.json()).toMatchObject({ code: 'A00002' });
    expect(JSON.stringify(bad.json())).toContain('between 1 and 90');
    const feeOnly = await call('PUT', operator, '/api/admin/inventory/settings', { handlingFeePerUnit: 0.25 });
    expect(feeOnly.json().data).toEqual({ handlingFeePerUnit: 0.25, depositFrom: 400, depositPercent: 30 });
  });
});

describe('two parts offered from the amount on, adding up to the total exactly', () => {
  it('offers none below the amount, and a deposit rounded once with the balance the rest', async () => {
    const a = await owner();
    const small = await call('POST', a.token, '/api/p/private-inventory-order/basket/confirm', {
      lines: [{ prodId, skuId, count: 30 }],
    });
    expect(small.json().data).toMatchObject({ total: 307.5, deposit: null });
    // 51 × 8.00 + 51 × 0.25 = 420.75; 30 % = 126.225 → 126.23 (half up, once); balance 294.52.
    const { confirm, order } = await place(a.token, 51);
    expect(confirm).toMatchObject({ total: 420.75, deposit: { percent: 30, deposit: 126.23, balance: 294.52 } });
    expect(order.deposit).toEqual({ state: 'offered', percent: 30, deposit: 126.23, balance: 294.52 });
    expect(Math.round(order.deposit.deposit * 100) + Math.round(order.deposit.balance * 100)).toBe(
      Math.round(order.total * 100),
    );
  });
});

describe('deposit, then the balance when the goods are bought, then the goods', () => {
  it('holds the balance on an empty wallet, completes it on a top-up, and settles as goods arrive', async () => {
    const a = await owner();
    const { order } = await place(a.token, 51);
    // Short for the deposit: refused with the balance the wallet has, nothing written.
    await topUp(ctx.db, a.userId, 10_000);
    const short = await payDeposit(a.token, order.id);
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ code: 'A00010' });
    expect((await orderOf(a.token, order.id)).deposit.state).toBe('offered');

    await topUp(ctx.db, a.userId, 2_623);
    const key = `dep-replay-${Date.now()}`;
    const paid = await payDeposit(a.token, order.id, key);
    expect(paid.json(), paid.body).toMatchObject({
      code: '00000',
      data: { state: 'to-be-purchased', deposit: { state: 'deposit-paid' } },
    });
    // The same key again: the same answer, charged once.
    const replay = await payDeposit(a.token, order.id, key);
    expect(replay.json().data).toEqual(paid.json().data);
    expect(await wallet(a.token)).toMatchObject({ balance: 0, locked: 0, deposit: 126.23 });
    expect((await lines(a.token))[0]).toMatchObject({ kind: 'bulk-deposit', type: 'consume', amount: 126.23 });
    // A new key once paid: refused, nothing more taken.
    expect((await payDeposit(a.token, order.id)).statusCode).toBe(409);
    // The invoice (decision 0140): the whole order, the deposit paid, the balance still due.
    const issued = await invoiceOf(a.token, order.id);
    expect(issued).toMatchObject({ payable: 420.75, due: 294.52 });
    expect(issued.parts).toMatchObject([
      { part: 'deposit', amount: 126.23, returnedAt: null },
      { part: 'balance', amount: 294.52, paidAt: null },
    ]);
    expect(issued.parts[0].paidAt).toEqual(expect.any(String));
    const pdf = await call('GET', a.token, `/api/p/invoices/${issued.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('pdf');

    // The operator buys the goods; the wallet is empty: the balance is held.
    const bought = await call('POST', operator, `/api/admin/inventory/orders/${order.id}/purchase`);
    expect(bought.json().data).toMatchObject({ state: 'ready-to-stock', deposit: { state: 'balance-held' } });
    expect(await wallet(a.token)).toMatchObject({ heldPayments: 1, topUpToRelease: 294.52, deposit: 126.23 });
    const early = await call('POST', operator, `/api/admin/inventory/orders/${order.id}/receive`, {
      lines: [{ skuId, quantity: 20 }],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toContain('balance is not paid');

    await topUp(ctx.db, a.userId, 29_452);
    await ctx.app.jobs.drain();
    expect((await orderOf(a.token, order.id)).deposit.state).toBe('balance-paid');
    expect(await wallet(a.token)).toMatchObject({ balance: 0, locked: 0, heldPayments: 0, deposit: 420.75 });
    // The invoice now dates the balance too, and nothing is due; its PDF is drawn again with it.
    const completed = await invoiceOf(a.token, order.id);
    expect(completed).toMatchObject({ due: 0, pdfReady: false });
    expect(completed.parts[1]).toMatchObject({ part: 'balance', paidAt: expect.any(String) });

    // 20 of 51 received: floor(420.75 × 20 / 51) = 165.00 goes to revenue; the last receipt the rest.
    const part = await call('POST', operator, `/api/admin/inventory/orders/${order.id}/receive`, {
      lines: [{ skuId, quantity: 20 }],
    });
    expect(part.json(), part.body).toMatchObject({ code: '00000', data: { state: 'in-stock' } });
    expect((await wallet(a.token)).deposit).toBe(255.75);
    await call('POST', operator, `/api/admin/inventory/orders/${order.id}/receive`, {
      lines: [{ skuId, quantity: 31 }],
    });
    expect(await wallet(a.token)).toMatchObject({ balance: 0, deposit: 0 });
    // The history: both parts as consume lines; the move to revenue is no line of the user's.
    const kinds = (await lines(a.token)).map((l: { kind: string }) => l.kind);
    expect(kinds.filter((k: string) => k.startsWith('bulk'))).toEqual(['bulk-balance', 'bulk-deposit']);
    await expectReconciled();
  });

  it('charges the balance at once when the wallet covers it', async () => {
    const a = await owner();
    const { order } = await place(a.token, 51);
    await topUp(ctx.db, a.userId, 50_000);
    await payDeposit(a.token, order.id);
    const bought = await call('POST', operator, `/api/admin/inventory/orders/${order.id}/purchase`);
    expect(bought.json().data.deposit.state).toBe('balance-paid');
    expect(await wallet(a.token)).toMatchObject({ balance: 79.25, deposit: 420.75, heldPayments: 0 });
    const invoice = await invoiceOf(a.token, order.id);
    expect(invoice).toMatchObject({
      due: 0,
      parts: [{ part: 'deposit' }, { part: 'balance', paidAt: expect.any(String) }],
    });
    // The per-unit handling fee (51 × 0.25) is the invoice's handling fee, not a service fee (decision 0145).
    expect(invoice).toMatchObject({ productCost: 408, handlingFee: 12.75, operateAmount: 0, payable: 420.75 });
    const text = await pdfText(a.token, invoice.id);
    expect(text).toMatch(/Handling fee\s+12\.75/);
    expect(text).toMatch(/Service fee\s+0\.00/);
    await expectReconciled();
  });
});

describe('cancel before purchase, another user, paying in full instead', () => {
  it('gives the deposit back, fee-free, through the ledger, and the unreceived pieces out', async () => {
    const a = await owner();
    const { order } = await place(a.token, 51);
    await topUp(ctx.db, a.userId, 20_000);
    await payDeposit(a.token, order.id);
    expect(await wallet(a.token)).toMatchObject({ balance: 73.77, deposit: 126.23 });
    const cancelled = await call('PUT', a.token, `/api/p/private-inventory-order/cancel/${order.id}`);
    expect(cancelled.json().data).toMatchObject({ state: 'cancelled', deposit: { state: 'returned' } });
    expect(await wallet(a.token)).toMatchObject({ balance: 200, deposit: 0 });
    expect((await lines(a.token))[0]).toMatchObject({ kind: 'bulk-deposit-returned', type: 'income', amount: 126.23 });
    // The invoice says the deposit was returned; nothing is due on a cancelled order.
    const invoice = await invoiceOf(a.token, order.id);
    expect(invoice).toMatchObject({
      due: 0,
      parts: [{ part: 'deposit', returnedAt: expect.any(String) }, { paidAt: null }],
    });
    const item = (await call('GET', a.token, '/api/p/privateInventory/page')).json().data.records[0];
    expect(item).toMatchObject({ unreceived: 0, available: 0 });
    expect((await call('PUT', a.token, `/api/p/private-inventory-order/cancel/${order.id}`)).statusCode).toBe(409);
    await expectReconciled();
  });

  it("answers 404 for another user's order and charges no one", async () => {
    const a = await owner();
    const b = await owner();
    const { order } = await place(a.token, 51);
    await topUp(ctx.db, b.userId, 50_000);
    const theirs = await payDeposit(b.token, order.id);
    expect(theirs.statusCode).toBe(404);
    expect(await wallet(b.token)).toMatchObject({ balance: 500, deposit: 0 });
    expect((await payDeposit(b.token, 'not-an-id')).statusCode).toBe(404);
  });

  it('paid in full instead: no deposit shown, the purchase charges nothing more', async () => {
    const a = await owner();
    const { order } = await place(a.token, 51);
    await topUp(ctx.db, a.userId, 42_075);
    const paid = await call('POST', a.token, '/api/p/order/pay', { orderIds: [order.id], method: 'wallet' });
    expect(paid.json().data?.outcome, paid.body).toBe('success');
    expect((await orderOf(a.token, order.id)).deposit).toBeNull();
    expect((await payDeposit(a.token, order.id)).statusCode).toBe(409);
    await call('POST', operator, `/api/admin/inventory/orders/${order.id}/purchase`);
    expect(await wallet(a.token)).toMatchObject({ balance: 0, deposit: 0, heldPayments: 0 });
    await expectReconciled();
  });
});
