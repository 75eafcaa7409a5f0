/**
 * The cart pieces more than one feature needs (the header badge, the product page's "Add to cart"
 * and "Add to wish list", the cart pages): features/cart builds its screens on these.
 */
import type { AddToCartResult, CartCount } from '@dsm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, type ApiResult } from './api';
import { cartKeys } from './query-keys';
import { isLoggedIn, session, useSession } from './session';

/** Writes the header badge's number (SPEC §3 `shoppingCartCount`, persisted with the session). */
export function setCartCount(count: CartCount | number): void {
  session.set({ shoppingCartCount: typeof count === 'number' ? count : count.count });
}

/**
 * Keeps `shoppingCartCount` in step with GET /api/p/shopCart/count while logged in. Cart changes
 * invalidate `cartKeys.all`, which refetches it. Logging out clears the stored session, the
 * count with it.
 */
export function useCartCountSync(): void {
  const loggedIn = useSession(isLoggedIn);
  const count = useQuery({
    queryKey: cartKeys.count(),
    queryFn: ({ signal }) => api.data<CartCount>('/p/shopCart/count', { signal, noshow: true, loadingflags: true }),
    enabled: loggedIn,
  });
  useEffect(() => {
    if (loggedIn && count.data) setCartCount(count.data);
  }, [loggedIn, count.data]);
}

/** A cart write: on success the badge takes the server's count and every cart query refetches. */
export function useCartWrite<V, T>(run: (vars: V) => Promise<ApiResult<T>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => {
      if (result.success) {
        const data = result.data as { cart?: CartCount } | null;
        if (data?.cart) setCartCount(data.cart);
      }
      return client.invalidateQueries({ queryKey: cartKeys.all });
    },
  });
}

export interface CartChange {
  basketId?: number;
  prodId: number;
  skuId: number;
  /** A change: +n adds, −n subtracts (decision 0080). */
  count: number;
}

/** POST /api/p/shopCart (a refusal, e.g. out of stock or taken down, shows as the server's toast). */
export function useChangeCart() {
  return useCartWrite((body: CartChange) => api.post<AddToCartResult>('/p/shopCart', body));
}

/** POST /api/p/wishlist: adding the same product and variant twice keeps one item. */
export function useAddToWishList() {
  return useCartWrite((body: { prodId: number; skuId?: number }) => api.post<{ id: number }>('/p/wishlist', body));
}
