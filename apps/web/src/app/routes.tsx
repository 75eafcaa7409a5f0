import { Navigate, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { AppRoot } from './app-root';
import { RequireOperator, RequireSession } from './guards';
import NotFoundPage from './pages/not-found-page';
import { RouteError } from './route-error';
import { type Loader, page, pages, withText } from './route-kit';
import { loadNamespace } from '../lib/i18n';

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
  page(
    'affiliate',
    'affiliate',
    withText('affiliates', () => import('./pages/affiliate-terms-page')),
  ),
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

const USER_PAGES_ID = 'user-pages';
const ADMIN_PAGES_ID = 'admin-pages';

/**
 * The account area's and the console's page tables (60 routes) load with the first path under
 * /user or /admin, not in the entry every public page downloads (decision 0109). Until then such a
 * path matches only the catch-all, and the router asks here before it follows it. Paths match
 * case-insensitively, as the router's own matching.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (/^\/user\//i.test(path)) patch(USER_PAGES_ID, (await import('./user-routes')).USER_PAGES);
  else if (/^\/admin\//i.test(path)) {
    // The console's titles and menu read routes-admin: it loads with the console's page table.
    const [{ ADMIN_PAGES }] = await Promise.all([import('./admin-routes'), loadNamespace('routes-admin')]);
    patch(ADMIN_PAGES_ID, ADMIN_PAGES);
  }
};

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
            children: [pages([{ index: true, element: <Navigate to="/user/profile" replace /> }], USER_PAGES_ID)],
          },
        ],
      },
      {
        path: 'admin',
        element: <RequireOperator />,
        children: [
          {
            lazy: adminLayout,
            children: [pages([{ index: true, element: <Navigate to="/admin/overview" replace /> }], ADMIN_PAGES_ID)],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
