import { OrderPaymentParams, OrderPaymentSchema, PayOrdersBody, envelopeOf } from '@dsm/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import type { PaymentProviders } from '../recharge/recharge.service';
import { cancelPayment, ownPayment, payOrdersAndStartPayPal, toOrderPayment } from './payments.service';

export interface PaymentsDeps {
  db: Db;
  config: Config;
  providers: PaymentProviders;
}

const tags = ['orders'];
const one = { 200: envelopeOf(OrderPaymentSchema) };

/** Paying orders (decision 0085). Own payments only: another user's id answers 404. */
export async function paymentsRoutes(app: App, { db, config, providers }: PaymentsDeps) {
  // The money moves in the idempotent unit of work (a repeat with the key replays, never pays
  // twice); PayPal's start follows its commit (payments.pay.ts).
  app.post('/p/order/pay', { schema: { tags, body: PayOrdersBody, response: one } }, async (req, reply) => {
    const { userId, locale } = req.session;
    const origin = (config.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
    const { payment, orders } = await payOrdersAndStartPayPal(
      db,
      { config, providers, log: req.log },
      { userId, body: req.body, locale, origin },
      (work) => idempotent(db, req, reply, work),
    );
    return ok(await toOrderPayment(db, payment, req.locale, orders));
  });

  // What /user/paystate polls.
  app.get('/p/order/payments/:id', { schema: { tags, params: OrderPaymentParams, response: one } }, async (req) =>
    ok(await toOrderPayment(db, await ownPayment(db, req.params.id, req.session.userId), req.locale)),
  );

  app.post(
    '/p/order/payments/:id/cancel',
    { schema: { tags, params: OrderPaymentParams, response: one } },
    async (req, reply) => {
      const { id } = await idempotent(db, req, reply, async (uow) => ({
        id: (await cancelPayment(uow, req.session.userId, req.params.id)).id,
      }));
      return ok(await toOrderPayment(db, await ownPayment(db, id, req.session.userId), req.locale));
    },
  );
}
