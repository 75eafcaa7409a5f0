import { useSyncExternalStore } from 'react';
import { AddressListSchema, ShipsToSchema, WarehouseOptionListSchema } from '@dsm/contract';
import type { Address, ShipsTo, WarehouseOption } from '@dsm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { accountsKeys, logisticsKeys } from './query-keys';
import { isLoggedIn, useSession } from './session';

// Background reads (`noshow`): when one fails the page only says less (no warehouse name, no mark).

/**
 * The visitor's country for "ships to" (decision 0110): the default consignee's country when the
 * user is logged in and has one; else the country the visitor chose (kept in localStorage); else
 * the region of the browser's language (en-GB → GB), else of the interface language.
 */
const KEY = 'shipTo';
const listeners = new Set<() => void>();

/** Kept only when localStorage refuses it (privacy mode): then the choice lasts as long as the page. */
let memory: string | null = null;

/** Read at every render: a string compares equal, and a cleared storage is seen at once. */
function chosenCountry(): string | null {
  try {
    const value = typeof window === 'undefined' ? null : window.localStorage.getItem(KEY);
    return value && /^[A-Z]{2}$/.test(value) ? value : memory;
  } catch {
    return memory;
  }
}

/** Remembers the visitor's choice (every "ships to" on screen follows it). */
export function chooseShipTo(country: string): void {
  const code = country.toUpperCase();
  try {
    window.localStorage.setItem(KEY, code);
  } catch {
    memory = code;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The region of the first browser language that names one, else of the interface language. */
export function regionOfLanguages(languages: readonly string[], uiLang: string): string | null {
  for (const tag of [...languages, uiLang]) {
    const region = /^[a-z]{2,3}[-_]([A-Za-z]{2})\b/.exec(tag)?.[1];
    if (region) return region.toUpperCase();
  }
  return null;
}

/** GET /api/p/address?kind=consignee, under the key the address book uses (one cache for both). */
const consigneesQuery = queryOptions({
  queryKey: accountsKeys.addresses('consignee'),
  queryFn: ({ signal }) =>
    api.data<Address[]>('/p/address', {
      signal,
      loadingflags: true,
      noshow: true,
      query: { kind: 'consignee' },
      schema: AddressListSchema,
    }),
  staleTime: 60_000,
});

export interface ShipTo {
  /** ISO alpha-2; null only while a logged-in user's addresses load. */
  country: string | null;
  /** From the default consignee address (then not changed here: the address book changes it). */
  fromAddress: boolean;
}

export function useShipTo(): ShipTo {
  const loggedIn = useSession(isLoggedIn);
  const lang = useSession((s) => s.lang);
  const picked = useSyncExternalStore(subscribe, chosenCountry);
  const consignees = useQuery({ ...consigneesQuery, enabled: loggedIn });
  const fallback = picked ?? regionOfLanguages(typeof navigator === 'undefined' ? [] : navigator.languages, lang);
  if (!loggedIn) return { country: fallback, fromAddress: false };
  if (consignees.isPending) return { country: null, fromAddress: false };
  const list = consignees.data ?? [];
  const address = list.find((a) => a.isDefault) ?? list[0];
  return address ? { country: address.country, fromAddress: true } : { country: fallback, fromAddress: false };
}

/** GET /api/logistics/warehouse: the warehouses goods ship from, named in the interface language. */
export const warehousesQuery = queryOptions({
  queryKey: logisticsKeys.warehouses(),
  queryFn: ({ signal }) =>
    api.data<WarehouseOption[]>('/logistics/warehouse', {
      signal,
      loadingflags: true,
      noshow: true,
      schema: WarehouseOptionListSchema,
    }),
  staleTime: 10 * 60_000,
});

/** A warehouse code → its name in the interface language (the code while the list loads). */
export function useWarehouseName(): (code: string) => string {
  const { data } = useQuery(warehousesQuery);
  const names = new Map((data ?? []).map((w) => [w.code, w.name]));
  return (code) => names.get(code) ?? code;
}

/** GET /api/logistics/ships-to?country=: the warehouses some method carries from to that country. */
export const shipsToQuery = (country: string) =>
  queryOptions({
    queryKey: logisticsKeys.shipsTo(country),
    queryFn: ({ signal }) =>
      api.data<ShipsTo>('/logistics/ships-to', {
        signal,
        loadingflags: true,
        noshow: true,
        query: { country },
        schema: ShipsToSchema,
      }),
    staleTime: 5 * 60_000,
  });

/** Whether a warehouse reaches the country: undefined while unknown (no country, or loading). */
export function useReaches(country: string | null): (warehouse: string) => boolean | undefined {
  const { data } = useQuery({ ...shipsToQuery(country ?? ''), enabled: Boolean(country) });
  const reaching = data && data.country === country ? new Set(data.warehouses) : null;
  return (warehouse) => (reaching ? reaching.has(warehouse) : undefined);
}
