import {
  type AdminContentPage,
  type Locale,
  PAGE_SLUGS,
  type ContentPage,
  type PageSlug,
  type SaveContentPageBody,
} from '@dsm/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { pickLocalized } from '../../platform/localized';
import { getPublicConfig } from '../config-info/config-info.service';
import { sanitizeRichText } from './content.sanitize';
import { pageTranslations } from './content.tables';

function knownSlug(slug: string): PageSlug {
  if (!(PAGE_SLUGS as readonly string[]).includes(slug)) throw AppError.notFound('content.page-not-found');
  return slug as PageSlug;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Pages may name configuration values as placeholders, e.g. {{support-email}} on the contact page;
 * they are filled on every read, so changing the value in the configuration updates the pages.
 */
const PLACEHOLDERS = ['support-email', 'chat-link'] as const;

async function fillPlaceholders(db: Db, html: string): Promise<string> {
  let out = html;
  for (const code of PLACEHOLDERS) {
    const token = `{{${code}}}`;
    if (!out.includes(token)) continue;
    const value = await getPublicConfig(db, code).then(
      (c) => c.value,
      () => '',
    );
    out = out.split(token).join(escapeHtml(value));
  }
  return out;
}

/** GET /api/content/pages/{slug}: the caller's language, else en-US, else any. */
export async function getPage(db: Db, slug: string, locale: Locale): Promise<ContentPage> {
  const known = knownSlug(slug);
  const rows = await db.select().from(pageTranslations).where(eq(pageTranslations.slug, known));
  const row = pickLocalized(rows, locale);
  if (!row) throw AppError.notFound('content.page-not-found');
  return {
    slug: known,
    locale: row.locale as Locale,
    title: row.title,
    body: await fillPlaceholders(db, row.body),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listAdminPages(db: Db) {
  const rows = await db
    .select({
      slug: pageTranslations.slug,
      locale: pageTranslations.locale,
      title: pageTranslations.title,
      updatedAt: pageTranslations.updatedAt,
    })
    .from(pageTranslations)
    .orderBy(asc(pageTranslations.slug), asc(pageTranslations.locale));
  return PAGE_SLUGS.map((slug) => ({
    slug,
    translations: rows
      .filter((r) => r.slug === slug)
      .map((r) => ({ locale: r.locale, title: r.title, updatedAt: r.updatedAt.toISOString() })),
  }));
}

/** Every stored language of a page, as stored (placeholders unfilled, so an edit keeps them). */
export async function getAdminPage(db: Db, slug: string): Promise<AdminContentPage> {
  const known = knownSlug(slug);
  const rows = await db
    .select()
    .from(pageTranslations)
    .where(eq(pageTranslations.slug, known))
    .orderBy(asc(pageTranslations.locale));
  return {
    slug: known,
    translations: rows.map((r) => ({
      locale: r.locale,
      title: r.title,
      body: r.body,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

/** PUT /api/admin/content/pages/{slug}: one language's title and body, the body sanitized. */
export async function savePage(db: Db, slug: string, body: SaveContentPageBody): Promise<AdminContentPage> {
  const known = knownSlug(slug);
  const html = sanitizeRichText(body.body);
  if (!html) throw AppError.invalid([{ field: 'body', messageKey: 'content.body-empty' }]);
  await db
    .insert(pageTranslations)
    .values({ slug: known, locale: body.locale, title: body.title, body: html })
    .onConflictDoUpdate({
      target: [pageTranslations.slug, pageTranslations.locale],
      set: { title: body.title, body: html, updatedAt: sql`now()` },
    });
  return getAdminPage(db, known);
}
