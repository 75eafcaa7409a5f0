import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { RechargeCheckoutSchema, RechargeOrderPageSchema, RechargeOrderSchema } from '@dsm/contract';
import type { CreateRechargeBody, Page, RechargeCheckout, RechargeListQuery, RechargeOrder } from '@dsm/contract';
import { api } from '../../lib/api';
import { rechargeKeys } from '../../lib/query-keys';

/**
 * The recharge routes of the contract (packages/contract/src/recharge.ts); the methods and PayPal's
 * capture, which order payments use too, are in lib/recharge.ts. Every call that can move money
 * carries an Idempotency-Key chosen by the page (decision 0075: which key when).
 */
export type RechargeFilter = Pick<RechargeListQuery, 'state' | 'current' | 'size'>;

const orderPath = (id: string, action = '') => `/p/recharges/${encodeURIComponent(id)}${action}`;

/** GET /api/p/recharges/:id */
export const rechargeQuery = (id: string) =>
  queryOptions({
    queryKey: rechargeKeys.order(id),
    queryFn: ({ signal }) => api.data<RechargeOrder>(orderPath(id), { signal, schema: RechargeOrderSchema }),
  });

/** GET /api/p/recharges?state&current&size */
export const rechargesQuery = (filter: RechargeFilter) =>
  queryOptions({
    queryKey: rechargeKeys.list(filter),
    queryFn: ({ signal }) =>
      api.data<Page<RechargeOrder>>('/p/recharges', { query: { ...filter }, signal, schema: RechargeOrderPageSchema }),
    placeholderData: keepPreviousData,
  });

export const createRecharge = (body: CreateRechargeBody, idempotencyKey: string) =>
  api.post<RechargeOrder>('/p/recharges', body, { idempotencyKey, schema: RechargeOrderSchema });

/** PayPal's approve link or the card provider's checkout page, for the browser to open. */
export const startCheckout = (id: string, idempotencyKey: string) =>
  api.post<RechargeCheckout>(orderPath(id, '/checkout'), undefined, {
    idempotencyKey,
    noshow: true,
    schema: RechargeCheckoutSchema,
  });

export const confirmCard = (id: string, idempotencyKey: string) =>
  api.post<RechargeOrder>(orderPath(id, '/card/confirm'), undefined, {
    idempotencyKey,
    loadingflags: true,
    schema: RechargeOrderSchema,
  });

export const cancelRecharge = (id: string, idempotencyKey: string) =>
  api.post<RechargeOrder>(orderPath(id, '/cancel'), undefined, { idempotencyKey, schema: RechargeOrderSchema });

/** The transfer slip as multipart field `file`; the server judges the type by content again. */
export function uploadSlip(id: string, file: File, idempotencyKey: string) {
  const form = new FormData();
  form.append('file', file);
  return api.post<RechargeOrder>(orderPath(id, '/slip'), form, { idempotencyKey, schema: RechargeOrderSchema });
}
