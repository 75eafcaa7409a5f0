import {
  OrderPaymentParams,
  OrderPaymentSchema,
  OrderTwoPartsSchema,
  PayOrderDepositBody,
  PayOrderDepositPayPalBody,
  PayOrdersBody,
  envelopeOf,
} from '@dsm/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import type { PaymentProviders } from '../recharge/recharge.service';
import {
  type DepositRuleOf,
  cancelOrderDeposit,
  cancelPayment,
  ownPayment,
  payOrderDeposit,
  payOrdersAndStartPayPal,
  startOrderDepositPayPal,
  startPayPalCheckout,
  toOrderPayment,
  twoPartsOf,
} from './payments.service';

export interface PaymentsDeps {
  db: Db;
  config: Config;
  providers: PaymentProviders;
  /**
   * The operator's two-part rule (decision 0145: inventory's settings), passed in by app.ts:
   * payments does not import the modules built on it. Without it no order is offered two parts.
   */
  depositRule?: DepositRuleOf;
}

const tags = ['orders'];
const one = { 200: envelopeOf(OrderPaymentSchema) };

/** Paying orders (decision 0085). Own payments only: another user's id answers 404. */
export async function paymentsRoutes(app: App, { db, config, providers, depositRule }: PaymentsDeps) {
  const rule = async () => (depositRule ? depositRule(db) : { fromMinor: 0, percent: 30 });
  const twoParts = { 200: envelopeOf(OrderTwoPartsSchema) };
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

  // A catalogue bulk order in two parts (decision 0145): what is offered, paid and due.
  app.get('/p/order/:id/two-parts', { schema: { tags, params: OrderPaymentParams, response: twoParts } }, async (req) =>
    ok(await twoPartsOf(db, await rule(), req.params.id, req.session.userId)),
  );
  app.post(
    '/p/order/:id/deposit',
    { schema: { tags, params: OrderPaymentParams, body: PayOrderDepositBody, response: twoParts } },
    async (req, reply) => {
      const { userId } = req.session;
      const terms = await rule();
      await idempotent(db, req, reply, async (uow) => {
        await payOrderDeposit(uow, config, terms, userId, req.params.id, req.body.percent);
        return { id: req.params.id };
      });
      return ok(await twoPartsOf(db, terms, req.params.id, userId));
    },
  );
  // The deposit by PayPal: the payment made in the idempotent unit of work, PayPal's order and
  // approve link after its commit (a replay gets the same link); /user/paystate follows it.
  app.post(
    '/p/order/:id/deposit/paypal',
    { schema: { tags, params: OrderPaymentParams, body: PayOrderDepositPayPalBody, response: one } },
    async (req, reply) => {
      const { userId } = req.session;
      const terms = await rule();
      const { id } = await idempotent(db, req, reply, async (uow) => ({
        id: (await startOrderDepositPayPal(uow, config, terms, userId, req.params.id, req.body.percent)).id,
      }));
      const origin = (config.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
      await startPayPalCheckout(db, providers, await ownPayment(db, id, userId), origin, req.log);
      return ok(await toOrderPayment(db, await ownPayment(db, id, userId), req.locale));
    },
  );
  app.post(
    '/p/order/:id/deposit/cancel',
    { schema: { tags, params: OrderPaymentParams, response: twoParts } },
    async (req, reply) => {
      const { userId } = req.session;
      await idempotent(db, req, reply, async (uow) => {
        await cancelOrderDeposit(uow, userId, req.params.id);
        return { id: req.params.id };
      });
      return ok(await twoPartsOf(db, await rule(), req.params.id, userId));
    },
  );
  app.get(
    '/admin/orders/:id/two-parts',
    { schema: { tags: ['admin', 'orders'], params: OrderPaymentParams, response: twoParts } },
    async (req) => ok(await twoPartsOf(db, await rule(), req.params.id)),
  );
}
