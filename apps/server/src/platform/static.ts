import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERRORS, translate } from '@dsm/contract';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and
 * every non-API GET that is not a file answered with index.html so the SPA router takes over.
 * Unknown /api paths answer the envelope's not-found.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each asset; send those to clients that accept them.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/');
    // A missing hashed asset (an old tab after a deploy) must fail as a 404, not as index.html
    // served with the wrong type: the web app then offers to reload.
    const isAsset = req.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(fail(ERRORS.NOT_FOUND.code, translate(req.locale ?? 'en-US', 'errors.route-not-found')));
  });
}
