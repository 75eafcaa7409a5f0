import {
  PreferredShippingMethodListSchema,
  PreferredShippingRuleListSchema,
  PreferredShippingRuleSchema,
  ProductListItemPageSchema,
} from '@dsm/contract';
import type {
  Page,
  PreferredShippingMethod,
  PreferredShippingRule,
  ProductListItem,
  SavePreferredShippingBody,
} from '@dsm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query keys of the caller's shipping preferences (server module `preferred-shipping`). */
export const preferredShippingKeys = {
  all: ['preferred-shipping'] as const,
  rules: () => [...preferredShippingKeys.all, 'rules'] as const,
  methods: (prodId: number | null, country: string | null) =>
    [...preferredShippingKeys.all, 'methods', { prodId, country }] as const,
};

/** GET /api/p/preferred-shipping: the caller's rules, the last changed first. */
export function useRules() {
  return useQuery({
    queryKey: preferredShippingKeys.rules(),
    queryFn: ({ signal }) =>
      api.data<PreferredShippingRule[]>('/p/preferred-shipping', { signal, schema: PreferredShippingRuleListSchema }),
  });
}

/** The methods to choose from for a product (or all) to a country (or all), with price, days and why not. */
export function useMethods(prodId: number | null, country: string | null, enabled: boolean) {
  return useQuery({
    queryKey: preferredShippingKeys.methods(prodId, country),
    queryFn: ({ signal }) =>
      api.data<PreferredShippingMethod[]>('/p/preferred-shipping/methods', {
        signal,
        query: { ...(prodId ? { prodId } : {}), ...(country ? { country } : {}) },
        loadingflags: true,
        schema: PreferredShippingMethodListSchema,
      }),
    // No previous list while the next loads: a method of another product or country must not be picked.
    enabled,
  });
}

/** The catalogue's public search (on-sale products only), for picking the product of a rule. */
export function useProductSearch(keyword: string) {
  return useQuery({
    queryKey: ['catalogue', 'search', { keyword, size: 12, for: 'preferred-shipping' }],
    queryFn: ({ signal }) =>
      api.data<Page<ProductListItem>>('/prod/search', {
        signal,
        query: { keyword, current: 1, size: 12 },
        loadingflags: true,
        schema: ProductListItemPageSchema,
      }),
    enabled: keyword.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** The writes; a refusal (409: a rule for that product and country exists) shows as the API client's warning. */
export const preferredShippingActions = {
  create: (body: SavePreferredShippingBody) =>
    api.post<PreferredShippingRule>('/p/preferred-shipping', body, { schema: PreferredShippingRuleSchema }),
  update: (id: string, body: SavePreferredShippingBody) =>
    api.put<PreferredShippingRule>(`/p/preferred-shipping/${encodeURIComponent(id)}`, body, {
      schema: PreferredShippingRuleSchema,
    }),
  remove: (id: string) => api.del<null>(`/p/preferred-shipping/${encodeURIComponent(id)}`),
};

/** The list refreshes after a change. */
export function useRefreshRules() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: preferredShippingKeys.all });
}
