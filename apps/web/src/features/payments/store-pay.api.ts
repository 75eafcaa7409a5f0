import { StorePayQuoteSchema, StorePayResultSchema } from '@dsm/contract';
import type { StorePayBody, StorePayQuote, StorePayResult } from '@dsm/contract';
import { api } from '../../lib/api';

/**
 * Paying store orders in batches (contract `store-orders.pay.ts`, decision 0118): the quote of
 * the selected store orders, then the payment of that quote under an Idempotency-Key the page
 * chooses. A change since the quote answers `quote-changed` with the new quote in `data.quote`.
 */
export const confirmStorePay = (ids: string[]) =>
  api.post<StorePayQuote>('/p/store-orders/pay/confirm', { ids }, { noshow: true, schema: StorePayQuoteSchema });

export const payStoreOrders = (body: StorePayBody, idempotencyKey: string) =>
  api.post<StorePayResult>('/p/store-orders/pay', body, { idempotencyKey, noshow: true, schema: StorePayResultSchema });
