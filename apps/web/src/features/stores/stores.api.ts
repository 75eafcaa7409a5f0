import {
  AuthorizeAnswerSchema,
  StoreListSchema,
  StoreSchema,
  StoreSyncSchema,
  WooAuthorizationOutcomeSchema,
} from '@dsm/contract';
import type {
  AddWooStoreBody,
  AuthorizeAnswer,
  Store,
  StoreSync,
  UpdateStoreBody,
  WooAuthorizationOutcome,
  WooAuthorizeBody,
} from '@dsm/contract';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RequestOptions } from '../../lib/api';

/** Query keys of the stores module's reads (the connections screens share the list's prefix). */
export const storeKeys = {
  all: ['stores'] as const,
  list: () => [...storeKeys.all, 'list'] as const,
  sync: (id: string) => [...storeKeys.all, 'sync', id] as const,
  wooOutcome: (nonce: string) => [...storeKeys.all, 'woo-outcome', nonce] as const,
};

/** A sync still under way: its progress is polled until it ends. */
export const syncRunning = (s: StoreSync | null | undefined) => s?.state === 'queued' || s?.state === 'running';
export const SYNC_POLL_MS = 1500;

/** GET /api/p/stores: the caller's stores, newest first as the server sends them. */
export function useStoreList() {
  return useQuery({
    queryKey: storeKeys.list(),
    queryFn: ({ signal }) => api.data<Store[]>('/p/stores', { signal, schema: StoreListSchema }),
  });
}

/** GET /api/p/stores/:id/sync, polled while the import runs (a background call: no spinner). */
export function useStoreSync(id: string, enabled: boolean) {
  return useQuery({
    queryKey: storeKeys.sync(id),
    queryFn: ({ signal }) =>
      api.data<StoreSync | null>(`/p/stores/${encodeURIComponent(id)}/sync`, {
        signal,
        loadingflags: true,
        noshow: true,
      }),
    enabled,
    refetchInterval: (q) => (syncRunning(q.state.data) ? SYNC_POLL_MS : false),
  });
}

/**
 * GET /api/p/stores/woocommerce/authorizations/:nonce: what the key page's return shows. The
 * store posts the keys just before sending the browser back, so `pending` is polled briefly.
 */
export const WOO_OUTCOME_WAIT_MS = 20_000;
export function useWooOutcome(nonce: string, enabled: boolean) {
  const [since] = useState(() => Date.now());
  const query = useQuery({
    queryKey: storeKeys.wooOutcome(nonce),
    queryFn: ({ signal }) =>
      api.data<WooAuthorizationOutcome>(`/p/stores/woocommerce/authorizations/${encodeURIComponent(nonce)}`, {
        signal,
        noshow: true,
        schema: WooAuthorizationOutcomeSchema,
      }),
    enabled,
    retry: false,
    refetchInterval: (q) =>
      q.state.data?.state === 'pending' && q.state.dataUpdatedAt - since < WOO_OUTCOME_WAIT_MS ? 1000 : false,
  });
  /** Still polling: a `pending` answer means "wait", not "the store did not answer". */
  return { ...query, waiting: query.dataUpdatedAt - since < WOO_OUTCOME_WAIT_MS };
}

const storePath = (id: string, tail = '') => `/p/stores/${encodeURIComponent(id)}${tail}`;
// A fresh key per click: the server answers a retried request once (decision 0062).
const once = (extra: RequestOptions = {}): RequestOptions => ({ idempotencyKey: crypto.randomUUID(), ...extra });

/**
 * The writes. The ones a page shows inline (a form's field errors, the unbind reason, a flow's
 * outcome) are called with `noshow` so the reason is not shown twice.
 */
export const storeActions = {
  update: (id: string, body: UpdateStoreBody) =>
    api.patch<Store>(storePath(id), body, { ...once(), schema: StoreSchema }),
  sync: (id: string) => api.post<StoreSync>(storePath(id, '/sync'), undefined, { ...once(), schema: StoreSyncSchema }),
  unbind: (id: string) =>
    api.post<Store>(storePath(id, '/unbind'), undefined, { ...once({ noshow: true }), schema: StoreSchema }),
  reauthorize: (id: string) =>
    api.post<AuthorizeAnswer>(storePath(id, '/reauthorize'), undefined, { ...once(), schema: AuthorizeAnswerSchema }),
  addWoo: (body: AddWooStoreBody) =>
    api.post<Store>('/p/stores/woocommerce', body, { ...once({ noshow: true }), schema: StoreSchema }),
  wooAuthorize: (body: WooAuthorizeBody) =>
    api.post<AuthorizeAnswer>('/p/stores/woocommerce/authorize', body, {
      ...once({ noshow: true }),
      schema: AuthorizeAnswerSchema,
    }),
  shopifyInstall: (shop: string, query?: Record<string, string>) =>
    api.post<AuthorizeAnswer>('/p/stores/shopify/install', query ? { shop, query } : { shop }, {
      ...once({ noshow: true }),
      schema: AuthorizeAnswerSchema,
    }),
  shopifyCallback: (query: Record<string, string>) =>
    api.post<Store>('/p/stores/shopify/callback', { query }, { ...once({ noshow: true }), schema: StoreSchema }),
  aliAuthorize: () =>
    api.post<AuthorizeAnswer>('/p/stores/aliexpress/authorize', undefined, {
      ...once(),
      schema: AuthorizeAnswerSchema,
    }),
  aliCallback: (code: string, state: string) =>
    api.post<Store>(
      '/p/stores/aliexpress/callback',
      { code, state },
      { ...once({ noshow: true }), schema: StoreSchema },
    ),
};

/** After a change: the store list, its syncs and every store-product read (counts, filters). */
export function useRefreshStores() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: storeKeys.all }),
      client.invalidateQueries({ queryKey: ['connections'] }),
    ]);
}
