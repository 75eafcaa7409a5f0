import {
  type AdminBanner,
  type Banner,
  type CreateBannerBody,
  LOCALES,
  type Locale,
  MAX_IMAGE_BYTES,
  type UpdateBannerBody,
} from '@dsm/contract';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { decodeImageData, saveUpload } from '../../platform/files';
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

/** Operator uploads are raster only: an SVG could carry script (our own demo SVGs ship with the code). */
const BANNER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const UPLOAD_AREA = 'content';

/**
 * The banner picture: a URL as given, or uploaded bytes written to the file store first (never
 * inside the transaction). The bytes must really be the declared image type.
 */
async function resolveImage(dataDir: string, body: Pick<CreateBannerBody, 'imgUrl' | 'image'>): Promise<string | undefined> {
  if (body.imgUrl) return body.imgUrl;
  if (!body.image) return undefined;
  const decoded = decodeImageData(body.image.data, MAX_IMAGE_BYTES, BANNER_IMAGE_TYPES);
  if (!decoded || decoded.contentType !== body.image.contentType) {
    throw AppError.invalid([{ field: 'image', messageKey: 'content.image-invalid' }]);
  }
  return saveUpload(dataDir, decoded.bytes, decoded.contentType, UPLOAD_AREA);
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

export async function createBanner(db: DbOrUow, dataDir: string, body: CreateBannerBody): Promise<AdminBanner> {
  const imgUrl = (await resolveImage(dataDir, body))!;
  const id = await inTransaction(db, async ({ tx }) => {
    const [row] = await tx.insert(banners).values({ imgUrl, ...columns(body) }).returning({ id: banners.id });
    await tx.insert(bannerTranslations).values(textRows(row!.id, body.text));
    return row!.id;
  });
  return adminBanner(handleOf(db), id);
}

export async function updateBanner(db: DbOrUow, dataDir: string, id: number, body: UpdateBannerBody): Promise<AdminBanner> {
  await adminBanner(handleOf(db), id); // not found before writing any file
  const imgUrl = await resolveImage(dataDir, body);
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
