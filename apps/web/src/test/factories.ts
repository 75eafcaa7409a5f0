import {
  type Address,
  DEFAULT_FEE_RULES,
  type OrderAddress,
  type OrderCounts,
  type OrderDetail,
  type OrderPayment,
  type OrderSummary,
  type ProductListItem,
  type RechargeMethods,
  type RechargeOrder,
  type StoreOrderCounts,
  type StoreOrderDetail,
  type StoreOrderRow,
  type StoreOrderSyncStatus,
} from '@dsm/contract';

/*
 * The web's test data, one module for every feature's tests: answers shaped as the contract's
 * schemas say (the API client checks them in tests, so a fixture that drifts fails loudly).
 */

/* Orders (packages/contract/src/orders.ts). */

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
  address: 'Bâtiment A, 2e étage',
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
      {
        id: 'l-1',
        productId: 101,
        skuId: 1,
        skuCode: 'BT-EAR-01',
        title: 'Wireless earbuds',
        specs: { Colour: 'Black' },
        image: '/img/1.jpg',
        unitPrice: 12.5,
        quantity: 2,
        lineTotal: 25,
        storePrice: null,
        fromInventory: false,
      },
      {
        id: 'l-2',
        productId: 102,
        skuId: 2,
        skuCode: 'CASE-02',
        title: 'Charging case',
        specs: {},
        image: '',
        unitPrice: 9.99,
        quantity: 1,
        lineTotal: 9.99,
        storePrice: null,
        fromInventory: false,
      },
    ],
    children: [],
    events: [
      {
        event: 'create',
        fromState: null,
        toState: 'awaiting-payment',
        actorType: 'user',
        reason: null,
        at: '2026-03-14T09:30:00.000Z',
      },
    ],
    ...over,
  };
}

export const COUNTS: OrderCounts = {
  all: 6,
  'awaiting-payment': 2,
  pending: 1,
  purchasing: 0,
  shipped: 1,
  delivered: 0,
  trash: 2,
  abnormal: 1,
};

export const page = <T>(records: T[]) => ({ records, total: records.length, size: 20, current: 1, pages: 1 });

/* Recharge orders and their payment (packages/contract/src/wallet-recharge.ts). */

/** GET /api/p/recharge/methods as the server answers it with the defaults (sandbox). */
export const METHODS: RechargeMethods = {
  methods: [
    { method: 'paypal', enabled: true, rule: DEFAULT_FEE_RULES.paypal },
    { method: 'card', enabled: true, rule: DEFAULT_FEE_RULES.card },
    { method: 'bank', enabled: true, rule: DEFAULT_FEE_RULES.bank },
  ],
  minAmount: 10,
  maxAmount: 50_000,
  bank: {
    beneficiary: 'DSM Trading Ltd',
    bankName: 'Example Bank',
    bankAddress: '1 Bank Street, London',
    accountNumber: '12345678',
    iban: 'GB33BUKB20201555555555',
    swiftBic: 'BUKBGB22',
  },
  sandbox: true,
  expiresAfterMinutes: 1440,
};

export const ORDER_ID = '00000000-0000-4000-8000-0000000000a1';

export function order(over: Partial<RechargeOrder> = {}): RechargeOrder {
  return {
    id: ORDER_ID,
    number: 'R20261124-000123',
    method: 'bank',
    state: 'awaiting-payment',
    amount: 100,
    fee: 0,
    total: 100,
    currency: 'USD',
    createdAt: '2026-11-24T10:00:00.000Z',
    expiresAt: '2026-11-25T10:00:00.000Z',
    paidAt: null,
    completedAt: null,
    closedAt: null,
    closeReason: null,
    note: '',
    slip: null,
    ...over,
  };
}

/** The headers a fetch call was made with. */
export const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;

/* Order payments (packages/contract/src/order-payment.ts) and the wallet they draw on. */

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
    consignee: ADDRESS,
    billing: ADDRESS,
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
export const walletRecord = (balance: number, bonus = 0) => ({
  balance,
  locked: 0,
  bonus,
  deposit: 0,
  income: balance,
  consumption: 0,
  recharge: balance,
  heldPayments: 0,
  topUpToRelease: 0,
});

/* Accounts: a saved address as GET /api/p/address lists it (packages/contract/src/accounts.ts). */
export const savedAddress = (over: Partial<Address> = {}): Address => ({
  ...ADDRESS,
  addrId: 'addr-1',
  kind: 'consignee',
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

/* Catalogue: one product of a list (goods list, shelves), as GET /api/prod/search answers it. */
export const listItem = (prodId: number, over: Partial<ProductListItem> = {}): ProductListItem => ({
  prodId,
  prodName: `Product ${prodId}`,
  pic: `/api/files/demo/p${prodId}.svg`,
  price: 10,
  oriPrice: 15,
  categoryId: 30,
  sales: 1,
  tags: [],
  warehouse: 'CN',
  ...over,
});

/* Store orders (packages/contract/src/store-orders.ts, issue 21). */

export function storeOrderRow(id: string, over: Partial<StoreOrderRow> = {}): StoreOrderRow {
  return {
    id,
    storeId: 'st-1',
    storeName: 'Ada Linen',
    platform: 'shopify',
    source: 'store',
    externalId: `gid://shopify/Order/${id}`,
    number: `#10${id.replace(/\D/g, '').padStart(2, '0')}`,
    status: 'open',
    state: 'open',
    trashReason: null,
    related: false,
    lineCount: 2,
    itemCount: 3,
    unconnectedCount: 1,
    firstLine: { title: 'Linen Dress', sku: 'LD-RED-M', quantity: 2 },
    total: { amount: 59.9, currency: 'EUR' },
    buyerName: 'Jean Dupont',
    countryCode: 'FR',
    abnormal: false,
    abnormalReason: null,
    abnormalText: null,
    createdAt: '2026-03-14T08:00:00.000Z',
    updatedAt: '2026-03-14T08:05:00.000Z',
    lastSyncedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    lastChanges: ['created'],
    lastChangedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    fulfilled: false,
    order: null,
    ...over,
  };
}

export function storeOrderDetail(id: string, over: Partial<StoreOrderDetail> = {}): StoreOrderDetail {
  return {
    ...storeOrderRow(id),
    buyer: { name: 'Jean Dupont', email: null, phone: null },
    shippingAddress: null,
    erased: false,
    syncAvailableAt: null,
    lines: [
      {
        id: `${id}-l1`,
        externalId: 'gid://shopify/LineItem/1',
        title: 'Linen Dress',
        sku: 'LD-RED-M',
        quantity: 2,
        unitPrice: { amount: 24.95, currency: 'EUR' },
        lineTotal: { amount: 49.9, currency: 'EUR' },
        relation: 'connected',
        connection: {
          state: 'connected',
          sku: {
            productId: 'p-1',
            skuId: 's-1',
            title: 'Linen dress',
            specs: 'Colour: Red, Size: M',
            imageUrl: '/img/dress.jpg',
            price: 9.5,
          },
        },
        connectTarget: { storeProductId: 'sp-1', variantId: 'sv-1' },
        productExternalId: 'gid://shopify/Product/1',
        variantExternalId: 'gid://shopify/ProductVariant/1',
      },
      {
        id: `${id}-l2`,
        externalId: 'gid://shopify/LineItem/2',
        title: 'Straw Hat',
        sku: 'SH-1',
        quantity: 1,
        unitPrice: { amount: 10, currency: 'EUR' },
        lineTotal: { amount: 10, currency: 'EUR' },
        relation: 'unconnected',
        connection: null,
        connectTarget: { storeProductId: 'sp-2', variantId: 'sv-2' },
        productExternalId: 'gid://shopify/Product/2',
        variantExternalId: 'gid://shopify/ProductVariant/2',
      },
    ],
    ...over,
  };
}

export const STORE_ORDER_COUNTS: StoreOrderCounts = {
  all: 5,
  unrelated: 2,
  related: 1,
  abnormal: 1,
  paid: 1,
  trash: 1,
};

export function syncStatus(over: Partial<StoreOrderSyncStatus> = {}): StoreOrderSyncStatus {
  return {
    storeId: 'st-1',
    storeName: 'Ada Linen',
    platform: 'shopify',
    running: false,
    lastSuccessAt: new Date(Date.now() - 2 * 60_000).toISOString(),
    nextDueAt: new Date(Date.now() + 3 * 60_000).toISOString(),
    lastErrorAt: null,
    lastError: null,
    reachedBack: null,
    orderCount: 4,
    syncAvailableAt: null,
    ...over,
  };
}
