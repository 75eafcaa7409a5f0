import type { Locale } from './common/locale';
import enCommon from './locales/en-US/common.json';
import enAccounts from './locales/en-US/accounts.json';
import enCatalogue from './locales/en-US/catalogue.json';
import enLogistics from './locales/en-US/logistics.json';
import enContent from './locales/en-US/content.json';
import enWithdrawal from './locales/en-US/withdrawal.json';
import enWallet from './locales/en-US/wallet.json';
import enAffiliates from './locales/en-US/affiliates.json';
import enRecharge from './locales/en-US/recharge.json';
import enOrders from './locales/en-US/orders.json';
import enCheckout from './locales/en-US/checkout.json';
import enInvoices from './locales/en-US/invoices.json';
import enCart from './locales/en-US/cart.json';
import enPayments from './locales/en-US/payments.json';
import enPricing from './locales/en-US/pricing.json';
import enAfterSales from './locales/en-US/aftersales.json';
import enStores from './locales/en-US/stores.json';
import enConnections from './locales/en-US/connections.json';
import enStoreOrders from './locales/en-US/store-orders.json';
import enInventory from './locales/en-US/inventory.json';
import enPreferredShipping from './locales/en-US/preferred-shipping.json';
import enExcelImports from './locales/en-US/excel-imports.json';
import enListings from './locales/en-US/listings.json';
import enSourcing from './locales/en-US/sourcing.json';
import zhCommon from './locales/zh-CN/common.json';
import zhAccounts from './locales/zh-CN/accounts.json';
import zhCatalogue from './locales/zh-CN/catalogue.json';
import zhLogistics from './locales/zh-CN/logistics.json';
import zhContent from './locales/zh-CN/content.json';
import zhWithdrawal from './locales/zh-CN/withdrawal.json';
import zhWallet from './locales/zh-CN/wallet.json';
import zhAffiliates from './locales/zh-CN/affiliates.json';
import zhRecharge from './locales/zh-CN/recharge.json';
import zhOrders from './locales/zh-CN/orders.json';
import zhCheckout from './locales/zh-CN/checkout.json';
import zhInvoices from './locales/zh-CN/invoices.json';
import zhCart from './locales/zh-CN/cart.json';
import zhPayments from './locales/zh-CN/payments.json';
import zhPricing from './locales/zh-CN/pricing.json';
import zhAfterSales from './locales/zh-CN/aftersales.json';
import zhStores from './locales/zh-CN/stores.json';
import zhConnections from './locales/zh-CN/connections.json';
import zhStoreOrders from './locales/zh-CN/store-orders.json';
import zhInventory from './locales/zh-CN/inventory.json';
import zhPreferredShipping from './locales/zh-CN/preferred-shipping.json';
import zhExcelImports from './locales/zh-CN/excel-imports.json';
import zhListings from './locales/zh-CN/listings.json';
import zhSourcing from './locales/zh-CN/sourcing.json';
import frCommon from './locales/fr-FR/common.json';
import frAccounts from './locales/fr-FR/accounts.json';
import frCatalogue from './locales/fr-FR/catalogue.json';
import frLogistics from './locales/fr-FR/logistics.json';
import frContent from './locales/fr-FR/content.json';
import frWithdrawal from './locales/fr-FR/withdrawal.json';
import frWallet from './locales/fr-FR/wallet.json';
import frAffiliates from './locales/fr-FR/affiliates.json';
import frRecharge from './locales/fr-FR/recharge.json';
import frOrders from './locales/fr-FR/orders.json';
import frCheckout from './locales/fr-FR/checkout.json';
import frInvoices from './locales/fr-FR/invoices.json';
import frCart from './locales/fr-FR/cart.json';
import frPayments from './locales/fr-FR/payments.json';
import frPricing from './locales/fr-FR/pricing.json';
import frAfterSales from './locales/fr-FR/aftersales.json';
import frStores from './locales/fr-FR/stores.json';
import frConnections from './locales/fr-FR/connections.json';
import frStoreOrders from './locales/fr-FR/store-orders.json';
import frInventory from './locales/fr-FR/inventory.json';
import frPreferredShipping from './locales/fr-FR/preferred-shipping.json';
import frExcelImports from './locales/fr-FR/excel-imports.json';
import frListings from './locales/fr-FR/listings.json';
import frSourcing from './locales/fr-FR/sourcing.json';
import trCommon from './locales/tr-TR/common.json';
import trAccounts from './locales/tr-TR/accounts.json';
import trCatalogue from './locales/tr-TR/catalogue.json';
import trLogistics from './locales/tr-TR/logistics.json';
import trContent from './locales/tr-TR/content.json';
import trWithdrawal from './locales/tr-TR/withdrawal.json';
import trWallet from './locales/tr-TR/wallet.json';
import trAffiliates from './locales/tr-TR/affiliates.json';
import trRecharge from './locales/tr-TR/recharge.json';
import trOrders from './locales/tr-TR/orders.json';
import trCheckout from './locales/tr-TR/checkout.json';
import trInvoices from './locales/tr-TR/invoices.json';
import trCart from './locales/tr-TR/cart.json';
import trPayments from './locales/tr-TR/payments.json';
import trPricing from './locales/tr-TR/pricing.json';
import trAfterSales from './locales/tr-TR/aftersales.json';
import trStores from './locales/tr-TR/stores.json';
import trConnections from './locales/tr-TR/connections.json';
import trStoreOrders from './locales/tr-TR/store-orders.json';
import trInventory from './locales/tr-TR/inventory.json';
import trPreferredShipping from './locales/tr-TR/preferred-shipping.json';
import trExcelImports from './locales/tr-TR/excel-imports.json';
import trListings from './locales/tr-TR/listings.json';
import trSourcing from './locales/tr-TR/sourcing.json';

/**
 * Server-side messages in the four languages, one JSON file per namespace and language:
 * `common.json` holds `errors.*`, `validation.*` and `fields.*` at the top level; a module's own
 * file (e.g. `accounts.json`) is reached under its name (`accounts.email-taken`). `{{name}}`
 * placeholders are filled from params.
 */
type Catalogue = { [key: string]: string | Catalogue };
/** A namespace file's own `fields` labels join the shared `fields` section (used by validation). */
function merge(common: Catalogue, namespaces: Record<string, Catalogue>): Catalogue {
  const fields: Catalogue = { ...(common.fields as Catalogue | undefined) };
  for (const ns of Object.values(namespaces)) Object.assign(fields, ns.fields as Catalogue | undefined);
  return { ...common, ...namespaces, fields };
}

const CATALOGUES: Record<Locale, Catalogue> = {
  'en-US': merge(enCommon, {
    accounts: enAccounts,
    catalogue: enCatalogue,
    logistics: enLogistics,
    content: enContent,
    withdrawal: enWithdrawal,
    wallet: enWallet,
    affiliates: enAffiliates,
    recharge: enRecharge,
    orders: enOrders,
    checkout: enCheckout,
    invoices: enInvoices,
    cart: enCart,
    payments: enPayments,
    pricing: enPricing,
    aftersales: enAfterSales,
    stores: enStores,
    connections: enConnections,
    'store-orders': enStoreOrders,
    inventory: enInventory,
    'preferred-shipping': enPreferredShipping,
    'excel-imports': enExcelImports,
    listings: enListings,
    sourcing: enSourcing,
  }),
  'zh-CN': merge(zhCommon, {
    accounts: zhAccounts,
    catalogue: zhCatalogue,
    logistics: zhLogistics,
    content: zhContent,
    withdrawal: zhWithdrawal,
    wallet: zhWallet,
    affiliates: zhAffiliates,
    recharge: zhRecharge,
    orders: zhOrders,
    checkout: zhCheckout,
    invoices: zhInvoices,
    cart: zhCart,
    payments: zhPayments,
    pricing: zhPricing,
    aftersales: zhAfterSales,
    stores: zhStores,
    connections: zhConnections,
    'store-orders': zhStoreOrders,
    inventory: zhInventory,
    'preferred-shipping': zhPreferredShipping,
    'excel-imports': zhExcelImports,
    listings: zhListings,
    sourcing: zhSourcing,
  }),
  'fr-FR': merge(frCommon, {
    accounts: frAccounts,
    catalogue: frCatalogue,
    logistics: frLogistics,
    content: frContent,
    withdrawal: frWithdrawal,
    wallet: frWallet,
    affiliates: frAffiliates,
    recharge: frRecharge,
    orders: frOrders,
    checkout: frCheckout,
    invoices: frInvoices,
    cart: frCart,
    payments: frPayments,
    pricing: frPricing,
    aftersales: frAfterSales,
    stores: frStores,
    connections: frConnections,
    'store-orders': frStoreOrders,
    inventory: frInventory,
    'preferred-shipping': frPreferredShipping,
    'excel-imports': frExcelImports,
    listings: frListings,
    sourcing: frSourcing,
  }),
  'tr-TR': merge(trCommon, {
    accounts: trAccounts,
    catalogue: trCatalogue,
    logistics: trLogistics,
    content: trContent,
    withdrawal: trWithdrawal,
    wallet: trWallet,
    affiliates: trAffiliates,
    recharge: trRecharge,
    orders: trOrders,
    checkout: trCheckout,
    invoices: trInvoices,
    cart: trCart,
    payments: trPayments,
    pricing: trPricing,
    aftersales: trAfterSales,
    stores: trStores,
    connections: trConnections,
    'store-orders': trStoreOrders,
    inventory: trInventory,
    'preferred-shipping': trPreferredShipping,
    'excel-imports': trExcelImports,
    listings: trListings,
    sourcing: trSourcing,
  }),
};

function lookup(cat: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = cat;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function hasMessage(key: string): boolean {
  return lookup(CATALOGUES['en-US'], key) !== undefined;
}

/** Translates a key; falls back to en-US, then to the key itself. */
export function translate(locale: Locale, key: string, params: Record<string, unknown> = {}): string {
  const text = lookup(CATALOGUES[locale], key) ?? lookup(CATALOGUES['en-US'], key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) return '';
    // A param that is itself a message key (e.g. a field label) is translated too.
    if (typeof value === 'string' && hasMessage(value)) return translate(locale, value);
    return String(value);
  });
}
