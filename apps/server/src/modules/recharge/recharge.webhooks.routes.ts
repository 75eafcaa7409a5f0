import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import type { App } from '../../platform/types';
import type { PaymentProviders } from './recharge.providers';
import { handlePayPalWebhook, handleStripeWebhook } from './recharge.webhooks';

/**
 * POST /api/webhooks/paypal and /api/webhooks/stripe: public (no session; not under /api/p or
 * /api/admin), authenticated by the provider's signature over the exact bytes received. JSON
 * is therefore NOT parsed in this scope: the body arrives as a Buffer.
 */
export async function rechargeWebhookRoutes(app: App, { db, providers }: { db: Db; providers: PaymentProviders }) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const raw = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
  const schema = { tags: ['webhooks'], hide: true };

  app.post('/webhooks/paypal', { schema }, async (req) => {
    await handlePayPalWebhook(db, providers, req.headers, raw(req.body).toString('utf8'), req.log);
    return ok(null);
  });
  app.post('/webhooks/stripe', { schema }, async (req) => {
    await handleStripeWebhook(db, providers, req.headers['stripe-signature'], raw(req.body), req.log);
    return ok(null);
  });
}
