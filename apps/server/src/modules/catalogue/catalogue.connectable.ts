import type { Locale } from '@dsm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { pickLocalized } from '../../platform/localized';
import { type DbOrUow, handleOf } from '../../platform/unit-of-work';
import { keywordQuery } from './catalogue.search-document';
import { specDictionary } from './catalogue.specs.service';
import { skus } from './catalogue.tables';

/**
 * Catalogue SKUs as a seller connecting store variants to them needs them (decision 0100): the
 * title and spec names in the caller's language for showing, every language's names for matching
 * a store's own option names and values, the spec codes for noticing a later change.
 */
export interface ConnectableSku {
  skuId: number;
  productId: number;
  skuCode: string;
  title: string;
  /** The product's title in every language it has. */
  titles: string[];
  specs: Array<{ name: string; value: string; names: string[]; values: string[] }>;
  /** property code → value code. */
  specCodes: Record<string, string>;
  imageUrl: string | null;
  priceMinor: number;
  onSale: boolean;
  /** Units in stock now (store orders flag a connected SKU that has none). */
  stock: number;
}

type Json<T> = T | string | null;
const parsed = <T>(v: Json<T>): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const ids = (list: readonly number[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );

/** The spec codes of SKUs (those without specs are left out of the map). */
export async function skuSpecCodes(db: Db, skuIds: readonly number[]): Promise<Map<number, Record<string, string>>> {
  const out = new Map<number, Record<string, string>>();
  if (skuIds.length === 0) return out;
  const rows = rawRows<{ sku_id: number; property: string; value: string }>(
    await db.execute(sql`
      select v.sku_id, p.code as property, pv.code as value
      from sku_property_values v join properties p on p.id = v.property_id join property_values pv on pv.id = v.value_id
      where v.sku_id in (${ids(skuIds)})`),
  );
  for (const r of rows) {
    const id = Number(r.sku_id);
    out.set(id, { ...out.get(id), [r.property]: r.value });
  }
  return out;
}

export function sameSpecs(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ea = Object.entries(a ?? {}).sort();
  const eb = Object.entries(b ?? {}).sort();
  return ea.length === eb.length && ea.every(([k, v], i) => eb[i]![0] === k && eb[i]![1] === v);
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
  titles: Json<Array<{ locale: string; title: string }>>;
  specs: Json<Array<{ p: number; v: number }>>;
}

/** SKUs by id, in the caller's transaction when given one; unknown ids are left out. */
export async function getConnectableSkus(
  db: DbOrUow,
  skuIds: readonly number[],
  locale: Locale,
): Promise<Map<number, ConnectableSku>> {
  const out = new Map<number, ConnectableSku>();
  const unique = [...new Set(skuIds)];
  if (unique.length === 0) return out;
  const handle = handleOf(db);
  const rows = rawRows<Row>(
    await handle.execute(sql`
      select s.id as sku_id, s.product_id, s.sku_code, s.price_minor, s.stock, s.image, p.pic, p.status,
        (select json_agg(json_build_object('locale', t.locale, 'title', t.title)) from product_translations t where t.product_id = p.id) as titles,
        (select json_agg(json_build_object('p', v.property_id, 'v', v.value_id)) from sku_property_values v where v.sku_id = s.id) as specs
      from skus s join products p on p.id = s.product_id
      where s.id in (${ids(unique)})`),
  );
  const dict = await specDictionary(handle);
  for (const r of rows) {
    const titles = parsed(r.titles) ?? [];
    const pairs = [...(parsed(r.specs) ?? [])].sort(
      (a, b) => (dict.properties.get(a.p)?.position ?? 0) - (dict.properties.get(b.p)?.position ?? 0) || a.p - b.p,
    );
    const specs = pairs.map(({ p, v }) => {
      const prop = dict.properties.get(p);
      const val = dict.values.get(v);
      return {
        name: (prop && pickLocalized(prop.names, locale)?.name) ?? prop?.code ?? '',
        value: (val && pickLocalized(val.names, locale)?.name) ?? val?.code ?? '',
        names: [prop?.code ?? '', ...(prop?.names.map((n) => n.name) ?? [])],
        values: [val?.code ?? '', ...(val?.names.map((n) => n.name) ?? [])],
        codes: [prop?.code ?? '', val?.code ?? ''] as const,
      };
    });
    out.set(Number(r.sku_id), {
      skuId: Number(r.sku_id),
      productId: Number(r.product_id),
      skuCode: r.sku_code,
      title: pickLocalized(titles, locale)?.title ?? r.sku_code,
      titles: titles.map((t) => t.title),
      specs: specs.map(({ name, value, names, values }) => ({ name, value, names, values })),
      specCodes: Object.fromEntries(specs.map((s) => s.codes)),
      imageUrl: r.image || r.pic || null,
      priceMinor: Number(r.price_minor),
      onSale: r.status === 'on',
      stock: Number(r.stock),
    });
  }
  return out;
}

/**
 * SKUs that may match a store product: those whose code is one of `skuCodes` (any case), and the
 * SKUs of the on-sale products whose text best matches any of `words` (full-text, ranked), at
 * most `limit` products. The caller scores them; this only finds them.
 */
export async function findConnectableSkus(
  db: Db,
  find: { words: readonly string[]; skuCodes: readonly string[] },
  locale: Locale,
  limit = 8,
): Promise<ConnectableSku[]> {
  const found = new Set<number>();
  const codes = [...new Set(find.skuCodes.map((c) => c.trim().toUpperCase()).filter(Boolean))].slice(0, 200);
  if (codes.length) {
    const rows = rawRows<{ id: number }>(
      await db.execute(sql`select s.id from skus s join products p on p.id = s.product_id
        where p.status = 'on' and upper(s.sku_code) in (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )})`),
    );
    for (const r of rows) found.add(Number(r.id));
  }
  // Any of the words (each word's query as the search builds it): a store's title rarely
  // repeats the catalogue's word for word.
  const terms: string[] = [];
  for (const word of [...new Set(find.words.map((w) => w.toLowerCase()))].slice(0, 12)) {
    const { tsquery } = await keywordQuery(db, word);
    if (tsquery) terms.push(`(${tsquery})`);
  }
  if (terms.length) {
    const q = terms.join(' | ');
    const rows = rawRows<{ id: number }>(
      await db.execute(sql`select s.id from skus s where s.product_id in (
          select p.id from products p where p.status = 'on' and p.search_document @@ ${q}::tsquery
          order by ts_rank(p.search_document, ${q}::tsquery) desc, p.id desc limit ${limit})`),
    );
    for (const r of rows) found.add(Number(r.id));
  }
  return [...(await getConnectableSkus(db, [...found], locale)).values()];
}

/** A subquery of the ids of the SKU whose code is `code` (case-insensitive): for other modules' filters. */
export function skuIdsWithCodeSql(code: string): SQL {
  return sql`(select ${skus.id} from ${skus} where upper(${skus.skuCode}) = ${code.toUpperCase()})`;
}
