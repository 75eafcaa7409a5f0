import type { OrderAddress, PurchaseType } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Actor, createOrder, transition } from '../orders/orders.service';

/**
 * Test helpers built on the orders service (modules use each other's services only): a user, an
 * order carried to a state, and what the ledger holds.
 */

const ADDRESS: OrderAddress = {
  firstName: 'Ada', lastName: 'Lovelace', country: 'FR', company: 'AL', companyID: '1', vatnumber: 'FR1', province: 'IDF',
  city: 'Paris', street: 'Rue de Rivoli', houseNo: '1', address: '1 Rue de Rivoli', phoneNumber: '+33100000000', emails: 'ada@example.com', postCode: '75001',
};

type Row = Record<string, unknown>;
const rowsOf = (res: unknown) => (res as { rows: Row[] }).rows;

let serial = 0;
export async function newBuyer(db: Db): Promise<{ userId: string; email: string }> {
  const name = `pd${++serial}${Math.random().toString(36).slice(2, 8)}`;
  const email = `${name}@example.com`;
  const [row] = rowsOf(await db.execute(sql`insert into users (email, username, password_hash, first_name) values (${email}, ${name}, 'x', 'Ada') returning id`));
  return { userId: String(row!.id), email };
}

const OPERATOR: Actor = { type: 'operator', id: null };

/** An order of 2 × 12.50 + 9.99 (total 49.99) carried along the process to `state`. */
export async function orderInState(db: Db, userId: string, state: 'awaiting-payment' | 'pending' | 'purchasing' | 'shipped', purchaseType?: PurchaseType) {
  const lines = [
    { productId: 101, skuId: 1, skuCode: 'SKU-1', title: 'Product 1', specs: {}, image: '', unitPriceMinor: 1250, quantity: 2, lineTotalMinor: 2500 },
    { productId: 102, skuId: 2, skuCode: 'SKU-2', title: 'Product 2', specs: {}, image: '', unitPriceMinor: 999, quantity: 1, lineTotalMinor: 999 },
  ];
  let order = await createOrder(db, {
    userId, lines, goodsMinor: 3499, shippingMinor: 700, serviceFeeMinor: 100, taxMinor: 700, totalMinor: 4999,
    consignee: ADDRESS, billing: ADDRESS, shippingMethodCode: 'EXPRESS', shippingMethodName: 'Express', purchaseType,
  });
  const steps: Array<[Parameters<typeof transition>[2], Actor, object]> = [
    ['pay', { type: 'system', id: null }, {}],
    ['purchase', OPERATOR, {}],
    ['ship', OPERATOR, { carrier: 'DHL', trackingNumber: 'JD0001' }],
  ];
  const n = ['awaiting-payment', 'pending', 'purchasing', 'shipped'].indexOf(state);
  for (const [event, actor, data] of steps.slice(0, n)) order = await transition(db, order.id, event, actor, data);
  return order;
}

/** A user's available cash (minor units). */
export async function availableOf(db: Db, userId: string): Promise<number> {
  const [row] = rowsOf(await db.execute(sql`select balance_minor from ledger_accounts where user_id = ${userId} and kind = 'available'`));
  return Number(row?.balance_minor ?? 0);
}

/** A system account's balance: the sum of its lines. */
export async function systemBalanceOf(db: Db, code: string): Promise<number> {
  const [row] = rowsOf(await db.execute(sql`select coalesce(sum(l.amount_minor), 0) as n from journal_lines l join ledger_accounts a on a.id = l.account_id where a.code = ${code}`));
  return Number(row!.n);
}

/** The sum of every ledger line (0 in a balanced ledger). */
export async function ledgerSum(db: Db): Promise<number> {
  const [row] = rowsOf(await db.execute(sql`select coalesce(sum(amount_minor), 0) as n from journal_lines`));
  return Number(row!.n);
}
