/**
 * Every query key of the app, one factory per domain (named after the server module). Keys are
 * hierarchical: invalidating `catalogueKeys.all` refreshes every catalogue read, e.g. after an
 * operator edit. The interface language is not part of a key: a language switch invalidates all
 * queries at once (app/providers.tsx). Shared by features (which do not import each other), so
 * an operator screen can refresh what the storefront shows without knowing its hooks.
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  tree: () => [...catalogueKeys.all, 'categories'] as const,
  tags: () => [...catalogueKeys.all, 'tags'] as const,
  tagProducts: (tagId: number, size: number) => [...catalogueKeys.all, 'tag-products', tagId, size] as const,
  search: (search: object) => [...catalogueKeys.all, 'search', search] as const,
  product: (prodId: number) => [...catalogueKeys.all, 'product', prodId] as const,
};

export const contentKeys = {
  all: ['content'] as const,
  banners: () => [...contentKeys.all, 'banners'] as const,
  notices: () => [...contentKeys.all, 'notices'] as const,
  page: (slug: string) => [...contentKeys.all, 'page', slug] as const,
};

export const logisticsKeys = {
  all: ['logistics'] as const,
  warehouses: () => [...logisticsKeys.all, 'warehouses'] as const,
  attributes: () => [...logisticsKeys.all, 'attributes'] as const,
  calculate: (body: object) => [...logisticsKeys.all, 'calculate', body] as const,
  prodPrice: (body: object) => [...logisticsKeys.all, 'prod-price', body] as const,
  shipsTo: (country: string) => [...logisticsKeys.all, 'ships-to', country] as const,
};

export const accountsKeys = {
  all: ['accounts'] as const,
  profile: () => [...accountsKeys.all, 'profile'] as const,
  addresses: (kind?: string) =>
    kind ? ([...accountsKeys.all, 'addresses', kind] as const) : ([...accountsKeys.all, 'addresses'] as const),
};

/** ISO countries with names in the interface language (lib/countries.ts). */
export const countryKeys = {
  all: ['countries'] as const,
};

export const configInfoKeys = {
  all: ['config-info'] as const,
  value: (code: string) => [...configInfoKeys.all, code] as const,
};

export const currencyKeys = {
  all: ['currency'] as const,
  rates: () => [...currencyKeys.all, 'rates'] as const,
};

/** Recharge orders and their payment methods (server module `recharge`). */
export const rechargeKeys = {
  all: ['recharge'] as const,
  methods: () => [...rechargeKeys.all, 'methods'] as const,
  list: (filter: object) => [...rechargeKeys.all, 'list', filter] as const,
  order: (id: string) => [...rechargeKeys.all, 'order', id] as const,
};

/** The operator console's reads, by area (features/admin/<area>). */
export const adminKeys = {
  all: ['admin'] as const,
  users: (filter?: object) => (filter ? (['admin', 'users', filter] as const) : (['admin', 'users'] as const)),
  mailOutbox: (filter: object) => ['admin', 'mail-outbox', filter] as const,
  categories: () => ['admin', 'categories'] as const,
  products: (filter?: object) => (filter ? (['admin', 'products', filter] as const) : (['admin', 'products'] as const)),
  product: (prodId?: number) =>
    prodId === undefined ? (['admin', 'product'] as const) : (['admin', 'product', prodId] as const),
  specs: () => ['admin', 'specs'] as const,
  specials: () => ['admin', 'specials'] as const,
  tags: () => ['admin', 'tags'] as const,
  banners: () => ['admin', 'banners'] as const,
  notices: (current?: number, size?: number) =>
    current === undefined ? (['admin', 'notices'] as const) : (['admin', 'notices', current, size ?? 10] as const),
  pages: () => ['admin', 'pages'] as const,
  page: (slug: string) => ['admin', 'page', slug] as const,
  warehouses: () => ['admin', 'warehouses'] as const,
  shippingMethods: () => ['admin', 'shipping-methods'] as const,
  shippingMethod: (methodId: number) => ['admin', 'shipping-method', methodId] as const,
  configInfo: () => ['admin', 'config-info'] as const,
  recharges: (filter?: object) =>
    filter ? (['admin', 'recharges', filter] as const) : (['admin', 'recharges'] as const),
  rechargeMethods: () => ['admin', 'recharge-methods'] as const,
};

/** The user's withdrawals and limits (features/withdrawals) and the operator's queue. */
export const withdrawalsKeys = {
  all: ['withdrawals'] as const,
  limits: () => ['withdrawals', 'limits'] as const,
  list: (filter?: object) => (filter ? (['withdrawals', 'list', filter] as const) : (['withdrawals', 'list'] as const)),
  admin: (filter?: object) =>
    filter ? (['withdrawals', 'admin', filter] as const) : (['withdrawals', 'admin'] as const),
};

/** The user's own wallet (features/wallet) and the operator's view of a user's wallet. */
export const walletKeys = {
  all: ['wallet'] as const,
  record: () => [...walletKeys.all, 'record'] as const,
  lines: (filter: object) => [...walletKeys.all, 'lines', filter] as const,
  series: (range: object) => [...walletKeys.all, 'series', range] as const,
  admin: (userId?: string, filter?: object) =>
    ['admin', 'wallet', ...(userId ? [userId] : []), ...(filter ? [filter] : [])] as const,
  reconciliation: () => ['admin', 'wallet-reconciliation'] as const,
};

export const checkoutKeys = {
  all: ['checkout'] as const,
  prodConfirm: (body: object) => [...checkoutKeys.all, 'prod-confirm', body] as const,
  basketConfirm: (body: object) => [...checkoutKeys.all, 'basket-confirm', body] as const,
  taxRates: () => [...checkoutKeys.all, 'tax-rates'] as const,
};

/** Paying orders (server module `payments`: POST /api/p/order/pay) and the payment /user/paystate polls. */
export const paymentsKeys = {
  all: ['order-payment'] as const,
  payment: (id: string) => [...paymentsKeys.all, 'payment', id] as const,
  order: (id: string) => [...paymentsKeys.all, 'order', id] as const,
  /** A catalogue bulk order's two parts (decision 0145), the buyer's and the operator's view. */
  twoParts: (id: string, viewer: 'user' | 'operator' = 'user') =>
    [...paymentsKeys.all, 'two-parts', viewer, id] as const,
};

/** The user's invoices (features/invoices). */
export const invoicesKeys = {
  all: ['invoices'] as const,
  list: (paging: object) => ['invoices', 'list', paging] as const,
  one: (id: string) => ['invoices', 'one', id] as const,
  ofOrder: (orderId: string) => ['invoices', 'of-order', orderId] as const,
};

/** After-sales requests (features/after-sales) and the operator's queue (features/admin/after-sales). */
export const afterSalesKeys = {
  all: ['after-sales'] as const,
  list: (paging: object) => ['after-sales', 'list', paging] as const,
  orders: () => ['after-sales', 'orders'] as const,
  admin: (filter: object) => ['after-sales', 'admin', filter] as const,
};

/** The user's cart and wish list (features/cart; the header badge reads `count`). */
export const cartKeys = {
  all: ['cart'] as const,
  lines: () => [...cartKeys.all, 'lines'] as const,
  count: () => [...cartKeys.all, 'count'] as const,
  wishList: () => [...cartKeys.all, 'wishlist'] as const,
};

/** The user's orders (features/orders) and the operator's (features/admin/orders). */
export const ordersKeys = {
  all: ['orders'] as const,
  list: (filter: object) => [...ordersKeys.all, 'list', filter] as const,
  counts: () => [...ordersKeys.all, 'counts'] as const,
  one: (id: string) => [...ordersKeys.all, 'one', id] as const,
  admin: (filter: object) => [...ordersKeys.all, 'admin', filter] as const,
  adminOne: (id: string) => [...ordersKeys.all, 'admin-one', id] as const,
};

/** Store orders (features/store-orders, issue 21): the orders of the caller's connected stores. */
export const storeOrdersKeys = {
  all: ['store-orders'] as const,
  list: (query: object) => [...storeOrdersKeys.all, 'list', query] as const,
  counts: (filters: object) => [...storeOrdersKeys.all, 'counts', filters] as const,
  one: (id: string) => [...storeOrdersKeys.all, 'one', id] as const,
  syncStatus: () => [...storeOrdersKeys.all, 'sync-status'] as const,
};

/** Price differences (features/price-differences, features/admin/price-differences). */
export const priceDifferencesKeys = {
  all: ['price-differences'] as const,
  list: (filter: object) => ['price-differences', 'list', filter] as const,
  admin: (filter?: object) => ['admin', 'price-differences', ...(filter ? [filter] : [])] as const,
};

/** Bulk orders (features/bulk-orders) and a product's bulk price tiers. */
export const bulkKeys = {
  orders: (filter: object) => ['orders', 'bulk', filter] as const,
  counts: () => ['orders', 'bulk', 'counts'] as const,
  tiers: (prodId: number) => ['price-tiers', prodId] as const,
};
