import {
  type AdminProduct,
  type AdminProductListItem,
  type ListAdminProductsQuery,
  type Locale,
  type Page,
  type ProductStatus,
  type SaveProductBody,
  toMinor,
  toPage,
} from '@dsm/contract';
import { type SQL, and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { type FileStore, missingFiles } from '../../platform/files';
import { type DbOrUow, handleOf, inTransaction } from '../../platform/unit-of-work';
import { warehouseExists } from '../logistics/logistics.service';
import { invalidateCatalogue } from './catalogue.cache';
import { sameSpecs, skuSpecCodes } from './catalogue.connectable';
import { runCataloguePriceChange, runCatalogueSkuChange } from './catalogue.hooks';
import { categorySubtreeIds } from './catalogue.categories.service';
import { type ListRow, listColumns } from './catalogue.products.service';
import { loadSpecDictionary } from './catalogue.specs.service';
import { keywordQuery, refreshSearchDocuments } from './catalogue.search-document';
import {
  categories,
  productImages,
  productTags,
  productTranslations,
  products,
  skuPropertyValues,
  skus,
  tags,
} from './catalogue.tables';
import { plainText, sanitizeDescription, toWireAmount } from './catalogue.text';

type FieldIssue = { field: string; messageKey: string; params?: Record<string, unknown> };

/** Our own uploads or any http(s) address. */
const IMAGE_URL = /^(\/api\/files\/[A-Za-z0-9._/-]+|https?:\/\/[^\s"'<>]+)$/;

/** Checks everything that needs the database before anything is written. */
async function validate(db: Db, body: SaveProductBody, prodId: number | null) {
  const issues: FieldIssue[] = [];
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, body.categoryId));
  if (!category) issues.push({ field: 'categoryId', messageKey: 'catalogue.category-not-found' });
  // Any warehouse the operator has (logistics owns the list), not a fixed set.
  if (!(await warehouseExists(db, body.warehouse)))
    issues.push({ field: 'warehouse', messageKey: 'catalogue.warehouse-unknown' });
  for (const [i, s] of body.skus.entries()) {
    if (s.warehouse && !(await warehouseExists(db, s.warehouse)))
      issues.push({ field: `skus.${i}.warehouse`, messageKey: 'catalogue.warehouse-unknown' });
  }

  if (body.tagIds.length) {
    const found = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, body.tagIds));
    if (found.length !== new Set(body.tagIds).size)
      issues.push({ field: 'tagIds', messageKey: 'catalogue.tag-not-found' });
  }
  body.imgs.forEach((url, i) => {
    if (!IMAGE_URL.test(url)) issues.push({ field: `imgs.${i}`, messageKey: 'catalogue.image-url' });
  });

  const dict = await loadSpecDictionary(db);
  const codes = new Map<string, number>();
  const combos = new Set<string>();
  const resolved: Array<Array<{ propertyId: number; valueId: number }>> = [];
  body.skus.forEach((s, i) => {
    const code = s.skuCode.toUpperCase();
    if (codes.has(code)) issues.push({ field: `skus.${i}.skuCode`, messageKey: 'catalogue.sku-code-taken' });
    codes.set(code, i);
    if (s.pic && !IMAGE_URL.test(s.pic)) issues.push({ field: `skus.${i}.pic`, messageKey: 'catalogue.image-url' });
    const pairs: Array<{ propertyId: number; valueId: number }> = [];
    let specsValid = true;
    for (const spec of s.specs) {
      const propertyId = dict.propertyByCode.get(spec.property);
      const valueId = dict.valueByCode.get(`${spec.property}/${spec.value}`);
      if (!propertyId || !valueId || pairs.some((p) => p.propertyId === propertyId)) {
        issues.push({
          field: `skus.${i}.specs`,
          messageKey: 'catalogue.spec-unknown',
          params: { spec: `${spec.property}=${spec.value}` },
        });
        specsValid = false;
        continue;
      }
      pairs.push({ propertyId, valueId });
    }
    const combo = pairs
      .map((p) => p.valueId)
      .sort((a, b) => a - b)
      .join(',');
    // Two variants with the same spec values could not be told apart in the picker.
    if (specsValid && body.skus.length > 1 && combos.has(combo))
      issues.push({ field: `skus.${i}.specs`, messageKey: 'catalogue.spec-duplicate' });
    combos.add(combo);
    resolved.push(pairs);
  });

  const taken = await db
    .select({ code: skus.skuCode })
    .from(skus)
    .where(
      and(
        inArray(sql`upper(${skus.skuCode})`, [...codes.keys()]),
        prodId === null ? sql`true` : ne(skus.productId, prodId),
      ),
    );
  for (const t of taken)
    issues.push({ field: `skus.${codes.get(t.code.toUpperCase())}.skuCode`, messageKey: 'catalogue.sku-code-taken' });

  if (prodId !== null) {
    const own = new Set(
      (await db.select({ id: skus.id }).from(skus).where(eq(skus.productId, prodId))).map((r) => r.id),
    );
    body.skus.forEach((s, i) => {
      if (s.skuId !== undefined && !own.has(s.skuId))
        issues.push({ field: `skus.${i}.skuId`, messageKey: 'catalogue.sku-not-found' });
    });
  }
  if (issues.length) throw AppError.invalid(issues);
  return resolved;
}

function skuValues(body: SaveProductBody, s: SaveProductBody['skus'][number], position: number) {
  const price = toMinor(s.price);
  const ori = toMinor(s.oriPrice);
  return {
    skuCode: s.skuCode,
    priceMinor: price,
    // No original price (or one below the price) means "not discounted".
    originalPriceMinor: Math.max(ori, price),
    weightGrams: Math.round(s.weight * 1000),
    lengthMm: Math.round(s.length * 10),
    widthMm: Math.round(s.width * 10),
    heightMm: Math.round(s.height * 10),
    stock: s.stocks,
    // The product's own warehouse is stored as null, so moving the product moves such SKUs too.
    warehouse: s.warehouse && s.warehouse !== body.warehouse ? s.warehouse : null,
    image: s.pic,
    position,
  };
}

/** The list summary of a product: its cheapest SKU's prices, total stock and main picture. */
function summary(body: SaveProductBody) {
  const rows = body.skus.map((s, i) => skuValues(body, s, i));
  const cheapest = rows.reduce((a, b) => (b.priceMinor < a.priceMinor ? b : a));
  return {
    priceMinor: cheapest.priceMinor,
    originalPriceMinor: cheapest.originalPriceMinor,
    totalStock: rows.reduce((n, r) => n + r.stock, 0),
    pic: body.imgs[0] ?? rows.find((r) => r.image)?.image ?? '',
  };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Creates (prodId null) or replaces a product with its texts, images, SKUs and tags: one transaction. */
async function saveProduct(db: DbOrUow, prodId: number | null, body: SaveProductBody): Promise<number> {
  try {
    const id = await inTransaction(db, async (uow) => {
      const { tx } = uow;
      if (prodId !== null) {
        const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, prodId)).for('update');
        if (!row) throw AppError.notFound('catalogue.product-not-found');
      }
      const specs = await validate(tx, body, prodId);
      const values = {
        categoryId: body.categoryId,
        attribute: body.attribute,
        warehouse: body.warehouse,
        // Absent on a save that does not mention it: the note stays as it was.
        ...(body.sourceNote === undefined ? {} : { sourceNote: body.sourceNote }),
        ...summary(body),
        updatedAt: new Date(),
      };
      let id = prodId;
      if (id === null) {
        const [row] = await tx.insert(products).values(values).returning({ id: products.id });
        id = row!.id;
      } else {
        await tx.update(products).set(values).where(eq(products.id, id));
      }
      const productId = id;

      // Texts: exactly the languages given.
      await tx.delete(productTranslations).where(eq(productTranslations.productId, productId));
      await tx.insert(productTranslations).values(
        Object.entries(body.translations).map(([locale, t]) => ({
          productId,
          locale,
          title: plainText(t!.title),
          brief: plainText(t!.brief),
          description: sanitizeDescription(t!.description),
        })),
      );

      await tx.delete(productImages).where(eq(productImages.productId, productId));
      if (body.imgs.length) {
        await tx.insert(productImages).values(body.imgs.map((url, position) => ({ productId, url, position })));
      }

      // SKUs: edit those named by skuId, add the rest, delete the ones no longer listed.
      const kept = body.skus.map((s) => s.skuId).filter((v): v is number => v !== undefined);
      // What sellers connected to (decision 0100): SKUs about to go and the spec values before
      // the edit, so the connections module can mark its connections for review.
      const specsBefore = await skuSpecCodes(tx, kept);
      const existing = (await tx.select({ id: skus.id }).from(skus).where(eq(skus.productId, productId))).map(
        (r) => r.id,
      );
      await runCatalogueSkuChange(uow, { kind: 'removed', skuIds: existing.filter((sid) => !kept.includes(sid)) });
      await tx.delete(skus).where(
        and(
          eq(skus.productId, productId),
          kept.length
            ? sql`${skus.id} not in (${sql.join(
                kept.map((k) => sql`${k}`),
                sql`, `,
              )})`
            : sql`true`,
        ),
      );
      const skuIds: number[] = [];
      for (const [i, s] of body.skus.entries()) {
        const v = skuValues(body, s, i);
        if (s.skuId !== undefined) {
          await tx.update(skus).set(v).where(eq(skus.id, s.skuId));
          skuIds.push(s.skuId);
        } else {
          const [row] = await tx
            .insert(skus)
            .values({ ...v, productId })
            .returning({ id: skus.id });
          skuIds.push(row!.id);
        }
      }
      await tx.delete(skuPropertyValues).where(inArray(skuPropertyValues.skuId, skuIds));
      const pairs = skuIds.flatMap((skuId, i) => specs[i]!.map((p) => ({ skuId, ...p })));
      if (pairs.length) await tx.insert(skuPropertyValues).values(pairs);
      const specsAfter = await skuSpecCodes(tx, kept);
      const changed = kept.filter((sid) => !sameSpecs(specsBefore.get(sid), specsAfter.get(sid)));
      await runCatalogueSkuChange(uow, { kind: 'options-changed', skuIds: changed, specsBySku: specsAfter });
      // Prices, weights, sizes and the warehouse all feed what an order of the kept SKUs costs.
      await runCataloguePriceChange(uow, { kind: 'product-edited', prodId: productId, skuIds: kept });

      // Tags: keep the date a tag was first put on (the tag list orders by it).
      const tagIds = [...new Set(body.tagIds)];
      await tx.delete(productTags).where(
        and(
          eq(productTags.productId, productId),
          tagIds.length
            ? sql`${productTags.tagId} not in (${sql.join(
                tagIds.map((t) => sql`${t}`),
                sql`, `,
              )})`
            : sql`true`,
        ),
      );
      if (tagIds.length) {
        await tx
          .insert(productTags)
          .values(tagIds.map((tagId) => ({ productId, tagId })))
          .onConflictDoNothing();
      }

      await refreshSearchDocuments(tx, [productId]);
      return productId;
    });
    invalidateCatalogue(db);
    return id;
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict('sku-code-taken', 'catalogue.sku-code-taken');
    throw err;
  }
}

/**
 * A product may refer only to uploads that the file store holds (a made-up or never-uploaded
 * /api/files/… address would be a broken picture). Checked before the transaction: files are
 * written before, and apart from, the rows that refer to them (on PGlite a store read inside an
 * open transaction would wait for it).
 */
export async function requireStoredImages(files: FileStore | undefined, body: SaveProductBody) {
  if (!files) return;
  const missing = await missingFiles(files, [...body.imgs, ...body.skus.map((s) => s.pic)]);
  if (missing.size === 0) return;
  const issues: FieldIssue[] = [];
  body.imgs.forEach((url, i) => missing.has(url) && issues.push({ field: `imgs.${i}`, messageKey: 'files.missing' }));
  body.skus.forEach(
    (s, i) => missing.has(s.pic) && issues.push({ field: `skus.${i}.pic`, messageKey: 'files.missing' }),
  );
  throw AppError.invalid(issues);
}

/** Call requireStoredImages first, outside the unit of work. */
export async function createProduct(db: DbOrUow, body: SaveProductBody): Promise<AdminProduct> {
  return getAdminProduct(handleOf(db), await saveProduct(db, null, body));
}

export async function updateProduct(
  db: DbOrUow,
  prodId: number,
  body: SaveProductBody,
  files?: FileStore,
): Promise<AdminProduct> {
  await requireStoredImages(files, body);
  return getAdminProduct(handleOf(db), await saveProduct(db, prodId, body));
}

/** Takes a product down ('off': hidden from lists, detail NOT_FOUND) or puts it back ('on'). */
export async function setProductStatus(db: DbOrUow, prodId: number, status: ProductStatus): Promise<AdminProduct> {
  await inTransaction(db, async (uow) => {
    const [before] = await uow.tx
      .select({ status: products.status })
      .from(products)
      .where(eq(products.id, prodId))
      .for('update');
    if (!before) throw AppError.notFound('catalogue.product-not-found');
    await uow.tx.update(products).set({ status, updatedAt: new Date() }).where(eq(products.id, prodId));
    // Taking a product down: store variants connected to its SKUs need the seller's review.
    if (before.status === 'on' && status === 'off') {
      const ids = (await uow.tx.select({ id: skus.id }).from(skus).where(eq(skus.productId, prodId))).map((r) => r.id);
      await runCatalogueSkuChange(uow, { kind: 'taken-down', skuIds: ids });
    }
    // Putting it back: what was judged on its being down (store orders' abnormal reason) is judged again.
    if (before.status === 'off' && status === 'on') {
      const ids = (await uow.tx.select({ id: skus.id }).from(skus).where(eq(skus.productId, prodId))).map((r) => r.id);
      await runCatalogueSkuChange(uow, { kind: 'back-on-sale', skuIds: ids });
    }
  });
  invalidateCatalogue(db);
  return getAdminProduct(handleOf(db), prodId);
}

/** Everything the operator's edit form needs, in every language. */
export async function getAdminProduct(db: Db, prodId: number): Promise<AdminProduct> {
  const [product] = await db.select().from(products).where(eq(products.id, prodId));
  if (!product) throw AppError.notFound('catalogue.product-not-found');
  const [texts, images, skuRows, specRows, tagRows, dict] = await Promise.all([
    db.select().from(productTranslations).where(eq(productTranslations.productId, prodId)),
    db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, prodId))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    db.select().from(skus).where(eq(skus.productId, prodId)).orderBy(asc(skus.position), asc(skus.id)),
    db
      .select({
        skuId: skuPropertyValues.skuId,
        propertyId: skuPropertyValues.propertyId,
        valueId: skuPropertyValues.valueId,
      })
      .from(skuPropertyValues)
      .innerJoin(skus, eq(skus.id, skuPropertyValues.skuId))
      .where(eq(skus.productId, prodId)),
    db
      .select({ tagId: productTags.tagId })
      .from(productTags)
      .where(eq(productTags.productId, prodId))
      .orderBy(asc(productTags.tagId)),
    loadSpecDictionary(db),
  ]);
  return {
    prodId: product.id,
    categoryId: product.categoryId,
    status: product.status,
    attribute: product.attribute,
    warehouse: product.warehouse,
    sales: product.salesCount,
    sourceNote: product.sourceNote,
    translations: Object.fromEntries(
      texts.map((t) => [t.locale, { title: t.title, brief: t.brief, description: t.description }]),
    ),
    imgs: images.map((i) => i.url),
    skus: skuRows.map((s) => ({
      skuId: s.id,
      skuCode: s.skuCode,
      price: toWireAmount(s.priceMinor),
      oriPrice: toWireAmount(s.originalPriceMinor),
      stocks: s.stock,
      weight: s.weightGrams / 1000,
      length: s.lengthMm / 10,
      width: s.widthMm / 10,
      height: s.heightMm / 10,
      pic: s.image,
      warehouse: s.warehouse,
      specs: specRows
        .filter((r) => r.skuId === s.id)
        .map((r) => ({
          property: dict.properties.get(r.propertyId)?.code ?? '',
          value: dict.values.get(r.valueId)?.code ?? '',
        })),
    })),
    tagIds: tagRows.map((t) => t.tagId),
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

type AdminRow = ListRow & { status: ProductStatus; total_stock: number; created_at: string | Date };

/**
 * Products as the operator's lists show them (every status). `orderBy` orders by columns of
 * `products p` (applied inside, where an index can serve it with the limit, and again outside).
 */
export async function adminListItems(
  db: Db,
  locale: Locale,
  where: SQL,
  orderBy: SQL,
  page?: { limit: number; offset: number },
): Promise<AdminProductListItem[]> {
  const rows = await db.execute(sql`
    select ${listColumns(locale)}, p.status, p.total_stock, p.created_at
    from (select p.id, p.category_id, p.price_minor, p.original_price_minor, p.sales_count, p.pic, p.warehouse, p.status,
            p.total_stock, p.created_at
          from products p where ${where} order by ${orderBy}${page ? sql` limit ${page.limit} offset ${page.offset}` : sql``}) p
    order by ${orderBy}`);
  return rawRows<AdminRow>(rows).map((r) => ({
    prodId: Number(r.id),
    prodName: r.title ?? '',
    pic: r.pic,
    price: toWireAmount(Number(r.price_minor)),
    categoryId: Number(r.category_id),
    status: r.status,
    totalStocks: Number(r.total_stock),
    sales: Number(r.sales_count),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** The operator's product list: every status, optional keyword and category subtree, newest first. */
export async function listAdminProducts(
  db: Db,
  q: ListAdminProductsQuery,
  locale: Locale,
): Promise<Page<AdminProductListItem>> {
  const parts = [sql`true`];
  if (q.status) parts.push(sql`p.status = ${q.status}`);
  if (q.categoryId !== undefined) {
    const ids = await categorySubtreeIds(db, q.categoryId);
    if (ids.length === 0) return toPage([], 0, q);
    parts.push(
      sql`p.category_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (q.keyword) {
    const { tsquery } = await keywordQuery(db, q.keyword);
    if (tsquery) parts.push(sql`p.search_document @@ ${tsquery}::tsquery`);
  }
  const where = sql.join(parts, sql` and `);
  const [countRows, records] = await Promise.all([
    db.execute(sql`select count(*)::int as n from products p where ${where}`),
    adminListItems(db, locale, where, sql`p.id desc`, { limit: q.size, offset: (q.current - 1) * q.size }),
  ]);
  return toPage(records, Number(rawRows<{ n: number }>(countRows)[0]?.n ?? 0), q);
}
