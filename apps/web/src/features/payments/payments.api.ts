import { queryOptions, useQuery } from '@tanstack/react-query';
import { OrderDetailSchema, OrderPaymentSchema, OrderTwoPartsSchema, WalletRecordSchema } from '@dsm/contract';
import type {
  OrderDetail,
  OrderPayment,
  OrderTwoParts,
  PayOrderDepositBody,
  PayOrderDepositPayPalBody,
  PayOrdersBody,
  WalletRecord,
} from '@dsm/contract';
import { api } from '../../lib/api';
import { paymentsKeys, walletKeys } from '../../lib/query-keys';

/**
 * Paying orders (contract `payments.ts`): POST /api/p/order/pay, then GET
 * /api/p/order/payments/:id until the outcome is final, and …/cancel for a held payment. Both
 * writes carry an Idempotency-Key chosen by the page (decision 0062).
 */
const paymentPath = (id: string, action = '') => `/p/order/payments/${encodeURIComponent(id)}${action}`;

export const payOrders = (body: PayOrdersBody, idempotencyKey: string) =>
  api.post<OrderPayment>('/p/order/pay', body, { idempotencyKey, noshow: true, schema: OrderPaymentSchema });

export const orderPaymentQuery = (id: string) =>
  queryOptions({
    queryKey: paymentsKeys.payment(id),
    queryFn: ({ signal }) =>
      api.data<OrderPayment>(paymentPath(id), { signal, noshow: true, loadingflags: true, schema: OrderPaymentSchema }),
  });

export const cancelOrderPayment = (id: string, idempotencyKey: string) =>
  api.post<OrderPayment>(paymentPath(id, '/cancel'), undefined, {
    idempotencyKey,
    noshow: true,
    schema: OrderPaymentSchema,
  });

/** GET /api/p/orders/:id: one order to pay (lines, total, state). */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: paymentsKeys.order(id),
    queryFn: ({ signal }) =>
      api.data<OrderDetail>(`/p/orders/${encodeURIComponent(id)}`, { signal, noshow: true, schema: OrderDetailSchema }),
  });

/** GET /api/p/wallet (the wallet page's query, same key): what the wallet can pay. */
export const useWalletRecord = () =>
  useQuery({
    queryKey: walletKeys.record(),
    queryFn: ({ signal }) => api.data<WalletRecord>('/p/wallet', { signal, schema: WalletRecordSchema }),
  });

/** GET /api/p/order/:id/two-parts: whether a bulk order may be paid in two parts (decision 0145). */
export const twoPartsQuery = (id: string) =>
  queryOptions({
    queryKey: paymentsKeys.twoParts(id),
    queryFn: ({ signal }) =>
      api.data<OrderTwoParts>(`/p/order/${encodeURIComponent(id)}/two-parts`, {
        signal,
        noshow: true,
        schema: OrderTwoPartsSchema,
      }),
  });

/** POST /api/p/order/:id/deposit: the deposit from the wallet at the percentage shown. */
export const payOrderDeposit = (id: string, body: PayOrderDepositBody, idempotencyKey: string) =>
  api.post<OrderTwoParts>(`/p/order/${encodeURIComponent(id)}/deposit`, body, {
    idempotencyKey,
    noshow: true,
    schema: OrderTwoPartsSchema,
  });

/** POST /api/p/order/:id/deposit/paypal: the deposit by PayPal; the answer is the payment to follow. */
export const payOrderDepositPayPal = (id: string, body: PayOrderDepositPayPalBody, idempotencyKey: string) =>
  api.post<OrderPayment>(`/p/order/${encodeURIComponent(id)}/deposit/paypal`, body, {
    idempotencyKey,
    noshow: true,
    schema: OrderPaymentSchema,
  });
