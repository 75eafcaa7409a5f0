import type { OrderAddress, PurchaseType } from '@dsm/contract';
import type { Db } from '../../src/db/client';
import { type Actor, createOrder, transition } from '../../src/modules/orders/orders.service';
import { UNKNOWN_PRODUCT_ID } from './orders';

/**
 * An order carried to a state through the orders service, with a purchase type (price
 * differences, bulk tiers).
 */

const ADDRESS: OrderAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'FR',
  company: 'AL',
  companyID: '1',
  vatnumber: 'FR1',
  province: 'IDF',
  city: 'Paris',
  street: 'Rue de Rivoli',
  houseNo: '1',
  address: '1 Rue de Rivoli',
  phoneNumber: '+33100000000',
  emails: 'ada@example.com',
  postCode: '75001',
};

const OPERATOR: Actor = { type: 'operator', id: null };

/** An order of 2 × 12.50 + 9.99 (total 49.99) carried along the process to `state`. */
export async function orderInState(
  db: Db,
  userId: string,
  state: 'awaiting-payment' | 'pending' | 'purchasing' | 'shipped',
  purchaseType?: PurchaseType,
) {
  const lines = [
    {
      productId: UNKNOWN_PRODUCT_ID + 1,
      skuId: 1,
      skuCode: 'SKU-1',
      title: 'Product 1',
      specs: {},
      image: '',
      unitPriceMinor: 1250,
      quantity: 2,
      lineTotalMinor: 2500,
    },
    {
      productId: UNKNOWN_PRODUCT_ID + 2,
      skuId: 2,
      skuCode: 'SKU-2',
      title: 'Product 2',
      specs: {},
      image: '',
      unitPriceMinor: 999,
      quantity: 1,
      lineTotalMinor: 999,
    },
  ];
  let order = await createOrder(db, {
    userId,
    lines,
    goodsMinor: 3499,
    shippingMinor: 700,
    serviceFeeMinor: 100,
    taxMinor: 700,
    totalMinor: 4999,
    consignee: ADDRESS,
    billing: ADDRESS,
    shippingMethodCode: 'EXPRESS',
    shippingMethodName: 'Express',
    purchaseType,
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
