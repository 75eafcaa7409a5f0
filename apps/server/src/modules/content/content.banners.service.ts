import {
  type AdminBanner,
  type Banner,
  type CreateBannerBody,
  LOCALES,
  type Locale,
  type UpdateBannerBody,
} from '@dsm/contract';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type FileStore, decodeBase64, missingFiles, saveFile } from '../../platform/files';
import { groupBy, pickLocalized } from '../../platform/localized';
import { bannerTranslations, banners } from './content.tables';
import { type DbOrUow, handleOf, inTransaction } from '../../platform/unit-of-work';

type BannerRow = typeof banners.$inferSelect;
type TextRow = typeof bannerTranslations.$inferSelect;

/** GET /api/indexImgs: active banners inside their period, in `seq` order, text localized. */
export async function listActiveBanners(db: Db, locale: Locale, now = new Date()): Promise<Banner[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.active, true),
        or(isNull(banners.startsAt), lte(banners.startsAt, now)),
        or(isNull(banners.endsAt), gt(banners.endsAt, now)),
      ),
    )
    .orderBy(asc(banners.position), asc(banners.id));
  const texts = await textsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((b) => {
    const text = pickLocalized(texts.get(b.id) ?? [], locale);
    const title = text?.title ?? '';
    return { imgId: b.id, imgUrl: b.imgUrl, link: b.link, title, alt: text?.alt || title, seq: b.position };
  });
}

async function textsOf(db: Db, ids: number[]): Promise<Map<number, TextRow[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(bannerTranslations).where(inArray(bannerTranslations.bannerId, ids));
  return groupBy(rows, (r) => r.bannerId);
}

function adminDto(b: BannerRow, texts: TextRow[]): AdminBanner {
  return {
    imgId: b.id,
    imgUrl: b.imgUrl,
    link: b.link,
    text: Object.fromEntries(texts.map((t) => [t.locale, { title: t.title, alt: t.alt }])),
    seq: b.position,
    active: b.active,
    startsAt: b.startsAt?.toISOString() ?? null,
    endsAt: b.endsAt?.toISOString() ?? null,
    updatedAt: b.updatedAt.toISOString(),
  };
}

export async function listAdminBanners(db: Db): Promise<AdminBanner[]> {
  const rows = await db.select().from(banners).orderBy(asc(banners.position), desc(banners.id));
  const texts = await textsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((b) => adminDto(b, texts.get(b.id) ?? []));
}

async function adminBanner(db: Db, id: number): Promise<AdminBanner> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  if (!row) throw AppError.notFound('content.banner-not-found');
  return adminDto(row, (await textsOf(db, [id])).get(id) ?? []);
}

/**
 * The banner picture: a URL as given, or uploaded bytes written to the file store's `content`
 * area first (never inside the transaction; raster only, see platform/files.ts FILE_AREAS).
 * A given /api/files/… address must name a stored file.
 */
async function resolveImage(
  files: FileStore,
  body: Pick<CreateBannerBody, 'imgUrl' | 'image'>,
): Promise<string | undefined> {
  if (body.imgUrl) {
    if ((await missingFiles(files, [body.imgUrl])).size)
      throw AppError.invalid([{ field: 'imgUrl', messageKey: 'files.missing' }]);
    return body.imgUrl;
  }
  if (!body.image) return undefined;
  const bytes = decodeBase64(body.image.data, 'image');
  return (await saveFile(files, 'content', bytes, { field: 'image', declaredType: body.image.contentType })).url;
}

function textRows(id: number, text: CreateBannerBody['text']) {
  return LOCALES.flatMap((locale) => {
    const t = text[locale];
    return t ? [{ bannerId: id, locale, title: t.title, alt: t.alt }] : [];
  });
}

function columns(body: CreateBannerBody | UpdateBannerBody) {
  return {
    link: body.link,
    position: body.seq,
    active: body.active,
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
  };
}

/**
 * The picture is stored first (or a sent address checked against the store), before and apart
 * from the transaction that writes the banner (decision 0064): on PGlite a store call inside an
 * open transaction would wait for it. Storing the same bytes again on a replay changes nothing.
 */
export async function storeBannerImage(files: FileStore, body: CreateBannerBody): Promise<string> {
  return (await resolveImage(files, body))!;
}

export async function createBanner(db: DbOrUow, imgUrl: string, body: CreateBannerBody): Promise<AdminBanner> {
  const id = await inTransaction(db, async ({ tx }) => {
    const [row] = await tx
      .insert(banners)
      .values({ imgUrl, ...columns(body) })
      .returning({ id: banners.id });
    await tx.insert(bannerTranslations).values(textRows(row!.id, body.text));
    return row!.id;
  });
  return adminBanner(handleOf(db), id);
}

export async function updateBanner(
  db: DbOrUow,
  files: FileStore,
  id: number,
  body: UpdateBannerBody,
): Promise<AdminBanner> {
  await adminBanner(handleOf(db), id); // not found before writing any file
  const imgUrl = await resolveImage(files, body);
  await inTransaction(db, async ({ tx }) => {
    const [row] = await tx
      .update(banners)
      .set({ ...columns(body), ...(imgUrl ? { imgUrl } : {}), updatedAt: new Date() })
      .where(eq(banners.id, id))
      .returning({ id: banners.id });
    if (!row) throw AppError.notFound('content.banner-not-found');
    await tx.delete(bannerTranslations).where(eq(bannerTranslations.bannerId, id));
    await tx.insert(bannerTranslations).values(textRows(id, body.text));
  });
  return adminBanner(handleOf(db), id);
}

export async function deleteBanner(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
  if (!row) throw AppError.notFound('content.banner-not-found');
}
