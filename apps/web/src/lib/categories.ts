import type { CategoryNode } from '@dsm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { catalogueKeys } from './query-keys';

/**
 * GET /api/category/categories: the whole tree, fetched by this one hook for every screen that
 * shows it (home market, goods list, product page), so they share one cache entry. Cached long:
 * it changes rarely, and an operator edit invalidates `catalogueKeys.all`.
 */
export function fetchCategoryTree(signal?: AbortSignal) {
  return api.data<CategoryNode[]>('/category/categories', { signal, loadingflags: true });
}
export const categoryTreeQuery = queryOptions({
  queryKey: catalogueKeys.tree(),
  queryFn: ({ signal }) => fetchCategoryTree(signal),
  staleTime: 10 * 60_000,
});
/** `enabled: false` waits (e.g. until the section is near the viewport). */
export const useCategoryTree = (enabled = true) => useQuery({ ...categoryTreeQuery, enabled });
