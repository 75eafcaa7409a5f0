import type { Banner, Notice, Page, ProductListItem, Tag } from '@dsm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { catalogueKeys, contentKeys } from '../../lib/query-keys';

// The home page's data. Background calls (`loadingflags`): the page is already on screen and
// each section reserves its own space, so the global progress bar would only flicker.

/** GET /api/indexImgs: the carousel's active banners in order. */
export function fetchBanners(signal?: AbortSignal) {
  return api.data<Banner[]>('/indexImgs', { signal, loadingflags: true });
}
export const bannersQuery = queryOptions({
  queryKey: contentKeys.banners(),
  queryFn: ({ signal }) => fetchBanners(signal),
});
export const useBanners = () => useQuery(bannersQuery);

/** GET /api/shop/notice/topNoticeList: pinned first, then newest; bodies are sanitized HTML. */
export function fetchNotices(signal?: AbortSignal) {
  return api.data<Notice[]>('/shop/notice/topNoticeList', { signal, loadingflags: true });
}
export const noticesQuery = queryOptions({
  queryKey: contentKeys.notices(),
  queryFn: ({ signal }) => fetchNotices(signal),
});
export const useNotices = () => useQuery(noticesQuery);

/** GET /api/prod/tag/prodTagList: the product tags (new, trending…), localized. */
export function fetchTags(signal?: AbortSignal) {
  return api.data<Tag[]>('/prod/tag/prodTagList', { signal, loadingflags: true });
}
export const tagsQuery = queryOptions({
  queryKey: catalogueKeys.tags(),
  queryFn: ({ signal }) => fetchTags(signal),
  staleTime: 10 * 60_000,
});

/** GET /api/prod/prodListByTagId: the first page of a tag's products. */
export function fetchTagProducts(tagId: number, size: number, signal?: AbortSignal) {
  return api.data<Page<ProductListItem>>('/prod/prodListByTagId', {
    signal,
    loadingflags: true,
    query: { tagId, current: 1, size },
  });
}
export const tagProductsQuery = (tagId: number, size: number) =>
  queryOptions({
    queryKey: catalogueKeys.tagProducts(tagId, size),
    queryFn: ({ signal }) => fetchTagProducts(tagId, size, signal),
  });

/** The products of the tag with this code (e.g. `new`), once the tag list is in. */
export function useTagShelf(code: string, size: number) {
  const tags = useQuery(tagsQuery);
  const tag = tags.data?.find((t) => t.code === code);
  const products = useQuery({ ...tagProductsQuery(tag?.tagId ?? 0, size), enabled: Boolean(tag) });
  return {
    tag,
    products: products.data?.records,
    // Settled without products: the tag does not exist, or a call failed (its toast has shown).
    missing: tags.isError || products.isError || (tags.isSuccess && !tag),
  };
}
