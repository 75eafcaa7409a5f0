import type { ReactNode } from 'react';
import { BoxIcon, ClockIcon, GlobeIcon, SearchIcon, StoreIcon, UserIcon, WalletIcon } from '../../components/ui/icons';
import {
  CoinsIcon,
  GaugeIcon,
  MailIcon,
  OrdersIcon,
  ReceiptIcon,
  SettingsIcon,
  TagIcon,
  UsersIcon,
} from '../../components/ui/console-icons';

export interface MenuLink {
  to: string;
  /** Same key as the route's title, so the menu and the page say the same thing. */
  title: string;
}
export interface MenuSection {
  key: string;
  icon: ReactNode;
  /** A section with one link is shown as that link. */
  links: MenuLink[];
}

const icon = (Component: (p: { size?: number }) => ReactNode) => <Component size={16} />;

/** The account sections of /user: account, wallet, inventory, products, orders, invoices. */
export const USER_SECTIONS: MenuSection[] = [
  {
    key: 'account',
    icon: icon(UserIcon),
    links: [
      { to: '/user/profile', title: 'profile' },
      { to: '/user/affiliate', title: 'affiliate' },
    ],
  },
  {
    key: 'wallet',
    icon: icon(WalletIcon),
    links: [
      { to: '/user/walletBalance', title: 'wallet-balance' },
      { to: '/user/recharge', title: 'recharge' },
      { to: '/user/rechargeorder', title: 'rechargeorder' },
      { to: '/user/withdraw', title: 'withdraw' },
    ],
  },
  {
    key: 'inventory',
    icon: icon(BoxIcon),
    links: [
      { to: '/user/myinventory', title: 'myinventory' },
      { to: '/user/inventoryorders', title: 'inventoryorders' },
      { to: '/user/downloadinventory', title: 'downloadinventory' },
    ],
  },
  {
    key: 'products',
    icon: icon(TagIcon),
    links: [
      { to: '/user/wishlist', title: 'wishlist' },
      { to: '/user/sourcing', title: 'sourcing' },
      { to: '/user/listed', title: 'listed' },
      { to: '/user/connection', title: 'connection' },
      { to: '/user/shopify', title: 'shopify' },
      { to: '/user/woocommerce', title: 'woocommerce' },
      { to: '/user/aliexpress', title: 'aliexpress' },
    ],
  },
  {
    key: 'orders',
    icon: icon(OrdersIcon),
    links: [
      { to: '/user/storeorder', title: 'storeorder' },
      { to: '/user/shoppingcart', title: 'shoppingcart' },
      { to: '/user/bulkorders', title: 'bulkorders' },
      { to: '/user/fillpricedifference', title: 'fillpricedifference' },
      { to: '/user/aftersalesorders', title: 'aftersalesorders' },
      { to: '/user/excelorderhistory', title: 'excelorderhistory' },
    ],
  },
  { key: 'invoices', icon: icon(ReceiptIcon), links: [{ to: '/user/downloadinvoice', title: 'downloadinvoice' }] },
];

/** The operator console's sections. */
export const ADMIN_SECTIONS: MenuSection[] = [
  { key: 'admin-overview', icon: icon(GaugeIcon), links: [{ to: '/admin/overview', title: 'admin-overview' }] },
  { key: 'admin-users', icon: icon(UsersIcon), links: [{ to: '/admin/users', title: 'admin-users' }] },
  { key: 'admin-mail-outbox', icon: icon(MailIcon), links: [{ to: '/admin/mail-outbox', title: 'admin-mail-outbox' }] },
  { key: 'admin-jobs', icon: icon(ClockIcon), links: [{ to: '/admin/jobs', title: 'admin-jobs' }] },
  {
    key: 'admin-catalogue',
    icon: icon(StoreIcon),
    links: [
      { to: '/admin/products', title: 'admin-products' },
      { to: '/admin/categories', title: 'admin-categories' },
      { to: '/admin/tags', title: 'admin-tags' },
      { to: '/admin/specials', title: 'admin-specials' },
    ],
  },
  {
    key: 'admin-content',
    icon: icon(ReceiptIcon),
    links: [
      { to: '/admin/banners', title: 'admin-banners' },
      { to: '/admin/notices', title: 'admin-notices' },
      { to: '/admin/pages', title: 'admin-pages' },
    ],
  },
  {
    key: 'admin-shipping',
    icon: icon(GlobeIcon),
    links: [
      { to: '/admin/shipping', title: 'admin-shipping' },
      { to: '/admin/warehouses', title: 'admin-warehouses' },
    ],
  },
  {
    key: 'admin-payments',
    icon: icon(WalletIcon),
    links: [
      { to: '/admin/recharges', title: 'admin-recharges' },
      { to: '/admin/withdrawals', title: 'admin-withdrawals' },
      { to: '/admin/payment-methods', title: 'admin-payment-methods' },
      { to: '/admin/reconciliation', title: 'admin-reconciliation' },
      { to: '/admin/affiliates', title: 'admin-affiliates' },
    ],
  },
  {
    key: 'admin-orders',
    icon: icon(OrdersIcon),
    links: [
      { to: '/admin/orders', title: 'admin-orders' },
      { to: '/admin/price-differences', title: 'admin-price-differences' },
      { to: '/admin/after-sales', title: 'admin-after-sales' },
      { to: '/admin/inventory', title: 'admin-inventory' },
      { to: '/admin/privacy-requests', title: 'admin-privacy-requests' },
    ],
  },
  {
    key: 'admin-sourcing',
    icon: icon(SearchIcon),
    // The agent's desk (decision 0137) sits beside the queue: an agent's menu is this section.
    links: [
      { to: '/admin/sourcing', title: 'admin-sourcing' },
      { to: '/admin/desk', title: 'admin-desk' },
    ],
  },
  { key: 'admin-currencies', icon: icon(CoinsIcon), links: [{ to: '/admin/currencies', title: 'admin-currencies' }] },
  { key: 'admin-tax-rates', icon: icon(ReceiptIcon), links: [{ to: '/admin/tax-rates', title: 'admin-tax-rates' }] },
  { key: 'admin-settings', icon: icon(SettingsIcon), links: [{ to: '/admin/settings', title: 'admin-settings' }] },
];
