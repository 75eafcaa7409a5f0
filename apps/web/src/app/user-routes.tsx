import type { RouteObject } from 'react-router';
import { page, withText } from './route-kit';

// Loaded with the first /user path, not in the entry every public page downloads (decision 0109).
/**
 * SPEC §2 login-required pages under /user. Paths match case-insensitively (React Router's
 * default), so the header's lowercase /user/walletbalance opens walletBalance.
 */
export const USER_PAGES: RouteObject[] = [
  page(
    'profile',
    'profile',
    withText(
      'accounts',
      withText('sourcing', () => import('../features/accounts/profile/profile-page')),
    ),
  ),
  page(
    'affiliate',
    'affiliate',
    withText('affiliates', () => import('../features/affiliates/affiliate-page')),
  ),
  page(
    'myinventory',
    'myinventory',
    withText('inventory', () => import('../features/inventory/my-inventory-page')),
  ),
  page(
    'inventorydetails',
    'inventorydetails',
    withText('inventory', () => import('../features/inventory/inventory-details-page')),
  ),
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
  page(
    'sourcing',
    'sourcing',
    withText('sourcing', () => import('../features/sourcing/sourcing-page')),
  ),
  page(
    'sourcingDetail',
    'sourcing-detail',
    withText('sourcing', () => import('../features/sourcing/sourcing-detail-page')),
  ),
  page(
    'sourcingFrom',
    'sourcing-from',
    withText('sourcing', () => import('../features/sourcing/sourcing-form-page')),
  ),
  page(
    'listed',
    'listed',
    withText('listings', () => import('../features/listings/listed-page')),
  ),
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
  page(
    'prefershipping',
    'prefershipping',
    withText('preferred-shipping', () => import('../features/preferred-shipping/preferred-shipping-page')),
  ),
  page(
    'storeorder',
    'storeorder',
    withText(
      'orders',
      // The payments namespace: a bulk order's two parts in the order's drawer (decision 0145).
      withText(
        'store-orders',
        withText('payments', () => import('./pages/store-order-page')),
      ),
    ),
  ),
  // Store orders paid in batches (decision 0118); its wallet and PayPal words are the payments
  // namespace's, PayPal's fee rule the recharge one's.
  page(
    'orderpayment',
    'orderpayment',
    withText(
      'payments',
      withText('recharge', () => import('../features/payments/store-pay-page')),
    ),
  ),
  page(
    'bulkorders',
    'bulkorders',
    withText('pricing', () => import('../features/bulk-orders/bulk-orders-page')),
  ),
  page(
    'inventoryorders',
    'inventoryorders',
    withText('inventory', () => import('../features/inventory/inventory-orders-page')),
  ),
  page(
    'downloadinventory',
    'downloadinventory',
    withText('inventory', () => import('../features/inventory/download-inventory-page')),
  ),
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
  page(
    'storedownloadinvoice',
    'storedownloadinvoice',
    withText('invoices', () => import('../features/invoices/store-invoice-list-page')),
  ),
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
  page(
    'excelorderhistory',
    'excelorderhistory',
    withText('excel-imports', () => import('../features/excel-imports/excel-import-page')),
  ),
];
