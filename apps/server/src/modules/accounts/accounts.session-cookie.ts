import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';
import { SESSION_COOKIE } from '../../platform/auth.plugin';

/** HttpOnly so scripts cannot read it; Lax so it rides top-level navigations but not cross-site posts. */
function attributes(config: Pick<Config, 'publicUrl'>) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: Boolean(config.publicUrl?.startsWith('https:')),
  };
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
  config: Pick<Config, 'publicUrl'>,
) {
  reply.setCookie(SESSION_COOKIE, token, { ...attributes(config), maxAge: maxAgeSeconds });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>) {
  reply.clearCookie(SESSION_COOKIE, attributes(config));
}
