import type { Locale, ProductDetail, ProductListItem, ProductSpec, Sku } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { specDictionary } from './catalogue.specs.service';
import { rawRows } from '../../db/rows';
import { tagsById } from './catalogue.tags.service';
import { fallbackOrder, pickLocalized } from '../../platform/localized';
import { toWireAmount } from './catalogue.text';

/** The columns every product list needs; `title` already follows the language fallback. */
export interface ListRow {
  id: number;
  category_id: number;
  price_minor: number;
  original_price_minor: number;
  sales_count: number;
  pic: string;
  warehouse: string;
  title: string | null;
  tag_ids: number[] | string | null;
}

/**
 * The SELECT list for list records over a relation aliased `p` (products or a page of them):
 * the title in the caller's language and the tag ids come from correlated subqueries that run
 * only for the rows of the page.
 */
export function listColumns(locale: Locale) {
  return sql`p.id, p.category_id, p.price_minor, p.original_price_minor, p.sales_count, p.pic, p.warehouse,
    (select t.title from product_translations t where t.product_id = p.id
      order by ${fallbackOrder('t.locale', locale)} limit 1) as title,
    (select array_agg(pt.tag_id order by pt.tag_id) from product_tags pt where pt.product_id = p.id) as tag_ids`;
}

/** PGlite and node-postgres both parse int[]; a text form is handled too, to be safe. */
function parseIds(value: number[] | string | null): number[] {
  if (!value) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

export async function toListItems(db: Db, rows: ListRow[], locale: Locale): Promise<ProductListItem[]> {
  const tags = await tagsById(db, locale);
  return rows.map((r) => ({
    prodId: Number(r.id),
    prodName: r.title ?? '',
    pic: r.pic,
    price: toWireAmount(Number(r.price_minor)),
    oriPrice: toWireAmount(Number(r.original_price_minor)),
    categoryId: Number(r.category_id),
    sales: Number(r.sales_count),
    tags: parseIds(r.tag_ids)
      .map((id) => tags.get(id))
      .filter((t) => t !== undefined),
    warehouse: r.warehouse,
  }));
}

/** Visible products by id, in the order given (specials, wish lists, carts). Missing or taken-down ones are left out. */
export async function listProductsByIds(db: Db, ids: number[], locale: Locale): Promise<ProductListItem[]> {
  if (ids.length === 0) return [];
  const rows = rawRows<ListRow>(
    await db.execute(sql`select ${listColumns(locale)} from products p
      where p.status = 'on' and p.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return toListItems(
    db,
    ids.map((id) => byId.get(id)).filter((r): r is ListRow => r !== undefined),
    locale,
  );
}

interface DetailRow {
  id: number;
  category_id: number;
  status: 'on' | 'off';
  attribute: ProductDetail['attribute'];
  warehouse: ProductDetail['warehouse'];
  sales_count: number;
  price_minor: number;
  original_price_minor: number;
  total_stock: number;
  pic: string;
  texts: Array<{ locale: string; title: string; brief: string; description: string }> | string | null;
  imgs: string[] | string | null;
  skus:
    | Array<{
        id: number;
        code: string;
        price: number;
        ori: number;
        grams: number;
        l: number;
        w: number;
        h: number;
        stock: number;
        image: string;
        specs: Array<{ p: number; v: number }> | null;
      }>
    | string
    | null;
  tag_ids: number[] | string | null;
}

function json<T>(value: T | string | null): T | null {
  if (value === null) return null;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** One round trip: the product with its texts, images, SKUs with spec value ids, and tag ids. */
async function loadDetail(db: Db, prodId: number): Promise<DetailRow | undefined> {
  const rows = rawRows<DetailRow>(
    await db.execute(sql`
      select p.id, p.category_id, p.status, p.attribute, p.warehouse, p.sales_count, p.price_minor,
        p.original_price_minor, p.total_stock, p.pic,
        (select json_agg(json_build_object('locale', t.locale, 'title', t.title, 'brief', t.brief, 'description', t.description))
          from product_translations t where t.product_id = p.id) as texts,
        (select json_agg(i.url order by i.position, i.id) from product_images i where i.product_id = p.id) as imgs,
        (select json_agg(json_build_object(
            'id', s.id, 'code', s.sku_code, 'price', s.price_minor, 'ori', s.original_price_minor,
            'grams', s.weight_grams, 'l', s.length_mm, 'w', s.width_mm, 'h', s.height_mm,
            'stock', s.stock, 'image', s.image,
            'specs', (select json_agg(json_build_object('p', v.property_id, 'v', v.value_id))
                      from sku_property_values v where v.sku_id = s.id))
          order by s.position, s.id)
          from skus s where s.product_id = p.id) as skus,
        (select array_agg(pt.tag_id order by pt.tag_id) from product_tags pt where pt.product_id = p.id) as tag_ids
      from products p where p.id = ${prodId}`),
  );
  return rows[0];
}

/**
 * GET /api/prod/prodInfo. A taken-down or unknown product is NOT_FOUND ("The product was not
 * found"). Read fresh: the route keeps the serialized answer per product and language for a few
 * seconds (`cachedJson`), and operator writes and stock changes clear it. Keeping this object too
 * doubled the memory a busy catalogue took (issue 10: peak RSS) for no request served faster.
 */
export async function getProductDetail(db: Db, prodId: number, locale: Locale): Promise<ProductDetail> {
  const row = await loadDetail(db, prodId);
  if (!row || row.status !== 'on') throw AppError.notFound('catalogue.product-not-found');
  return buildDetail(db, row, locale);
}

async function buildDetail(db: Db, row: DetailRow, locale: Locale): Promise<ProductDetail> {
  const [dict, tags] = await Promise.all([specDictionary(db), tagsById(db, locale)]);
  const text = pickLocalized(json(row.texts) ?? [], locale);
  const prodName = text?.title ?? '';
  const name = (names: Array<{ locale: string; name: string }> | undefined, code: string) =>
    (names && pickLocalized(names, locale)?.name) ?? code;

  // Specs in dictionary order, with only the values this product's SKUs use.
  const used = new Map<number, Set<number>>();
  const skuRows = json(row.skus) ?? [];
  for (const s of skuRows)
    for (const sv of s.specs ?? []) (used.get(sv.p) ?? used.set(sv.p, new Set()).get(sv.p)!).add(sv.v);
  const propertyOrder = [...used.keys()].sort(
    (a, b) => (dict.properties.get(a)?.position ?? 0) - (dict.properties.get(b)?.position ?? 0) || a - b,
  );
  const specs: ProductSpec[] = propertyOrder.map((pid) => {
    const prop = dict.properties.get(pid);
    const values = [...used.get(pid)!].sort(
      (a, b) => (dict.values.get(a)?.position ?? 0) - (dict.values.get(b)?.position ?? 0) || a - b,
    );
    return {
      name: name(prop?.names, prop?.code ?? String(pid)),
      values: values.map((vid) => name(dict.values.get(vid)?.names, dict.values.get(vid)?.code ?? String(vid))),
    };
  });

  const skuList: Sku[] = skuRows.map((s) => {
    const pairs = [...(s.specs ?? [])]
      .sort((a, b) => propertyOrder.indexOf(a.p) - propertyOrder.indexOf(b.p))
      .map((sv) => {
        const prop = dict.properties.get(sv.p);
        const value = dict.values.get(sv.v);
        return { name: name(prop?.names, prop?.code ?? ''), value: name(value?.names, value?.code ?? '') };
      });
    return {
      skuId: s.id,
      skuCode: s.code,
      skuName: pairs.length ? pairs.map((p) => p.value).join(' / ') : prodName,
      price: toWireAmount(s.price),
      oriPrice: toWireAmount(s.ori),
      stocks: s.stock,
      weight: s.grams / 1000,
      length: s.l / 10,
      width: s.w / 10,
      height: s.h / 10,
      pic: s.image || row.pic,
      properties: pairs.map((p) => `${p.name}:${p.value}`).join(';'),
    };
  });

  const imgs = json(row.imgs) ?? [];
  return {
    prodId: Number(row.id),
    prodName,
    pic: row.pic || imgs[0] || '',
    imgs,
    price: toWireAmount(Number(row.price_minor)),
    oriPrice: toWireAmount(Number(row.original_price_minor)),
    brief: text?.brief ?? '',
    content: text?.description ?? '',
    categoryId: Number(row.category_id),
    totalStocks: Number(row.total_stock),
    sales: Number(row.sales_count),
    attribute: row.attribute,
    warehouse: row.warehouse,
    tags: parseIds(row.tag_ids)
      .map((id) => tags.get(id))
      .filter((t) => t !== undefined),
    skuList,
    specs,
  };
}

/** Ensures a visible product exists (for other modules through catalogue.service). */
export async function requireVisibleProduct(db: Db, prodId: number): Promise<void> {
  const rows = rawRows<{ id: number }>(
    await db.execute(sql`select id from products where id = ${prodId} and status = 'on'`),
  );
  if (!rows[0]) throw AppError.notFound('catalogue.product-not-found');
}
