import { AddToCartResultSchema, CartBatchResultSchema, CartSchema, WishListItemListSchema } from '@dsm/contract';
import type { AddToCartResult, Cart, CartBatchResult, CartBatchType, WishListItem } from '@dsm/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useCartWrite } from '../../lib/cart';
import { cartKeys } from '../../lib/query-keys';

export { useChangeCart } from '../../lib/cart';

/** GET /api/p/shopCart: the lines and the totals of the selected ones (decimal USD). */
export function useCart() {
  return useQuery({
    queryKey: cartKeys.lines(),
    queryFn: ({ signal }) => api.data<Cart>('/p/shopCart', { signal, schema: CartSchema }),
  });
}

export function useWishList() {
  return useQuery({
    queryKey: cartKeys.wishList(),
    queryFn: ({ signal }) => api.data<WishListItem[]>('/p/wishlist', { signal, schema: WishListItemListSchema }),
  });
}

/** POST /api/p/shopCart/batch?type=N. */
export function useCartBatch() {
  return useCartWrite(({ type, basketIds }: { type: CartBatchType; basketIds: number[] }) =>
    api.post<CartBatchResult>('/p/shopCart/batch', { basketIds }, { query: { type }, schema: CartBatchResultSchema }),
  );
}

export function useRemoveWish() {
  return useCartWrite((id: number) => api.del<null>(`/p/wishlist/${id}`));
}

export function useMoveWishToCart() {
  return useCartWrite((id: number) =>
    api.post<AddToCartResult>(`/p/wishlist/${id}/cart`, undefined, { schema: AddToCartResultSchema }),
  );
}
