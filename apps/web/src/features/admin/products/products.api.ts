import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminProductListItemPageSchema,
  AdminProductSchema,
  AdminSpecListSchema,
  AdminSpecSchema,
  UploadedImageSchema,
} from '@dsm/contract';
import type {
  AdminProduct,
  AdminProductListItem,
  AdminSpec,
  Locale,
  Page,
  ProductStatus,
  SaveSpecBody,
  SaveProductBody,
  UploadImageBody,
  UploadedImage,
} from '@dsm/contract';
import { api, type ApiResult } from '../../../lib/api';
import { pickName } from '../shared/names';
import { adminKeys, catalogueKeys } from '../../../lib/query-keys';

const BASE = '/admin/catalogue';

export interface AdminProductsFilter {
  current: number;
  size: number;
  keyword?: string;
  categoryId?: number;
  status?: ProductStatus;
}

export const fetchAdminProducts = (filter: AdminProductsFilter, signal?: AbortSignal) =>
  api.data<Page<AdminProductListItem>>(`${BASE}/products`, {
    query: { ...filter },
    signal,
    schema: AdminProductListItemPageSchema,
  });

export const adminProductsQuery = (filter: AdminProductsFilter) =>
  queryOptions({
    queryKey: adminKeys.products(filter),
    queryFn: ({ signal }) => fetchAdminProducts(filter, signal),
    // The table keeps its rows while the next page loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useAdminProducts(filter: AdminProductsFilter) {
  return useQuery(adminProductsQuery(filter));
}

export const fetchAdminProduct = (prodId: number, signal?: AbortSignal) =>
  api.data<AdminProduct>(`${BASE}/products/${prodId}`, { signal, schema: AdminProductSchema });

export const adminProductQuery = (prodId: number) =>
  queryOptions({
    queryKey: adminKeys.product(prodId),
    queryFn: ({ signal }) => fetchAdminProduct(prodId, signal),
    staleTime: 0,
  });

export function useAdminProduct(prodId: number) {
  return useQuery({ ...adminProductQuery(prodId), enabled: Number.isInteger(prodId) && prodId > 0 });
}

export const fetchAdminSpecs = (signal?: AbortSignal) =>
  api.data<AdminSpec[]>(`${BASE}/specs`, { signal, schema: AdminSpecListSchema });

export const adminSpecsQuery = queryOptions({
  queryKey: adminKeys.specs(),
  queryFn: ({ signal }) => fetchAdminSpecs(signal),
});

export function useAdminSpecs() {
  return useQuery(adminSpecsQuery);
}

export const createProduct = (body: SaveProductBody) =>
  api.post<AdminProduct>(`${BASE}/products`, body, { idempotencyKey: crypto.randomUUID(), schema: AdminProductSchema });
export const updateProduct = (prodId: number, body: SaveProductBody) =>
  api.put<AdminProduct>(`${BASE}/products/${prodId}`, body, { schema: AdminProductSchema });
export const setProductStatus = (prodId: number, status: ProductStatus) =>
  api.put<AdminProduct>(`${BASE}/products/${prodId}/status`, { status }, { schema: AdminProductSchema });
/** POST /admin/catalogue/images: base64 in JSON (no multipart); answers the URL to store. */
export const uploadProductImage = (body: UploadImageBody) =>
  api.post<UploadedImage>(`${BASE}/images`, body, { schema: UploadedImageSchema });
export const saveSpec = (body: SaveSpecBody) => api.post<AdminSpec>(`${BASE}/specs`, body, { schema: AdminSpecSchema });

/** A spec's name; two specs named alike (e.g. two "Size") are told apart by their codes. */
export function propertyLabel(property: AdminSpec, all: readonly AdminSpec[], lang: Locale): string {
  const name = pickName(property.names, lang) || property.code;
  const twin = all.some((p) => p.propertyId !== property.propertyId && (pickName(p.names, lang) || p.code) === name);
  return twin ? `${name} (${property.code})` : name;
}

/** Product writes; the console's lists and every storefront product view refresh after one. */
export function useProductActions() {
  const client = useQueryClient();
  const after = <T>(result: ApiResult<T>) => {
    if (result.success) {
      void client.invalidateQueries({ queryKey: adminKeys.products() });
      void client.invalidateQueries({ queryKey: adminKeys.product() });
      void client.invalidateQueries({ queryKey: adminKeys.categories() });
      void client.invalidateQueries({ queryKey: catalogueKeys.all });
    }
    return result;
  };
  return {
    save: (prodId: number | null, body: SaveProductBody) =>
      (prodId === null ? createProduct(body) : updateProduct(prodId, body)).then(after),
    setStatus: (prodId: number, status: ProductStatus) => setProductStatus(prodId, status).then(after),
    saveSpec: (body: SaveSpecBody) =>
      saveSpec(body).then((result) => {
        if (result.success) void client.invalidateQueries({ queryKey: adminKeys.specs() });
        return result;
      }),
  };
}
