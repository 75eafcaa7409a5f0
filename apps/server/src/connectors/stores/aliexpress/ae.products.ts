import type { StoreProductData, StoreVariantData } from '../store-platform.js';
import { decimalToMinor } from '../woocommerce/woo.products.js';

/**
 * The parts of the two APIs' answers we read. IOP wraps lists as `{ <item_type>: [...] }`
 * (`ae_item_sku_info_dtos.ae_item_sku_info_d_t_o`), which `listOf` unwraps; a bare array or a
 * single object is accepted too (UNCONFIRMED which forms the gateway sends when a list has one item).
 */
type Obj = Record<string, unknown>;

export function listOf(value: unknown, key: string): Obj[] {
  if (Array.isArray(value)) return value.filter((v): v is Obj => Boolean(v) && typeof v === 'object');
  if (value && typeof value === 'object') {
    const inner = (value as Obj)[key];
    if (inner !== undefined) return listOf(inner, key);
    return [value as Obj];
  }
  return [];
}

const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;

/**
 * AliExpress writes times as `yyyy-MM-dd HH:mm:ss` without a zone (UNCONFIRMED which zone);
 * read as UTC. An ISO string or epoch ms is read as such.
 */
export function aeTime(v: unknown): string | null {
  if (typeof v === 'number' && v > 0) return new Date(v).toISOString();
  const s = text(v);
  if (!s) return null;
  const t = Date.parse(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(s) ? `${s.replace(' ', 'T')}Z` : s);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** Our watermark in AliExpress's `gmt_modified_start` form, in UTC (an earlier reading if the platform means GMT+8: more, never fewer, products). */
export function aeTimeParam(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** One line of `aliexpress.solution.product.list.get`'s `aeop_a_e_product_display_d_t_o_list`. */
export interface AeListedProduct {
  productId: string;
  subject: string | null;
  imageUrl: string | null;
  updatedAt: string | null;
}

export function listedProduct(o: Obj): AeListedProduct | null {
  const productId = text(o.product_id);
  if (!productId) return null;
  return {
    productId,
    subject: text(o.subject),
    imageUrl: text(o.image_u_r_ls)?.split(';')[0] ?? null,
    updatedAt: aeTime(o.gmt_modified),
  };
}

function status(s: string | null): StoreProductData['status'] {
  if (!s || s === 'onSelling') return 'active';
  if (s === 'offline') return 'archived';
  return 'draft'; // auditing, editingRequired
}

/**
 * `aliexpress.ds.product.get`'s `result` → the common shape. Each entry of
 * `ae_item_sku_info_dtos` is a variant: its id (`sku_id`, else `id`), the seller's `sku_code`,
 * its options from `ae_sku_property_dtos` (the seller's own value name when set), its price
 * (`offer_sale_price`, else `sku_price`) in the SKU's currency. A product with no SKU list is one
 * variant of its own.
 */
export function toStoreProduct(
  productId: string,
  result: Obj,
  listed: AeListedProduct | null,
  currencyFallback: string,
): StoreProductData {
  const baseInfo = (result.ae_item_base_info_dto ?? {}) as Obj;
  const media = (result.ae_multimedia_info_dto ?? {}) as Obj;
  const title = text(baseInfo.subject) ?? listed?.subject ?? productId;
  const image = text(media.image_urls)?.split(';')[0]?.trim() || listed?.imageUrl || null;
  const baseCurrency = text(baseInfo.currency_code) ?? currencyFallback;
  const variants: StoreVariantData[] = listOf(result.ae_item_sku_info_dtos, 'ae_item_sku_info_d_t_o').map((s, i) => {
    const props = listOf(s.ae_sku_property_dtos, 'ae_sku_property_d_t_o');
    const options = props
      .map((p) => ({
        name: text(p.sku_property_name) ?? '',
        value: text(p.property_value_definition_name) ?? text(p.sku_property_value) ?? '',
      }))
      .filter((o) => o.name !== '');
    const currency = (text(s.currency_code) ?? baseCurrency).toUpperCase();
    return {
      externalId: text(s.sku_id) ?? text(s.id) ?? `${productId}-${i + 1}`,
      sku: text(s.sku_code),
      title: options.map((o) => o.value).join(' / ') || title,
      options,
      price: decimalToMinor(text(s.offer_sale_price) ?? text(s.sku_price), currency),
      imageUrl: props.map((p) => text(p.sku_image)).find(Boolean) ?? image,
    };
  });
  if (!variants.length)
    variants.push({ externalId: productId, sku: null, title, options: [], price: null, imageUrl: image });
  return {
    externalId: productId,
    title,
    imageUrl: image,
    url: `https://www.aliexpress.com/item/${productId}.html`,
    status: status(text(baseInfo.product_status_type)),
    updatedAt: aeTime(baseInfo.gmt_modified) ?? listed?.updatedAt ?? new Date().toISOString(),
    variants,
  };
}
