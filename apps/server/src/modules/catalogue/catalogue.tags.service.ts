import type { AdminTag, CreateTagBody, Locale, LocalizedNames, Tag, UpdateTagBody } from '@dsm/contract';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { cachesFor, invalidateCatalogue } from './catalogue.cache';
import { productTags, products, tagTranslations, tags } from './catalogue.tables';
import { pickLocalized } from '../../platform/localized';
import { namesByLocale, plainText } from './catalogue.text';
import { type DbOrUow, handleOf, inTransaction } from '../../platform/unit-of-work';

interface TagRow {
  id: number;
  code: string;
  position: number;
  names: Array<{ locale: string; name: string }>;
}

async function loadTags(db: Db): Promise<TagRow[]> {
  const rows = await db
    .select({
      id: tags.id,
      code: tags.code,
      position: tags.position,
      locale: tagTranslations.locale,
      name: tagTranslations.name,
    })
    .from(tags)
    .leftJoin(tagTranslations, eq(tagTranslations.tagId, tags.id))
    .orderBy(asc(tags.position), asc(tags.id));
  const byId = new Map<number, TagRow>();
  for (const r of rows) {
    let t = byId.get(r.id);
    if (!t) {
      t = { id: r.id, code: r.code, position: r.position, names: [] };
      byId.set(r.id, t);
    }
    if (r.locale && r.name !== null) t.names.push({ locale: r.locale, name: r.name });
  }
  return [...byId.values()];
}

/** GET /api/prod/tag/prodTagList: tags with names in the caller's language. Cached per language. */
export function listTags(db: Db, locale: Locale): Promise<Tag[]> {
  return cachesFor(db).tags.get(`list:${locale}`, async () =>
    (await loadTags(db)).map((t) => ({
      tagId: t.id,
      code: t.code,
      name: pickLocalized(t.names, locale)?.name ?? t.code,
    })),
  ) as Promise<Tag[]>;
}

/** Tag id → tag, in the caller's language, for list records. */
export async function tagsById(db: Db, locale: Locale): Promise<Map<number, Tag>> {
  return new Map((await listTags(db, locale)).map((t) => [t.tagId, t]));
}

// ---------------------------------------------------------------- operator

async function toAdminList(db: Db, rows: TagRow[]): Promise<AdminTag[]> {
  const counts = await db.select({ tagId: productTags.tagId, n: count() }).from(productTags).groupBy(productTags.tagId);
  const byTag = new Map(counts.map((c) => [c.tagId, Number(c.n)]));
  return rows.map((t) => ({
    tagId: t.id,
    code: t.code,
    position: t.position,
    names: namesByLocale(t.names),
    productCount: byTag.get(t.id) ?? 0,
  }));
}

export async function listAdminTags(db: Db): Promise<AdminTag[]> {
  return toAdminList(db, await loadTags(db));
}

async function getAdminTag(db: Db, id: number): Promise<AdminTag> {
  const row = (await loadTags(db)).find((t) => t.id === id);
  if (!row) throw AppError.notFound('catalogue.tag-not-found');
  return (await toAdminList(db, [row]))[0]!;
}

async function writeNames(db: Db, tagId: number, names: LocalizedNames): Promise<void> {
  for (const [locale, name] of Object.entries(names)) {
    if (!name) continue;
    await db
      .insert(tagTranslations)
      .values({ tagId, locale, name: plainText(name) })
      .onConflictDoUpdate({ target: [tagTranslations.tagId, tagTranslations.locale], set: { name: plainText(name) } });
  }
}

export async function createTag(db: DbOrUow, body: CreateTagBody): Promise<AdminTag> {
  const id = await inTransaction(db, async ({ tx }) => {
    const [row] = await tx
      .insert(tags)
      .values({ code: body.code, position: body.position ?? 0 })
      .onConflictDoNothing()
      .returning({ id: tags.id });
    if (!row) throw AppError.conflict('tag-code-taken', 'catalogue.tag-exists');
    await writeNames(tx, row.id, body.names);
    return row.id;
  });
  invalidateCatalogue(db);
  return getAdminTag(handleOf(db), id);
}

export async function updateTag(db: DbOrUow, id: number, body: UpdateTagBody): Promise<AdminTag> {
  await inTransaction(db, async ({ tx }) => {
    const [row] = await tx
      .update(tags)
      .set(body.position !== undefined ? { position: body.position } : { position: sql`${tags.position}` })
      .where(eq(tags.id, id))
      .returning({ id: tags.id });
    if (!row) throw AppError.notFound('catalogue.tag-not-found');
    if (body.names) await writeNames(tx, id, body.names);
  });
  invalidateCatalogue(db);
  return getAdminTag(handleOf(db), id);
}

async function requireTagAndProduct(db: Db, tagId: number, prodId: number): Promise<void> {
  const [tag] = await db.select({ id: tags.id }).from(tags).where(eq(tags.id, tagId));
  if (!tag) throw AppError.notFound('catalogue.tag-not-found');
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, prodId));
  if (!product) throw AppError.notFound('catalogue.product-not-found');
}

/** Puts a tag on a product; doing it twice changes nothing. */
export async function attachTag(db: Db, tagId: number, prodId: number): Promise<AdminTag> {
  await requireTagAndProduct(db, tagId, prodId);
  await db.insert(productTags).values({ productId: prodId, tagId }).onConflictDoNothing();
  invalidateCatalogue(db);
  return getAdminTag(db, tagId);
}

export async function detachTag(db: Db, tagId: number, prodId: number): Promise<AdminTag> {
  await requireTagAndProduct(db, tagId, prodId);
  await db.delete(productTags).where(sql`${productTags.tagId} = ${tagId} and ${productTags.productId} = ${prodId}`);
  invalidateCatalogue(db);
  return getAdminTag(db, tagId);
}
