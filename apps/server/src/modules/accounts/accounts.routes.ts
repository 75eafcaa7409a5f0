import {
  CountryListSchema,
  LoginBody,
  LoginResultSchema,
  RegisterBody,
  ResetPasswordBody,
  SendResetCodeBody,
  UpdateProfileBody,
  UserProfileSchema,
  envelopeOf,
} from '@dsm/contract';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { Mailer } from '../../platform/mail/mailer';
import type { App } from '../../platform/types';
import { addressRoutes } from './accounts.address.routes';
import { adminUserRoutes } from './accounts.admin-users.routes';
import { withUncommonPassword } from './accounts.common-passwords';
import { listCountries, withKnownCountry } from './accounts.countries';
import { logIn } from './accounts.login.service';
import { withAnswerFloor } from './accounts.answer-floor';
import { requestResetCode, resetPassword } from './accounts.password-reset.service';
import { getProfile, updateProfile } from './accounts.profile.service';
import { register } from './accounts.registration.service';
import { throttleRegister, throttleResetCode } from './accounts.request-throttle';
import { clearSessionCookie, setSessionCookie } from './accounts.session-cookie';
import { endSession } from './accounts.session.service';

export interface AccountsDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
}

const done = { 200: envelopeOf(z.null()) };

export async function accountsRoutes(app: App, deps: AccountsDeps) {
  const { db, config, mailer } = deps;
  const tags = ['accounts'];

  app.post(
    '/register',
    {
      schema: {
        tags,
        body: withUncommonPassword(withKnownCountry(RegisterBody)),
        response: { 200: envelopeOf(LoginResultSchema) },
      },
    },
    async (req, reply) => {
      // Before the use case and outside its transaction: a refused registration ("already
      // registered") must count too, or the throttle would not slow down address probing.
      await throttleRegister(db, req.ip, req.body.email, config.addressRequestsPerHour);
      return idempotent(
        db,
        req,
        reply,
        async (uow) => {
          const result = await register(uow, req.body, { locale: req.locale, ttlSeconds: config.sessionTtlSeconds });
          setSessionCookie(reply, result.accessToken, result.expiresIn, config);
          return ok(result);
        },
        // A replayed registration logs the caller in with the session the first request made.
        {
          onReplay: (r, answer) => setSessionCookie(r, answer.data.accessToken, answer.data.expiresIn, config),
          sealWith: config.secretKey,
        },
      );
    },
  );

  app.post(
    '/login',
    { schema: { tags, body: LoginBody, response: { 200: envelopeOf(LoginResultSchema) } } },
    async (req, reply) => {
      const result = await logIn(db, req.body, {
        ip: req.ip,
        locale: req.locale,
        ttlSeconds: config.sessionTtlSeconds,
      });
      setSessionCookie(reply, result.accessToken, result.expiresIn, config);
      return ok(result);
    },
  );

  app.post('/logout', { schema: { tags, response: done } }, async (req, reply) => {
    const session = await req.getSession();
    if (session) await endSession(db, session.sessionId);
    clearSessionCookie(reply, config);
    return ok(null);
  });

  app.post('/password/code', { schema: { tags, body: SendResetCodeBody, response: done } }, async (req) => {
    // The same answer time for every address, so timing does not tell which ones have accounts.
    await withAnswerFloor(config.resetCodeAnswerMs, async () => {
      await throttleResetCode(db, req.ip, req.body.email, config.addressRequestsPerHour);
      await requestResetCode(db, mailer, config.secretKey, req.body.email, req.locale);
    });
    return ok(null);
  });

  app.post(
    '/password/reset',
    { schema: { tags, body: withUncommonPassword(ResetPasswordBody), response: done } },
    async (req) => {
      await resetPassword(db, config.secretKey, req.body);
      return ok(null);
    },
  );

  app.get('/countries', { schema: { tags, response: { 200: envelopeOf(CountryListSchema) } } }, async (req) =>
    ok(listCountries(req.locale)),
  );

  const profile = { 200: envelopeOf(UserProfileSchema) };
  app.get('/p/user/info', { schema: { tags, response: profile } }, async (req) =>
    ok(await getProfile(db, req.session.userId)),
  );
  app.put(
    '/p/user/info',
    { schema: { tags, body: withKnownCountry(UpdateProfileBody), response: profile } },
    async (req) => ok(await updateProfile(db, req.session.userId, req.body)),
  );

  await addressRoutes(app, { db });
  await adminUserRoutes(app, { db });
}
