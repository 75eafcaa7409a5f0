export * from './woo.address.js';
export * from './woo.auth.js';
export * from './woo.client.js';
export { currencyDecimals, decimalToMinor } from './woo.products.js';
export * from './woo.orders.js';
export { SHIPMENT_TRACKING, trackingNote } from './woo.tracking.js';
