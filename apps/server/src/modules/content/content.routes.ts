import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BannerSchema,
  ContentPageSchema,
  NoticeIdParams,
  NoticeSchema,
  PageSlugParams,
  TopNoticesQuery,
  envelopeOf,
} from '@dsm/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { ok } from '../../platform/envelope';
import { type FileStore, UPLOAD_HEADERS } from '../../platform/files';
import type { App } from '../../platform/types';
import { contentAdminRoutes } from './content.admin.routes';
import { listActiveBanners } from './content.banners.service';
import { BUNDLED_IMAGES_DIR } from './content.images';
import { getNotice, topNotices } from './content.notices.service';
import { getPage } from './content.pages.service';

export async function contentRoutes(app: App, deps: { db: Db; files: FileStore }) {
  const { db } = deps;
  const tags = ['content'];

  app.get('/indexImgs', { schema: { tags, response: { 200: envelopeOf(z.array(BannerSchema)) } } }, async (req) =>
    ok(await listActiveBanners(db, req.locale)),
  );

  app.get(
    '/shop/notice/topNoticeList',
    { schema: { tags, querystring: TopNoticesQuery, response: { 200: envelopeOf(z.array(NoticeSchema)) } } },
    async (req) => ok(await topNotices(db, req.locale, req.query.limit)),
  );

  app.get(
    '/shop/notice/info/:id',
    { schema: { tags, params: NoticeIdParams, response: { 200: envelopeOf(NoticeSchema) } } },
    async (req) => ok(await getNotice(db, req.params.id, req.locale)),
  );

  app.get(
    '/content/pages/:slug',
    { schema: { tags, params: PageSlugParams, response: { 200: envelopeOf(ContentPageSchema) } } },
    async (req) => ok(await getPage(db, req.params.slug, req.locale)),
  );

  app.get(
    '/content/images/:file',
    { schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (req, reply) => {
      const { file } = req.params;
      if (!/^[a-z0-9-]{1,60}\.svg$/.test(file)) throw AppError.notFound();
      const bytes = await readFile(path.join(BUNDLED_IMAGES_DIR, file)).catch(() => null);
      if (!bytes) throw AppError.notFound();
      return reply
        .type('image/svg+xml')
        .headers({ ...UPLOAD_HEADERS, 'cache-control': 'public, max-age=86400' })
        .send(bytes);
    },
  );

  await contentAdminRoutes(app, deps);
}
