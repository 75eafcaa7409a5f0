import { AliExpressCallbackBody, AuthorizeAnswerSchema, type Locale, StoreSchema, envelopeOf } from '@dsm/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import type { App } from '../../platform/types';
import { completeAliExpressCallback, startAliExpressAuthorize } from './stores.aliexpress';
import { storeOf } from './stores.service';

/**
 * Connecting an AliExpress store (decision 0100): the authorize URL with a state bound to the
 * caller, and the callback the SPA's /aliexpressstatus posts `code` and `state` to.
 */
export async function aliexpressStoreRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  const tags = ['stores'];
  const appOrigin = (req: FastifyRequest) =>
    config.publicUrl ?? `${req.protocol}://${req.headers.host ?? `127.0.0.1:${config.port}`}`;

  app.post(
    '/p/stores/aliexpress/authorize',
    { schema: { tags, response: { 200: envelopeOf(AuthorizeAnswerSchema) } } },
    async (req) => ok({ url: await startAliExpressAuthorize(db, config, req.session.userId, appOrigin(req)) }),
  );

  app.post(
    '/p/stores/aliexpress/callback',
    { schema: { tags, body: AliExpressCallbackBody, response: { 200: envelopeOf(StoreSchema) } } },
    async (req) => {
      const id = await completeAliExpressCallback(db, config, req.session.userId, req.body);
      return ok(await storeOf(db, req.session.userId, id, req.locale as Locale));
    },
  );
}
