import { LOCALES } from '@dsm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../client';
import { rawRows } from '../../rows';
import { addSearchWords } from '../../../modules/catalogue/catalogue.search-document';
import { productSpecials } from '../../../modules/catalogue/catalogue.tables';
import { type DemoProduct, CATEGORY_VOCABULARY, SUBCATEGORIES, generateProduct } from './generator';
import { SPECS, TAGS } from './vocabulary-common';

/**
 * Writes the demo catalogue: the category tree, specs and tags (once), then products in batches
 * of column arrays (`insert … select * from unnest($1::int[], $2::text[], …)`: one statement per
 * table and batch, a handful of parameters, no per-row SQL), which is fast on PGlite and PostgreSQL.
 */

const LANG_INDEX = { 'en-US': 0, 'zh-CN': 1, 'fr-FR': 2, 'tr-TR': 3 } as const;

interface Taxonomy {
  /** SUBCATEGORIES key (`bags/0`) → category id */
  subcategoryIds: Map<string, number>;
  /** `colour/red` → [property id, value id] */
  values: Map<string, [number, number]>;
  tagIds: Map<string, number>;
}

type Column = [name: string, type: string, values: unknown[]];

/** `insert into <table> (<cols>) select * from unnest(…)`, with optional extra SELECT expressions. */
async function insertColumns(
  db: Db,
  table: string,
  columns: Column[],
  select?: SQL,
  ignoreConflicts = false,
): Promise<void> {
  if (columns[0]![2].length === 0) return;
  const names = sql.raw(columns.map((c) => c[0]).join(', '));
  const arrays = sql.join(
    columns.map(([, type, values]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql`, `,
  );
  const alias = sql.raw(columns.map((c) => c[0]).join(', '));
  await db.execute(
    select
      ? sql`insert into ${sql.raw(table)} ${select} from unnest(${arrays}) as u(${alias})`
      : sql`insert into ${sql.raw(table)} (${names}) select * from unnest(${arrays}) as u(${alias})${sql.raw(ignoreConflicts ? ' on conflict do nothing' : '')}`,
  );
}

async function ids<T extends string>(db: Db, query: SQL): Promise<Array<Record<T, unknown>>> {
  return rawRows<Record<T, unknown>>(await db.execute(query));
}

/** Names in the four languages for many rows at once: `[ownerId, Four]` pairs. */
async function insertNames(
  db: Db,
  table: string,
  key: string,
  rows: Array<[number, readonly string[]]>,
): Promise<void> {
  const owner: number[] = [];
  const locale: string[] = [];
  const name: string[] = [];
  for (const [id, four] of rows) {
    for (const l of LOCALES) {
      owner.push(id);
      locale.push(l);
      name.push(four[LANG_INDEX[l]]!);
    }
  }
  await insertColumns(
    db,
    table,
    [
      [key, 'int', owner],
      ['locale', 'text', locale],
      ['name', 'text', name],
    ],
    undefined,
    true,
  );
}

/**
 * Categories (found by icon and English name), specs and tags: creates what is missing, in a
 * dozen statements whatever the size of the taxonomy.
 */
async function ensureTaxonomy(db: Db): Promise<Taxonomy> {
  type Cat = { id: number; parent_id: number | null; icon: string; name: string | null };
  const loadCategories = async () =>
    (await ids<keyof Cat>(
      db,
      sql`select c.id, c.parent_id, c.icon, t.name from categories c
        left join category_translations t on t.category_id = c.id and t.locale = 'en-US'`,
    )) as unknown as Cat[];
  let existing = await loadCategories();
  const rootOf = (icon: string) => existing.find((c) => c.parent_id === null && c.icon === icon);
  const missingRoots = CATEGORY_VOCABULARY.map((root, position) => ({ root, position })).filter(
    ({ root }) => !rootOf(root.icon),
  );
  if (missingRoots.length) {
    const created = await ids<'id' | 'icon'>(
      db,
      sql`insert into categories (icon, position)
          select * from unnest(${sql.param(missingRoots.map((r) => r.root.icon))}::text[], ${sql.param(missingRoots.map((r) => r.position))}::int[])
          returning id, icon`,
    );
    await insertNames(
      db,
      'category_translations',
      'category_id',
      created.map((c) => [Number(c.id), CATEGORY_VOCABULARY.find((r) => r.icon === c.icon)!.names]),
    );
    existing = await loadCategories();
  }
  const subOf = (rootId: number, name: string) =>
    existing.find((c) => Number(c.parent_id) === rootId && c.name === name);
  const missingSubs = CATEGORY_VOCABULARY.flatMap((root) =>
    root.subcategories.map((sub, position) => ({ root, sub, position, rootId: Number(rootOf(root.icon)!.id) })),
  ).filter((s) => !subOf(s.rootId, s.sub.names[0]));
  if (missingSubs.length) {
    const created = await ids<'id' | 'parent_id' | 'position'>(
      db,
      sql`insert into categories (parent_id, icon, position)
          select * from unnest(${sql.param(missingSubs.map((s) => s.rootId))}::int[], ${sql.param(missingSubs.map((s) => s.root.icon))}::text[],
            ${sql.param(missingSubs.map((s) => s.position))}::int[])
          returning id, parent_id, position`,
    );
    await insertNames(
      db,
      'category_translations',
      'category_id',
      created.map((c) => [
        Number(c.id),
        missingSubs.find((s) => s.rootId === Number(c.parent_id) && s.position === Number(c.position))!.sub.names,
      ]),
    );
    existing = await loadCategories();
  }
  const subcategoryIds = new Map<string, number>();
  for (const root of CATEGORY_VOCABULARY) {
    const rootId = Number(rootOf(root.icon)!.id);
    root.subcategories.forEach((sub, si) =>
      subcategoryIds.set(`${root.icon}/${si}`, Number(subOf(rootId, sub.names[0])!.id)),
    );
  }

  // Specs and their values, by code.
  const specs = Object.values(SPECS);
  await db.execute(sql`insert into properties (code, position)
    select * from unnest(${sql.param(specs.map((s) => s.code))}::text[], ${sql.param(specs.map((_, i) => i))}::int[])
    on conflict do nothing`);
  const propertyIds = new Map(
    (await ids<'id' | 'code'>(db, sql`select id, code from properties`)).map((p) => [String(p.code), Number(p.id)]),
  );
  await insertNames(
    db,
    'property_translations',
    'property_id',
    specs.map((s) => [propertyIds.get(s.code)!, s.names]),
  );
  const valueRows = specs.flatMap((s) =>
    s.values.map((v, position) => ({ propertyId: propertyIds.get(s.code)!, spec: s.code, value: v, position })),
  );
  await db.execute(sql`insert into property_values (property_id, code, position)
    select * from unnest(${sql.param(valueRows.map((v) => v.propertyId))}::int[], ${sql.param(valueRows.map((v) => v.value.code))}::text[],
      ${sql.param(valueRows.map((v) => v.position))}::int[])
    on conflict do nothing`);
  const valueIds = new Map(
    (await ids<'id' | 'property_id' | 'code'>(db, sql`select id, property_id, code from property_values`)).map((v) => [
      `${Number(v.property_id)}/${String(v.code)}`,
      Number(v.id),
    ]),
  );
  const values = new Map<string, [number, number]>();
  for (const v of valueRows)
    values.set(`${v.spec}/${v.value.code}`, [v.propertyId, valueIds.get(`${v.propertyId}/${v.value.code}`)!]);
  await insertNames(
    db,
    'property_value_translations',
    'value_id',
    valueRows.map((v) => [values.get(`${v.spec}/${v.value.code}`)![1], v.value.names]),
  );

  await db.execute(sql`insert into tags (code, position)
    select * from unnest(${sql.param(TAGS.map((t) => t.code))}::text[], ${sql.param(TAGS.map((_, i) => i))}::int[])
    on conflict do nothing`);
  const tagIds = new Map(
    (await ids<'id' | 'code'>(db, sql`select id, code from tags`)).map((t) => [String(t.code), Number(t.id)]),
  );
  await insertNames(
    db,
    'tag_translations',
    'tag_id',
    TAGS.map((t) => [tagIds.get(t.code)!, t.names]),
  );
  return { subcategoryIds, values, tagIds };
}

/** Inserts one batch of generated products with ids already taken from the identity sequences. */
async function insertBatch(db: Db, taxonomy: Taxonomy, batch: DemoProduct[], productIds: number[], skuIds: number[]) {
  const cheapest = batch.map((p) => p.skus.reduce((a, b) => (b.priceMinor < a.priceMinor ? b : a)));
  const text = (locale: keyof typeof LANG_INDEX, field: 'title' | 'brief') => batch.map((p) => p.texts[locale][field]);
  await insertColumns(
    db,
    'products',
    [
      ['id', 'int', productIds],
      ['category_id', 'int', batch.map((p) => taxonomy.subcategoryIds.get(p.subcategory))],
      ['attribute', 'text', batch.map((p) => p.attribute)],
      ['warehouse', 'text', batch.map((p) => p.warehouse)],
      ['sales_count', 'int', batch.map((p) => p.salesCount)],
      ['price_minor', 'int', cheapest.map((s) => s.priceMinor)],
      ['original_price_minor', 'int', cheapest.map((s) => s.originalPriceMinor)],
      ['total_stock', 'int', batch.map((p) => p.skus.reduce((n, s) => n + s.stock, 0))],
      ['pic', 'text', batch.map((p) => p.images[0] ?? '')],
      ['created_at', 'timestamptz', batch.map((p) => p.createdAt.toISOString())],
      ['en_t', 'text', text('en-US', 'title')],
      ['en_b', 'text', text('en-US', 'brief')],
      ['fr_t', 'text', text('fr-FR', 'title')],
      ['fr_b', 'text', text('fr-FR', 'brief')],
      ['tr_t', 'text', text('tr-TR', 'title')],
      ['tr_b', 'text', text('tr-TR', 'brief')],
      ['zh_t', 'text', text('zh-CN', 'title')],
      ['zh_b', 'text', text('zh-CN', 'brief')],
    ],
    // The search document is built in the same statement (the function of migration 0004).
    sql`(id, category_id, attribute, warehouse, sales_count, price_minor, original_price_minor, total_stock, pic,
         created_at, updated_at, search_document)
        select id, category_id, attribute, warehouse, sales_count, price_minor, original_price_minor, total_stock, pic,
          created_at, created_at, catalogue_search_document(en_t, en_b, fr_t, fr_b, tr_t, tr_b, zh_t, zh_b)`,
  );

  const t: Column[] = [
    ['product_id', 'int', []],
    ['locale', 'text', []],
    ['title', 'text', []],
    ['brief', 'text', []],
    ['description', 'text', []],
  ];
  const img: Column[] = [
    ['product_id', 'int', []],
    ['url', 'text', []],
    ['position', 'int', []],
  ];
  const sku: Column[] = [
    ['id', 'int', []],
    ['product_id', 'int', []],
    ['sku_code', 'text', []],
    ['price_minor', 'int', []],
    ['original_price_minor', 'int', []],
    ['weight_grams', 'int', []],
    ['length_mm', 'int', []],
    ['width_mm', 'int', []],
    ['height_mm', 'int', []],
    ['stock', 'int', []],
    ['image', 'text', []],
    ['position', 'int', []],
  ];
  const spv: Column[] = [
    ['sku_id', 'int', []],
    ['property_id', 'int', []],
    ['value_id', 'int', []],
  ];
  const ptag: Column[] = [
    ['product_id', 'int', []],
    ['tag_id', 'int', []],
    ['created_at', 'timestamptz', []],
  ];
  const push = (cols: Column[], ...row: unknown[]) => row.forEach((v, i) => cols[i]![2].push(v));

  let nextSku = 0;
  batch.forEach((p, i) => {
    const productId = productIds[i]!;
    for (const locale of LOCALES)
      push(t, productId, locale, p.texts[locale].title, p.texts[locale].brief, p.texts[locale].description);
    p.images.forEach((url, position) => push(img, productId, url, position));
    p.skus.forEach((s, position) => {
      const skuId = skuIds[nextSku++]!;
      push(
        sku,
        skuId,
        productId,
        s.code,
        s.priceMinor,
        s.originalPriceMinor,
        s.weightGrams,
        s.lengthMm,
        s.widthMm,
        s.heightMm,
        s.stock,
        s.image,
        position,
      );
      for (const [spec, value] of s.specs) {
        const [propertyId, valueId] = taxonomy.values.get(`${spec}/${value}`)!;
        push(spv, skuId, propertyId, valueId);
      }
    });
    for (const tag of p.tags) push(ptag, productId, taxonomy.tagIds.get(tag), p.createdAt.toISOString());
  });
  await insertColumns(db, 'product_translations', t);
  await insertColumns(db, 'product_images', img);
  await insertColumns(db, 'skus', sku);
  await insertColumns(db, 'sku_property_values', spv);
  await insertColumns(db, 'product_tags', ptag);
  await addSearchWords(db, sql`t.product_id between ${Math.min(...productIds)} and ${Math.max(...productIds)}`);
}

/** `n` ids from a table's identity sequence: no collision with rows other writers add meanwhile. */
async function reserveIds(db: Db, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await ids<'id'>(
    db,
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${n})`,
  );
  return rows.map((r) => Number(r.id));
}

/** How many products the demo features as specials (GET /api/prod/specials). */
const DEMO_SPECIALS = 8;

/**
 * The demo's specials: the first discounted product (original price above the price) of each
 * top-level category, up to DEMO_SPECIALS, so a first start shows a varied "on sale" list. The
 * operator replaces them in the console.
 */
async function insertDemoSpecials(db: Db, batch: DemoProduct[], productIds: number[]): Promise<void> {
  const seenRoots = new Set<string>();
  const chosen: number[] = [];
  batch.forEach((p, i) => {
    const root = p.subcategory.split('/')[0]!;
    if (chosen.length >= DEMO_SPECIALS || seenRoots.has(root)) return;
    if (!p.skus.some((s) => s.originalPriceMinor > s.priceMinor && s.stock > 0)) return;
    seenRoots.add(root);
    chosen.push(productIds[i]!);
  });
  if (!chosen.length) return;
  await db.insert(productSpecials).values(chosen.map((productId, position) => ({ productId, position })));
}

/** Demo product i has SKU codes DM<i+1, 7 digits>-n: the next index is one past the highest. */
async function nextDemoIndex(db: Db): Promise<number> {
  const [row] = await ids<'code'>(db, sql`select max(sku_code) as code from skus where sku_code like 'DM_______-%'`);
  const m = /^DM(\d{7})-/.exec(String(row?.code ?? ''));
  return m ? Number(m[1]) : 0;
}

export interface SeedResult {
  created: number;
  total: number;
  ms: number;
}

/**
 * Brings the catalogue up to `products` demo products: demo product i (always the same product)
 * for every i below `products` that is not there yet. Starting twice adds nothing.
 * - `firstStartOnly` (the seed at start-up): nothing once any category exists; otherwise the
 *   taxonomy and all products in one transaction, under an advisory lock so that two nodes
 *   starting together on one PostgreSQL create one catalogue.
 * - otherwise (`npm run seed -- --products N`): batches of `batchSize`, one transaction each,
 *   `parallel` of them at a time (2 on PostgreSQL; PGlite has one connection), while the next
 *   batches are generated. Ids come from the identity sequences.
 */
export async function seedDemoCatalogue(
  db: Db,
  options: {
    products: number;
    firstStartOnly?: boolean;
    batchSize?: number;
    parallel?: number;
    log?: (line: string) => void;
  },
): Promise<SeedResult> {
  const started = performance.now();
  if (options.firstStartOnly) {
    const created = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
      const [any] = await ids<'id'>(tx, sql`select id from categories limit 1`);
      if (any) return 0;
      const taxonomy = await ensureTaxonomy(tx);
      const batch = Array.from({ length: options.products }, (_, i) => generateProduct(i));
      const skuCount = batch.reduce((n, p) => n + p.skus.length, 0);
      const productIds = await reserveIds(tx, 'products', batch.length);
      await insertBatch(tx, taxonomy, batch, productIds, await reserveIds(tx, 'skus', skuCount));
      await insertDemoSpecials(tx, batch, productIds);
      return batch.length;
    });
    return { created, total: created, ms: performance.now() - started };
  }

  const { taxonomy, start } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    return { taxonomy: await ensureTaxonomy(tx), start: await nextDemoIndex(tx) };
  });
  const batchSize = options.batchSize ?? 2000;
  const running = new Set<Promise<void>>();
  let created = 0;
  for (let index = start; index < options.products; index += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, options.products - index) }, (_, i) =>
      generateProduct(index + i),
    );
    const skuCount = batch.reduce((n, p) => n + p.skus.length, 0);
    const productIds = await reserveIds(db, 'products', batch.length);
    const skuIds = await reserveIds(db, 'skus', skuCount);
    const write: Promise<void> = db
      .transaction((tx) => insertBatch(tx, taxonomy, batch, productIds, skuIds))
      .then(() => {
        created += batch.length;
        running.delete(write);
        options.log?.(`catalogue: ${start + created}/${options.products} products`);
      });
    running.add(write);
    if (running.size >= (options.parallel ?? 1)) await Promise.race(running);
  }
  await Promise.all(running);
  // Fresh planner statistics after a big load, or the first searches plan badly.
  if (created > 5000) await db.execute(sql`analyze`);
  return { created, total: start + created, ms: performance.now() - started };
}

/** The number of subcategories the generator spreads products over (for reports and tests). */
export const DEMO_SUBCATEGORY_COUNT = SUBCATEGORIES.length;
