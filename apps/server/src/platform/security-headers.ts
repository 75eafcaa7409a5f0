import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, computed once at start. They never change per request, yet
 * `@fastify/helmet` rebuilds its middleware on every request (CSP directives parsed each time:
 * about a tenth of the server's CPU on the hottest routes, docs/decisions/0024). Helmet stays the
 * source of the values; we only record what its middleware would write and replay it.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // Helmet's middleware is synchronous; if a future version is not, fail at start, not silently.
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Sets the precomputed security headers on every response (routes may still override one). */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>) {
  app.addHook('onRequest', (_req, reply, next) => {
    reply.headers(headers);
    next();
  });
}

/**
 * The app's helmet options. HSTS and `upgrade-insecure-requests` only when the public address is
 * https: on a plain-http install (a LAN demo, `http://localhost`) they would make browsers refuse
 * the site or rewrite its requests to an https port nothing listens on.
 */
export function securityHeaderOptions(publicUrl: string | undefined): HelmetOptions {
  const https = publicUrl?.startsWith('https:') ?? false;
  return {
    strictTransportSecurity: https,
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'script-src': ["'self'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
  };
}
