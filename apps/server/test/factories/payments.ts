import type { OrderAddress } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { createTestApp, sessionFor } from '../../../test/harness';
import { type PayPalEmulator, startPayPalEmulator } from '../../sandbox/paypal/emulator';
import type { Db } from '../../db/client';
import { type NewOrderLine, createOrder } from '../orders/orders.service';
import { recordRecharge } from '../wallet/wallet.service';

/**
 * Test helpers: buyers with a session, orders awaiting payment made through the orders service's
 * createOrder (as checkout makes them; 49.99 each), wallet money, what the ledger holds. Other
 * modules' fixtures are theirs (lint: boundaries), so the few lines needed are here.
 */

const rowsOf = (res: unknown) => (res as { rows: Array<Record<string, unknown>> }).rows;
export const rowsOfQuery = async (db: Db, q: ReturnType<typeof sql>) => rowsOf(await db.execute(q));
const numberOf = async (db: Db, q: ReturnType<typeof sql>) => Number((await rowsOfQuery(db, q))[0]?.n ?? 0);

let serial = 0;
export async function buyer(db: Db): Promise<{ userId: string; token: string }> {
  const name = `pay${++serial}${Math.random().toString(36).slice(2, 8)}`;
  const [row] = await rowsOfQuery(db, sql`insert into users (email, username, password_hash, first_name) values (${`${name}@example.com`}, ${name}, 'x', 'Ada') returning id`);
  return { userId: String(row!.id), token: await sessionFor(db, `${name}@example.com`) };
}

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

export async function balancesOf(db: Db, userId: string) {
  const rows = await rowsOfQuery(db, sql`select kind, balance_minor from ledger_accounts where user_id = ${userId}`);
  const of = (k: string) => Number(rows.find((r) => r.kind === k)?.balance_minor ?? 0);
  return { available: of('available'), locked: of('locked'), bonus: of('bonus') };
}

/** The sum of every journal line: 0 in a balanced ledger. */
export const ledgerTotal = (db: Db) => numberOf(db, sql`select coalesce(sum(amount_minor), 0) as n from journal_lines`);
export const systemBalance = (db: Db, code: string) =>
  numberOf(db, sql`select coalesce(sum(l.amount_minor), 0) as n from journal_lines l join ledger_accounts a on a.id = l.account_id where a.code = ${code}`);
export const countOf = numberOf;

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

export const PUBLIC = 'http://shop.test';

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
