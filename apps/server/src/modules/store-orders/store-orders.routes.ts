import {
  ResolveAbnormalBody,
  StoreOrderBatchResultSchema,
  StoreOrderCountsQuery,
  StoreOrderCountsSchema,
  StoreOrderDetailSchema,
  StoreOrderIdParams,
  StoreOrderIdsBody,
  StoreOrderListQuery,
  StoreOrderPageSchema,
  StoreOrderPrivacyRequestPageSchema,
  PageQuerySchema,
  StoreOrderStoreParams,
  StoreOrderSyncStatusListSchema,
  StoreOrderSyncStatusSchema,
  envelopeOf,
} from '@dsm/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import { clearAbnormal, restoreStoreOrders, syncOrderNow, trashStoreOrders } from './store-orders.actions';
import { landedOfStoreOrder } from './store-orders.pay';
import { listPrivacyRequests } from './store-orders.privacy';
import { countStoreOrders, getStoreOrderDetail, listStoreOrders } from './store-orders.read';
import { refundStoreOrder } from './store-orders.refund';
import { syncStatuses, syncStoreNow } from './store-orders.status';

/**
 * A store owner's store orders (issue 21, /api/p: own rows only, another's → 404). State changes
 * are idempotent by key (decision 0062); "sync now" reads the store (per order, in the request)
 * or queues the store's pull, with a cool-down of seconds.
 */
export async function storeOrdersRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  const tags = ['store-orders'];
  const detail = { 200: envelopeOf(StoreOrderDetailSchema) };
  const batch = { 200: envelopeOf(StoreOrderBatchResultSchema) };

  app.get(
    '/p/store-orders',
    { schema: { tags, querystring: StoreOrderListQuery, response: { 200: envelopeOf(StoreOrderPageSchema) } } },
    async (req) => ok(await listStoreOrders(db, req.session.userId, req.query, req.locale)),
  );
  app.get(
    '/p/store-orders/counts',
    { schema: { tags, querystring: StoreOrderCountsQuery, response: { 200: envelopeOf(StoreOrderCountsSchema) } } },
    async (req) => ok(await countStoreOrders(db, req.session.userId, req.query)),
  );
  app.get(
    '/p/store-orders/sync-status',
    { schema: { tags, response: { 200: envelopeOf(StoreOrderSyncStatusListSchema) } } },
    async (req) => ok(await syncStatuses(db, req.session.userId, req.locale)),
  );
  app.post(
    '/p/store-orders/sync-status/:storeId/sync',
    { schema: { tags, params: StoreOrderStoreParams, response: { 200: envelopeOf(StoreOrderSyncStatusSchema) } } },
    async (req) => ok(await syncStoreNow(db, req.session.userId, req.params.storeId, req.locale)),
  );
  app.get('/p/store-orders/:id', { schema: { tags, params: StoreOrderIdParams, response: detail } }, async (req) =>
    ok({
      ...(await getStoreOrderDetail(db, req.session.userId, req.params.id, req.locale)),
      // What paying it would cost now, while it is payable (decision 0118).
      ...(await landedOfStoreOrder(db, config, req.session.userId, req.params.id, req.locale)),
    }),
  );
  app.post(
    '/p/store-orders/trash',
    { schema: { tags, body: StoreOrderIdsBody, response: batch } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok({ ids: await trashStoreOrders(uow, req.session.userId, req.body.ids) }),
      ),
  );
  app.post(
    '/p/store-orders/restore',
    { schema: { tags, body: StoreOrderIdsBody, response: batch } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok({ ids: await restoreStoreOrders(uow, req.session.userId, req.body.ids) }),
      ),
  );
  app.post(
    '/p/store-orders/:id/abnormal/resolve',
    { schema: { tags, params: StoreOrderIdParams, body: ResolveAbnormalBody, response: detail } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await clearAbnormal(uow, req.session.userId, req.params.id, 'resolve');
        return ok(await getStoreOrderDetail(uow.tx, req.session.userId, req.params.id, req.locale));
      }),
  );
  app.post(
    '/p/store-orders/:id/abnormal/ignore',
    { schema: { tags, params: StoreOrderIdParams, response: detail } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await clearAbnormal(uow, req.session.userId, req.params.id, 'ignore');
        return ok(await getStoreOrderDetail(uow.tx, req.session.userId, req.params.id, req.locale));
      }),
  );
  // "Refund to wallet": cancelled in the store after we were paid, before purchasing (decision 0120).
  app.post(
    '/p/store-orders/:id/refund',
    { schema: { tags, params: StoreOrderIdParams, response: detail } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await refundStoreOrder(uow, req.session.userId, req.params.id);
        return ok(await getStoreOrderDetail(uow.tx, req.session.userId, req.params.id, req.locale));
      }),
  );
  // The operator: privacy requests from the platforms and what was done (the auth plugin lets only operators in).
  app.get(
    '/admin/store-orders/privacy-requests',
    {
      schema: {
        tags: ['admin'],
        querystring: PageQuerySchema,
        response: { 200: envelopeOf(StoreOrderPrivacyRequestPageSchema) },
      },
    },
    async (req) => ok(await listPrivacyRequests(db, req.query)),
  );
  app.post(
    '/p/store-orders/:id/sync',
    { schema: { tags, params: StoreOrderIdParams, response: detail } },
    async (req) => {
      await syncOrderNow(db, config, req.session.userId, req.params.id);
      return ok(await getStoreOrderDetail(db, req.session.userId, req.params.id, req.locale));
    },
  );
}
