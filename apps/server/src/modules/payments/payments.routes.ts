import { OrderPaymentParams, OrderPaymentSchema, PayOrdersBody, envelopeOf } from '@dsm/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import type { PaymentProviders } from '../recharge/recharge.service';
import { type PaidOrders, cancelPayment, ownPayment, payOrders, startPayPalCheckout, toOrderPayment } from './payments.service';

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
  // twice); PayPal's order is made after it commits, outside any transaction, keyed by the
  // recharge id, so a replay gets the same approve link. The answer is the payment as it is now:
  // a wallet payment just made is answered from what its unit of work committed (no read after
  // it, decision 0102); a replay, or PayPal's start having written to it, reads it again.
  app.post('/p/order/pay', { schema: { tags, body: PayOrdersBody, response: one } }, async (req, reply) => {
    const { userId, locale } = req.session;
    let made: PaidOrders | null = null;
    const { id } = await idempotent(db, req, reply, async (uow) => {
      made = await payOrders(uow, config, userId, req.body, locale);
      return { id: made.payment.id };
    });
    const fresh = made as PaidOrders | null;
    if (fresh && fresh.payment.method !== 'paypal') return ok(await toOrderPayment(db, fresh.payment, req.locale, fresh.orders));
    const origin = (config.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
    const payment = fresh?.payment ?? (await ownPayment(db, id, userId));
    await startPayPalCheckout(db, providers, payment, origin, req.log);
    return ok(await toOrderPayment(db, payment.method === 'paypal' ? await ownPayment(db, id, userId) : payment, req.locale));
  });

  // What /user/paystate polls.
  app.get('/p/order/payments/:id', { schema: { tags, params: OrderPaymentParams, response: one } }, async (req) =>
    ok(await toOrderPayment(db, await ownPayment(db, req.params.id, req.session.userId), req.locale)),
  );

  app.post('/p/order/payments/:id/cancel', { schema: { tags, params: OrderPaymentParams, response: one } }, async (req, reply) => {
    const { id } = await idempotent(db, req, reply, async (uow) => ({ id: (await cancelPayment(uow, req.session.userId, req.params.id)).id }));
    return ok(await toOrderPayment(db, await ownPayment(db, id, req.session.userId), req.locale));
  });
}
