import {
  ConnectBody,
  ConnectionChangeSchema,
  DisconnectBody,
  OrderIdParams,
  StoreProductQuery,
  StoreProductSchema,
  SuggestionSchema,
  UndoBody,
  envelopeOf,
  pageOf,
} from '@dsm/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import {
  connectVariants,
  disconnectVariants,
  getHistory,
  getStoreProduct,
  getSuggestions,
  listStoreProducts,
  undoLastChange,
} from './connections.service';

/**
 * A store owner's store products and their connections to catalogue SKUs (/api/p: own rows
 * only). Writes are idempotent by key (decision 0062) and answer the store product after the
 * change.
 */
export async function connectionsRoutes(app: App, { db }: { db: Db }) {
  const tags = ['connections'];
  const params = OrderIdParams;
  const one = { 200: envelopeOf(StoreProductSchema) };

  app.get(
    '/p/store-products',
    { schema: { tags, querystring: StoreProductQuery, response: { 200: envelopeOf(pageOf(StoreProductSchema)) } } },
    async (req) => ok(await listStoreProducts(db, req.session.userId, req.query, req.locale)),
  );
  app.get('/p/store-products/:id', { schema: { tags, params, response: one } }, async (req) =>
    ok(await getStoreProduct(db, req.session.userId, req.params.id, req.locale)),
  );
  app.get(
    '/p/store-products/:id/suggestions',
    { schema: { tags, params, response: { 200: envelopeOf(z.array(SuggestionSchema)) } } },
    async (req) => ok(await getSuggestions(db, req.session.userId, req.params.id, req.locale)),
  );
  app.get(
    '/p/store-products/:id/history',
    { schema: { tags, params, response: { 200: envelopeOf(z.array(ConnectionChangeSchema)) } } },
    async (req) => ok(await getHistory(db, req.session.userId, req.params.id, req.locale)),
  );
  app.post(
    '/p/store-products/:id/connections',
    { schema: { tags, params, body: ConnectBody, response: one } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(await connectVariants(uow, req.session.userId, req.params.id, req.body, req.locale)),
      ),
  );
  app.post(
    '/p/store-products/:id/disconnect',
    { schema: { tags, params, body: DisconnectBody, response: one } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(await disconnectVariants(uow, req.session.userId, req.params.id, req.body, req.locale)),
      ),
  );
  app.post(
    '/p/store-products/:id/undo',
    { schema: { tags, params, body: UndoBody, response: one } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(await undoLastChange(uow, req.session.userId, req.params.id, req.body.changeId, req.locale)),
      ),
  );
}
