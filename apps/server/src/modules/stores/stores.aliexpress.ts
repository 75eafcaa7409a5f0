import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AliExpressCallbackBody } from '@dsm/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import {
  type AliExpressTokens,
  aliExpressAuthorizeUrl,
  createAliExpressToken,
  tokensToCredentials,
} from '../../connectors/stores/aliexpress';
import { StorePlatformError } from '../../connectors/stores/store-platform';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { inTransaction } from '../../platform/unit-of-work';
import { aliexpressApp } from './stores.aliexpress.platform';
import { expiryColumnsOf } from './stores.clients';
import { sealCredentials } from './stores.secrets';
import { isUniqueViolation, ownStore } from './stores.service';
import { runStoreChange } from './stores.hooks';
import { queueSync } from './stores.sync';
import { storeAuthorizations, stores } from './stores.tables';

/** How long a started authorization may take (decision 0100). */
const AUTHORIZATION_MINUTES = 10;
const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

function appOrRefuse(config: Config) {
  const app = aliexpressApp(config);
  if (!app)
    throw AppError.business('store-platform-not-configured', 'stores.platform-not-configured', {
      platform: 'AliExpress',
    });
  return app;
}

/** The demo's emulator: its pages are served by this app, so the browser gets a path on the page's own origin. */
export function isAliExpressSandbox(config: Config): boolean {
  return config.aliexpress?.sandbox === true;
}

/**
 * Starts the seller authorization: a `state` nonce bound to the user (hashed, 10 minutes, used
 * once) and AliExpress's authorize URL, which sends the seller back to the SPA's
 * /aliexpressstatus?code&state. `storeId` when re-authorizing a store.
 */
export async function startAliExpressAuthorize(
  db: Db,
  config: Config,
  userId: string,
  appOrigin: string,
  storeId?: string,
): Promise<string> {
  const app = appOrRefuse(config);
  const nonce = randomBytes(24).toString('base64url');
  await db.insert(storeAuthorizations).values({
    nonceHash: hashOf(nonce),
    userId,
    platform: 'aliexpress',
    context: storeId ? { storeId } : {},
    expiresAt: new Date(Date.now() + AUTHORIZATION_MINUTES * 60_000),
  });
  const url = aliExpressAuthorizeUrl(app, {
    redirectUri: `${appOrigin.replace(/\/+$/, '')}/aliexpressstatus`,
    state: nonce,
  });
  return isAliExpressSandbox(config) ? url.replace(/^https?:\/\/[^/]+/, '') : url;
}

export async function reauthorizeAliExpress(
  db: Db,
  config: Config,
  userId: string,
  storeId: string,
  appOrigin: string,
): Promise<string> {
  const store = await ownStore(db, userId, storeId);
  return startAliExpressAuthorize(db, config, userId, appOrigin, store.id);
}

/** The code → tokens, in the owner's words when it fails. */
async function exchange(config: Config, code: string): Promise<AliExpressTokens> {
  try {
    return await createAliExpressToken(appOrRefuse(config), code, config.stores?.http);
  } catch (err) {
    if (!(err instanceof StorePlatformError)) throw err;
    if (err.kind === 'unavailable' || err.kind === 'throttled')
      throw AppError.business('store-unreachable', 'stores.unreachable', { detail: err.detail });
    throw AppError.business('store-authorization-failed', 'stores.authorization-failed');
  }
}

/**
 * The SPA's /aliexpressstatus hands over `code` and `state`. The state must be one the caller
 * started: another user's → "You are not the current user, log in again"; unknown, expired or
 * used → expired. Then the code is exchanged, the seller's store saved (or the one being
 * re-authorized, or the caller's own store of that seller) with its tokens sealed, and its
 * products imported by a job.
 */
export async function completeAliExpressCallback(
  db: Db,
  config: Config,
  userId: string,
  body: AliExpressCallbackBody,
): Promise<string> {
  appOrRefuse(config);
  const [auth] = await db
    .select()
    .from(storeAuthorizations)
    .where(and(eq(storeAuthorizations.nonceHash, hashOf(body.state)), eq(storeAuthorizations.platform, 'aliexpress')));
  if (!auth) throw AppError.business('store-authorization-expired', 'stores.authorization-expired');
  if (auth.userId !== userId) throw AppError.business('store-not-current-user', 'stores.not-current-user');
  if (auth.usedAt || auth.expiresAt.getTime() < Date.now())
    throw AppError.business('store-authorization-expired', 'stores.authorization-expired');
  // Used once: the first callback claims it (a reloaded status page must not exchange twice).
  const claimed = await db
    .update(storeAuthorizations)
    .set({ usedAt: new Date() })
    .where(and(eq(storeAuthorizations.id, auth.id), isNull(storeAuthorizations.usedAt)))
    .returning({ id: storeAuthorizations.id });
  if (!claimed.length) throw AppError.business('store-authorization-expired', 'stores.authorization-expired');

  const tokens = await exchange(config, body.code);
  const address = tokens.sellerId;
  const [live] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.platform, 'aliexpress'), eq(stores.address, address), ne(stores.status, 'disconnected')));
  if (live && live.userId !== userId)
    throw AppError.conflict('store-address-taken', 'stores.address-taken', { address: tokens.account ?? address });
  const reauthorizing = auth.context.storeId ? await ownStore(db, userId, auth.context.storeId) : null;
  // Re-authorizing with another seller's account would swap the store's products under its connections.
  if (reauthorizing && reauthorizing.address !== address)
    throw AppError.business('store-authorization-failed', 'stores.authorization-failed');
  const id = reauthorizing?.id ?? live?.id ?? randomUUID();
  const creds = tokensToCredentials(tokens);
  const now = new Date();
  const row = {
    status: 'connected' as const,
    credentials: sealCredentials(config, id, creds),
    ...expiryColumnsOf(creds),
    expiryWarnedAt: null,
    authorizedAt: now,
    disconnectedAt: null,
    updatedAt: now,
  };
  try {
    await inTransaction(db, async (uow) => {
      if (reauthorizing || live) await uow.tx.update(stores).set(row).where(eq(stores.id, id));
      else {
        await uow.tx.insert(stores).values({
          id,
          userId,
          platform: 'aliexpress',
          name: tokens.account ?? `AliExpress ${address}`,
          address,
          baseUrl: null,
          sandbox: isAliExpressSandbox(config),
          ...row,
        });
      }
      await queueSync(uow, id, 'import').catch((err: unknown) => {
        if (!(err instanceof AppError)) throw err; // a sync already under way will do
      });
      // Its orders too, at once (composition.ts: store-orders queues the first import).
      await runStoreChange(uow, { kind: 'connected', storeId: id });
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw AppError.conflict('store-address-taken', 'stores.address-taken', { address: tokens.account ?? address });
    throw err;
  }
  return id;
}
