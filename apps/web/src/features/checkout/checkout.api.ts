import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CartSchema, ConfirmResultSchema, SubmitResultSchema } from '@dsm/contract';
import type {
  Cart,
  ConfirmBasketBody,
  ConfirmProdBody,
  ConfirmResult,
  SubmitOrderBody,
  SubmitResult,
} from '@dsm/contract';
import { ApiError, api } from '../../lib/api';
import { cartKeys, checkoutKeys } from '../../lib/query-keys';

/**
 * POST /api/p/order/prod/confirm and /basket/confirm: the priced breakdown of buy-now and of a
 * cart checkout. They write nothing, so they are read like queries (a new consignee or method is
 * a new key); the page shows their errors itself (noshow), an empty address with a link.
 */
const confirmQuery = <B extends object>(path: string, key: readonly unknown[], body: B) =>
  queryOptions({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const result = await api.post<ConfirmResult>(path, body, { signal, noshow: true, schema: ConfirmResultSchema });
      if (!result.success) throw new ApiError(result);
      return result.data;
    },
    placeholderData: keepPreviousData,
    // A confirm token lives 15 minutes; a page left open longer prices again.
    staleTime: 60_000,
    retry: false,
  });

export const prodConfirmQuery = (body: ConfirmProdBody) =>
  confirmQuery('/p/order/prod/confirm', checkoutKeys.prodConfirm(body), body);
export const basketConfirmQuery = (body: ConfirmBasketBody) =>
  confirmQuery('/p/order/basket/confirm', checkoutKeys.basketConfirm(body), body);

export const useProdConfirm = (body: ConfirmProdBody | null) =>
  useQuery({ ...prodConfirmQuery(body ?? { prodId: 0, skuId: 0, count: 1 }), enabled: body !== null });
export const useBasketConfirm = (body: ConfirmBasketBody | null) =>
  useQuery({ ...basketConfirmQuery(body ?? { lines: [] }), enabled: body !== null });

/** POST /api/p/order/submit: the key makes a double click or a retry place one order (decision 0062). */
export const submitOrder = (body: SubmitOrderBody, idempotencyKey: string) =>
  api.post<SubmitResult>('/p/order/submit', body, { idempotencyKey, noshow: true, schema: SubmitResultSchema });

/** GET /api/p/shopCart (the cart page's query, same key): the lines a cart checkout buys. */
export const useCartLines = () =>
  useQuery({
    queryKey: cartKeys.lines(),
    queryFn: ({ signal }) => api.data<Cart>('/p/shopCart', { signal, schema: CartSchema }),
  });
