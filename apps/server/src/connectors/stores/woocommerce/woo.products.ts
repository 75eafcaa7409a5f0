import { decimalToMinor } from '../money.js';
import type { StoreProductData, StoreVariantData } from '../store-platform.js';

/** The parts of WooCommerce's product and variation objects we read (`_products.md`). */
export interface WooProduct {
  id: number;
  name: string;
  type: string;
  status: string;
  permalink?: string | null;
  sku?: string | null;
  price?: string | null;
  regular_price?: string | null;
  images?: Array<{ src?: string | null }> | null;
  date_modified_gmt?: string | null;
  date_created_gmt?: string | null;
}

export interface WooVariation {
  id: number;
  sku?: string | null;
  price?: string | null;
  regular_price?: string | null;
  image?: { src?: string | null } | null;
  attributes?: Array<{ name?: string; option?: string }> | null;
  date_modified_gmt?: string | null;
}

export { currencyDecimals, decimalToMinor } from '../money.js';

/** WooCommerce gives GMT times without a zone: `2026-11-20T10:00:00`. */
function gmt(value: string | null | undefined): string | null {
  if (!value) return null;
  const t = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

const blank = (s: string | null | undefined) => (s ? s : null);

function status(s: string): StoreProductData['status'] {
  if (s === 'publish') return 'active';
  if (s === 'trash') return 'archived';
  return 'draft'; // draft, pending, private, future
}

/** A product and its variations → the common shape; a simple product is its own one variant. */
export function toStoreProduct(p: WooProduct, variations: WooVariation[], currency: string | null): StoreProductData {
  const image = blank(p.images?.[0]?.src);
  let updatedAt = gmt(p.date_modified_gmt) ?? gmt(p.date_created_gmt) ?? new Date(0).toISOString();
  const variants: StoreVariantData[] = [];
  if (p.type === 'variable') {
    for (const v of variations) {
      const options = (v.attributes ?? [])
        .filter((a) => a.name)
        .map((a) => ({ name: String(a.name), value: String(a.option ?? '') }));
      variants.push({
        externalId: String(v.id),
        sku: blank(v.sku),
        title: options.map((o) => o.value || `Any ${o.name}`).join(' / ') || p.name,
        options,
        price: decimalToMinor(v.price || v.regular_price, currency),
        imageUrl: blank(v.image?.src) ?? image,
      });
      const vAt = gmt(v.date_modified_gmt);
      if (vAt && vAt > updatedAt) updatedAt = vAt;
    }
  } else {
    variants.push({
      externalId: String(p.id),
      sku: blank(p.sku),
      title: p.name,
      options: [],
      price: decimalToMinor(p.price || p.regular_price, currency),
      imageUrl: image,
    });
  }
  return {
    externalId: String(p.id),
    title: p.name,
    imageUrl: image,
    url: blank(p.permalink),
    status: status(p.status),
    updatedAt,
    variants,
  };
}
