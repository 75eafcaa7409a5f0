import { AddressListSchema, AddressSchema } from '@dsm/contract';
import type { Address, AddressKind, SaveAddressBody } from '@dsm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, type ApiResult } from '../../lib/api';
import { accountsKeys } from '../../lib/query-keys';

/** GET /api/p/address?kind=…: the default first, then the newest. */
export function fetchAddresses(kind: AddressKind): Promise<Address[]> {
  return api.data<Address[]>('/p/address', { query: { kind }, schema: AddressListSchema });
}

export const addressesQuery = (kind: AddressKind) =>
  queryOptions({ queryKey: accountsKeys.addresses(kind), queryFn: () => fetchAddresses(kind) });

export function useAddresses(kind: AddressKind) {
  return useQuery(addressesQuery(kind));
}

/**
 * POST /api/p/address or PUT /api/p/address/{id} (the form shows the answer itself). A create
 * carries an Idempotency-Key, so the client's retry after a lost answer adds no second address.
 */
export function saveAddress(body: SaveAddressBody, id?: string) {
  return id
    ? api.put<Address>(`/p/address/${encodeURIComponent(id)}`, body, { noshow: true, schema: AddressSchema })
    : api.post<Address>('/p/address', body, {
        noshow: true,
        idempotencyKey: crypto.randomUUID(),
        schema: AddressSchema,
      });
}

/** DELETE /api/p/address/{id}: deleting the default hands it to the newest address left. */
export function deleteAddress(id: string) {
  return api.del<null>(`/p/address/${encodeURIComponent(id)}`);
}

/** PUT /api/p/address/{id}/default: exactly one default per kind. */
export function setDefaultAddress(id: string) {
  return api.put<Address>(`/p/address/${encodeURIComponent(id)}/default`, undefined, { schema: AddressSchema });
}

/** Throws the (already toasted) failure so TanStack Query sees an error state. */
async function orThrow<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const result = await call;
  if (!result.success) throw new ApiError(result);
  return result.data;
}

export function useInvalidateAddresses() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: accountsKeys.addresses() });
}

export function useDeleteAddress() {
  const invalidate = useInvalidateAddresses();
  return useMutation({ mutationFn: (id: string) => orThrow(deleteAddress(id)), onSettled: invalidate });
}

export function useSetDefaultAddress() {
  const invalidate = useInvalidateAddresses();
  return useMutation({ mutationFn: (id: string) => orThrow(setDefaultAddress(id)), onSettled: invalidate });
}
