import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies through Fastify's own parser (prototype-poisoning checks included), except that an
 * empty body with a JSON content type counts as no body. Clients (fetch wrappers, proxies) send
 * `Content-Type: application/json` on a bodiless POST; Fastify refused that with 400, so
 * `POST /api/logout` left the session alive. A route that needs a body still gets "required"
 * from its schema.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(req, text, done);
  });
}
