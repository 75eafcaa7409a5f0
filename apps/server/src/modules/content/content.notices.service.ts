import {
  type AdminNotice,
  LOCALES,
  type Locale,
  type Notice,
  type Page,
  type PageQuery,
  type SaveNoticeBody,
  toPage,
} from '@dsm/contract';
import { and, count, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { groupBy, pickLocalized } from '../../platform/localized';
import { sanitizeRichText } from './content.sanitize';
import { noticeTranslations, notices } from './content.tables';
import { type DbOrUow, handleOf, inTransaction } from '../../platform/unit-of-work';

type NoticeRow = typeof notices.$inferSelect;
type TextRow = typeof noticeTranslations.$inferSelect;

/** Pinned first, then the newest publication. */
const ORDER = [desc(notices.pinned), desc(notices.publishedAt), desc(notices.id)];

async function textsOf(db: Db, ids: number[]): Promise<Map<number, TextRow[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(noticeTranslations).where(inArray(noticeTranslations.noticeId, ids));
  return groupBy(rows, (r) => r.noticeId);
}

function publicDto(n: NoticeRow, texts: TextRow[], locale: Locale): Notice {
  const text = pickLocalized(texts, locale);
  return {
    id: n.id,
    title: text?.title ?? '',
    body: text?.body ?? '',
    pinned: n.pinned,
    publishedAt: n.publishedAt.toISOString(),
  };
}

/** GET /api/shop/notice/topNoticeList: published notices, pinned first, then newest. */
export async function topNotices(db: Db, locale: Locale, limit: number, now = new Date()): Promise<Notice[]> {
  const rows = await db
    .select()
    .from(notices)
    .where(lte(notices.publishedAt, now))
    .orderBy(...ORDER)
    .limit(limit);
  const texts = await textsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((n) => publicDto(n, texts.get(n.id) ?? [], locale));
}

/** GET /api/shop/notice/info/{id}: one published notice. */
export async function getNotice(db: Db, id: number, locale: Locale, now = new Date()): Promise<Notice> {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), lte(notices.publishedAt, now)));
  if (!row) throw AppError.notFound('content.notice-not-found');
  return publicDto(row, (await textsOf(db, [id])).get(id) ?? [], locale);
}

function adminDto(n: NoticeRow, texts: TextRow[]): AdminNotice {
  return {
    id: n.id,
    text: Object.fromEntries(texts.map((t) => [t.locale, { title: t.title, body: t.body }])),
    pinned: n.pinned,
    publishedAt: n.publishedAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
  };
}

/** Every notice, scheduled ones included, in the storefront's order. */
export async function listAdminNotices(db: Db, q: PageQuery): Promise<Page<AdminNotice>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notices)
      .orderBy(...ORDER)
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(notices),
  ]);
  const texts = await textsOf(
    db,
    rows.map((r) => r.id),
  );
  return toPage(
    rows.map((n) => adminDto(n, texts.get(n.id) ?? [])),
    total?.n ?? 0,
    q,
  );
}

async function adminNotice(db: Db, id: number): Promise<AdminNotice> {
  const [row] = await db.select().from(notices).where(eq(notices.id, id));
  if (!row) throw AppError.notFound('content.notice-not-found');
  return adminDto(row, (await textsOf(db, [id])).get(id) ?? []);
}

function textRows(id: number, text: SaveNoticeBody['text']) {
  return LOCALES.flatMap((locale) => {
    const t = text[locale];
    return t ? [{ noticeId: id, locale, title: t.title, body: sanitizeRichText(t.body) }] : [];
  });
}

export async function createNotice(db: DbOrUow, body: SaveNoticeBody): Promise<AdminNotice> {
  const id = await inTransaction(db, async ({ tx }) => {
    const [row] = await tx
      .insert(notices)
      .values({ pinned: body.pinned, ...(body.publishedAt ? { publishedAt: new Date(body.publishedAt) } : {}) })
      .returning({ id: notices.id });
    await tx.insert(noticeTranslations).values(textRows(row!.id, body.text));
    return row!.id;
  });
  return adminNotice(handleOf(db), id);
}

export async function updateNotice(db: DbOrUow, id: number, body: SaveNoticeBody): Promise<AdminNotice> {
  await inTransaction(db, async ({ tx }) => {
    const [row] = await tx
      .update(notices)
      .set({
        pinned: body.pinned,
        ...(body.publishedAt ? { publishedAt: new Date(body.publishedAt) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(notices.id, id))
      .returning({ id: notices.id });
    if (!row) throw AppError.notFound('content.notice-not-found');
    await tx.delete(noticeTranslations).where(eq(noticeTranslations.noticeId, id));
    await tx.insert(noticeTranslations).values(textRows(id, body.text));
  });
  return adminNotice(handleOf(db), id);
}

export async function deleteNotice(db: Db, id: number): Promise<void> {
  const [row] = await db.delete(notices).where(eq(notices.id, id)).returning({ id: notices.id });
  if (!row) throw AppError.notFound('content.notice-not-found');
}
