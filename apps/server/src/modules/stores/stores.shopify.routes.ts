import {
  AuthorizeAnswerSchema,
  ERRORS,
  type Locale,
  ShopifyCallbackBody,
  ShopifyInstallBody,
  StoreSchema,
  envelopeOf,
} from '@dsm/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { fail, ok } from '../../platform/envelope';
import type { App } from '../../platform/types';
import { storeOf } from './stores.service';
import { completeShopifyCallback, startShopifyInstall } from './stores.shopify';
import { handleShopifyPrivacyWebhook, handleShopifyWebhook } from './stores.shopify.webhooks';

/**
 * Shopify's install and callback (signed queries the SPA's /redirectShopify and /authensuccess
 * pass on untouched; the caller's session owns the flow). Re-authorizing goes through
 * POST /p/stores/:id/reauthorize in stores.routes.ts.
 */
export async function shopifyStoreRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  const tags = ['stores'];
  const appOrigin = (req: FastifyRequest) =>
    config.publicUrl ?? `${req.protocol}://${req.headers.host ?? `127.0.0.1:${config.port}`}`;

  app.post(
    '/p/stores/shopify/install',
    { schema: { tags, body: ShopifyInstallBody, response: { 200: envelopeOf(AuthorizeAnswerSchema) } } },
    async (req) => ok({ url: await startShopifyInstall(db, config, req.session.userId, req.body, appOrigin(req)) }),
  );

  app.post(
    '/p/stores/shopify/callback',
    { schema: { tags, body: ShopifyCallbackBody, response: { 200: envelopeOf(StoreSchema) } } },
    async (req) => {
      const id = await completeShopifyCallback(db, config, req.session.userId, req.body);
      return ok(await storeOf(db, req.session.userId, id, req.locale as Locale));
    },
  );
}

/**
 * Shopify's webhooks (public, no session). Bodies are read raw in this scope: the signature is
 * over the exact bytes. A bad signature is 401 (required for the privacy topics; harmless for
 * the others: Shopify retries, a forger learns nothing).
 */
export async function shopifyWebhookRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const raw = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
  const schema = { tags: ['webhooks'], hide: true };

  app.post('/webhooks/shopify', { schema }, async (req, reply) => {
    const answer = await handleShopifyWebhook(db, config, req.headers, raw(req.body));
    if (answer === 'bad-signature') return reply.status(401).send(fail(ERRORS.FORBIDDEN.code, 'invalid signature'));
    return ok(null);
  });

  app.post('/webhooks/shopify/privacy', { schema }, async (req, reply) => {
    const answer = await handleShopifyPrivacyWebhook(db, config, req.headers, raw(req.body));
    if (answer === 'bad-signature') return reply.status(401).send(fail(ERRORS.FORBIDDEN.code, 'invalid signature'));
    return ok(null);
  });
}
