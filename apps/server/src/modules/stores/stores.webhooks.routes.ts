import { ERRORS } from '@dsm/contract';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { fail, ok } from '../../platform/envelope';
import type { App } from '../../platform/types';
import { handleWooWebhook } from './stores.webhooks';
import { completeWooCallback } from './stores.woocommerce';

/**
 * Public routes a store calls (no session): WooCommerce's key callback and its webhooks. Bodies
 * are read raw in this scope: signatures are over the exact bytes, the ping is form-encoded and
 * the key callback's JSON comes with `application/json;charset=…`.
 */
export async function storesWebhookRoutes(app: App, { db, config }: { db: Db; config: Config }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const raw = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
  const schema = { tags: ['webhooks'], hide: true };

  app.post(
    '/stores/woocommerce/callback/:nonce',
    { schema: { ...schema, params: z.object({ nonce: z.string().min(1).max(100) }) } },
    async (req) => {
      await completeWooCallback(db, config, req.params.nonce, raw(req.body).toString('utf8'));
      return ok(null);
    },
  );

  app.post(
    '/webhooks/woocommerce/:storeId',
    { schema: { ...schema, params: z.object({ storeId: z.string().max(40) }) } },
    async (req, reply) => {
      const answer = await handleWooWebhook(db, config, req.params.storeId, req.headers, raw(req.body));
      if (answer === 'bad-signature') return reply.status(401).send(fail(ERRORS.FORBIDDEN.code, 'invalid signature'));
      return ok(null);
    },
  );
}
