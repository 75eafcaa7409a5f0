import type { OrderDetail, OrderPayment } from '@dsm/contract';

/** GET /api/p/orders/:id as the server answers it: a catalogue order awaiting payment. */
export function orderDetail(id: string, over: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id,
    number: `O-${id}`,
    source: 'catalogue',
    state: 'awaiting-payment',
    abnormal: false,
    abnormalReason: null,
    parentOrderId: null,
    itemCount: 3,
    lineCount: 2,
    firstLine: { title: 'Desk lamp', image: '', specs: {} },
    goods: 50,
    shipping: 5,
    serviceFee: 1,
    tax: 4,
    discount: 0,
    total: 60,
    shippingMethodName: 'China Post',
    carrier: null,
    trackingNumber: null,
    createdAt: '2026-11-24T06:00:00.000Z',
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    trashedAt: null,
    actions: ['pay', 'trash'],
    storeId: null,
    storeOrderRef: null,
    shippingMethodCode: 'POST',
    consignee: {} as OrderDetail['consignee'],
    billing: {} as OrderDetail['billing'],
    remark: '',
    lines: [],
    children: [],
    events: [],
    ...over,
  };
}

/** POST /api/p/order/pay and GET /api/p/order/payments/:id. */
export function orderPayment(over: Partial<OrderPayment> = {}): OrderPayment {
  return {
    id: 'p-1',
    number: 'P00000042',
    method: 'wallet',
    outcome: 'success',
    amount: 120,
    locked: 0,
    shortfall: 0,
    approveUrl: null,
    reason: null,
    orders: [
      { id: 'o-1', number: 'O-o-1', state: 'pending', total: 60 },
      { id: 'o-2', number: 'O-o-2', state: 'pending', total: 60 },
    ],
    createdAt: '2026-11-24T06:00:00.000Z',
    completedAt: '2026-11-24T06:00:01.000Z',
    ...over,
  };
}

/** GET /api/p/wallet with `balance` available. */
export const walletRecord = (balance: number, bonus = 0) => ({ balance, locked: 0, bonus, income: balance, consumption: 0, recharge: balance });
