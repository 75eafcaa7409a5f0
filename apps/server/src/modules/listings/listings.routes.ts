import {
  ApproveRepriceBody,
  ApprovedRepriceSchema,
  CreateListingsBody,
  CreatedListingsSchema,
  DecidePriceUpdatesBody,
  DecidedPriceUpdatesSchema,
  ListingIdParams,
  ListingListQuery,
  ListingListSchema,
  ListingPatchBody,
  ListingQuoteBody,
  ListingQuoteSchema,
  ListingSchema,
  PriceUpdateListSchema,
  RepriceBody,
  RepricePreviewSchema,
  StoreRuleBody,
  StoreRuleParams,
  StoreRuleSchema,
  envelopeOf,
} from '@dsm/contract';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import { inTransaction } from '../../platform/unit-of-work';
import { relist, rollBack, setLockPrice } from './listings.actions';
import { decidePriceUpdates, listPriceUpdates } from './listings.price-updates';
import { createListings } from './listings.create';
import { quoteListing } from './listings.quote.route';
import { getListing, listListings } from './listings.read';
import { approveReprice, previewReprice } from './listings.reprice';
import { putStoreRule, storeRuleFacts, toStoreRuleDto } from './listings.rules';

/**
 * `/api/p/listings` (decision 0124): own rows only, another user's listing or store → 404.
 * Creating and approving are idempotent by key (decision 0062); relist and roll back are safe to
 * repeat by their state checks (a second call is refused, never doubled).
 */
export async function listingsRoutes(app: App, { db }: { db: Db }) {
  const tags = ['listings'];
  const one = { 200: envelopeOf(ListingSchema) };

  app.get(
    '/p/listings',
    { schema: { tags, querystring: ListingListQuery, response: { 200: envelopeOf(ListingListSchema) } } },
    async (req) => ok(await listListings(db, req.session.userId, req.query, req.locale)),
  );
  app.post(
    '/p/listings',
    { schema: { tags, body: CreateListingsBody, response: { 200: envelopeOf(CreatedListingsSchema) } } },
    async (req, reply) =>
      ok(await idempotent(db, req, reply, (uow) => createListings(uow, req.session.userId, req.body, req.locale))),
  );
  app.post(
    '/p/listings/quote',
    { schema: { tags, body: ListingQuoteBody, response: { 200: envelopeOf(ListingQuoteSchema) } } },
    async (req) => ok(await quoteListing(db, req.session.userId, req.body, req.locale)),
  );
  // Before `/:id`'s routes in reading order; Fastify matches the static path first anyway.
  app.get(
    '/p/listings/price-updates',
    { schema: { tags, response: { 200: envelopeOf(PriceUpdateListSchema) } } },
    async (req) => ok(await listPriceUpdates(db, req.session.userId, req.locale)),
  );
  app.post(
    '/p/listings/price-updates/decide',
    { schema: { tags, body: DecidePriceUpdatesBody, response: { 200: envelopeOf(DecidedPriceUpdatesSchema) } } },
    async (req, reply) =>
      ok(await idempotent(db, req, reply, (uow) => decidePriceUpdates(uow, req.session.userId, req.body))),
  );
  app.get('/p/listings/:id', { schema: { tags, params: ListingIdParams, response: one } }, async (req) =>
    ok(await getListing(db, req.session.userId, req.params.id, req.locale)),
  );
  app.patch(
    '/p/listings/:id',
    { schema: { tags, params: ListingIdParams, body: ListingPatchBody, response: one } },
    async (req) => {
      await inTransaction(db, (uow) => setLockPrice(uow, req.session.userId, req.params.id, req.body.lockPrice));
      return ok(await getListing(db, req.session.userId, req.params.id, req.locale));
    },
  );
  app.post('/p/listings/:id/relist', { schema: { tags, params: ListingIdParams, response: one } }, async (req) => {
    await inTransaction(db, (uow) => relist(uow, req.session.userId, req.params.id, req.locale));
    return ok(await getListing(db, req.session.userId, req.params.id, req.locale));
  });
  app.post('/p/listings/:id/rollback', { schema: { tags, params: ListingIdParams, response: one } }, async (req) => {
    await inTransaction(db, (uow) => rollBack(uow, req.session.userId, req.params.id, req.locale));
    return ok(await getListing(db, req.session.userId, req.params.id, req.locale));
  });

  const rule = { 200: envelopeOf(StoreRuleSchema) };
  app.get('/p/listings/rules/:storeId', { schema: { tags, params: StoreRuleParams, response: rule } }, async (req) =>
    ok(toStoreRuleDto(req.params.storeId, await storeRuleFacts(db, req.session.userId, req.params.storeId))),
  );
  app.put(
    '/p/listings/rules/:storeId',
    { schema: { tags, params: StoreRuleParams, body: StoreRuleBody, response: rule } },
    async (req) => ok(await putStoreRule(db, req.session.userId, req.params.storeId, req.body)),
  );
  app.post(
    '/p/listings/rules/:storeId/preview',
    {
      schema: { tags, params: StoreRuleParams, body: RepriceBody, response: { 200: envelopeOf(RepricePreviewSchema) } },
    },
    async (req) => ok(await previewReprice(db, req.session.userId, req.params.storeId, req.body.rule, req.locale)),
  );
  app.post(
    '/p/listings/rules/:storeId/approve',
    {
      schema: {
        tags,
        params: StoreRuleParams,
        body: ApproveRepriceBody,
        response: { 200: envelopeOf(ApprovedRepriceSchema) },
      },
    },
    async (req, reply) =>
      ok(
        await idempotent(db, req, reply, (uow) =>
          approveReprice(uow, req.session.userId, req.params.storeId, req.body, req.locale),
        ),
      ),
  );
}
