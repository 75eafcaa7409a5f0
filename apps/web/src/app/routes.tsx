import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AppRoot } from './app-root';
import { loadNamespace } from '../lib/i18n';
import { RequireOperator, RequireSession } from './guards';
import NotFoundPage from './pages/not-found-page';
import { RouteError } from './route-error';

type PageModule = { default: ComponentType };
type Loader = () => Promise<PageModule>;

const comingSoon: Loader = () => import('./pages/coming-soon-page');
/** Operator console pages arrive with their catalogue (the `admin` namespace loads lazily). */
const withAdminText =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespace('admin')]).then(([module]) => module);
const productForm = () => import('../features/admin/products/product-form-page');
/** The withdrawal screens' texts (`withdraw`, lazy like `admin`) load with their pages. */
const withWithdrawText =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespace('withdraw')]).then(([module]) => module);
/** The wallet screens' texts load with them (the `wallet` namespace is lazy too). */
const withWalletText =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespace('wallet')]).then(([module]) => module);
/** The checkout screens' texts (`checkout`, lazy too), also the operator's tax-rate page. */
const withCheckoutText =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespace('checkout')]).then(([module]) => module);
/** The recharge and payment screens' texts (`payment`, lazy like `admin`) load with their pages. */
const withPaymentText =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespace('payment')]).then(([module]) => module);

/** The price-difference, bulk-order and bulk-tier screens' texts (`pricing`, lazy). */
const withPricingText =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespace('pricing')]).then(([module]) => module);

/** The invoice screens' texts (`invoices`, lazy) load with their pages. */
const withInvoicesText =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespace('invoices')]).then(([module]) => module);

/** The order screens' texts (`orders`, lazy), also the operator's orders console. */
const withOrdersText =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespace('orders')]).then(([module]) => module);

/** The after-sales screens' texts (`aftersales`, lazy), the user's and the operator's. */
const withAfterSalesText =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespace('aftersales')]).then(([module]) => module);

/** The product-connection screens' texts (`connections`, lazy). */
const withConnectionsText =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespace('connections')]).then(([module]) => module);

/** The store screens' texts (`stores`, lazy): the store list, adding a store and the authorization flows. */
const withStoresText =
  (load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespace('stores')]).then(([module]) => module);

/** A page route: its title key, and its lazily loaded component (coming soon until built). */
function page(path: string, titleKey: string, load: Loader = comingSoon): RouteObject {
  return {
    path,
    handle: { title: `routes:${titleKey}` },
    lazy: async () => ({ Component: (await load()).default }),
  };
}

/** Pages under a layout: the nested errorElement keeps the header and footer on screen. */
function pages(children: RouteObject[]): RouteObject {
  return { errorElement: <RouteError />, children };
}

const publicLayout = async () => ({ Component: (await import('./layouts/public-layout')).PublicLayout });
const minimalLayout = async () => ({ Component: (await import('./layouts/minimal-layout')).MinimalLayout });
const userLayout = async () => ({ Component: (await import('./layouts/account-layout')).UserLayout });
const adminLayout = async () => ({ Component: (await import('./layouts/account-layout')).AdminLayout });

/** The footer's static pages: one component renders GET /api/content/pages/{slug} for its path. */
const contentPage: Loader = () => import('../features/content/content-page');

/** SPEC §2 public pages (header and footer, no login), plus the footer's FAQ, how-it-works and affiliate. */
export const PUBLIC_PAGES: RouteObject[] = [
  page('index', 'index', () => import('../features/home/home-page')),
  page('goodslist', 'goodslist', () => import('../features/catalogue/goods-list-page')),
  page('productdetails', 'productdetails', () => import('../features/catalogue/product-details-page')),
  page('shippingfee', 'shippingfee', () => import('../features/logistics/shipping-fee-page')),
  page('agreement', 'agreement', contentPage),
  page('refunds', 'refunds', contentPage),
  page('aboutus', 'aboutus', contentPage),
  page('privacy', 'privacy', contentPage),
  page('walletrules', 'walletrules', contentPage),
  page('shippingpolicy', 'shippingpolicy', contentPage),
  page('contanctus', 'contanctus', contentPage),
  page('useragreement', 'useragreement', contentPage),
  page('faq', 'faq', contentPage),
  page('howitworks', 'howitworks', contentPage),
  page('affiliate', 'affiliate', contentPage),
];

/** SPEC §2 top-level pages without login. */
export const TOP_LEVEL_PAGES: RouteObject[] = [
  page('login', 'login', () => import('../features/accounts/login-page')),
  page('register', 'register', () => import('../features/accounts/register-page')),
  page('resetpassword', 'resetpassword', () => import('../features/accounts/reset-password-page')),
  page('paypalstatus', 'paypalstatus', withPaymentText(() => import('../features/payment/paypal-status-page'))),
  page('authensuccess', 'authensuccess', withStoresText(() => import('../features/stores/auth-success-page'))),
  page('externalJump', 'external-jump', withStoresText(() => import('../features/stores/external-jump-page'))),
  page('authlogin', 'authlogin', withStoresText(() => import('../features/stores/auth-login-page'))),
  page('redirectShopify', 'redirect-shopify', withStoresText(() => import('../features/stores/redirect-shopify-page'))),
  page('paypal', 'paypal', withPaymentText(() => import('../features/payment/paypal-page'))),
  page(':accessCode/redirectAccess', 'redirect-access', withStoresText(() => import('../features/stores/redirect-access-page'))),
  // Static: the error boundary shows the same page, so it is in the main chunk anyway.
  { path: '404', handle: { title: 'routes:not-found' }, Component: NotFoundPage },
];

/**
 * SPEC §2 login-required pages under /user. Paths match case-insensitively (React Router's
 * default), so the header's lowercase /user/walletbalance opens walletBalance.
 */
export const USER_PAGES: RouteObject[] = [
  page('profile', 'profile', () => import('../features/accounts/profile/profile-page')),
  page('myinventory', 'myinventory'),
  page('inventorydetails', 'inventorydetails'),
  page('walletBalance', 'wallet-balance', withWalletText(() => import('../features/wallet/wallet-balance-page'))),
  page('rechargeorder', 'rechargeorder', withPaymentText(() => import('../features/payment/recharge-orders-page'))),
  page('withdraw', 'withdraw', withWithdrawText(() => import('../features/withdrawals/withdraw-page'))),
  page('recharge', 'recharge', withPaymentText(() => import('../features/payment/recharge-page'))),
  page('payment', 'payment', withPaymentText(() => import('../features/payment/payment-page'))),
  page('wishlist', 'wishlist', () => import('../features/cart/wishlist-page')),
  page('sourcing', 'sourcing'),
  page('sourcingDetail', 'sourcing-detail'),
  page('sourcingFrom', 'sourcing-from'),
  page('listed', 'listed'),
  page('connection', 'connection', withConnectionsText(() => import('../features/connections/connection-page'))),
  page('addconnection', 'addconnection', withConnectionsText(() => import('../features/connections/add-connection-page'))),
  page('addconnectionsku', 'addconnectionsku', withConnectionsText(() => import('../features/connections/add-connection-sku-page'))),
  page('skuconnect', 'skuconnect', withConnectionsText(() => import('../features/connections/sku-connect-page'))),
  page('prefershipping', 'prefershipping'),
  page('storeorder', 'storeorder', withOrdersText(() => import('../features/orders/orders-page'))),
  page('orderpayment', 'orderpayment'),
  page('bulkorders', 'bulkorders', withPricingText(() => import('../features/bulk-orders/bulk-orders-page'))),
  page('inventoryorders', 'inventoryorders'),
  page('downloadinventory', 'downloadinventory'),
  page('orderinvoice', 'orderinvoice', withInvoicesText(() => import('../features/invoices/invoice-page'))),
  page('fillpricedifference', 'fillpricedifference', withPricingText(() => import('../features/price-differences/fill-price-difference-page'))),
  page('aftersalesorders', 'aftersalesorders', withAfterSalesText(() => import('../features/after-sales/after-sales-page'))),
  page('downloadinvoice', 'downloadinvoice', withInvoicesText(() => import('../features/invoices/invoice-list-page'))),
  page('storedownloadinvoice', 'storedownloadinvoice'),
  page('shoppingcart', 'shoppingcart', () => import('../features/cart/cart-page')),
  page('shopify', 'shopify', withStoresText(() => import('../features/stores/store-list-page'))),
  page('woocommerce', 'woocommerce', withStoresText(() => import('../features/stores/woocommerce-page'))),
  page('aliexpress', 'aliexpress', withStoresText(() => import('../features/stores/aliexpress-page'))),
  page('paynoworder', 'paynoworder', withCheckoutText(() => import('../features/checkout/pay-now-order-page'))),
  page('paymentorder', 'paymentorder', withPaymentText(() => import('../features/payment/payment-order-page'))),
  page('cartpaylist', 'cartpaylist', withCheckoutText(() => import('../features/checkout/cart-pay-list-page'))),
  page('paymoney', 'paymoney', withPaymentText(() => import('../features/payment/pay-money-page'))),
  page('paystate', 'paystate', withPaymentText(() => import('../features/payment/pay-state-page'))),
  page('payconfirmation', 'payconfirmation', withPaymentText(() => import('../features/payment/pay-confirmation-page'))),
  page('excelorderhistory', 'excelorderhistory'),
];

/** The operator console (session + role operator). */
export const ADMIN_PAGES: RouteObject[] = [
  page('overview', 'admin-overview', withAdminText(() => import('../features/admin/dashboard/dashboard-page'))),
  page('products', 'admin-products', withAdminText(() => import('../features/admin/products/products-page'))),
  page('products/new', 'admin-product-new', withAdminText(() => productForm().then((m) => ({ default: m.NewProductPage })))),
  page('products/:prodId', 'admin-product-edit', withAdminText(withPricingText(() => productForm().then((m) => ({ default: m.EditProductPage }))))),
  page('categories', 'admin-categories', withAdminText(() => import('../features/admin/categories/categories-page'))),
  page('tags', 'admin-tags', withAdminText(() => import('../features/admin/tags/tags-page'))),
  page('specials', 'admin-specials', withAdminText(() => import('../features/admin/specials/specials-page'))),
  page('banners', 'admin-banners', withAdminText(() => import('../features/admin/banners/banners-page'))),
  page('notices', 'admin-notices', withAdminText(() => import('../features/admin/notices/notices-page'))),
  page('pages', 'admin-pages', withAdminText(() => import('../features/admin/pages/pages-page'))),
  page('shipping', 'admin-shipping', withAdminText(() => import('../features/admin/logistics/shipping-methods-page'))),
  page('shipping/:methodId', 'admin-shipping-method', withAdminText(() => import('../features/admin/logistics/shipping-method-page'))),
  page('warehouses', 'admin-warehouses', withAdminText(() => import('../features/admin/logistics/warehouses-page'))),
  page('users', 'admin-users', () => import('../features/admin/users/users-page')),
  page('users/:userId/wallet', 'admin-wallet', withAdminText(withWalletText(() => import('../features/admin/wallet/user-wallet-page')))),
  page('reconciliation', 'admin-reconciliation', withAdminText(() => import('../features/admin/wallet/reconciliation-page'))),
  page('mail-outbox', 'admin-mail-outbox', () => import('../features/admin/mail/mail-outbox-page')),
  page('jobs', 'admin-jobs', withAdminText(() => import('../features/admin/jobs/jobs-page'))),
  page('withdrawals', 'admin-withdrawals', withWithdrawText(withAdminText(() => import('../features/admin/withdrawals/withdrawals-page')))),
  page('recharges', 'admin-recharges', withPaymentText(withAdminText(() => import('../features/admin/recharges/recharges-page')))),
  page('payment-methods', 'admin-payment-methods', withPaymentText(withAdminText(() => import('../features/admin/recharges/payment-methods-page')))),
  page('orders', 'admin-orders', withOrdersText(withPricingText(withAdminText(() => import('../features/admin/orders/orders-page'))))),
  page('price-differences', 'admin-price-differences', withAdminText(withPricingText(() => import('../features/admin/price-differences/price-differences-page')))),
  page('after-sales', 'admin-after-sales', withAdminText(withAfterSalesText(() => import('../features/admin/after-sales/after-sales-page')))),
  page('sourcing', 'admin-sourcing'),
  page('currencies', 'admin-currencies', withAdminText(() => import('../features/admin/currency/currency-page'))),
  page('tax-rates', 'admin-tax-rates', withAdminText(withCheckoutText(() => import('../features/admin/tax-rates/tax-rates-page')))),
  page('settings', 'admin-settings', withAdminText(() => import('../features/admin/config-info/config-info-page'))),
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <AppRoot />,
    // main.tsx renders only once the first page's chunks are in, so this never shows in the app.
    HydrateFallback: () => null,
    errorElement: (
      <main className="standalone">
        <RouteError />
      </main>
    ),
    children: [
      { index: true, element: <Navigate to="/index" replace /> },
      { lazy: publicLayout, children: [pages(PUBLIC_PAGES)] },
      { lazy: minimalLayout, children: [pages(TOP_LEVEL_PAGES)] },
      {
        element: <RequireSession />,
        children: [
          { lazy: minimalLayout, children: [pages([page('aliexpressstatus', 'aliexpressstatus', withStoresText(() => import('../features/stores/aliexpress-status-page')))])] },
          {
            path: 'user',
            lazy: userLayout,
            children: [pages([{ index: true, element: <Navigate to="/user/profile" replace /> }, ...USER_PAGES])],
          },
        ],
      },
      {
        path: 'admin',
        element: <RequireOperator />,
        children: [
          {
            lazy: adminLayout,
            children: [pages([{ index: true, element: <Navigate to="/admin/overview" replace /> }, ...ADMIN_PAGES])],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
