import {
  ApproveRepriceBody,
  ApprovedRepriceSchema,
  CreateListingsBody,
  CreatedListingsSchema,
  ListingIdParams,
  ListingListQuery,
  ListingListSchema,
  ListingQuoteBody,
  ListingQuoteSchema,
  ListingSchema,
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
import { relist, rollBack } from './listings.actions';
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
  app.get('/p/listings/:id', { schema: { tags, params: ListingIdParams, response: one } }, async (req) =>
    ok(await getListing(db, req.session.userId, req.params.id, req.locale)),
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
