import type { Locale } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { fallbackOrder, pickLocalized } from '../../platform/localized';
import { type DbOrUow, handleOf } from '../../platform/unit-of-work';
import { rawRows } from '../../db/rows';
import { specDictionary } from './catalogue.specs.service';

/** What a cart line or wish-list item shows and checks about one SKU, now. */
export interface CartSkuFacts {
  skuId: number;
  prodId: number;
  /** The SKU's code (what an order line records; its title when the product has none). */
  skuCode: string;
  /** The product's title in the caller's language (with the usual fallback). */
  prodName: string;
  /** The SKU's own image, else the product's. */
  pic: string;
  /** The spec values joined, e.g. "Red / M" ('' for a product without specs). */
  skuName: string;
  /** The wire `properties` form, "Colour:Red;Size:M". */
  properties: string;
  priceMinor: number;
  stock: number;
  /** False when the product is taken down (status off): it stays readable but is not sold. */
  onSale: boolean;
}

interface Row {
  sku_id: number;
  product_id: number;
  sku_code: string;
  price_minor: number;
  stock: number;
  image: string;
  pic: string;
  status: 'on' | 'off';
  title: string | null;
  specs: Array<{ p: number; v: number }> | string | null;
}

/**
 * SKUs by id with their price, stock and on-sale state, read in the caller's transaction when
 * given one (the cart checks stock right after its upsert). Unknown ids are left out.
 */
export async function getCartSkus(
  db: DbOrUow,
  skuIds: readonly number[],
  locale: Locale,
): Promise<Map<number, CartSkuFacts>> {
  const out = new Map<number, CartSkuFacts>();
  const ids = [...new Set(skuIds)];
  if (ids.length === 0) return out;
  const rows = rawRows<Row>(
    await handleOf(db).execute(sql`
      select s.id as sku_id, s.product_id, s.sku_code, s.price_minor, s.stock, s.image, p.pic, p.status,
        (select t.title from product_translations t where t.product_id = p.id
          order by ${fallbackOrder('t.locale', locale)} limit 1) as title,
        (select json_agg(json_build_object('p', v.property_id, 'v', v.value_id))
          from sku_property_values v where v.sku_id = s.id) as specs
      from skus s join products p on p.id = s.product_id
      where s.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  // Through the transaction when in one: PGlite has one connection, the root would wait on it.
  const dict = await specDictionary(handleOf(db));
  const name = (names: Array<{ locale: string; name: string }> | undefined, code: string) =>
    (names && pickLocalized(names, locale)?.name) ?? code;
  for (const r of rows) {
    const specs =
      (typeof r.specs === 'string' ? (JSON.parse(r.specs) as Array<{ p: number; v: number }>) : r.specs) ?? [];
    const pairs = [...specs]
      .sort(
        (a, b) => (dict.properties.get(a.p)?.position ?? 0) - (dict.properties.get(b.p)?.position ?? 0) || a.p - b.p,
      )
      .map((sv) => ({
        name: name(dict.properties.get(sv.p)?.names, dict.properties.get(sv.p)?.code ?? ''),
        value: name(dict.values.get(sv.v)?.names, dict.values.get(sv.v)?.code ?? ''),
      }));
    out.set(Number(r.sku_id), {
      skuId: Number(r.sku_id),
      prodId: Number(r.product_id),
      skuCode: r.sku_code,
      prodName: r.title ?? '',
      pic: r.image || r.pic,
      skuName: pairs.map((p) => p.value).join(' / '),
      properties: pairs.map((p) => `${p.name}:${p.value}`).join(';'),
      priceMinor: Number(r.price_minor),
      stock: Number(r.stock),
      onSale: r.status === 'on',
    });
  }
  return out;
}

/** The SKU ids of a product, in display order (a wish-list item without a SKU moves to the cart only when there is one). */
export async function skuIdsOfProduct(db: DbOrUow, prodId: number): Promise<number[]> {
  const rows = rawRows<{ id: number }>(
    await handleOf(db).execute(sql`select id from skus where product_id = ${prodId} order by position, id`),
  );
  return rows.map((r) => Number(r.id));
}
