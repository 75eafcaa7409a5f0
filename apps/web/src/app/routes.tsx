import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AppRoot } from './app-root';
import { loadNamespace, type Namespace } from '../lib/i18n';
import { RequireOperator, RequireSession } from './guards';
import NotFoundPage from './pages/not-found-page';
import { RouteError } from './route-error';

type PageModule = { default: ComponentType };
type Loader = () => Promise<PageModule>;

const comingSoon: Loader = () => import('./pages/coming-soon-page');

/**
 * A page whose texts live in a lazily loaded locale namespace (`admin`, `wallet`, `orders`, …):
 * the namespace loads alongside the page's code, so the page never renders its keys.
 */
const withText =
  (namespace: Namespace, load: Loader): Loader =>
  () =>
    Promise.all([load(), loadNamespace(namespace)]).then(([module]) => module);
const productForm = () => import('../features/admin/products/product-form-page');

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
  page(
    'index',
    'index',
    withText('home', () => import('../features/home/home-page')),
  ),
  page(
    'goodslist',
    'goodslist',
    withText('catalogue', () => import('../features/catalogue/goods-list-page')),
  ),
  page(
    'productdetails',
    'productdetails',
    withText('catalogue', () => import('../features/catalogue/product-details-page')),
  ),
  page(
    'shippingfee',
    'shippingfee',
    withText('logistics', () => import('../features/logistics/shipping-fee-page')),
  ),
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
  page(
    'login',
    'login',
    withText('accounts', () => import('../features/accounts/login-page')),
  ),
  page(
    'register',
    'register',
    withText('accounts', () => import('../features/accounts/register-page')),
  ),
  page(
    'resetpassword',
    'resetpassword',
    withText('accounts', () => import('../features/accounts/reset-password-page')),
  ),
  page(
    'paypalstatus',
    'paypalstatus',
    withText('recharge', () => import('../features/recharge/paypal-status-page')),
  ),
  page(
    'authensuccess',
    'authensuccess',
    withText('stores', () => import('../features/stores/auth-success-page')),
  ),
  page(
    'externalJump',
    'external-jump',
    withText('stores', () => import('../features/stores/external-jump-page')),
  ),
  page(
    'authlogin',
    'authlogin',
    withText('stores', () => import('../features/stores/auth-login-page')),
  ),
  page(
    'redirectShopify',
    'redirect-shopify',
    withText('stores', () => import('../features/stores/redirect-shopify-page')),
  ),
  page(
    'paypal',
    'paypal',
    withText('recharge', () => import('../features/recharge/paypal-page')),
  ),
  page(
    ':accessCode/redirectAccess',
    'redirect-access',
    withText('stores', () => import('../features/stores/redirect-access-page')),
  ),
  // Static: the error boundary shows the same page, so it is in the main chunk anyway.
  { path: '404', handle: { title: 'routes:not-found' }, Component: NotFoundPage },
];

/**
 * SPEC §2 login-required pages under /user. Paths match case-insensitively (React Router's
 * default), so the header's lowercase /user/walletbalance opens walletBalance.
 */
export const USER_PAGES: RouteObject[] = [
  page(
    'profile',
    'profile',
    withText('accounts', () => import('../features/accounts/profile/profile-page')),
  ),
  page('myinventory', 'myinventory'),
  page('inventorydetails', 'inventorydetails'),
  page(
    'walletBalance',
    'wallet-balance',
    withText('wallet', () => import('../features/wallet/wallet-balance-page')),
  ),
  page(
    'rechargeorder',
    'rechargeorder',
    withText('recharge', () => import('../features/recharge/recharge-orders-page')),
  ),
  page(
    'withdraw',
    'withdraw',
    withText('withdrawals', () => import('../features/withdrawals/withdraw-page')),
  ),
  page(
    'recharge',
    'recharge',
    withText('recharge', () => import('../features/recharge/recharge-page')),
  ),
  page(
    'payment',
    'payment',
    withText('recharge', () => import('../features/recharge/payment-page')),
  ),
  page('wishlist', 'wishlist', () => import('../features/cart/wishlist-page')),
  page('sourcing', 'sourcing'),
  page('sourcingDetail', 'sourcing-detail'),
  page('sourcingFrom', 'sourcing-from'),
  page('listed', 'listed'),
  page(
    'connection',
    'connection',
    withText('connections', () => import('../features/connections/connection-page')),
  ),
  page(
    'addconnection',
    'addconnection',
    withText('connections', () => import('../features/connections/add-connection-page')),
  ),
  page(
    'addconnectionsku',
    'addconnectionsku',
    withText('connections', () => import('../features/connections/add-connection-sku-page')),
  ),
  page(
    'skuconnect',
    'skuconnect',
    withText('connections', () => import('../features/connections/sku-connect-page')),
  ),
  page('prefershipping', 'prefershipping'),
  page(
    'storeorder',
    'storeorder',
    withText('orders', () => import('../features/orders/orders-page')),
  ),
  page('orderpayment', 'orderpayment'),
  page(
    'bulkorders',
    'bulkorders',
    withText('pricing', () => import('../features/bulk-orders/bulk-orders-page')),
  ),
  page('inventoryorders', 'inventoryorders'),
  page('downloadinventory', 'downloadinventory'),
  page(
    'orderinvoice',
    'orderinvoice',
    withText('invoices', () => import('../features/invoices/invoice-page')),
  ),
  page(
    'fillpricedifference',
    'fillpricedifference',
    withText('pricing', () => import('../features/price-differences/fill-price-difference-page')),
  ),
  page(
    'aftersalesorders',
    'aftersalesorders',
    withText('after-sales', () => import('../features/after-sales/after-sales-page')),
  ),
  page(
    'downloadinvoice',
    'downloadinvoice',
    withText('invoices', () => import('../features/invoices/invoice-list-page')),
  ),
  page('storedownloadinvoice', 'storedownloadinvoice'),
  // Its quantity inputs speak the catalogue's words.
  page(
    'shoppingcart',
    'shoppingcart',
    withText('catalogue', () => import('../features/cart/cart-page')),
  ),
  page(
    'shopify',
    'shopify',
    withText('stores', () => import('../features/stores/store-list-page')),
  ),
  page(
    'woocommerce',
    'woocommerce',
    withText('stores', () => import('../features/stores/woocommerce-page')),
  ),
  page(
    'aliexpress',
    'aliexpress',
    withText('stores', () => import('../features/stores/aliexpress-page')),
  ),
  page(
    'paynoworder',
    'paynoworder',
    withText('checkout', () => import('../features/checkout/pay-now-order-page')),
  ),
  page(
    'paymentorder',
    'paymentorder',
    withText(
      'payments',
      withText('recharge', () => import('../features/payments/payment-order-page')),
    ),
  ),
  page(
    'cartpaylist',
    'cartpaylist',
    withText('checkout', () => import('../features/checkout/cart-pay-list-page')),
  ),
  page(
    'paymoney',
    'paymoney',
    withText('recharge', () => import('../features/recharge/pay-money-page')),
  ),
  page(
    'paystate',
    'paystate',
    withText(
      'payments',
      withText('recharge', () => import('./pages/pay-state-page')),
    ),
  ),
  page(
    'payconfirmation',
    'payconfirmation',
    withText('recharge', () => import('../features/recharge/pay-confirmation-page')),
  ),
  page('excelorderhistory', 'excelorderhistory'),
];

/** The operator console (session + role operator). */
export const ADMIN_PAGES: RouteObject[] = [
  page(
    'overview',
    'admin-overview',
    withText('admin', () => import('../features/admin/dashboard/dashboard-page')),
  ),
  page(
    'products',
    'admin-products',
    withText('admin', () => import('../features/admin/products/products-page')),
  ),
  page(
    'products/new',
    'admin-product-new',
    withText('admin', () => productForm().then((m) => ({ default: m.NewProductPage }))),
  ),
  page(
    'products/:prodId',
    'admin-product-edit',
    withText(
      'admin',
      withText('pricing', () => productForm().then((m) => ({ default: m.EditProductPage }))),
    ),
  ),
  page(
    'categories',
    'admin-categories',
    withText('admin', () => import('../features/admin/categories/categories-page')),
  ),
  page(
    'tags',
    'admin-tags',
    withText('admin', () => import('../features/admin/tags/tags-page')),
  ),
  page(
    'specials',
    'admin-specials',
    withText('admin', () => import('../features/admin/specials/specials-page')),
  ),
  page(
    'banners',
    'admin-banners',
    withText('admin', () => import('../features/admin/banners/banners-page')),
  ),
  page(
    'notices',
    'admin-notices',
    withText('admin', () => import('../features/admin/notices/notices-page')),
  ),
  page(
    'pages',
    'admin-pages',
    withText('admin', () => import('../features/admin/pages/pages-page')),
  ),
  page(
    'shipping',
    'admin-shipping',
    withText('admin', () => import('../features/admin/logistics/shipping-methods-page')),
  ),
  page(
    'shipping/:methodId',
    'admin-shipping-method',
    withText('admin', () => import('../features/admin/logistics/shipping-method-page')),
  ),
  page(
    'warehouses',
    'admin-warehouses',
    withText('admin', () => import('../features/admin/logistics/warehouses-page')),
  ),
  page(
    'users',
    'admin-users',
    withText('accounts', () => import('../features/admin/users/users-page')),
  ),
  page(
    'users/:userId/wallet',
    'admin-wallet',
    withText(
      'admin',
      withText('wallet', () => import('../features/admin/wallet/user-wallet-page')),
    ),
  ),
  page(
    'reconciliation',
    'admin-reconciliation',
    withText('admin', () => import('../features/admin/wallet/reconciliation-page')),
  ),
  page(
    'mail-outbox',
    'admin-mail-outbox',
    withText('accounts', () => import('../features/admin/mail/mail-outbox-page')),
  ),
  page(
    'jobs',
    'admin-jobs',
    withText('admin', () => import('../features/admin/jobs/jobs-page')),
  ),
  page(
    'withdrawals',
    'admin-withdrawals',
    withText(
      'withdrawals',
      withText('admin', () => import('../features/admin/withdrawals/withdrawals-page')),
    ),
  ),
  page(
    'recharges',
    'admin-recharges',
    withText(
      'recharge',
      withText('admin', () => import('../features/admin/recharges/recharges-page')),
    ),
  ),
  page(
    'payment-methods',
    'admin-payment-methods',
    withText(
      'recharge',
      withText('admin', () => import('../features/admin/recharges/payment-methods-page')),
    ),
  ),
  page(
    'orders',
    'admin-orders',
    withText(
      'orders',
      withText(
        'pricing',
        withText('admin', () => import('../features/admin/orders/orders-page')),
      ),
    ),
  ),
  page(
    'price-differences',
    'admin-price-differences',
    withText(
      'admin',
      withText('pricing', () => import('../features/admin/price-differences/price-differences-page')),
    ),
  ),
  page(
    'after-sales',
    'admin-after-sales',
    withText(
      'admin',
      withText('after-sales', () => import('../features/admin/after-sales/after-sales-page')),
    ),
  ),
  page('sourcing', 'admin-sourcing'),
  page(
    'currencies',
    'admin-currencies',
    withText('admin', () => import('../features/admin/currency/currency-page')),
  ),
  page(
    'tax-rates',
    'admin-tax-rates',
    withText(
      'admin',
      withText('checkout', () => import('../features/admin/tax-rates/tax-rates-page')),
    ),
  ),
  page(
    'settings',
    'admin-settings',
    withText('admin', () => import('../features/admin/config-info/config-info-page')),
  ),
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
          {
            lazy: minimalLayout,
            children: [
              pages([
                page(
                  'aliexpressstatus',
                  'aliexpressstatus',
                  withText('stores', () => import('../features/stores/aliexpress-status-page')),
                ),
              ]),
            ],
          },
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
