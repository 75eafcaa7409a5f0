import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, PAGE_SLUGS } from '@dsm/contract';
import type { Db } from '../../db/client';
import { SERVER_DIR } from '../../server-dir';
import { parsePageFile } from './content.markdown';
import { BUNDLED_IMAGES_URL } from './content.images';
import { sanitizeRichText } from './content.sanitize';
import { SEED_BANNERS, SEED_NOTICES } from './content.seed-data';
import {
  bannerTranslations,
  banners,
  contentSeedRuns,
  noticeTranslations,
  notices,
  pageTranslations,
} from './content.tables';

const PAGES_DIR = path.join(SERVER_DIR, 'src/modules/content/seed/pages');

/** The seed text of one page in one language, from seed/pages/<locale>/<slug>.md. */
export function seedPage(locale: string, slug: string): { title: string; body: string } | null {
  const file = path.join(PAGES_DIR, locale, `${slug}.md`);
  if (!existsSync(file)) return null;
  const page = parsePageFile(readFileSync(file, 'utf8'));
  return { title: page.title, body: sanitizeRichText(page.body) };
}

/**
 * Static pages, demo banners and notices. Idempotent: a page language is inserted only when
 * missing (operator edits are kept), banners and notices once ever (see content_seed_runs).
 */
export async function seedContent(db: Db): Promise<void> {
  const pages = PAGE_SLUGS.flatMap((slug) =>
    LOCALES.flatMap((locale) => {
      const page = seedPage(locale, slug);
      return page ? [{ slug, locale, ...page }] : [];
    }),
  );
  await db.transaction(async (tx) => {
    await tx.insert(pageTranslations).values(pages).onConflictDoNothing();

    const firstBanners = await tx.insert(contentSeedRuns).values({ step: 'banners' }).onConflictDoNothing().returning();
    if (firstBanners.length) {
      for (const b of SEED_BANNERS) {
        const [row] = await tx
          .insert(banners)
          .values({ imgUrl: `${BUNDLED_IMAGES_URL}${b.image}`, link: b.link, position: b.seq })
          .returning({ id: banners.id });
        await tx
          .insert(bannerTranslations)
          .values(
            Object.entries(b.text).map(([locale, t]) => ({ bannerId: row!.id, locale, title: t.title, alt: t.alt })),
          );
      }
    }

    const firstNotices = await tx.insert(contentSeedRuns).values({ step: 'notices' }).onConflictDoNothing().returning();
    if (firstNotices.length) {
      const now = Date.now();
      for (const n of SEED_NOTICES) {
        const [row] = await tx
          .insert(notices)
          .values({ pinned: n.pinned, publishedAt: new Date(now - n.daysAgo * 86_400_000) })
          .returning({ id: notices.id });
        await tx.insert(noticeTranslations).values(
          Object.entries(n.text).map(([locale, t]) => ({
            noticeId: row!.id,
            locale,
            title: t.title,
            body: sanitizeRichText(t.body),
          })),
        );
      }
    }
  });
}
