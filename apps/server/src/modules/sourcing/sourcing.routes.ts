import {
  AdminSourcingListQuery,
  AdminSourcingPageSchema,
  AdminSourcingSchema,
  AssignSourcingAgentBody,
  CreateSourcingBody,
  FailSourcingBody,
  MaybeSourcingAgentSchema,
  PostSourcingMessageBody,
  PutSourcingAgentBody,
  SaveProductBody,
  SOURCING_IMAGE_MAX_BYTES,
  SourcingAgentCardSchema,
  SourcingCountsSchema,
  SourcingCreatedSchema,
  SourcingIdParams,
  SourcingImageSchema,
  SourcingAgentListSchema,
  SourcingListQuery,
  SourcingMessageListSchema,
  SourcingMessageSchema,
  SourcingPageSchema,
  SourcingSchema,
  SucceedSourcingBody,
  envelopeOf,
} from '@dsm/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import type { FileStore } from '../../platform/files';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { Mailer } from '../../platform/mail/mailer';
import { type MultipartBody, acceptMultipart, isUploadedFile } from '../../platform/multipart';
import type { App } from '../../platform/types';
import { requireStoredImages } from '../catalogue/catalogue.service';
import { agentCardOf, assignAgent, listAgents, putAgent } from './sourcing.agents';
import {
  type Viewer,
  countOwn,
  getAdminSourcing,
  getSourcing,
  listMessages,
  listOwn,
  listQueue,
} from './sourcing.read';
import {
  assertImagesStored,
  createSourcing,
  failSourcing,
  postMessage,
  saveImage,
  succeedSourcing,
  succeedWithNewProduct,
  takeSourcing,
} from './sourcing.service';

/**
 * Sourcing (decision 0127): the user's requests under /api/p/sourcing (own only; another user's
 * → 404) and the staff queue under /api/admin/sourcing, where an agent may call the routes marked
 * `agents` and reaches only the requests of users assigned to them. Writes are idempotent by key.
 */
export async function sourcingRoutes(
  app: App,
  { db, config, files, mailer }: { db: Db; config: Config; files: FileStore; mailer: Mailer },
) {
  const tags = ['sourcing'];
  const promise = config.sourcingPromiseWorkingDays ?? 1;
  const user = (req: FastifyRequest): Viewer => ({ role: 'user', userId: req.session.userId });
  const staff = (req: FastifyRequest): Viewer => ({
    role: req.session.role === 'agent' ? 'agent' : 'operator',
    userId: req.session.userId,
  });
  const origin = (req: FastifyRequest) => (config.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  const one = { 200: envelopeOf(SourcingSchema) };

  app.get(
    '/p/sourcing',
    { schema: { tags, querystring: SourcingListQuery, response: { 200: envelopeOf(SourcingPageSchema) } } },
    async (req) => ok(await listOwn(db, req.session.userId, req.query, req.locale)),
  );
  app.get(
    '/p/sourcing/counts',
    { schema: { tags, response: { 200: envelopeOf(SourcingCountsSchema) } } },
    async (req) => ok(await countOwn(db, req.session.userId)),
  );
  app.get(
    '/p/sourcing/agent',
    { schema: { tags, response: { 200: envelopeOf(MaybeSourcingAgentSchema) } } },
    async (req) => ok(await agentCardOf(db, req.session.userId)),
  );
  app.post(
    '/p/sourcing',
    { schema: { tags, body: CreateSourcingBody, response: { 200: envelopeOf(SourcingCreatedSchema) } } },
    async (req, reply) => {
      await assertImagesStored(files, req.body.images);
      return idempotent(db, req, reply, async (uow) => {
        const made = await createSourcing(uow, req.session.userId, req.body, promise);
        return ok({ ...(await getSourcing(uow.tx, user(req), made.id, req.locale)), alreadyOpen: made.alreadyOpen });
      });
    },
  );
  app.get('/p/sourcing/:id', { schema: { tags, params: SourcingIdParams, response: one } }, async (req) =>
    ok(await getSourcing(db, user(req), req.params.id, req.locale)),
  );
  const thread = { 200: envelopeOf(SourcingMessageListSchema) };
  const message = { 200: envelopeOf(SourcingMessageSchema) };
  app.get('/p/sourcing/:id/messages', { schema: { tags, params: SourcingIdParams, response: thread } }, async (req) =>
    ok(await listMessages(db, user(req), req.params.id)),
  );
  app.post(
    '/p/sourcing/:id/messages',
    { schema: { tags, params: SourcingIdParams, body: PostSourcingMessageBody, response: message } },
    async (req, reply) => {
      await assertImagesStored(files, req.body.images);
      return idempotent(db, req, reply, async (uow) => ok(await postMessage(uow, user(req), req.params.id, req.body)));
    },
  );

  // Pictures: one multipart file (field `file`) per call, in a scope with room for 5 MB, so a
  // larger one gets the field error rather than the generic 413.
  await app.register(async (child) => {
    const scope = child as unknown as App;
    acceptMultipart(scope);
    const upload = {
      bodyLimit: SOURCING_IMAGE_MAX_BYTES + 512 * 1024,
      schema: { tags, response: { 200: envelopeOf(SourcingImageSchema) }, consumes: ['multipart/form-data'] },
    };
    const handler = async (req: FastifyRequest, reply: Parameters<typeof idempotent>[2]) => {
      const body = (req.body ?? {}) as MultipartBody;
      const saved = await saveImage(files, isUploadedFile(body.file) ? body.file : undefined);
      return idempotent(db, req, reply, async () =>
        ok({ id: saved.name, url: saved.url, contentType: saved.contentType, size: saved.bytes }),
      );
    };
    scope.post('/p/sourcing/images', upload, handler);
    scope.post('/admin/sourcing/images', { ...upload, config: { agents: true } }, handler);
  });

  // ── Staff: the operator, and agents on the routes marked `agents` ─────────────────────────
  const adminTags = ['admin', 'sourcing'];
  const agents = { agents: true };
  const adminOne = { 200: envelopeOf(AdminSourcingSchema) };
  app.get(
    '/admin/sourcing',
    {
      config: agents,
      schema: {
        tags: adminTags,
        querystring: AdminSourcingListQuery,
        response: { 200: envelopeOf(AdminSourcingPageSchema) },
      },
    },
    async (req) => ok(await listQueue(db, staff(req), req.query, req.locale)),
  );
  app.get(
    '/admin/sourcing/agents',
    { schema: { tags: adminTags, response: { 200: envelopeOf(SourcingAgentListSchema) } } },
    async () => ok(await listAgents(db)),
  );
  app.put(
    '/admin/sourcing/agents',
    { schema: { tags: adminTags, body: PutSourcingAgentBody, response: { 200: envelopeOf(SourcingAgentCardSchema) } } },
    async (req, reply) => {
      await assertImagesStored(files, req.body.photo ? [req.body.photo] : [], 'photo');
      return idempotent(db, req, reply, async (uow) => ok(await putAgent(uow, req.body)));
    },
  );
  app.put(
    '/admin/sourcing/assignments',
    { schema: { tags: adminTags, body: AssignSourcingAgentBody, response: { 200: envelopeOf(z.null()) } } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await assignAgent(uow, req.body.userEmail, req.body.agentId);
        return ok(null);
      }),
  );
  app.get(
    '/admin/sourcing/:id',
    { config: agents, schema: { tags: adminTags, params: SourcingIdParams, response: adminOne } },
    async (req) => ok(await getAdminSourcing(db, staff(req), req.params.id, req.locale)),
  );
  app.post(
    '/admin/sourcing/:id/take',
    { config: agents, schema: { tags: adminTags, params: SourcingIdParams, response: adminOne } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await takeSourcing(uow, staff(req), req.params.id);
        return ok(await getAdminSourcing(uow.tx, staff(req), req.params.id, req.locale));
      }),
  );
  app.post(
    '/admin/sourcing/:id/succeed',
    {
      config: agents,
      schema: { tags: adminTags, params: SourcingIdParams, body: SucceedSourcingBody, response: adminOne },
    },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await succeedSourcing(uow, staff(req), req.params.id, req.body.prodIds, { mailer, origin: origin(req) });
        return ok(await getAdminSourcing(uow.tx, staff(req), req.params.id, req.locale));
      }),
  );
  // Answered with a new catalogue product made from the request (the product form's body).
  app.post(
    '/admin/sourcing/:id/product',
    {
      config: agents,
      schema: { tags: adminTags, params: SourcingIdParams, body: SaveProductBody, response: adminOne },
    },
    async (req, reply) => {
      await requireStoredImages(files, req.body);
      return idempotent(db, req, reply, async (uow) => {
        await succeedWithNewProduct(uow, staff(req), req.params.id, req.body, { mailer, origin: origin(req) });
        return ok(await getAdminSourcing(uow.tx, staff(req), req.params.id, req.locale));
      });
    },
  );
  app.post(
    '/admin/sourcing/:id/fail',
    {
      config: agents,
      schema: { tags: adminTags, params: SourcingIdParams, body: FailSourcingBody, response: adminOne },
    },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await failSourcing(uow, staff(req), req.params.id, req.body.reason, req.body.note, {
          mailer,
          origin: origin(req),
        });
        return ok(await getAdminSourcing(uow.tx, staff(req), req.params.id, req.locale));
      }),
  );
  app.get(
    '/admin/sourcing/:id/messages',
    { config: agents, schema: { tags: adminTags, params: SourcingIdParams, response: thread } },
    async (req) => ok(await listMessages(db, staff(req), req.params.id)),
  );
  app.post(
    '/admin/sourcing/:id/messages',
    {
      config: agents,
      schema: { tags: adminTags, params: SourcingIdParams, body: PostSourcingMessageBody, response: message },
    },
    async (req, reply) => {
      await assertImagesStored(files, req.body.images);
      return idempotent(db, req, reply, async (uow) => ok(await postMessage(uow, staff(req), req.params.id, req.body)));
    },
  );
}
