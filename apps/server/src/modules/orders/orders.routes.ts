import {
  AbnormalOrderBody,
  AdminOrderListQuery,
  AdminOrderSchema,
  OrderCountsQuery,
  OrderCountsSchema,
  OrderDetailSchema,
  OrderIdParams,
  type OrderDetail,
  OrderListQuery,
  OrderSummarySchema,
  RestoreOrdersBody,
  RestoreResultSchema,
  ShipOrderBody,
  SplitOrderBody,
  envelopeOf,
  pageOf,
} from '@dsm/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import type { UnitOfWork } from '../../platform/unit-of-work';
import {
  type Actor,
  type TransitionData,
  type TransitionEvent,
  countOrders,
  getOrder,
  listAdminOrders,
  listOrders,
  resetSplit,
  restoreOrders,
  splitOrder,
  transition,
} from './orders.service';

/**
 * The user's orders (/api/p/orders: own orders only, another user's → 404) and the operator's
 * (/api/admin/orders). Every state change is idempotent by key and answers the order's detail.
 * Line names are in the request's language (decision 0111).
 */
export interface OrdersRoutesOptions {
  db: Db;
  /**
   * A store order's tracking push (issue 21), read by the store-orders module and passed in by
   * app.ts: orders does not import the modules built on it.
   */
  trackingPushOf?: (db: Db, orderId: string) => Promise<OrderDetail['trackingPush']>;
  /**
   * Runs first in an operator event's unit of work, before the order is locked: payments locks
   * the owner's wallet of an order paid in two parts, whose purchase charges the balance (decision
   * 0145), so the wallet is locked before the order as every payment locks them. Wired in composition.ts.
   */
  beforeOperatorEvent?: (uow: UnitOfWork, orderId: string, event: TransitionEvent) => Promise<void>;
}

export async function ordersRoutes(app: App, { db, trackingPushOf, beforeOperatorEvent }: OrdersRoutesOptions) {
  const tags = ['orders'];
  const detail = { 200: envelopeOf(OrderDetailSchema) };
  const user = (userId: string): Actor => ({ type: 'user', id: userId });

  app.get(
    '/p/orders',
    { schema: { tags, querystring: OrderListQuery, response: { 200: envelopeOf(pageOf(OrderSummarySchema)) } } },
    async (req) => ok(await listOrders(db, req.session.userId, req.query, req.locale)),
  );
  app.get(
    '/p/orders/counts',
    { schema: { tags, querystring: OrderCountsQuery, response: { 200: envelopeOf(OrderCountsSchema) } } },
    async (req) => ok(await countOrders(db, req.session.userId, req.query)),
  );
  /** The detail with a store order's tracking push beside it (null for others). */
  const withPush = async (order: OrderDetail): Promise<OrderDetail> =>
    order.source === 'store' && trackingPushOf ? { ...order, trackingPush: await trackingPushOf(db, order.id) } : order;
  app.get('/p/orders/:id', { schema: { tags, params: OrderIdParams, response: detail } }, async (req) =>
    ok(
      await withPush(
        await getOrder(db, req.params.id, { userId: req.session.userId, actor: 'user', locale: req.locale }),
      ),
    ),
  );

  /** A user's event on their own order, answered with the order as it now is. */
  const userEvent = (path: string, event: TransitionEvent) =>
    app.post(path, { schema: { tags, params: OrderIdParams, response: detail } }, async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        const userId = req.session.userId;
        await transition(uow, req.params.id, event, user(userId), {}, { ownerId: userId });
        return ok(await getOrder(uow.tx, req.params.id, { userId, actor: 'user', locale: req.locale }));
      }),
    );
  userEvent('/p/orders/:id/trash', 'trash');
  userEvent('/p/orders/:id/abnormal/resolve', 'resolve-abnormal');
  userEvent('/p/orders/:id/abnormal/ignore', 'ignore-abnormal');

  app.post(
    '/p/orders/restore',
    { schema: { tags, body: RestoreOrdersBody, response: { 200: envelopeOf(RestoreResultSchema) } } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        const userId = req.session.userId;
        return ok({ restored: await restoreOrders(uow, req.body.ids, user(userId), { ownerId: userId }) });
      }),
  );
  app.post(
    '/p/orders/:id/split',
    {
      schema: {
        tags,
        params: OrderIdParams,
        body: SplitOrderBody,
        response: {
          200: envelopeOf(z.object({ children: z.array(OrderSummarySchema.pick({ id: true, number: true })) })),
        },
      },
    },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        const userId = req.session.userId;
        const children = await splitOrder(uow, req.params.id, req.body, user(userId), { ownerId: userId });
        return ok({ children: children.map((c) => ({ id: c.id, number: c.number })) });
      }),
  );
  app.post(
    '/p/orders/:id/reset-split',
    { schema: { tags, params: OrderIdParams, response: detail } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        const userId = req.session.userId;
        await resetSplit(uow, req.params.id, user(userId), { ownerId: userId });
        return ok(await getOrder(uow.tx, req.params.id, { userId, actor: 'user', locale: req.locale }));
      }),
  );

  const adminTags = ['admin', 'orders'];
  app.get(
    '/admin/orders',
    {
      schema: {
        tags: adminTags,
        querystring: AdminOrderListQuery,
        response: { 200: envelopeOf(pageOf(AdminOrderSchema)) },
      },
    },
    async (req) => ok(await listAdminOrders(db, req.query, req.locale)),
  );
  app.get('/admin/orders/:id', { schema: { tags: adminTags, params: OrderIdParams, response: detail } }, async (req) =>
    ok(await withPush(await getOrder(db, req.params.id, { actor: 'operator', locale: req.locale }))),
  );

  /** An operator's event, answered with the order as the operator sees it. */
  const operatorEvent = <B extends z.ZodType>(
    path: string,
    event: TransitionEvent,
    body: B | undefined,
    data: (b: z.infer<B>) => TransitionData,
  ) =>
    app.post(
      path,
      { schema: { tags: adminTags, params: OrderIdParams, ...(body ? { body } : {}), response: detail } },
      async (req, reply) =>
        idempotent(db, req, reply, async (uow) => {
          await beforeOperatorEvent?.(uow, req.params.id, event);
          await transition(
            uow,
            req.params.id,
            event,
            { type: 'operator', id: req.session.userId },
            data(req.body as z.infer<B>),
          );
          return ok(await getOrder(uow.tx, req.params.id, { actor: 'operator', locale: req.locale }));
        }),
    );
  operatorEvent('/admin/orders/:id/purchase', 'purchase', undefined, () => ({}));
  operatorEvent('/admin/orders/:id/ship', 'ship', ShipOrderBody, (b) => ({
    carrier: b.carrier,
    trackingNumber: b.trackingNumber,
  }));
  operatorEvent('/admin/orders/:id/tracking', 'update-tracking', ShipOrderBody, (b) => ({
    carrier: b.carrier,
    trackingNumber: b.trackingNumber,
  }));
  operatorEvent('/admin/orders/:id/deliver', 'deliver', undefined, () => ({}));
  operatorEvent('/admin/orders/:id/abnormal', 'mark-abnormal', AbnormalOrderBody, (b) => ({ reason: b.reason }));
}
