import {
  ApprovedRepriceSchema,
  CreatedListingsSchema,
  DecidedPriceUpdatesSchema,
  ListingListSchema,
  ListingQuoteSchema,
  ListingSchema,
  PriceUpdateListSchema,
  ProductDetailSchema,
  RepricePreviewSchema,
  StoreRuleSchema,
} from '@dsm/contract';
import type {
  ApproveRepriceBody,
  CreateListingsBody,
  Listing,
  ListingList,
  ListingQuote,
  ListingQuoteBody,
  ListingState,
  PriceRuleBody,
  PriceUpdateList,
  ProductDetail,
  RepricePreview,
  StoreRule,
  StoreRuleBody,
} from '@dsm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query keys of the caller's listings (server module `listings`). */
export const listingKeys = {
  all: ['listings'] as const,
  list: (state: ListingState | 'all', current: number) => [...listingKeys.all, 'list', { state, current }] as const,
  rule: (storeId: string) => [...listingKeys.all, 'rule', storeId] as const,
  stores: () => [...listingKeys.all, 'stores'] as const,
  product: (prodId: number) => [...listingKeys.all, 'product', prodId] as const,
  priceUpdates: () => [...listingKeys.all, 'price-updates'] as const,
};

/** A batch still publishing is polled so the bar and the rows move by themselves. */
export const POLL_MS = 1500;

export function useListings(state: ListingState | 'all', current: number) {
  return useQuery({
    queryKey: listingKeys.list(state, current),
    queryFn: ({ signal }) =>
      api.data<ListingList>('/p/listings', {
        signal,
        query: { current, size: 20, ...(state === 'all' ? {} : { state }) },
        schema: ListingListSchema,
      }),
    refetchInterval: (q) => {
      const d = q.state.data;
      const moving =
        d && (d.progress || d.page.records.some((r) => r.state === 'rolling-back' || r.state === 'publishing'));
      return moving ? POLL_MS : false;
    },
  });
}

export function useRefreshListings() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: listingKeys.all });
}

/** The caller's stores: only connected Shopify and WooCommerce ones take listings. */
export interface StoreOption {
  id: string;
  name: string;
  platform: 'shopify' | 'woocommerce' | 'aliexpress';
  status: string;
}
export function useStores() {
  return useQuery({
    queryKey: listingKeys.stores(),
    queryFn: ({ signal }) => api.data<StoreOption[]>('/p/stores', { signal }),
  });
}

/** Catalogue price changes beyond a store's tolerance, waiting for the owner (decision 0133). */
export function usePriceUpdates() {
  return useQuery({
    queryKey: listingKeys.priceUpdates(),
    queryFn: ({ signal }) =>
      api.data<PriceUpdateList>('/p/listings/price-updates', { signal, schema: PriceUpdateListSchema }),
  });
}

export function useStoreRule(storeId: string | null) {
  return useQuery({
    queryKey: listingKeys.rule(storeId ?? ''),
    queryFn: ({ signal }) => api.data<StoreRule>(`/p/listings/rules/${storeId}`, { signal, schema: StoreRuleSchema }),
    enabled: !!storeId,
  });
}

export function useProduct(prodId: number | null) {
  return useQuery({
    queryKey: listingKeys.product(prodId ?? 0),
    queryFn: ({ signal }) =>
      api.data<ProductDetail>('/prod/prodInfo', { signal, query: { prodId: prodId! }, schema: ProductDetailSchema }),
    enabled: !!prodId,
  });
}

/** The writes; a refusal shows as the API client's warning, field errors go to the form. */
export const listingActions = {
  /** `key`: one per opening of the dialog, so a double click or a retry queues the listings once. */
  create: (body: CreateListingsBody, key: string) =>
    api.post<{ ids: string[]; batchId: string }>('/p/listings', body, {
      schema: CreatedListingsSchema,
      idempotencyKey: key,
    }),
  quote: (body: ListingQuoteBody) =>
    api.post<ListingQuote>('/p/listings/quote', body, { schema: ListingQuoteSchema, noshow: true }),
  relist: (id: string) => api.post<Listing>(`/p/listings/${id}/relist`, undefined, { schema: ListingSchema }),
  lockPrice: (id: string, lockPrice: boolean) =>
    api.patch<Listing>(`/p/listings/${id}`, { lockPrice }, { schema: ListingSchema }),
  decidePriceUpdates: (ids: string[], approve: boolean) =>
    api.post<{ decided: number; listings: number }>(
      '/p/listings/price-updates/decide',
      { ids, approve },
      { schema: DecidedPriceUpdatesSchema, idempotencyKey: crypto.randomUUID() },
    ),
  rollBack: (id: string) => api.post<Listing>(`/p/listings/${id}/rollback`, undefined, { schema: ListingSchema }),
  saveRule: (storeId: string, body: StoreRuleBody) =>
    api.put<StoreRule>(`/p/listings/rules/${storeId}`, body, { schema: StoreRuleSchema }),
  preview: (storeId: string, rule: PriceRuleBody) =>
    api.post<RepricePreview>(`/p/listings/rules/${storeId}/preview`, { rule }, { schema: RepricePreviewSchema }),
  approve: (storeId: string, body: ApproveRepriceBody) =>
    api.post<{ approved: number; listings: number }>(`/p/listings/rules/${storeId}/approve`, body, {
      schema: ApprovedRepriceSchema,
      idempotencyKey: crypto.randomUUID(),
    }),
};

/** An amount in the store's currency, in the interface's language. */
export function storeMoney(amount: number, currency: string, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount);
}
