import type { OrderAddress } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Actor, type OrderRow, type TransitionEvent, createOrder, transition } from '../orders/orders.service';

/**
 * Test helpers: users and paid orders made through the orders service (as checkout makes them):
 * goods 2 × 12.50 + 9.99, shipping 7.00, service fee 1.00, tax 7.00 → total 49.99.
 */

const ADDRESS: OrderAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'FR',
  company: '',
  companyID: '',
  vatnumber: '',
  province: 'IDF',
  city: 'Paris',
  street: 'Rue de Rivoli',
  houseNo: '1',
  address: '1 Rue de Rivoli',
  phoneNumber: '+33100000000',
  emails: 'ada@example.com',
  postCode: '75001',
};

let serial = 0;
export async function newUser(db: Db): Promise<{ userId: string; email: string }> {
  const name = `as${++serial}${Math.random().toString(36).slice(2, 8)}`;
  const email = `${name}@example.com`;
  const res = (await db.execute(sql`insert into users (email, username, password_hash, first_name) values (${email}, ${name}, 'x', 'Ada') returning id`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  return { userId: String(res.rows[0]!.id), email };
}

const line = (skuId: number, unitPriceMinor: number, quantity: number) => ({
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

const OPERATOR: Actor = { type: 'operator', id: null };
const PATH: Array<[TransitionEvent, Actor, object]> = [
  ['pay', { type: 'system', id: null }, {}],
  ['purchase', OPERATOR, {}],
  ['ship', OPERATOR, { carrier: 'DHL', trackingNumber: 'JD0001' }],
  ['deliver', OPERATOR, {}],
];

/** An order carried along the normal process to `state`. */
export async function orderIn(db: Db, userId: string, state: 'awaiting-payment' | 'pending' | 'purchasing' | 'shipped' | 'delivered'): Promise<OrderRow> {
  let order = await createOrder(db, {
    userId,
    lines: [line(1, 1250, 2), line(2, 999, 1)],
    goodsMinor: 3499,
    shippingMinor: 700,
    serviceFeeMinor: 100,
    taxMinor: 700,
    discountMinor: 0,
    totalMinor: 4999,
    consignee: ADDRESS,
    billing: ADDRESS,
    shippingMethodCode: 'EXPRESS',
    shippingMethodName: 'Express',
  });
  const steps = ['awaiting-payment', 'pending', 'purchasing', 'shipped', 'delivered'].indexOf(state);
  for (const [event, actor, data] of PATH.slice(0, steps)) order = await transition(db, order.id, event, actor, data);
  return order;
}
