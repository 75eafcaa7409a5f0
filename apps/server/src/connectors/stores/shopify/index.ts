export * from './shopify.auth.js';
export * from './shopify.client.js';
export { ShopifyAdmin, throttleWait, type QueryCost, type ThrottleStatus } from './shopify.graphql.js';
export { moneyToMinor, numericId, productGid } from './shopify.products.js';
export * from './shopify.token.js';
export * from './shopify.webhook.js';
export { orderGid, READABLE_DAYS_WITHOUT_ALL_ORDERS } from './shopify.orders.js';
export { shopifyCarrierOf, trackingInfoOf } from './shopify.carriers.js';
