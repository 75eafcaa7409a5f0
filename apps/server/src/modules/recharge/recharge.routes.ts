import {
  CreateRechargeBody,
  MAX_RECHARGE_USD,
  MIN_RECHARGE_USD,
  RechargeCheckoutSchema,
  RechargeListQuery,
  RechargeMethodsSchema,
  RechargeOrderPageSchema,
  RechargeOrderSchema,
  SLIP_MAX_BYTES,
  envelopeOf,
} from '@dsm/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Config, DEMO_BANK_DETAILS } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { ok } from '../../platform/envelope';
import type { FileStore } from '../../platform/files';
import { idempotent } from '../../platform/idempotency/idempotency';
import { type MultipartBody, acceptMultipart, isUploadedFile } from '../../platform/multipart';
import type { App } from '../../platform/types';
import type { PaymentProviders } from './recharge.providers';
import { listOwnOrders, listRules, lockOrder, ownOrder, toRechargeOrder } from './recharge.queries';
import {
  applyVerdict,
  assertConfirmable,
  attachSlip,
  capturePayPal,
  checkSlip,
  createRecharge,
  expireCardSession,
  failedAnswer,
  readCardSession,
  saveReference,
  startCheckout,
  storeSlip,
} from './recharge.service';
import { close } from './recharge.state';

export interface RechargeDeps {
  db: Db;
  files: FileStore;
  config: Config;
  providers: PaymentProviders;
}

export const IdParams = z.object({ id: z.string().max(64) });
const tags = ['recharge'];
const one = { 200: envelopeOf(RechargeOrderSchema) };

/** PUBLIC_URL when configured, else the origin the request came to (the demo on any host). */
export function originOf(req: FastifyRequest, config: Config): string {
  return (config.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
}

const NOT_APPROVED = () => AppError.business('payment-not-approved', 'recharge.payment-not-approved');
const NOT_PAYABLE = () => AppError.business('recharge-not-payable', 'recharge.not-awaiting-payment');

/** The user's recharge orders (decision 0074); another user's id answers 404 on every route. */
export async function rechargeRoutes(app: App, { db, files, config, providers }: RechargeDeps) {
  const expiryMinutes = config.recharge?.expiryMinutes ?? 60;

  app.get('/p/recharge/methods', { schema: { tags, response: { 200: envelopeOf(RechargeMethodsSchema) } } }, async () =>
    ok({
      methods: (await listRules(db)).filter((m) => m.enabled),
      minAmount: MIN_RECHARGE_USD,
      maxAmount: MAX_RECHARGE_USD,
      bank: config.recharge?.bank ?? DEMO_BANK_DETAILS,
      sandbox: providers.sandbox,
      expiresAfterMinutes: expiryMinutes,
    }),
  );

  app.post('/p/recharges', { schema: { tags, body: CreateRechargeBody, response: one } }, async (req, reply) =>
    idempotent(db, req, reply, async (uow) =>
      ok(toRechargeOrder(await createRecharge(uow, req.session.userId, req.body, expiryMinutes))),
    ),
  );

  app.get(
    '/p/recharges',
    { schema: { tags, querystring: RechargeListQuery, response: { 200: envelopeOf(RechargeOrderPageSchema) } } },
    async (req) => ok(await listOwnOrders(db, req.session.userId, req.query)),
  );

  app.get('/p/recharges/:id', { schema: { tags, params: IdParams, response: one } }, async (req) =>
    ok(toRechargeOrder(await ownOrder(db, req.session.userId, req.params.id))),
  );

  // The provider call happens first, outside any transaction, keyed by the recharge id (a repeat
  // gets the same PayPal order / Stripe session); then the reference is stored idempotently.
  app.post(
    '/p/recharges/:id/checkout',
    { schema: { tags, params: IdParams, response: { 200: envelopeOf(RechargeCheckoutSchema) } } },
    async (req, reply) => {
      const started = await startCheckout(
        db,
        providers,
        req.session.userId,
        req.params.id,
        originOf(req, config),
        req.log,
      );
      return idempotent(db, req, reply, async (uow) => {
        await saveReference(uow, req.params.id, started.reference);
        return ok({ redirectUrl: started.redirectUrl });
      });
    },
  );

  app.post(
    '/p/recharges/:id/paypal/capture',
    { schema: { tags, params: IdParams, response: one } },
    async (req, reply) => {
      const order = await ownOrder(db, req.session.userId, req.params.id);
      assertConfirmable(order, 'paypal');
      if (order.state === 'paid' || order.state === 'completed') return ok(toRechargeOrder(order));
      if (order.state === 'closed' && order.closeReason !== 'expired') throw NOT_PAYABLE();
      const verdict = await capturePayPal(providers, order, req.log);
      if (verdict.kind === 'open') throw NOT_APPROVED();
      if (verdict.kind === 'failed') {
        // Committed before the answer: the order stays closed as failed whatever the client does.
        await applyVerdict(db, order, verdict);
        throw failedAnswer();
      }
      return idempotent(db, req, reply, async (uow) => ok(toRechargeOrder(await applyVerdict(uow, order, verdict))));
    },
  );

  app.post(
    '/p/recharges/:id/card/confirm',
    { schema: { tags, params: IdParams, response: one } },
    async (req, reply) => {
      const order = await ownOrder(db, req.session.userId, req.params.id);
      assertConfirmable(order, 'card');
      if (order.state === 'paid' || order.state === 'completed' || order.state === 'closed')
        return ok(toRechargeOrder(order));
      const verdict = await readCardSession(providers, order, req.log);
      if (verdict.kind === 'open') throw NOT_APPROVED();
      return idempotent(db, req, reply, async (uow) => ok(toRechargeOrder(await applyVerdict(uow, order, verdict))));
    },
  );

  app.post('/p/recharges/:id/cancel', { schema: { tags, params: IdParams, response: one } }, async (req, reply) => {
    const order = await ownOrder(db, req.session.userId, req.params.id);
    if (order.state === 'closed' && order.closeReason === 'cancelled') return ok(toRechargeOrder(order));
    if (order.state !== 'awaiting-payment') throw NOT_PAYABLE();
    // A card session is expired at Stripe first, so it can no longer be paid; if it was paid
    // meanwhile, the money is confirmed instead of the order being cancelled.
    const verdict = await expireCardSession(providers, order, req.log);
    return idempotent(db, req, reply, async (uow) => {
      if (verdict.kind === 'paid' || verdict.kind === 'pending')
        return ok(toRechargeOrder(await applyVerdict(uow, order, verdict)));
      // Expiring the session makes Stripe send checkout.session.expired, which may have closed
      // the order as expired already: that was this cancel, so it is recorded as cancelled.
      const current = await lockOrder(uow.tx, order.id);
      const ownExpiry =
        current.state === 'closed' &&
        current.closeReason === 'expired' &&
        order.method === 'card' &&
        Boolean(order.providerReference);
      const closed = await close(uow, order.id, 'cancelled', { from: ownExpiry ? ['closed'] : ['awaiting-payment'] });
      if (closed.state !== 'closed' || closed.closeReason !== 'cancelled') throw NOT_PAYABLE();
      return ok(toRechargeOrder(closed));
    });
  });

  // The slip: a multipart body (field `file`) in a scope of its own, with room for a 5 MB file,
  // so a larger one gets the field error rather than the generic 413.
  await app.register(async (child) => {
    const scope = child as unknown as App;
    acceptMultipart(scope);
    scope.post(
      '/p/recharges/:id/slip',
      {
        bodyLimit: SLIP_MAX_BYTES + 512 * 1024,
        schema: { tags, params: IdParams, response: one, consumes: ['multipart/form-data'] },
      },
      async (req, reply) => {
        const body = (req.body ?? {}) as MultipartBody;
        const file = checkSlip(isUploadedFile(body.file) ? body.file : undefined);
        // Bytes first and outside any transaction (decision 0064), then the idempotent unit of work.
        const saved = await storeSlip(db, files, req.session.userId, req.params.id, file);
        return idempotent(db, req, reply, async (uow) => {
          await lockOrder(uow.tx, req.params.id);
          return ok(toRechargeOrder(await attachSlip(uow, req.params.id, file, saved.name, saved.contentType)));
        });
      },
    );
  });
}
