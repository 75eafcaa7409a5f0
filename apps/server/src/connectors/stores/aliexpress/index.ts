export * from './ae.auth.js';
export * from './ae.call.js';
export * from './ae.client.js';
export * from './ae.errors.js';
export * from './ae.sign.js';
export * from './ae.order-calls.js';
export * from './ae.orders.js';
