export * from './woo.address.js';
export * from './woo.auth.js';
export * from './woo.client.js';
export { currencyDecimals, decimalToMinor } from './woo.products.js';
