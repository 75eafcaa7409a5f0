/**
 * The one Drizzle schema: each module owns its tables in `<module>.tables.ts`; this file only
 * gathers them for the client and for drizzle-kit.
 */
export * from '../modules/accounts/accounts.tables';
export * from '../platform/mail/mail.tables';
export * from '../modules/currency/currency.tables';
export * from '../modules/config-info/config-info.tables';
export * from '../modules/catalogue/catalogue.tables';
export * from '../modules/logistics/logistics.tables';
export * from '../modules/content/content.tables';
export * from '../platform/files/files.tables';
export * from '../platform/jobs/jobs.tables';
export * from '../platform/idempotency/idempotency.tables';
export * from '../modules/wallet/wallet.tables';
export * from '../modules/withdrawals/withdrawals.tables';
export * from '../modules/recharge/recharge.tables';
export * from '../modules/orders/orders.tables';
export * from '../modules/checkout/checkout.tables';
export * from '../modules/invoices/invoices.tables';
export * from '../modules/cart/cart.tables';
export * from '../modules/payments/payments.tables';
export * from '../modules/price-differences/price-differences.tables';
export * from '../modules/after-sales/after-sales.tables';
export * from '../modules/stores/stores.tables';
export * from '../modules/connections/connections.tables';
export * from '../modules/store-orders/store-orders.tables';
export * from '../modules/preferred-shipping/preferred-shipping.tables';
export * from '../modules/excel-imports/excel-imports.tables';
export * from '../modules/affiliates/affiliates.tables';
export * from '../modules/listings/listings.tables';
export * from '../modules/inventory/inventory.tables';
export * from '../modules/sourcing/sourcing.tables';
