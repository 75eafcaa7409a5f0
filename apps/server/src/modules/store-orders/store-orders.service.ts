/**
 * The store-orders module's public face (issue 21, decision 0113): what composition.ts wires and
 * what other modules may use. Batch payment (later) sets `order_id` through a function added here.
 */
export { STORE_ORDERS_PULL_DUE_JOB, STORE_ORDERS_PULL_JOB } from './store-orders.sync';
export { storeOrdersJobHandlers, storeOrdersSchedule } from './store-orders.jobs';
export { ingestStoreOrder, type IngestOutcome, type IngestStore } from './store-orders.ingest';
/** For the Excel import: its valid orders become store orders (decision 0125). */
export { createImportedOrders, type ImportedOrder } from './store-orders.imported';
export { STORE_ORDERS_FEE_CHECK_JOB, STORE_ORDERS_QUOTE_JOB, queueStoreQuote } from './store-orders.quote.queue';
export { rejudgeOrdersOfVariants, rejudgeStoreOrders } from './store-orders.quote';
export { queueOrderPull } from './store-orders.sync';
export {
  requoteOfPreference,
  requoteOfProduct,
  requoteOfRate,
  requoteOfShipping,
  requoteOfTax,
} from './store-orders.requote';
