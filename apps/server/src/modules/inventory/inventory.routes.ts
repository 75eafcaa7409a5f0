import {
  InventoryConfirmBody,
  InventoryConfirmResultSchema,
  InventoryDownloadQuery,
  InventoryListQuery,
  InventoryLogPageSchema,
  InventoryLogQuery,
  InventoryOrderIdParams,
  InventoryOrderListQuery,
  InventoryOrderPageSchema,
  InventoryOrderSchema,
  InventoryPageSchema,
  InventoryRowSchema,
  InventoryShipFirstBody,
  InventorySubmitBody,
  OrderPaymentSchema,
  envelopeOf,
} from '@dsm/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import { checkoutSettings } from '../checkout/checkout.service';
import { ownPayment, startPayPalCheckout, toOrderPayment } from '../payments/payments.service';
import type { PaymentProviders } from '../recharge/recharge.service';
import { cancelInventoryOrder } from './inventory.actions';
import { payInventoryDeposit, startInventoryDepositPayPal } from './inventory.deposit';
import { confirmInventoryOrder, submitInventoryOrder } from './inventory.orders';
import { itemLog, listInventoryOrders, listItems, ownItem } from './inventory.read';
import { setShipFirst } from './inventory.ship-first';
import { inventoryWorkbook } from './inventory.sheet';

/** The owner's private inventory and inventory orders (SPEC §7; /api/p: own rows only, another's → 404). */
export async function inventoryRoutes(
  app: App,
  { db, config, providers }: { db: Db; config: Config; providers: PaymentProviders },
) {
  const tags = ['inventory'];
  const settings = () => {
    const c = checkoutSettings(config);
    return { secretKey: c.secretKey, confirmMinutes: c.confirmMinutes };
  };

  app.post(
    '/p/private-inventory-order/basket/confirm',
    { schema: { tags, body: InventoryConfirmBody, response: { 200: envelopeOf(InventoryConfirmResultSchema) } } },
    async (req) => ok(await confirmInventoryOrder(db, req.session.userId, req.body, req.locale, settings())),
  );
  // A double click or a retry with the same Idempotency-Key makes one order (decision 0062).
  app.post(
    '/p/private-inventory-order/submit',
    { schema: { tags, body: InventorySubmitBody, response: { 200: envelopeOf(InventoryOrderSchema) } } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(await submitInventoryOrder(uow, req.session.userId, req.body, req.locale, settings())),
      ),
  );
  app.get(
    '/p/private-inventory-order/page',
    { schema: { tags, querystring: InventoryOrderListQuery, response: { 200: envelopeOf(InventoryOrderPageSchema) } } },
    async (req) => ok(await listInventoryOrders(db, req.session.userId, req.query)),
  );
  app.put(
    '/p/private-inventory-order/cancel/:id',
    { schema: { tags, params: InventoryOrderIdParams, response: { 200: envelopeOf(InventoryOrderSchema) } } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => ok(await cancelInventoryOrder(uow, req.session.userId, req.params.id))),
  );
  // The deposit of a two-part order from the wallet (decision 0130); a replayed key pays once.
  app.post(
    '/p/private-inventory-order/deposit/:id',
    { schema: { tags, params: InventoryOrderIdParams, response: { 200: envelopeOf(InventoryOrderSchema) } } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(await payInventoryDeposit(uow, config, req.session.userId, req.params.id)),
      ),
  );
  // The deposit by PayPal (decision 0140): the payment of the deposit in the idempotent unit of
  // work, PayPal's order and approve link after its commit (a replay gets the same link); the
  // answer is the payment, which /user/paystate polls like any other.
  app.post(
    '/p/private-inventory-order/deposit/:id/paypal',
    { schema: { tags, params: InventoryOrderIdParams, response: { 200: envelopeOf(OrderPaymentSchema) } } },
    async (req, reply) => {
      const { userId } = req.session;
      const { id } = await idempotent(db, req, reply, async (uow) => ({
        id: (await startInventoryDepositPayPal(uow, config, userId, req.params.id)).id,
      }));
      const origin = (config.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
      await startPayPalCheckout(db, providers, await ownPayment(db, id, userId), origin, req.log);
      return ok(await toOrderPayment(db, await ownPayment(db, id, userId), req.locale));
    },
  );
  app.get(
    '/p/privateInventory/page',
    { schema: { tags, querystring: InventoryListQuery, response: { 200: envelopeOf(InventoryPageSchema) } } },
    async (req) => {
      const { current, size, ...filter } = req.query;
      const page = await listItems(db, { ...filter, userId: req.session.userId }, { current, size }, req.locale);
      return ok({ ...page, records: page.records.map(({ userId: _u, userEmail: _e, ...r }) => r) });
    },
  );
  // The per-SKU switch "ship store orders from my inventory" (decision 0129): the item as it is now.
  app.put(
    '/p/privateInventory/ship-first/:id',
    {
      schema: {
        tags,
        params: InventoryOrderIdParams,
        body: InventoryShipFirstBody,
        response: { 200: envelopeOf(InventoryRowSchema) },
      },
    },
    async (req) => {
      await setShipFirst(db, req.session.userId, req.params.id, req.body.shipFirst);
      return ok(await ownItem(db, req.session.userId, req.params.id, req.locale));
    },
  );
  app.get(
    '/p/privateInventory/inventory/logs',
    { schema: { tags, querystring: InventoryLogQuery, response: { 200: envelopeOf(InventoryLogPageSchema) } } },
    async (req) => ok(await itemLog(db, req.session.userId, req.query, req.locale)),
  );
  // The whole inventory under the page's filters as .xlsx, headings in the caller's language.
  app.get(
    '/p/privateInventory/download',
    { schema: { tags, querystring: InventoryDownloadQuery } },
    async (req, reply) => {
      const { current: _c, size: _s, lang, ...filter } = req.query;
      const locale = lang ?? req.locale;
      const page = await listItems(db, { ...filter, userId: req.session.userId }, null, locale);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="inventory.xlsx"')
        .header('cache-control', 'no-store')
        .send(await inventoryWorkbook(page.records, locale));
    },
  );
}
