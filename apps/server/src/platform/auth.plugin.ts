import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

export const SESSION_COOKIE = 'dsm_session';

export interface RequestSession {
  sessionId: string;
  userId: string;
  role: 'user' | 'operator' | 'agent';
  /**
   * The user's saved language (null: never chosen), read with the session at no extra cost, so
   * a use case that writes in the user's language (an invoice) need not look it up again.
   */
  locale: string | null;
  token: string;
}

export interface AuthOptions {
  /**
   * Looks a token up; null when unknown, expired, ended or the user is disabled. `renewed` says
   * the session's expiry slid forward on this use.
   */
  resolve(token: string): Promise<(Omit<RequestSession, 'token'> & { renewed?: boolean }) | null>;
  /** Re-sends the session cookie with a fresh lifetime, so a cookie client slides with the session. */
  renewCookie?(reply: FastifyReply, token: string): void;
  /** Origins allowed for cookie-authenticated writes besides the request's own host. */
  trustedOrigins: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An /api/admin route an agent may call too (decision 0127). */
    agents?: boolean;
  }
  interface FastifyRequest {
    /** The caller's session, looked up once per request; null for a visitor. */
    getSession(): Promise<RequestSession | null>;
    /** The session of a guarded route (/api/p, /api/admin): always present there. */
    session: RequestSession;
  }
}

/** The token from `Authorization` (raw or Bearer), else from the HttpOnly cookie. */
function readToken(req: FastifyRequest): { token: string; viaCookie: boolean } | null {
  const header = req.headers.authorization?.trim();
  if (header) {
    const token = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : header;
    if (token) return { token, viaCookie: false };
  }
  const cookie = req.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, viaCookie: true } : null;
}

/**
 * The operator reaches every /api/admin route; an agent (decision 0127) only those declared with
 * `config: { agents: true }`, whose services then limit the agent to their assigned users.
 */
function staffMayUse(role: RequestSession['role'], req: FastifyRequest): boolean {
  if (role === 'operator') return true;
  return role === 'agent' && req.routeOptions.config?.agents === true;
}

type SessionRequest = FastifyRequest & { _session?: Promise<RequestSession | null>; _renewCookie?: boolean };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A browser sends cookies on cross-site form posts; Authorization headers it does not. So a
 * state-changing request authenticated by the cookie must come from our own origin.
 */
function isSameOrigin(req: FastifyRequest, trusted: string[]): boolean {
  const origin = req.headers.origin ?? req.headers.referer;
  if (!origin) return false;
  try {
    const o = new URL(origin);
    return o.host === req.headers.host || trusted.includes(o.origin);
  } catch {
    // A malformed Origin or Referer is no proof of our own origin: refused, never a 500.
    return false;
  }
}

/**
 * Which guarded area a request is in, judged by the route the router matched, not by the raw URL:
 * the router decodes %-escapes before matching, so `/api/%61dmin/users` reaches an admin route
 * while its raw URL does not start with `/api/admin/`. An unmatched path (a 404) is judged by its
 * decoded path, so `/api/p/anything` still asks for a session first.
 */
function guardedArea(req: FastifyRequest): 'user' | 'admin' | null {
  let path = req.routeOptions.url;
  if (path === undefined) {
    const raw = req.url.split('?')[0] ?? '';
    try {
      path = decodeURIComponent(raw);
    } catch {
      path = raw;
    }
  }
  if (path.startsWith('/api/p/')) return 'user';
  if (path.startsWith('/api/admin/')) return 'admin';
  return null;
}

export const authPlugin = fp<AuthOptions>(
  async (app, opts) => {
    app.decorateRequest('session', null as unknown as RequestSession);
    app.decorateRequest('getSession', function (this: FastifyRequest) {
      const self = this as SessionRequest;
      self._session ??= (async () => {
        const found = readToken(self);
        if (!found) return null;
        if (found.viaCookie && !SAFE_METHODS.has(self.method) && !isSameOrigin(self, opts.trustedOrigins)) {
          throw AppError.forbidden('errors.cross-site');
        }
        const s = await opts.resolve(found.token);
        if (!s) return null;
        self._renewCookie = found.viaCookie && Boolean(s.renewed);
        return { sessionId: s.sessionId, userId: s.userId, role: s.role, locale: s.locale, token: found.token };
      })();
      return self._session;
    });

    // A callback hook, so the public routes (most traffic) pay no promise; guarded ones wait
    // for the session lookup.
    app.addHook('onRequest', (req, reply, next) => {
      const area = guardedArea(req);
      if (!area) return next();
      req.getSession().then((session) => {
        if (!session) return next(AppError.sessionInvalid());
        if ((req as SessionRequest)._renewCookie) opts.renewCookie?.(reply, session.token);
        if (area === 'admin' && !staffMayUse(session.role, req)) return next(AppError.forbidden());
        req.session = session;
        next();
      }, next);
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);
