import type { OrderAddress } from '@dsm/contract';
import type { Db } from '../../src/db/client';
import { type NewOrder, type NewOrderLine, createOrder } from '../../src/modules/orders/orders.create';
import type { OrderRow } from '../../src/modules/orders/orders.queries';
import { type Actor, type TransitionEvent, transition } from '../../src/modules/orders/orders.states';

/** Test helpers: orders made the way checkout makes them, through createOrder. */

export const ADDRESS: OrderAddress = {
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
  address: 'Bâtiment A, 2e étage',
  phoneNumber: '+33100000000',
  emails: 'ada@example.com',
  postCode: '75001',
};

/**
 * The product id of a made-up line: one no seeded catalogue has (the demo has hundreds from 1),
 * so the line is read under its own title in every language (decision 0111). A test about real
 * products passes `productId` in `extra`.
 */
export const UNKNOWN_PRODUCT_ID = 900_000_000;

export const line = (
  skuId: number,
  unitPriceMinor: number,
  quantity: number,
  extra: Partial<NewOrderLine> = {},
): NewOrderLine => ({
  productId: UNKNOWN_PRODUCT_ID + skuId,
  skuId,
  skuCode: `SKU-${skuId}`,
  title: `Product ${skuId}`,
  specs: { Colour: 'Red' },
  image: `/img/${skuId}.jpg`,
  unitPriceMinor,
  quantity,
  lineTotalMinor: unitPriceMinor * quantity,
  ...extra,
});

/** An order awaiting payment; the amounts add up unless overridden. */
export async function placeOrder(
  db: Db,
  userId: string,
  opts: {
    lines?: NewOrderLine[];
    shippingMinor?: number;
    serviceFeeMinor?: number;
    taxMinor?: number;
    discountMinor?: number;
    billing?: OrderAddress;
  } = {},
): Promise<OrderRow> {
  const lines = opts.lines ?? [line(1, 1250, 2), line(2, 999, 1)];
  const goodsMinor = lines.reduce((s, l) => s + l.lineTotalMinor, 0);
  const shippingMinor = opts.shippingMinor ?? 700;
  const serviceFeeMinor = opts.serviceFeeMinor ?? 100;
  const taxMinor = opts.taxMinor ?? Math.round(goodsMinor * 0.2);
  const discountMinor = opts.discountMinor ?? 0;
  const input: NewOrder = {
    userId,
    lines,
    goodsMinor,
    shippingMinor,
    serviceFeeMinor,
    taxMinor,
    discountMinor,
    totalMinor: goodsMinor + shippingMinor + serviceFeeMinor + taxMinor - discountMinor,
    consignee: ADDRESS,
    billing: opts.billing ?? { ...ADDRESS, company: 'Billing Ltd' },
    shippingMethodCode: 'EXPRESS',
    shippingMethodName: 'Express (7–12 days)',
  };
  return createOrder(db, input);
}

const OPERATOR: Actor = { type: 'operator', id: null };
const PATH: Array<[TransitionEvent, Actor, object]> = [
  ['pay', { type: 'system', id: null }, {}],
  ['purchase', OPERATOR, {}],
  ['ship', OPERATOR, { carrier: 'DHL', trackingNumber: 'JD0001' }],
  ['deliver', OPERATOR, {}],
];

/** An order carried along the normal process to `state` (or into the trash). */
export async function orderIn(
  db: Db,
  userId: string,
  state: 'awaiting-payment' | 'pending' | 'purchasing' | 'shipped' | 'delivered' | 'trashed',
): Promise<OrderRow> {
  let order = await placeOrder(db, userId);
  if (state === 'trashed') return transition(db, order.id, 'trash', { type: 'user', id: userId });
  const steps = ['awaiting-payment', 'pending', 'purchasing', 'shipped', 'delivered'].indexOf(state);
  for (const [event, actor, data] of PATH.slice(0, steps)) order = await transition(db, order.id, event, actor, data);
  return order;
}
