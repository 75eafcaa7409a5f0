import {
  AdminRechargeListQuery,
  AdminRechargeOrderPageSchema,
  AdminRechargeOrderSchema,
  RECHARGE_METHODS,
  RechargeMethodRuleSchema,
  RejectRechargeBody,
  UpdateRechargeMethodBody,
  envelopeOf,
} from '@dsm/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { ok } from '../../platform/envelope';
import type { FileStore } from '../../platform/files';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import { adminOrder, listAllOrders, listRules, lockOrder, orderById, ruleColumns, toRule } from './recharge.queries';
import { IdParams } from './recharge.routes';
import { close, markPaid } from './recharge.state';
import { rechargeMethodRules } from './recharge.tables';

const tags = ['recharge (operator)'];
const one = { 200: envelopeOf(AdminRechargeOrderSchema) };
const NOT_PENDING = () => AppError.business('recharge-not-pending', 'recharge.not-pending-review');

/**
 * The operator's side of recharges (decision 0074): every order, the bank slips to review
 * (approve → credited, reject → closed with the reason the user sees), and the fee rules.
 */
export async function rechargeAdminRoutes(app: App, { db, files }: { db: Db; files: FileStore }) {
  app.get(
    '/admin/recharges',
    {
      schema: {
        tags,
        querystring: AdminRechargeListQuery,
        response: { 200: envelopeOf(AdminRechargeOrderPageSchema) },
      },
    },
    async (req) => ok(await listAllOrders(db, req.query)),
  );

  // The slip is served only here, to operators: its area is private (never under /api/files).
  app.get('/admin/recharges/:id/slip', { schema: { tags, params: IdParams } }, async (req, reply) => {
    const order = await orderById(db, req.params.id);
    const file = order.slipFile ? await files.get('slips', order.slipFile) : null;
    if (!file) throw AppError.notFound('files.not-found');
    reply.headers({
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    });
    // A PDF is downloaded: the sandboxing policy would stop the browser's viewer anyway.
    const disposition = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
    reply.header(
      'content-disposition',
      `${disposition}; filename="${order.number}-slip.${order.slipFile!.split('.').pop()}"`,
    );
    return reply.type(file.contentType).send(file.bytes);
  });

  const reviewable = async (db: Db, id: string) => {
    const order = await lockOrder(db, id);
    if (order.method !== 'bank' || order.state !== 'pending' || !order.slipFile) throw NOT_PENDING();
    return order;
  };

  app.post('/admin/recharges/:id/approve', { schema: { tags, params: IdParams, response: one } }, async (req, reply) =>
    idempotent(db, req, reply, async (uow) => {
      await reviewable(uow.tx, req.params.id);
      await markPaid(uow, req.params.id, { decidedBy: req.session.userId, via: 'operator approval' });
      return ok(await adminOrder(uow.tx, req.params.id));
    }),
  );

  app.post(
    '/admin/recharges/:id/reject',
    { schema: { tags, params: IdParams, body: RejectRechargeBody, response: one } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await reviewable(uow.tx, req.params.id);
        await close(uow, req.params.id, 'rejected', {
          from: ['pending'],
          note: req.body.reason,
          decidedBy: req.session.userId,
        });
        return ok(await adminOrder(uow.tx, req.params.id));
      }),
  );

  app.get(
    '/admin/recharge-methods',
    { schema: { tags, response: { 200: envelopeOf(z.array(RechargeMethodRuleSchema)) } } },
    async () => ok(await listRules(db)),
  );

  // A changed rule applies to orders created from now on: each order keeps the fee it was shown.
  app.put(
    '/admin/recharge-methods/:method',
    {
      schema: {
        tags,
        params: z.object({ method: z.enum(RECHARGE_METHODS) }),
        body: UpdateRechargeMethodBody,
        response: { 200: envelopeOf(RechargeMethodRuleSchema) },
      },
    },
    async (req) => {
      const values = { enabled: req.body.enabled, ...ruleColumns(req.body.rule), updatedAt: new Date() };
      const [row] = await db
        .insert(rechargeMethodRules)
        .values({ method: req.params.method, ...values })
        .onConflictDoUpdate({ target: rechargeMethodRules.method, set: values })
        .returning();
      return ok(toRule(row!));
    },
  );
}
