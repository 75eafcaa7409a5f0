import {
  AFTER_SALES_IMAGE_MAX_BYTES,
  AdminAfterSalesListQuery,
  AdminAfterSalesSchema,
  AfterSalesEligibleOrderSchema,
  AfterSalesIdParams,
  AfterSalesImageParams,
  AfterSalesImageSchema,
  AfterSalesListQuery,
  AfterSalesSchema,
  CreateAfterSalesBody,
  type Locale,
  RejectAfterSalesBody,
  ReshippedAfterSalesBody,
  envelopeOf,
  pageOf,
} from '@dsm/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { ok } from '../../platform/envelope';
import type { FileStore } from '../../platform/files';
import { idempotent } from '../../platform/idempotency/idempotency';
import { type MultipartBody, acceptMultipart, isUploadedFile } from '../../platform/multipart';
import type { App } from '../../platform/types';
import { userEmails } from '../accounts/accounts.service';
import { eligibleOrders, getRequest, listAdmin, listOwn } from './after-sales.read';
import {
  IMAGE_AREA,
  approveRequest,
  assertImagesStored,
  cancelRequest,
  createRequest,
  markReshipped,
  rejectRequest,
  saveImage,
} from './after-sales.service';

/**
 * After-sales (decision 0088): the user's requests (/api/p/after-sales: own only, another user's
 * → 404) and the operator's queue and decisions (/api/admin/after-sales). Every write is
 * idempotent by key and answers the request as it now is.
 */
export async function afterSalesRoutes(app: App, { db, files }: { db: Db; files: FileStore }) {
  const tags = ['after-sales'];
  const one = { 200: envelopeOf(AfterSalesSchema) };
  const adminOne = { 200: envelopeOf(AdminAfterSalesSchema) };
  const strip = <T extends { userId: string }>({ userId: _, ...dto }: T) => dto;

  app.get(
    '/p/after-sales',
    { schema: { tags, querystring: AfterSalesListQuery, response: { 200: envelopeOf(pageOf(AfterSalesSchema)) } } },
    async (req) => ok(await listOwn(db, req.session.userId, req.query, req.locale)),
  );
  app.get(
    '/p/after-sales/orders',
    { schema: { tags, response: { 200: envelopeOf(z.array(AfterSalesEligibleOrderSchema)) } } },
    async (req) => ok(await eligibleOrders(db, req.session.userId, req.locale)),
  );
  app.get('/p/after-sales/:id', { schema: { tags, params: AfterSalesIdParams, response: one } }, async (req) =>
    ok(strip(await getRequest(db, req.params.id, { userId: req.session.userId, locale: req.locale }))),
  );
  app.post('/p/after-sales', { schema: { tags, body: CreateAfterSalesBody, response: one } }, async (req, reply) => {
    // The pictures were uploaded first; checked before the unit of work (the store may use the root handle).
    await assertImagesStored(files, req.body.images);
    return idempotent(db, req, reply, async (uow) => {
      const row = await createRequest(uow, req.session.userId, req.body);
      return ok(strip(await getRequest(uow.tx, row.id, { locale: req.locale })));
    });
  });
  app.post(
    '/p/after-sales/:id/cancel',
    { schema: { tags, params: AfterSalesIdParams, response: one } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        const row = await cancelRequest(uow, req.session.userId, req.params.id);
        return ok(strip(await getRequest(uow.tx, row.id, { locale: req.locale })));
      }),
  );

  /** A picture of a request, to its owner or an operator only (the area is private). */
  const sendImage = async (reply: FastifyReply, images: readonly string[], image: string) => {
    const file = images.includes(image) ? await files.get(IMAGE_AREA, image) : null;
    if (!file) throw AppError.notFound('files.not-found');
    reply.headers({
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    return reply.type(file.contentType).send(file.bytes);
  };
  app.get('/p/after-sales/:id/images/:image', { schema: { tags, params: AfterSalesImageParams } }, async (req, reply) =>
    sendImage(reply, (await getRequest(db, req.params.id, { userId: req.session.userId })).images, req.params.image),
  );
  app.get(
    '/admin/after-sales/:id/images/:image',
    { schema: { tags, params: AfterSalesImageParams } },
    async (req, reply) => sendImage(reply, (await getRequest(db, req.params.id)).images, req.params.image),
  );

  // Pictures: one multipart file (field `file`) per request, in a scope of its own with room for
  // 5 MB, so a larger one gets the field error rather than the generic 413.
  await app.register(async (child) => {
    const scope = child as unknown as App;
    acceptMultipart(scope);
    scope.post(
      '/p/after-sales/images',
      {
        bodyLimit: AFTER_SALES_IMAGE_MAX_BYTES + 512 * 1024,
        schema: { tags, response: { 200: envelopeOf(AfterSalesImageSchema) }, consumes: ['multipart/form-data'] },
      },
      async (req, reply) => {
        const body = (req.body ?? {}) as MultipartBody;
        const saved = await saveImage(files, isUploadedFile(body.file) ? body.file : undefined);
        return idempotent(db, req, reply, async () =>
          ok({ id: saved.name, contentType: saved.contentType, size: saved.bytes }),
        );
      },
    );
  });

  const adminTags = ['admin', 'after-sales'];
  const operatorId = (req: { session: { userId: string } }) => req.session.userId;
  app.get(
    '/admin/after-sales',
    {
      schema: {
        tags: adminTags,
        querystring: AdminAfterSalesListQuery,
        response: { 200: envelopeOf(pageOf(AdminAfterSalesSchema)) },
      },
    },
    async (req) => ok(await listAdmin(db, req.query, req.locale)),
  );
  const adminAnswer = async (db: Db, id: string, locale: Locale) => {
    const page = await getRequest(db, id, { locale });
    return ok({ ...page, userEmail: (await userEmails(db, [page.userId])).get(page.userId) ?? '' });
  };
  app.get(
    '/admin/after-sales/:id',
    { schema: { tags: adminTags, params: AfterSalesIdParams, response: adminOne } },
    async (req) => adminAnswer(db, req.params.id, req.locale),
  );
  app.post(
    '/admin/after-sales/:id/approve',
    { schema: { tags: adminTags, params: AfterSalesIdParams, response: adminOne } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await approveRequest(uow, operatorId(req), req.params.id);
        return adminAnswer(uow.tx, req.params.id, req.locale);
      }),
  );
  app.post(
    '/admin/after-sales/:id/reject',
    { schema: { tags: adminTags, params: AfterSalesIdParams, body: RejectAfterSalesBody, response: adminOne } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await rejectRequest(uow, operatorId(req), req.params.id, req.body.reason);
        return adminAnswer(uow.tx, req.params.id, req.locale);
      }),
  );
  app.post(
    '/admin/after-sales/:id/reshipped',
    { schema: { tags: adminTags, params: AfterSalesIdParams, body: ReshippedAfterSalesBody, response: adminOne } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await markReshipped(uow, operatorId(req), req.params.id, req.body.carrier, req.body.trackingNumber);
        return adminAnswer(uow.tx, req.params.id, req.locale);
      }),
  );
}
