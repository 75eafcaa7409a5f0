import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3 generated from the route schemas: UI at /api/docs, document at /api/openapi.json. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Marketplace API',
        version: '0.1.0',
        description:
          'Every response is the envelope {code, data, msg, success}; success is code "00000". ' +
          'Calls under /api/p need a session token (Authorization header or cookie); /api/admin needs the operator role.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: (input) => documentMultipart(input.schema, jsonSchemaTransform(input)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/**
 * A multipart route (platform/multipart.ts) has no body schema: its parser hands the handler
 * files, which no JSON schema validates. Without one the document would not show that it takes a
 * body at all, so its `file` field is described here, for the document only (the route itself
 * still has no body validation). The upload tests find upload routes by it.
 */
function documentMultipart<T extends { schema: unknown }>(route: unknown, out: T): T {
  const consumes = (route as { consumes?: string[] } | undefined)?.consumes ?? [];
  const schema = out.schema as Record<string, unknown> | undefined;
  if (!schema || schema.body || !consumes.includes('multipart/form-data')) return out;
  const body = { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] };
  return { ...out, schema: { ...schema, body } };
}
