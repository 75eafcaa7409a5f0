import {
  AdminBannerSchema,
  AdminContentPageSchema,
  AdminContentPageSummarySchema,
  AdminNoticeSchema,
  BannerIdParams,
  CreateBannerBody,
  ListAdminNoticesQuery,
  NoticeIdParams,
  PageSlugParams,
  SaveContentPageBody,
  SaveNoticeBody,
  UpdateBannerBody,
  envelopeOf,
  pageOf,
} from '@dsm/contract';
import { z } from 'zod';
import type { FileStore } from '../../platform/files';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import {
  createBanner,
  deleteBanner,
  listAdminBanners,
  storeBannerImage,
  updateBanner,
} from './content.banners.service';
import { createNotice, deleteNotice, listAdminNotices, updateNotice } from './content.notices.service';
import { getAdminPage, listAdminPages, savePage } from './content.pages.service';

/** Banner bodies may carry a base64 picture (2 MB decoded), above the default body limit. */
const BANNER_BODY_LIMIT = 4 * 1024 * 1024;

/** Operator API: /api/admin/content/… (the auth plugin lets only operators in). */
export async function contentAdminRoutes(app: App, { db, files }: { db: Db; files: FileStore }) {
  const tags = ['admin', 'content'];
  const banner = { 200: envelopeOf(AdminBannerSchema) };
  const notice = { 200: envelopeOf(AdminNoticeSchema) };
  const deleted = { 200: envelopeOf(z.null()) };

  app.get(
    '/admin/content/banners',
    { schema: { tags, response: { 200: envelopeOf(z.array(AdminBannerSchema)) } } },
    async () => ok(await listAdminBanners(db)),
  );
  app.post(
    '/admin/content/banners',
    { bodyLimit: BANNER_BODY_LIMIT, schema: { tags, body: CreateBannerBody, response: banner } },
    async (req, reply) => {
      const imgUrl = await storeBannerImage(files, req.body);
      return idempotent(db, req, reply, async (uow) => ok(await createBanner(uow, imgUrl, req.body)));
    },
  );
  app.put(
    '/admin/content/banners/:id',
    {
      bodyLimit: BANNER_BODY_LIMIT,
      schema: { tags, params: BannerIdParams, body: UpdateBannerBody, response: banner },
    },
    async (req) => ok(await updateBanner(db, files, req.params.id, req.body)),
  );
  app.delete(
    '/admin/content/banners/:id',
    { schema: { tags, params: BannerIdParams, response: deleted } },
    async (req) => {
      await deleteBanner(db, req.params.id);
      return ok(null);
    },
  );

  app.get(
    '/admin/content/notices',
    { schema: { tags, querystring: ListAdminNoticesQuery, response: { 200: envelopeOf(pageOf(AdminNoticeSchema)) } } },
    async (req) => ok(await listAdminNotices(db, req.query)),
  );
  app.post('/admin/content/notices', { schema: { tags, body: SaveNoticeBody, response: notice } }, async (req, reply) =>
    idempotent(db, req, reply, async (uow) => ok(await createNotice(uow, req.body))),
  );
  app.put(
    '/admin/content/notices/:id',
    { schema: { tags, params: NoticeIdParams, body: SaveNoticeBody, response: notice } },
    async (req) => ok(await updateNotice(db, req.params.id, req.body)),
  );
  app.delete(
    '/admin/content/notices/:id',
    { schema: { tags, params: NoticeIdParams, response: deleted } },
    async (req) => {
      await deleteNotice(db, req.params.id);
      return ok(null);
    },
  );

  app.get(
    '/admin/content/pages',
    { schema: { tags, response: { 200: envelopeOf(z.array(AdminContentPageSummarySchema)) } } },
    async () => ok(await listAdminPages(db)),
  );
  app.get(
    '/admin/content/pages/:slug',
    { schema: { tags, params: PageSlugParams, response: { 200: envelopeOf(AdminContentPageSchema) } } },
    async (req) => ok(await getAdminPage(db, req.params.slug)),
  );
  app.put(
    '/admin/content/pages/:slug',
    {
      schema: {
        tags,
        params: PageSlugParams,
        body: SaveContentPageBody,
        response: { 200: envelopeOf(AdminContentPageSchema) },
      },
    },
    async (req) => ok(await savePage(db, req.params.slug, req.body)),
  );
}
