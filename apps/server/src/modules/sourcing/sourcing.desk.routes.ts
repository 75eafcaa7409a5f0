import {
  AgentMessageListSchema,
  AgentMessageSchema,
  DeskOrderListQuery,
  DeskOrderParams,
  DeskUserListQuery,
  DeskUserPageSchema,
  DeskUserParams,
  OrderDetailSchema,
  OrderSummarySchema,
  PostAgentMessageBody,
  envelopeOf,
  pageOf,
} from '@dsm/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { Mailer } from '../../platform/mail/mailer';
import type { App } from '../../platform/types';
import {
  assertReachesUser,
  getDeskOrder,
  listAgentMessages,
  listDeskOrders,
  listDeskUsers,
  postAgentMessage,
} from './sourcing.desk';

/**
 * The agent's desk (decision 0137): /api/admin/desk… for agents (their assigned users only;
 * others → 404) and the operator; /api/p/agent-messages for the user's side of their thread.
 * Every route here reads; the one write is a message, idempotent by key.
 */
export async function sourcingDeskRoutes(app: App, { db, config, mailer }: { db: Db; config: Config; mailer: Mailer }) {
  const tags = ['sourcing'];
  const adminTags = ['admin', 'sourcing'];
  const agents = { agents: true };
  const staff = (req: FastifyRequest) => ({
    role: req.session.role === 'agent' ? ('agent' as const) : ('operator' as const),
    userId: req.session.userId,
  });
  const origin = (req: FastifyRequest) => (config.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
  const thread = { 200: envelopeOf(AgentMessageListSchema) };
  const message = { 200: envelopeOf(AgentMessageSchema) };

  app.get('/p/agent-messages', { schema: { tags, response: thread } }, async (req) =>
    ok(await listAgentMessages(db, req.session.userId)),
  );
  app.post(
    '/p/agent-messages',
    { schema: { tags, body: PostAgentMessageBody, response: message } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(
          await postAgentMessage(uow, { role: 'user', userId: req.session.userId }, req.session.userId, req.body, {
            mailer,
            origin: origin(req),
          }),
        ),
      ),
  );

  app.get(
    '/admin/desk/users',
    {
      config: agents,
      schema: { tags: adminTags, querystring: DeskUserListQuery, response: { 200: envelopeOf(DeskUserPageSchema) } },
    },
    async (req) => ok(await listDeskUsers(db, staff(req), req.query)),
  );
  app.get(
    '/admin/desk/users/:userId/orders',
    {
      config: agents,
      schema: {
        tags: adminTags,
        params: DeskUserParams,
        querystring: DeskOrderListQuery,
        response: { 200: envelopeOf(pageOf(OrderSummarySchema)) },
      },
    },
    async (req) => ok(await listDeskOrders(db, staff(req), req.params.userId, req.query, req.locale)),
  );
  app.get(
    '/admin/desk/users/:userId/orders/:id',
    {
      config: agents,
      schema: { tags: adminTags, params: DeskOrderParams, response: { 200: envelopeOf(OrderDetailSchema) } },
    },
    async (req) => ok(await getDeskOrder(db, staff(req), req.params.userId, req.params.id, req.locale)),
  );
  app.get(
    '/admin/desk/users/:userId/messages',
    { config: agents, schema: { tags: adminTags, params: DeskUserParams, response: thread } },
    async (req) => {
      await assertReachesUser(db, staff(req), req.params.userId);
      return ok(await listAgentMessages(db, req.params.userId));
    },
  );
  app.post(
    '/admin/desk/users/:userId/messages',
    {
      config: agents,
      schema: { tags: adminTags, params: DeskUserParams, body: PostAgentMessageBody, response: message },
    },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(await postAgentMessage(uow, staff(req), req.params.userId, req.body, { mailer, origin: origin(req) })),
      ),
  );
}
