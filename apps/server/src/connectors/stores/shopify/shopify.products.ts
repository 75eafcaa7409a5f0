import { decimalToMinor as moneyToMinor } from '../money.js';
import type { StoreProductData, StoreVariantData } from '../store-platform.js';

/**
 * The product queries we send and how their answers become the common shape. Page sizes keep a
 * query's requested cost under Shopify's 1,000-point single-query limit (objects 1 point,
 * connections 2 + first × their nodes' cost): 10 products × 25 variants asks about 810, a
 * product's further variants 100 at a time about 300.
 */
export const PRODUCTS_PER_PAGE = 10;
export const VARIANTS_PER_PRODUCT = 25;
export const VARIANTS_PER_PAGE = 100;

const VARIANT_FIELDS = 'id title sku price selectedOptions { name value } image { url }';
const PRODUCT_FIELDS = `id title handle status updatedAt onlineStoreUrl featuredMedia { preview { image { url } } }
      variants(first: $variantsFirst) { pageInfo { hasNextPage endCursor } nodes { ${VARIANT_FIELDS} } }`;

export const PRODUCTS_QUERY = `query Products($first: Int!, $after: String, $query: String, $variantsFirst: Int!) {
  shop { currencyCode }
  products(first: $first, after: $after, query: $query, sortKey: ID) {
    pageInfo { hasNextPage endCursor }
    nodes { ${PRODUCT_FIELDS} }
  }
}`;

export const PRODUCT_QUERY = `query Product($id: ID!, $variantsFirst: Int!) {
  shop { currencyCode }
  product(id: $id) { ${PRODUCT_FIELDS} }
}`;

export const PRODUCT_VARIANTS_QUERY = `query ProductVariants($id: ID!, $first: Int!, $after: String) {
  product(id: $id) {
    variants(first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${VARIANT_FIELDS} } }
  }
}`;

export const APP_UNINSTALL_MUTATION = `mutation AppUninstall {
  appUninstall { app { id } userErrors { code field message } }
}`;

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface GqlVariant {
  id: string;
  title: string;
  sku: string | null;
  /** Money scalar: a decimal string in the shop's currency. */
  price: string | null;
  selectedOptions: Array<{ name: string; value: string }> | null;
  image: { url: string | null } | null;
}

export interface GqlProduct {
  id: string;
  title: string;
  handle: string | null;
  status: string;
  updatedAt: string;
  onlineStoreUrl: string | null;
  featuredMedia: { preview?: { image?: { url?: string | null } | null } | null } | null;
  variants: { pageInfo: PageInfo; nodes: GqlVariant[] };
}

/** The product gid from an id as webhooks give it (`admin_graphql_api_id`, or the REST number). */
export function productGid(id: string | number): string | null {
  const s = String(id);
  if (/^gid:\/\/shopify\/Product\/\d+$/.test(s)) return s;
  return /^\d+$/.test(s) ? `gid://shopify/Product/${s}` : null;
}

export const numericId = (gid: string) => /\/(\d+)$/.exec(gid)?.[1] ?? gid;

/** "19.99" → 1999 (the shared rule of every store connector). */
export { moneyToMinor };

function status(s: string): StoreProductData['status'] {
  if (s === 'ACTIVE') return 'active';
  if (s === 'ARCHIVED') return 'archived';
  return 'draft'; // DRAFT, and UNLISTED where a version has it
}

/** Shopify's single variant of a product without options is "Default Title" with the option "Title". */
const isDefaultOption = (o: { name: string; value: string }) => o.name === 'Title' && o.value === 'Default Title';

export function toVariant(
  v: GqlVariant,
  productTitle: string,
  productImage: string | null,
  currency: string | null,
): StoreVariantData {
  const options = (v.selectedOptions ?? [])
    .filter((o) => !isDefaultOption(o))
    .map((o) => ({ name: o.name, value: o.value }));
  return {
    externalId: v.id,
    sku: v.sku ? v.sku : null,
    title: options.length === 0 || v.title === 'Default Title' ? productTitle : v.title,
    options,
    price: moneyToMinor(v.price, currency),
    imageUrl: v.image?.url ?? productImage,
  };
}

/** A product with all its variants (the caller read any beyond the first page) → the common shape. */
export function toStoreProduct(
  p: GqlProduct,
  variants: GqlVariant[],
  currency: string | null,
  adminBase: string,
): StoreProductData {
  const image = p.featuredMedia?.preview?.image?.url ?? null;
  return {
    externalId: p.id,
    title: p.title,
    imageUrl: image,
    // Not every product is on the online store; its admin page always exists.
    url: p.onlineStoreUrl ?? `${adminBase}/admin/products/${numericId(p.id)}`,
    status: status(p.status),
    updatedAt: new Date(p.updatedAt).toISOString(),
    variants: variants.map((v) => toVariant(v, p.title, image, currency)),
  };
}
