import type { OrderAddress, OrderCounts, OrderDetail, OrderSummary } from '@dsm/contract';

/** Test data for the order screens (the shapes of packages/contract/src/orders.ts). */

export const ADDRESS: OrderAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'FR',
  company: 'Analytical SARL',
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

export function summary(id: string, over: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id,
    number: `O0000000${id.replace(/\D/g, '') || '1'}`,
    source: 'catalogue',
    state: 'awaiting-payment',
    abnormal: false,
    abnormalReason: null,
    parentOrderId: null,
    itemCount: 3,
    lineCount: 2,
    firstLine: { title: 'Wireless earbuds', image: '/img/1.jpg', specs: { Colour: 'Black' } },
    goods: 34.99,
    shipping: 7,
    serviceFee: 1,
    tax: 7,
    discount: 0,
    total: 49.99,
    shippingMethodName: 'Express (7–12 days)',
    carrier: null,
    trackingNumber: null,
    createdAt: '2026-03-14T09:30:00.000Z',
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    trashedAt: null,
    actions: ['pay', 'trash', 'split'],
    ...over,
  };
}

export function detail(id: string, over: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...summary(id),
    storeId: null,
    storeOrderRef: null,
    shippingMethodCode: 'EXPRESS',
    consignee: ADDRESS,
    billing: { ...ADDRESS, company: 'Billing Ltd' },
    remark: '',
    lines: [
      { id: 'l-1', productId: 101, skuId: 1, skuCode: 'BT-EAR-01', title: 'Wireless earbuds', specs: { Colour: 'Black' }, image: '/img/1.jpg', unitPrice: 12.5, quantity: 2, lineTotal: 25, storePrice: null },
      { id: 'l-2', productId: 102, skuId: 2, skuCode: 'CASE-02', title: 'Charging case', specs: {}, image: '', unitPrice: 9.99, quantity: 1, lineTotal: 9.99, storePrice: null },
    ],
    children: [],
    events: [{ event: 'create', fromState: null, toState: 'awaiting-payment', actorType: 'user', reason: null, at: '2026-03-14T09:30:00.000Z' }],
    ...over,
  };
}

export const COUNTS: OrderCounts = { all: 6, 'awaiting-payment': 2, pending: 1, purchasing: 0, shipped: 1, delivered: 0, trash: 2, abnormal: 1 };

export const page = <T>(records: T[]) => ({ records, total: records.length, size: 20, current: 1, pages: 1 });
