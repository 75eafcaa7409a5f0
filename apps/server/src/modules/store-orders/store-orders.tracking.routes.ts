import { OrderDetailSchema, OrderIdParams, envelopeOf } from '@dsm/contract';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import { getOrder } from '../orders/orders.service';
import { retryTrackingPush, trackingPushOf } from './store-orders.tracking';

/**
 * Retry of a store order's tracking push (decision 0115): the owner's (own orders only, another
 * user's → 404) and the operator's. Each answers the order's detail with the push as it now is.
 */
export async function storeOrdersTrackingRoutes(app: App, { db }: { db: Db }) {
  const response = { 200: envelopeOf(OrderDetailSchema) };
  app.post(
    '/p/orders/:id/tracking-push/retry',
    { schema: { tags: ['orders'], params: OrderIdParams, response } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        const userId = req.session.userId;
        await retryTrackingPush(uow, req.params.id, { ownerId: userId });
        const order = await getOrder(uow.tx, req.params.id, { userId, actor: 'user', locale: req.locale });
        return ok({ ...order, trackingPush: await trackingPushOf(uow.tx, order.id) });
      }),
  );
  app.post(
    '/admin/orders/:id/tracking-push/retry',
    { schema: { tags: ['admin', 'orders'], params: OrderIdParams, response } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await retryTrackingPush(uow, req.params.id);
        const order = await getOrder(uow.tx, req.params.id, { actor: 'operator', locale: req.locale });
        return ok({ ...order, trackingPush: await trackingPushOf(uow.tx, order.id) });
      }),
  );
}
