import { ERRORS, translate } from '@dsm/contract';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope';

/**
 * While the server shuts down (SIGTERM), a request that arrives on a kept-alive connection is
 * refused with 503 in the envelope, in the caller's language, and `Connection: close`; Fastify's
 * own refusal (`return503OnClosing`, turned off in app.ts) has a body that is not the envelope.
 * Requests already running finish before the database closes. Register after the locale plugin.
 */
export function refuseWhileClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', (req, reply, next) => {
    if (!closing) return next();
    void reply
      .header('connection', 'close')
      .header('retry-after', '5')
      .status(503)
      .type('application/json; charset=utf-8')
      .send(fail(ERRORS.SERVER_ERROR.code, translate(req.locale, 'errors.service-unavailable')));
  });
}
