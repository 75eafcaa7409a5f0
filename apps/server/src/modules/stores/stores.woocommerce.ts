import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AddWooStoreBody, WooAuthorizeBody } from '@dsm/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import { WooClient, parseWooKeysCallback, wooAuthorizeUrl } from '../../connectors/stores/woocommerce';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { inTransaction } from '../../platform/unit-of-work';
import { assertAddressFree, connectError, isUniqueViolation, ownStore, resolveWooAddress } from './stores.service';
import { publicBase, sealCredentials, sealWebhookSecret } from './stores.secrets';
import { runStoreChange } from './stores.hooks';
import { queueSync } from './stores.sync';
import { storeAuthorizations, stores } from './stores.tables';

export const STORE_SUBSCRIBE_JOB = 'stores.subscribe';
/** How long a started authorization may take (decision 0100). */
const AUTHORIZATION_MINUTES = 10;
/** How long the outcome of a finished authorization can be read by the page it returns to. */
const OUTCOME_MINUTES = 60;
const APP_NAME = 'Marketplace';

const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

/** Checks the keys against the store; the mode that worked (Basic, query, OAuth) is kept with them. */
async function checkKeys(config: Config, baseUrl: string, keys: { consumerKey: string; consumerSecret: string }) {
  const client = new WooClient({ baseUrl, credentials: keys, http: config.stores?.http });
  try {
    return (await client.check()).authMode;
  } catch (err) {
    throw connectError(err);
  }
}

/**
 * Saves a connected WooCommerce store (new, or the one being re-authorized) with its keys sealed,
 * then — after commit, as jobs — subscribes to its product webhooks and imports its products.
 */
async function saveWooStore(
  db: Db,
  config: Config,
  s: {
    userId: string;
    name: string;
    address: string;
    baseUrl: string;
    sandbox: boolean;
    keys: { consumerKey: string; consumerSecret: string };
    authMode: string;
    storeId?: string;
  },
): Promise<string> {
  const id = s.storeId ?? randomUUID();
  const credentials = sealCredentials(config, id, {
    consumerKey: s.keys.consumerKey,
    consumerSecret: s.keys.consumerSecret,
    authMode: s.authMode,
  });
  const webhookSecret = sealWebhookSecret(config, id, randomBytes(32).toString('hex'));
  const now = new Date();
  try {
    await inTransaction(db, async (uow) => {
      if (s.storeId) {
        await uow.tx
          .update(stores)
          .set({
            status: 'connected',
            credentials,
            webhookSecret,
            baseUrl: s.baseUrl,
            authorizedAt: now,
            disconnectedAt: null,
            updatedAt: now,
          })
          .where(eq(stores.id, s.storeId));
      } else {
        await uow.tx.insert(stores).values({
          id,
          userId: s.userId,
          platform: 'woocommerce',
          name: s.name,
          address: s.address,
          baseUrl: s.baseUrl,
          sandbox: s.sandbox,
          credentials,
          webhookSecret,
          authorizedAt: now,
        });
      }
      await uow.enqueue({ type: STORE_SUBSCRIBE_JOB, payload: { storeId: id }, maxAttempts: 4 });
      await queueSync(uow, id, 'import').catch((err: unknown) => {
        if (!(err instanceof AppError)) throw err; // a sync already under way will do
      });
      // Its orders too, at once (composition.ts: store-orders queues the first import).
      await runStoreChange(uow, { kind: 'connected', storeId: id });
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw AppError.conflict('store-address-taken', 'stores.address-taken', { address: s.address });
    throw err;
  }
  return id;
}

/** POST /p/stores/woocommerce: by key and secret, checked against the store before saving. */
export async function addWooStore(db: Db, config: Config, userId: string, body: AddWooStoreBody): Promise<string> {
  const where = await resolveWooAddress(config, body.address);
  await assertAddressFree(db, 'woocommerce', where.address);
  const keys = { consumerKey: body.consumerKey, consumerSecret: body.consumerSecret };
  const authMode = await checkKeys(config, where.baseUrl, keys);
  return saveWooStore(db, config, { userId, name: body.name, ...where, keys, authMode });
}

/**
 * Starts WooCommerce's key-provisioning flow: a nonce bound to the user (hashed, 10 minutes,
 * used once) and the store's /wc-auth/v1/authorize URL. The store posts the keys to our callback
 * with the nonce in its path; the browser returns to the SPA's /<nonce>/redirectAccess.
 */
export async function startWooAuthorize(
  db: Db,
  config: Config,
  userId: string,
  body: WooAuthorizeBody & { storeId?: string },
  appOrigin: string,
): Promise<string> {
  const where = await resolveWooAddress(config, body.address);
  await assertAddressFree(db, 'woocommerce', where.address, body.storeId);
  const nonce = randomBytes(24).toString('base64url');
  const [auth] = await db
    .insert(storeAuthorizations)
    .values({
      nonceHash: hashOf(nonce),
      userId,
      platform: 'woocommerce',
      context: {
        name: body.name,
        address: where.address,
        baseUrl: where.baseUrl,
        sandbox: where.sandbox ? '1' : '0',
        ...(body.storeId ? { storeId: body.storeId } : {}),
      },
      expiresAt: new Date(Date.now() + AUTHORIZATION_MINUTES * 60_000),
    })
    .returning({ id: storeAuthorizations.id });
  const url = wooAuthorizeUrl({
    baseUrl: where.baseUrl,
    appName: APP_NAME,
    scope: 'read_write',
    userId: auth!.id,
    returnUrl: `${appOrigin.replace(/\/+$/, '')}/${nonce}/redirectAccess`,
    callbackUrl: `${publicBase(config)}/api/stores/woocommerce/callback/${nonce}`,
  });
  // The demo's emulator is served by this app: the browser reaches it on the page's own origin.
  return where.sandbox ? url.replace(/^https?:\/\/[^/]+/, '') : url;
}

/** POST /p/stores/:id/reauthorize for WooCommerce: its key page again, for the same store. */
export async function reauthorizeWoo(
  db: Db,
  config: Config,
  userId: string,
  storeId: string,
  appOrigin: string,
): Promise<string> {
  const store = await ownStore(db, userId, storeId);
  return startWooAuthorize(
    db,
    config,
    userId,
    { name: store.name, address: store.baseUrl ?? store.address, storeId },
    appOrigin,
  );
}

/**
 * The store's server-to-server POST of the keys to /api/stores/woocommerce/callback/<nonce>.
 * An unknown, expired or used nonce is refused. Otherwise the keys are checked against the store
 * and the outcome recorded for the returning page; the answer is 200 either way (anything else
 * makes WooCommerce show its own error instead of sending the owner back to us).
 */
export async function completeWooCallback(db: Db, config: Config, nonce: string, raw: string): Promise<void> {
  const [auth] = await db
    .select()
    .from(storeAuthorizations)
    .where(
      and(
        eq(storeAuthorizations.nonceHash, hashOf(nonce)),
        eq(storeAuthorizations.platform, 'woocommerce'),
        isNull(storeAuthorizations.usedAt),
        gt(storeAuthorizations.expiresAt, new Date()),
      ),
    );
  if (!auth) throw AppError.business('store-authorization-expired', 'stores.authorization-expired');
  const keys = parseWooKeysCallback(raw);
  if (!keys || keys.userId !== auth.id)
    throw AppError.business('store-authorization-failed', 'stores.authorization-failed');
  // Used once: the first callback claims it.
  const claimed = await db
    .update(storeAuthorizations)
    .set({ usedAt: new Date() })
    .where(and(eq(storeAuthorizations.id, auth.id), isNull(storeAuthorizations.usedAt)))
    .returning({ id: storeAuthorizations.id });
  if (!claimed.length) throw AppError.business('store-authorization-expired', 'stores.authorization-expired');
  const c = auth.context;
  let outcome: Record<string, string>;
  try {
    const authMode = await checkKeys(config, c.baseUrl!, keys);
    if (!c.storeId) await assertAddressFree(db, 'woocommerce', c.address!);
    const id = await saveWooStore(db, config, {
      userId: auth.userId,
      name: c.name!,
      address: c.address!,
      baseUrl: c.baseUrl!,
      sandbox: c.sandbox === '1',
      keys,
      authMode,
      storeId: c.storeId,
    });
    outcome = { outcome: 'connected', storeId: id };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    outcome = {
      outcome: 'failed',
      errorKey: err.messageKey,
      ...Object.fromEntries(Object.entries(err.params).map(([k, v]) => [`param.${k}`, String(v)])),
    };
  }
  await db
    .update(storeAuthorizations)
    .set({ context: { ...c, ...outcome } })
    .where(eq(storeAuthorizations.id, auth.id));
}

export interface WooAuthorizationOutcome {
  state: 'pending' | 'connected' | 'failed';
  storeId: string | null;
  errorKey: string | null;
  errorParams: Record<string, string>;
}

/**
 * What the SPA's /<nonce>/redirectAccess shows. Only the user who started the flow may read it:
 * another logged-in user → "You are not the current user, log in again".
 */
export async function wooAuthorizationOutcome(db: Db, userId: string, nonce: string): Promise<WooAuthorizationOutcome> {
  const [auth] = await db
    .select()
    .from(storeAuthorizations)
    .where(eq(storeAuthorizations.nonceHash, hashOf(nonce)));
  if (!auth || auth.createdAt.getTime() < Date.now() - OUTCOME_MINUTES * 60_000)
    throw AppError.business('store-authorization-expired', 'stores.authorization-expired');
  if (auth.userId !== userId) throw AppError.business('store-not-current-user', 'stores.not-current-user');
  const c = auth.context;
  const errorParams = Object.fromEntries(
    Object.entries(c)
      .filter(([k]) => k.startsWith('param.'))
      .map(([k, v]) => [k.slice(6), v]),
  );
  if (c.outcome === 'connected') return { state: 'connected', storeId: c.storeId!, errorKey: null, errorParams };
  if (c.outcome === 'failed')
    return { state: 'failed', storeId: null, errorKey: c.errorKey ?? 'stores.authorization-failed', errorParams };
  if (auth.expiresAt.getTime() < Date.now())
    return { state: 'failed', storeId: null, errorKey: 'stores.authorization-expired', errorParams };
  return { state: 'pending', storeId: null, errorKey: null, errorParams };
}
