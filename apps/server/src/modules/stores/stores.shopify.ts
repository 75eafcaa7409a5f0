import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ShopifyCallbackBody, ShopifyInstallBody } from '@dsm/contract';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import {
  ShopifyAdmin,
  exchangeShopifyCode,
  isShopDomain,
  shopifyInstallUrl,
  tokensToCredentials,
  verifyShopifyQuery,
  type ShopifyTokens,
} from '../../connectors/stores/shopify';
import { StorePlatformError } from '../../connectors/stores/store-platform';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { inTransaction } from '../../platform/unit-of-work';
import { expiryColumnsOf } from './stores.clients';
import { assertAddressFree, isUniqueViolation, ownStore } from './stores.service';
import { sealCredentials } from './stores.secrets';
import { shopifyAppOf } from './stores.shopify.platform';
import { runStoreChange } from './stores.hooks';
import { queueSync } from './stores.sync';
import { storeAuthorizations, stores } from './stores.tables';

/** How long a started authorization may take (decision 0100). */
const AUTHORIZATION_MINUTES = 10;
const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

function appOrFail(config: Config) {
  const app = shopifyAppOf(config);
  if (!app || !config.shopify)
    throw AppError.business('store-platform-not-configured', 'stores.platform-not-configured', { platform: 'Shopify' });
  return { app, settings: config.shopify };
}

/** The secrets a signed query or webhook may be made with: the current one, and the previous during a rotation. */
export function shopifySecrets(config: Config): string[] {
  const s = config.shopify;
  return s ? [s.apiSecret, ...(s.previousApiSecret ? [s.previousApiSecret] : [])] : [];
}

/**
 * The App URL's install query may wait for a visitor to log in first (decision 0100: the flow
 * continues after login), longer than the callback's 90 s. Replaying it only starts an install
 * the shop's owner must still approve on Shopify; the callback, which carries the code, keeps 90 s.
 */
const INSTALL_QUERY_TOLERANCE_SECONDS = AUTHORIZATION_MINUTES * 60;

/** A signed query that fails a check → the owner's words for it (decision 0100's reasons). */
function verified(config: Config, query: Record<string, string>, toleranceSeconds?: number) {
  const check = verifyShopifyQuery(query, shopifySecrets(config), new Date(), toleranceSeconds);
  if (check.ok) return check;
  if (check.reason === 'shop') throw AppError.business('store-authorization-failed', 'stores.shop-invalid');
  if (check.reason === 'timestamp')
    throw AppError.business('store-authorization-expired', 'stores.authorization-expired');
  throw AppError.business('store-authorization-failed', 'stores.authorization-failed');
}

/**
 * What an owner types for a shop: `my-shop`, `My-Shop.myshopify.com`, `https://my-shop.myshopify.com/admin`,
 * `admin.shopify.com/store/my-shop` → `my-shop.myshopify.com`; anything else is not a shop domain.
 */
export function normaliseShop(input: string): string | null {
  let s = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '');
  // The new admin's address names the shop in its path: admin.shopify.com/store/my-shop.
  const admin = /^admin\.shopify\.com\/store\/([a-z0-9][a-z0-9-]*)/.exec(s);
  s = admin ? admin[1]! : s.replace(/[/?#].*$/, '');
  if (/^[a-z0-9][a-z0-9-]*$/.test(s)) s = `${s}.myshopify.com`;
  return isShopDomain(s) ? s : null;
}

/**
 * POST /p/stores/shopify/install. From Shopify's admin (the App URL, via the SPA's
 * /redirectShopify) the signed query is verified first and names the shop; from our own form the
 * typed shop is normalised. A nonce bound to the caller (hashed, 10 minutes, used once) becomes
 * `state`; the answer is the shop's authorize page, which returns to the SPA's /authensuccess.
 */
export async function startShopifyInstall(
  db: Db,
  config: Config,
  userId: string,
  body: ShopifyInstallBody & { storeId?: string },
  appOrigin: string,
): Promise<string> {
  const { app, settings } = appOrFail(config);
  let shop: string;
  if (body.query) {
    shop = verified(config, body.query, INSTALL_QUERY_TOLERANCE_SECONDS).shop;
  } else {
    const typed = normaliseShop(body.shop);
    if (!typed) throw AppError.invalid([{ field: 'shop', messageKey: 'stores.shop-invalid' }]);
    shop = typed;
  }
  // The caller's own live store for this shop is re-authorized in place; another user's is taken.
  const [mine] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.userId, userId), eq(stores.platform, 'shopify'), eq(stores.address, shop)))
    .orderBy(desc(stores.createdAt))
    .limit(1);
  const storeId = body.storeId ?? mine?.id;
  await assertAddressFree(db, 'shopify', shop, storeId);
  const nonce = randomBytes(24).toString('base64url');
  await db.insert(storeAuthorizations).values({
    nonceHash: hashOf(nonce),
    userId,
    platform: 'shopify',
    context: { shop, ...(storeId ? { storeId } : {}) },
    expiresAt: new Date(Date.now() + AUTHORIZATION_MINUTES * 60_000),
  });
  const url = shopifyInstallUrl({
    shopUrlTemplate: app.shopUrlTemplate,
    shop,
    apiKey: app.apiKey,
    scopes: settings.scopes,
    redirectUri: `${appOrigin.replace(/\/+$/, '')}/authensuccess`,
    state: nonce,
  });
  // The demo's emulator is served by this app: the browser reaches it on the page's own origin.
  return settings.sandbox ? url.replace(/^https?:\/\/[^/]+/, '') : url;
}

/** POST /p/stores/:id/reauthorize for Shopify: the same shop's authorize page again. */
export async function reauthorizeShopify(
  db: Db,
  config: Config,
  userId: string,
  storeId: string,
  appOrigin: string,
): Promise<string> {
  const store = await ownStore(db, userId, storeId);
  return startShopifyInstall(db, config, userId, { shop: store.address, storeId }, appOrigin);
}

/** The shop's own name for the store list; the domain when it cannot be read now. */
async function shopName(config: Config, shop: string, tokens: ShopifyTokens): Promise<string> {
  try {
    const admin = new ShopifyAdmin({
      app: appOrFail(config).app,
      shop,
      tokens,
      throttle: { maxWaitMs: 2000, maxAttempts: 2 },
    });
    const data = await admin.request<{ shop: { name?: string } | null }>('{ shop { name } }');
    const name = data.shop?.name?.trim();
    return name ? name.slice(0, 100) : shop;
  } catch {
    return shop;
  }
}

/**
 * POST /p/stores/shopify/callback: the query Shopify sent to /authensuccess. Verified before
 * anything (HMAC, shop pattern, timestamp within 90 s), then `state` must be a live nonce of
 * the caller's (another user's → "You are not the current user, log in again", left unused for
 * its owner) for the same shop. The code is exchanged for an expiring offline token, the store
 * saved with its tokens sealed, and its products brought in by a job. Returns the store's id.
 */
export async function completeShopifyCallback(
  db: Db,
  config: Config,
  userId: string,
  body: ShopifyCallbackBody,
): Promise<string> {
  const { app, settings } = appOrFail(config);
  const check = verified(config, body.query);
  const state = check.values.state;
  const code = check.values.code;
  if (!state || !code) throw AppError.business('store-authorization-failed', 'stores.authorization-failed');
  const [auth] = await db
    .select()
    .from(storeAuthorizations)
    .where(
      and(
        eq(storeAuthorizations.nonceHash, hashOf(state)),
        eq(storeAuthorizations.platform, 'shopify'),
        isNull(storeAuthorizations.usedAt),
        gt(storeAuthorizations.expiresAt, new Date()),
      ),
    );
  if (!auth) throw AppError.business('store-authorization-expired', 'stores.authorization-expired');
  if (auth.userId !== userId) throw AppError.business('store-not-current-user', 'stores.not-current-user');
  if (auth.context.shop !== check.shop)
    throw AppError.business('store-authorization-failed', 'stores.authorization-failed');
  // Used once: the first callback claims it (a replayed callback finds it used).
  const claimed = await db
    .update(storeAuthorizations)
    .set({ usedAt: new Date() })
    .where(and(eq(storeAuthorizations.id, auth.id), isNull(storeAuthorizations.usedAt)))
    .returning({ id: storeAuthorizations.id });
  if (!claimed.length) throw AppError.business('store-authorization-expired', 'stores.authorization-expired');

  let tokens: ShopifyTokens;
  try {
    tokens = await exchangeShopifyCode(app, check.shop, code);
  } catch (err) {
    if (!(err instanceof StorePlatformError)) throw err;
    if (err.kind === 'auth') throw AppError.business('store-authorization-failed', 'stores.authorization-failed');
    throw AppError.business('store-unreachable', 'stores.unreachable', { detail: err.detail });
  }
  const storeId = auth.context.storeId;
  if (!storeId) await assertAddressFree(db, 'shopify', check.shop);
  const id = storeId ?? randomUUID();
  const credentials = tokensToCredentials(check.shop, tokens);
  const sealed = sealCredentials(config, id, credentials);
  const name = storeId ? null : await shopName(config, check.shop, tokens);
  const now = new Date();
  const row = {
    status: 'connected' as const,
    credentials: sealed,
    ...expiryColumnsOf(credentials),
    authorizedAt: now,
    disconnectedAt: null,
    updatedAt: now,
  };
  try {
    await inTransaction(db, async (uow) => {
      if (storeId)
        await uow.tx
          .update(stores)
          .set(row)
          .where(and(eq(stores.id, storeId), eq(stores.userId, userId)));
      else
        await uow.tx.insert(stores).values({
          id,
          userId,
          platform: 'shopify',
          name: name!,
          address: check.shop,
          sandbox: settings.sandbox ?? false,
          ...row,
        });
      await queueSync(uow, id, 'import').catch((err: unknown) => {
        if (!(err instanceof AppError)) throw err; // a sync already under way will do
      });
      // Its orders too, at once (composition.ts: store-orders queues the first import).
      await runStoreChange(uow, { kind: 'connected', storeId: id });
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw AppError.conflict('store-address-taken', 'stores.address-taken', { address: check.shop });
    throw err;
  }
  return id;
}
