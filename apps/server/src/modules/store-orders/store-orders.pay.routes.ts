import {
  StoreInvoiceListQuery,
  StoreInvoicePageSchema,
  StorePayBody,
  StorePayConfirmBody,
  StorePayQuoteSchema,
  StorePayResultSchema,
  envelopeOf,
} from '@dsm/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import { ownPayment, startPayPalCheckout, toOrderPayment } from '../payments/payments.service';
import type { PaymentProviders } from '../recharge/recharge.service';
import { listStoreInvoices } from './store-orders.invoices';
import { type StorePaid, confirmStorePayment, linksOfOrders, payStoreOrders } from './store-orders.pay';

/**
 * Paying store orders in batches (issue 21, decision 0118). Own rows only: another user's store
 * order answers 404. Pay runs in the idempotent unit of work (a replay of the key answers the same
 * payment and pays nothing); PayPal's own call follows the commit, as for catalogue orders.
 */
export async function storeOrdersPayRoutes(
  app: App,
  { db, config, providers }: { db: Db; config: Config; providers: PaymentProviders },
) {
  const tags = ['store-orders'];

  app.post(
    '/p/store-orders/pay/confirm',
    { schema: { tags, body: StorePayConfirmBody, response: { 200: envelopeOf(StorePayQuoteSchema) } } },
    async (req) => ok(await confirmStorePayment(db, config, req.session.userId, req.body.ids, req.locale)),
  );

  app.post(
    '/p/store-orders/pay',
    { schema: { tags, body: StorePayBody, response: { 200: envelopeOf(StorePayResultSchema) } } },
    async (req, reply) => {
      const { userId, locale } = req.session;
      // Set only when this call ran the unit of work (not on a replay).
      const fresh: { made?: StorePaid } = {};
      const { id } = await idempotent(db, req, reply, async (uow) => {
        fresh.made = await payStoreOrders(uow, config, userId, req.body, req.locale, locale);
        return { id: fresh.made.payment.id };
      });
      let payment = fresh.made?.payment ?? (await ownPayment(db, id, userId));
      if (payment.method === 'paypal') {
        const origin = (config.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
        await startPayPalCheckout(db, providers, payment, origin, req.log);
        payment = await ownPayment(db, id, userId);
      }
      const dto = await toOrderPayment(
        db,
        payment,
        req.locale,
        payment.method === 'paypal' ? undefined : fresh.made?.orders,
      );
      const storeOrders =
        fresh.made?.links ??
        (await linksOfOrders(
          db,
          userId,
          dto.orders.map((o) => o.id),
        ));
      return ok({ payment: dto, storeOrders });
    },
  );

  // /user/storedownloadinvoice: paid store orders with their invoices (the PDFs are the invoices module's routes).
  app.get(
    '/p/store-orders/invoices',
    { schema: { tags, querystring: StoreInvoiceListQuery, response: { 200: envelopeOf(StoreInvoicePageSchema) } } },
    async (req) => ok(await listStoreInvoices(db, req.session.userId, req.query)),
  );
}
