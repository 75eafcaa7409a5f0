import type { RouteObject } from 'react-router';
import { page, withText } from './route-kit';

// Loaded with the first /admin path, not in the entry every public page downloads (decision 0109).

const productForm = () => import('../features/admin/products/product-form-page');

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
    'affiliates',
    'admin-affiliates',
    withText('affiliates', () => import('../features/admin/affiliates/affiliates-admin-page')),
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
  // The store platforms' privacy requests (issue 21); its texts are the store-orders namespace's.
  page(
    'privacy-requests',
    'admin-privacy-requests',
    withText(
      'store-orders',
      withText('admin', () => import('../features/admin/privacy-requests/privacy-requests-page')),
    ),
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
        // payments: a bulk order's two parts in the drawer (decision 0145)
        withText(
          'admin',
          withText('payments', () => import('../features/admin/orders/orders-page')),
        ),
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
  page(
    'inventory',
    'admin-inventory',
    withText('inventory', () => import('../features/admin/inventory/inventory-admin-page')),
  ),
  page(
    'sourcing',
    'admin-sourcing',
    withText(
      'admin',
      withText('sourcing', () => import('../features/admin/sourcing/sourcing-page')),
    ),
  ),
  page(
    'sourcing/:id/product',
    'admin-sourcing-product',
    withText(
      'admin',
      withText('sourcing', () => import('../features/admin/sourcing/sourcing-product-page')),
    ),
  ),
  page(
    'desk',
    'admin-desk',
    withText('sourcing', () => import('../features/admin/desk/desk-users-page')),
  ),
  page(
    'desk/:userId',
    'admin-desk-user',
    withText(
      'orders',
      withText('sourcing', () => import('../features/admin/desk/desk-user-page')),
    ),
  ),
  page(
    'desk/:userId/orders/:id',
    'admin-desk-order',
    withText(
      'orders',
      withText('sourcing', () => import('../features/admin/desk/desk-order-page')),
    ),
  ),
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
