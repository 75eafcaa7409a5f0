import { type Locale, resolveLocale } from '@dsm/contract';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's interface language, from Accept-Language (en-US for anything else). */
    locale: Locale;
  }
}

/**
 * Accept-Language → locale, remembered: browsers send a handful of distinct headers, and parsing
 * one (split, sort by q) on every request is wasted work. Bounded so odd headers cannot grow it.
 */
const known = new Map<string, Locale>();
function localeOf(header: string | undefined): Locale {
  if (!header) return resolveLocale(header);
  let locale = known.get(header);
  if (locale === undefined) {
    locale = resolveLocale(header);
    if (known.size >= 500) known.clear();
    known.set(header, locale);
  }
  return locale;
}

export const localePlugin = fp(
  async (app) => {
    app.decorateRequest('locale', 'en-US');
    // A callback hook: no promise per request on the hottest path.
    app.addHook('onRequest', (req, _reply, next) => {
      req.locale = localeOf(req.headers['accept-language']);
      next();
    });
  },
  { name: 'locale' },
);
