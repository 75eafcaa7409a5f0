import type { ProductSort } from '@dsm/contract';
import type { ProductSearch } from './catalogue.api';

/** The goods list's sort choices, in the order the select shows them (contract PRODUCT_SORTS). */
export const SORTS: readonly ProductSort[] = ['relevance', 'price_asc', 'price_desc', 'newest', 'sales'];
export const PAGE_SIZE = 20;

/**
 * Everything the goods list shows is decided by its URL query, so a link reproduces the page and
 * the back button undoes a change: keyword, categoryId, minPrice, maxPrice (in `currency`), shipsTo,
 * sort, current (the page). A value that does not parse is ignored, as if absent.
 */
export interface GoodsListState {
  keyword: string;
  categoryId: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  /** The currency minPrice/maxPrice are written in (ISO code); null: the visitor's. */
  currency: string | null;
  sort: ProductSort;
  current: number;
  /** Only products that ship to this country (ISO alpha-2); null: all. */
  shipsTo: string | null;
}

export const DEFAULT_STATE: GoodsListState = {
  keyword: '',
  categoryId: null,
  minPrice: null,
  maxPrice: null,
  currency: null,
  sort: 'relevance',
  current: 1,
  shipsTo: null,
};

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

function amount(value: string | null): number | null {
  if (!value || !/^\d{1,8}(\.\d{1,2})?$/.test(value)) return null;
  return Number(value);
}

export function parseGoodsListParams(params: URLSearchParams): GoodsListState {
  const sort = params.get('sort') as ProductSort | null;
  const currency = params.get('currency');
  const shipsTo = params.get('shipsTo');
  let minPrice = amount(params.get('minPrice'));
  let maxPrice = amount(params.get('maxPrice'));
  // A reversed range in a hand-edited link: read it the way it was meant.
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    keyword: (params.get('keyword') ?? '').trim().slice(0, 100),
    categoryId: positiveInt(params.get('categoryId')),
    minPrice,
    maxPrice,
    currency: currency && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : null,
    sort: sort && SORTS.includes(sort) ? sort : DEFAULT_STATE.sort,
    current: positiveInt(params.get('current')) ?? 1,
    shipsTo: shipsTo && /^[A-Za-z]{2}$/.test(shipsTo) ? shipsTo.toUpperCase() : null,
  };
}

/** The URL query for a state; defaults are left out so links stay short. */
export function goodsListSearch(state: GoodsListState): string {
  const params = new URLSearchParams();
  if (state.keyword) params.set('keyword', state.keyword);
  if (state.categoryId !== null) params.set('categoryId', String(state.categoryId));
  if (state.minPrice !== null) params.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== null) params.set('maxPrice', String(state.maxPrice));
  if ((state.minPrice !== null || state.maxPrice !== null) && state.currency) params.set('currency', state.currency);
  if (state.shipsTo) params.set('shipsTo', state.shipsTo);
  if (state.sort !== DEFAULT_STATE.sort) params.set('sort', state.sort);
  if (state.current > 1) params.set('current', String(state.current));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A change to the filters: every change but paging starts again at page 1 (page 7 of the old
 * result may not exist in the new one).
 */
export function withChange(state: GoodsListState, change: Partial<GoodsListState>): GoodsListState {
  const next = { ...state, ...change };
  if (!('current' in change)) next.current = 1;
  if (next.minPrice === null && next.maxPrice === null) next.currency = null;
  return next;
}

/** The server call for a state; `visitorCurrency` prices a range that names no currency. */
export function toProductSearch(state: GoodsListState, visitorCurrency: string): ProductSearch {
  const hasRange = state.minPrice !== null || state.maxPrice !== null;
  return {
    keyword: state.keyword || undefined,
    categoryId: state.categoryId ?? undefined,
    minPrice: state.minPrice ?? undefined,
    maxPrice: state.maxPrice ?? undefined,
    currency: hasRange ? (state.currency ?? visitorCurrency) : undefined,
    sort: state.sort === DEFAULT_STATE.sort ? undefined : state.sort,
    shipsTo: state.shipsTo ?? undefined,
    current: state.current,
    size: PAGE_SIZE,
  };
}
