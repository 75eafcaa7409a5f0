import { ERRORS, HealthSchema, NotReadySchema, ReadySchema, envelopeOf, translate } from '@dsm/contract';
import type { Database } from '../../db/client';
import { fail, ok } from '../../platform/envelope';
import type { App } from '../../platform/types';

export async function healthRoutes(app: App, opts: { database: Database }) {
  app.get('/health', { schema: { tags: ['health'], response: { 200: envelopeOf(HealthSchema) } } }, async () =>
    ok({ status: 'up' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  // 503, not 500: a load balancer or orchestrator reads it as "not ready, try another node".
  app.get(
    '/health/ready',
    { schema: { tags: ['health'], response: { 200: envelopeOf(ReadySchema), 503: envelopeOf(NotReadySchema) } } },
    async (req, reply) => {
      try {
        await opts.database.ping();
      } catch (err) {
        req.log.error({ err }, 'database not reachable');
        return reply
          .status(503)
          .send(
            fail(ERRORS.SERVER_ERROR.code, translate(req.locale, 'errors.A00005'), { status: 'unavailable' as const }),
          );
      }
      return ok({ status: 'ready' as const, database: opts.database.kind });
    },
  );
}
