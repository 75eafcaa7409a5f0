import {
  AddWooStoreBody,
  AuthorizationNonceParams,
  AuthorizeAnswerSchema,
  type Locale,
  StoreIdParams,
  StoreProductQuery,
  StoreSchema,
  StoreSyncSchema,
  UpdateStoreBody,
  WooAuthorizationOutcomeSchema,
  WooAuthorizeBody,
  envelopeOf,
  translate,
} from '@dsm/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { ok } from '../../platform/envelope';
import type { App } from '../../platform/types';
import { reauthorizeAliExpress } from './stores.aliexpress';
import { storesOf, syncDto } from './stores.dto';
import { storeProductsOf } from './stores.queries';
import { ownStore, storeOf, unbindStore, updateStore } from './stores.service';
import { latestSync, queueSync } from './stores.sync';
import { reauthorizeShopify } from './stores.shopify';
import { addWooStore, reauthorizeWoo, startWooAuthorize, wooAuthorizationOutcome } from './stores.woocommerce';

/**
 * Store management (decision 0100, contract stores.ts): the caller's stores only (another
 * user's → not found), WooCommerce by keys or by its key page, unbind, re-authorize, and the
 * product import's start and progress. The public callback and webhooks are in
 * stores.webhooks.routes.ts (raw bodies).
 */
export async function storesRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  const tags = ['stores'];
  const one = { 200: envelopeOf(StoreSchema) };
  const locale = (req: FastifyRequest) => req.locale as Locale;
  // Where the browser comes back to (the SPA): PUBLIC_URL, else the origin this request came to.
  const appOrigin = (req: FastifyRequest) =>
    config.publicUrl ?? `${req.protocol}://${req.headers.host ?? `127.0.0.1:${config.port}`}`;

  app.get('/p/stores', { schema: { tags, response: { 200: envelopeOf(z.array(StoreSchema)) } } }, async (req) =>
    ok(await storesOf(db, req.session.userId, locale(req))),
  );

  app.patch(
    '/p/stores/:id',
    { schema: { tags, params: StoreIdParams, body: UpdateStoreBody, response: one } },
    async (req) => {
      await updateStore(db, req.session.userId, req.params.id, req.body);
      return ok(await storeOf(db, req.session.userId, req.params.id, locale(req)));
    },
  );

  app.post('/p/stores/:id/unbind', { schema: { tags, params: StoreIdParams, response: one } }, async (req) => {
    await unbindStore(db, config, req.session.userId, req.params.id);
    return ok(await storeOf(db, req.session.userId, req.params.id, locale(req)));
  });

  app.post(
    '/p/stores/:id/reauthorize',
    { schema: { tags, params: StoreIdParams, response: { 200: envelopeOf(AuthorizeAnswerSchema) } } },
    async (req) => {
      const store = await ownStore(db, req.session.userId, req.params.id);
      if (store.platform === 'aliexpress')
        return ok({ url: await reauthorizeAliExpress(db, config, req.session.userId, store.id, appOrigin(req)) });
      if (store.platform === 'shopify')
        return ok({ url: await reauthorizeShopify(db, config, req.session.userId, store.id, appOrigin(req)) });
      if (store.platform !== 'woocommerce') {
        throw AppError.business('store-platform-not-configured', 'stores.platform-not-configured', {
          platform: translate(locale(req), `stores.platforms.${store.platform}`),
        });
      }
      return ok({ url: await reauthorizeWoo(db, config, req.session.userId, store.id, appOrigin(req)) });
    },
  );

  app.post(
    '/p/stores/:id/sync',
    { schema: { tags, params: StoreIdParams, response: { 200: envelopeOf(StoreSyncSchema) } } },
    async (req) => {
      const store = await ownStore(db, req.session.userId, req.params.id);
      if (store.status === 'reauthorize')
        throw AppError.business('store-authorization-failed', 'stores.authorization-failed');
      if (store.status !== 'connected') throw AppError.business('store-disconnected', 'stores.disconnected');
      return ok(syncDto(await queueSync(db, store.id, 'import'), locale(req)));
    },
  );

  app.get(
    '/p/stores/:id/sync',
    { schema: { tags, params: StoreIdParams, response: { 200: envelopeOf(StoreSyncSchema.nullable()) } } },
    async (req) => {
      const store = await ownStore(db, req.session.userId, req.params.id);
      const sync = await latestSync(db, store.id);
      return ok(sync ? syncDto(sync, locale(req)) : null);
    },
  );

  app.post('/p/stores/woocommerce', { schema: { tags, body: AddWooStoreBody, response: one } }, async (req) => {
    const id = await addWooStore(db, config, req.session.userId, req.body);
    return ok(await storeOf(db, req.session.userId, id, locale(req)));
  });

  app.post(
    '/p/stores/woocommerce/authorize',
    { schema: { tags, body: WooAuthorizeBody, response: { 200: envelopeOf(AuthorizeAnswerSchema) } } },
    async (req) => ok({ url: await startWooAuthorize(db, config, req.session.userId, req.body, appOrigin(req)) }),
  );

  app.get(
    '/p/stores/woocommerce/authorizations/:nonce',
    {
      schema: { tags, params: AuthorizationNonceParams, response: { 200: envelopeOf(WooAuthorizationOutcomeSchema) } },
    },
    async (req) => {
      const o = await wooAuthorizationOutcome(db, req.session.userId, req.params.nonce);
      return ok({
        state: o.state,
        store: o.storeId ? await storeOf(db, req.session.userId, o.storeId, locale(req)) : null,
        error: o.errorKey ? translate(locale(req), o.errorKey, o.errorParams) : null,
      });
    },
  );

  // The store products list without connection state, until the connections module serves
  // /p/store-products with it (it registers that route; this one is for the stores screen's count check).
  app.get(
    '/p/stores/:id/products',
    { schema: { tags, params: StoreIdParams, querystring: StoreProductQuery.omit({ storeId: true, filter: true }) } },
    async (req) => {
      const store = await ownStore(db, req.session.userId, req.params.id);
      return ok(await storeProductsOf(db, req.session.userId, { ...req.query, storeId: store.id }));
    },
  );
}
