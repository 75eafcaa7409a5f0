import { PRODUCT_SORTS, type ProductSort } from '@dsm/contract';
import type { FirstRequest } from '../../platform/first-answers';
import { goodsListPreview, productPreview } from './catalogue.first-paint';

/**
 * The catalogue pages' first requests, embedded in their HTML (decision 0122). Each is what the
 * web app's page sends first for the same address (apps/web: goods-list-state.ts
 * `parseGoodsListParams` + `toProductSearch`, product-details-page.tsx's loader); the web app
 * uses an answer only when its own request has the same key, so a difference costs a round trip,
 * never a wrong page.
 */

/** The goods list's page size (apps/web goods-list-state.ts PAGE_SIZE). */
const PAGE_SIZE = 20;

const positiveInt = (value: string | null, digits = 9): number | undefined => {
  if (!value || !new RegExp(`^\\d{1,${digits}}$`).test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
};
const amount = (value: string | null) => (value && /^\d{1,8}(\.\d{1,2})?$/.test(value) ? Number(value) : undefined);

interface Picture {
  pic?: string;
}

const categoryTree: FirstRequest = { path: '/category/categories' };

/**
 * /goodslist: the search (its first card's picture is the phone's largest paint) and the tree (a
 * category's name in the title, the filters), both asked for by the page's loader: an answer left
 * to the browser was one more request before the largest paint (decision 0122). A price range is
 * priced in the visitor's currency, which only the browser knows: then no answers.
 */
function goodsList(params: URLSearchParams): FirstRequest[] {
  const hasRange = amount(params.get('minPrice')) !== undefined || amount(params.get('maxPrice')) !== undefined;
  if (hasRange) return [];
  const sort = params.get('sort');
  const shipsTo = params.get('shipsTo');
  const categoryId = positiveInt(params.get('categoryId'));
  const search: FirstRequest = {
    path: '/prod/search',
    query: {
      keyword: (params.get('keyword') ?? '').trim().slice(0, 100) || undefined,
      categoryId,
      sort: sort && sort !== 'relevance' && PRODUCT_SORTS.includes(sort as ProductSort) ? sort : undefined,
      shipsTo: shipsTo && /^[A-Za-z]{2}$/.test(shipsTo) ? shipsTo.toUpperCase() : undefined,
      current: positiveInt(params.get('current')) ?? 1,
      size: PAGE_SIZE,
    },
    image: (data) => (data as { records?: Picture[] }).records?.[0]?.pic,
    preview: goodsListPreview,
  };
  return [search, categoryTree];
}

interface ProductPictures {
  pic?: string;
  imgs?: string[];
  skuList?: Array<{ skuId: number; stocks: number; pic?: string }>;
}

/**
 * The product page's main picture: the chosen variant's (the link's skuId, else the first in
 * stock, else the first), else the product's first (apps/web product-details-page.tsx).
 */
export function mainPicture(product: ProductPictures, skuId: number | undefined): string | undefined {
  const skus = product.skuList ?? [];
  const sku = (skuId ? skus.find((s) => s.skuId === skuId) : undefined) ?? skus.find((s) => s.stocks > 0) ?? skus[0];
  return sku?.pic || product.imgs?.[0] || product.pic || undefined;
}

/** /productdetails: the page waits for the product, the category tree and the bulk prices. */
function productDetails(params: URLSearchParams): FirstRequest[] {
  const prodId = positiveInt(params.get('prodId'), 10);
  if (prodId === undefined) return [];
  const skuId = positiveInt(params.get('skuId'), 10);
  return [
    {
      path: '/prod/prodInfo',
      query: { prodId },
      image: (data) => mainPicture(data as ProductPictures, skuId),
      preview: (data) => productPreview(data, mainPicture(data as ProductPictures, skuId)),
    },
    categoryTree,
    { path: '/prod/priceTiers', query: { prodId } },
  ];
}

/** The first requests of a catalogue page (platform/static.ts asks for every public page). */
export function catalogueFirstRequests(route: string, url: URL): FirstRequest[] {
  if (route === 'goodslist') return goodsList(url.searchParams);
  if (route === 'productdetails') return productDetails(url.searchParams);
  return [];
}
