import {
  AdminPriceDifferenceListQuery,
  AdminPriceDifferenceSchema,
  CancelPriceDifferenceBody,
  OrderIdParams,
  PriceDifferenceListQuery,
  PriceDifferenceSchema,
  RaisePriceDifferenceBody,
  RaisePriceDifferenceByNumberBody,
  envelopeOf,
  pageOf,
  toMinor,
} from '@dsm/contract';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import {
  cancelPriceDifference,
  listAdminPriceDifferences,
  listPriceDifferences,
  payPriceDifference,
  raisePriceDifference,
  raisePriceDifferenceByNumber,
} from './price-differences.service';

/**
 * The user's price differences (/api/p: own rows only, another user's → 404) and the operator's
 * (/api/admin). Every write is idempotent by key (decision 0062) and answers the difference.
 */
export async function priceDifferencesRoutes(app: App, { db }: { db: Db }) {
  const tags = ['price-differences'];
  const one = { 200: envelopeOf(PriceDifferenceSchema) };

  app.get(
    '/p/price-differences',
    {
      schema: {
        tags,
        querystring: PriceDifferenceListQuery,
        response: { 200: envelopeOf(pageOf(PriceDifferenceSchema)) },
      },
    },
    async (req) => ok(await listPriceDifferences(db, req.session.userId, req.query)),
  );
  app.post(
    '/p/price-differences/:id/pay',
    { schema: { tags, params: OrderIdParams, response: one } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => ok(await payPriceDifference(uow, req.params.id, req.session.userId))),
  );

  const adminTags = ['admin', 'price-differences'];
  app.get(
    '/admin/price-differences',
    {
      schema: {
        tags: adminTags,
        querystring: AdminPriceDifferenceListQuery,
        response: { 200: envelopeOf(pageOf(AdminPriceDifferenceSchema)) },
      },
    },
    async (req) => ok(await listAdminPriceDifferences(db, req.query)),
  );
  app.post(
    '/admin/orders/:id/price-difference',
    { schema: { tags: adminTags, params: OrderIdParams, body: RaisePriceDifferenceBody, response: one } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(
          await raisePriceDifference(
            uow,
            req.params.id,
            { amountMinor: toMinor(req.body.amount), reason: req.body.reason },
            req.session.userId,
          ),
        ),
      ),
  );
  app.post(
    '/admin/price-differences',
    { schema: { tags: adminTags, body: RaisePriceDifferenceByNumberBody, response: one } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(
          await raisePriceDifferenceByNumber(
            uow,
            req.body.orderNumber,
            { amountMinor: toMinor(req.body.amount), reason: req.body.reason },
            req.session.userId,
          ),
        ),
      ),
  );
  app.post(
    '/admin/price-differences/:id/cancel',
    { schema: { tags: adminTags, params: OrderIdParams, body: CancelPriceDifferenceBody, response: one } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(await cancelPriceDifference(uow, req.params.id, req.session.userId, req.body.reason)),
      ),
  );
}
