import { jsonOf, storeFetch } from '../http.js';
import { StorePlatformError } from '../store-platform.js';
import { shopBaseUrl } from './shopify.auth.js';
import { type ShopifyApp, type ShopifyTokens, refreshShopifyToken } from './shopify.token.js';

/**
 * Admin GraphQL at the pinned version (connector-protocols.md §1.2, §1.6) for one shop: the
 * access token refreshed before it runs out (rotations handed to `onTokens` before use), a 401
 * answered by one refresh and then `auth`, and the throttle — HTTP 200 with `THROTTLED` and the
 * cost extension — answered by waiting until the bucket holds the query's cost, within a bound.
 */

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface QueryCost {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: ThrottleStatus;
}

interface GraphqlError {
  message?: string;
  extensions?: { code?: string };
}

interface GraphqlAnswer<T> {
  data?: T | null;
  errors?: GraphqlError[] | string;
  extensions?: { cost?: QueryCost };
}

export interface ShopifyAdminOptions {
  app: ShopifyApp;
  shop: string;
  tokens: ShopifyTokens;
  /** Called with rotated tokens before they are used; the caller stores them (the old refresh token no longer works). */
  onTokens?: (tokens: ShopifyTokens) => Promise<void>;
  /**
   * The tokens as stored now. Several workers may hold the same shop's tokens (an import and a
   * webhook job): before refreshing, and when a refresh is refused, the client looks whether
   * another one rotated them already, instead of spending a dead refresh token and concluding
   * the owner must re-authorize.
   */
  reloadTokens?: () => Promise<ShopifyTokens | null>;
  /** Refresh this long before the access token runs out (default 5 minutes). */
  refreshMarginMs?: number;
  /** How long one call may wait for the bucket in all (default 30 s) and how often it asks again (default 5). */
  throttle?: { maxWaitMs: number; maxAttempts: number };
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class ShopifyAdmin {
  private tokens: ShopifyTokens;
  private refreshing: Promise<void> | null = null;
  /** The bucket as the last answer described it (tests and logs read it). */
  lastCost: QueryCost | null = null;

  constructor(private readonly o: ShopifyAdminOptions) {
    this.tokens = o.tokens;
  }

  get shop(): string {
    return this.o.shop;
  }

  get currentTokens(): ShopifyTokens {
    return this.tokens;
  }

  private now(): Date {
    return this.o.now?.() ?? new Date();
  }

  private get endpoint(): string {
    return `${shopBaseUrl(this.o.app.shopUrlTemplate, this.o.shop)}/admin/api/${this.o.app.apiVersion}/graphql.json`;
  }

  private canRefresh(): boolean {
    const t = this.tokens;
    return (
      Boolean(t.refreshToken) && (t.refreshExpiresAt === null || Date.parse(t.refreshExpiresAt) > this.now().getTime())
    );
  }

  private expiresSoon(t: ShopifyTokens): boolean {
    return (
      t.accessExpiresAt !== null &&
      Date.parse(t.accessExpiresAt) - (this.o.refreshMarginMs ?? 5 * 60_000) <= this.now().getTime()
    );
  }

  /** Stored tokens newer than ours (another worker rotated them), or null. */
  private async rotatedElsewhere(): Promise<ShopifyTokens | null> {
    const stored = await this.o.reloadTokens?.().catch(() => null);
    return stored && stored.refreshToken !== this.tokens.refreshToken ? stored : null;
  }

  /**
   * One refresh at a time in this client: concurrent calls wait for it instead of spending the
   * refresh token twice. Tokens another worker rotated meanwhile are taken instead, when fresh.
   */
  async refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        const elsewhere = await this.rotatedElsewhere();
        if (elsewhere && !this.expiresSoon(elsewhere)) {
          this.tokens = elsewhere;
          return;
        }
        if (elsewhere) this.tokens = elsewhere;
        if (!this.canRefresh())
          throw new StorePlatformError(
            'shopify',
            'auth',
            'the access token ran out and there is no usable refresh token',
          );
        let next: ShopifyTokens;
        try {
          next = await refreshShopifyToken(this.o.app, this.o.shop, this.tokens.refreshToken!, this.now());
        } catch (err) {
          // Refused: another worker may have spent this refresh token a moment ago. Its rotated
          // tokens are stored right after; wait for them briefly before giving up.
          if (!(err instanceof StorePlatformError) || err.kind !== 'auth' || !this.o.reloadTokens) throw err;
          for (let i = 0; i < 3; i++) {
            await (this.o.sleep ?? defaultSleep)(200);
            const stored = await this.rotatedElsewhere();
            if (stored) {
              this.tokens = stored;
              return;
            }
          }
          throw err;
        }
        // A refresh answer without a new refresh token keeps the old one (it was not rotated).
        const merged: ShopifyTokens = next.refreshToken
          ? next
          : { ...next, refreshToken: this.tokens.refreshToken, refreshExpiresAt: this.tokens.refreshExpiresAt };
        await this.o.onTokens?.(merged);
        this.tokens = merged;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  private async freshToken(): Promise<void> {
    if (this.refreshing) await this.refreshing;
    if (this.expiresSoon(this.tokens)) await this.refresh();
  }

  /**
   * Runs a query or mutation and answers its `data`. Queries may be sent again after a timeout;
   * a mutation is not (Shopify does not de-duplicate them).
   */
  async request<T>(
    query: string,
    variables: Record<string, unknown> = {},
    options: { mutation?: boolean } = {},
  ): Promise<T> {
    const limit = this.o.throttle ?? { maxWaitMs: 30_000, maxAttempts: 5 };
    const sleep = this.o.sleep ?? defaultSleep;
    let refreshedOn401 = false;
    let waited = 0;
    for (let attempt = 1; ; attempt++) {
      await this.freshToken();
      const res = await storeFetch(
        'shopify',
        {
          method: 'POST',
          url: this.endpoint,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-shopify-access-token': this.tokens.accessToken,
          },
          body: JSON.stringify({ query, variables }),
          idempotent: !options.mutation,
        },
        this.o.app.http,
      );
      if (res.status === 401) {
        // Revoked or run out early: one refresh, then the owner must authorize again.
        if (!refreshedOn401 && this.canRefresh()) {
          refreshedOn401 = true;
          await this.refresh();
          continue;
        }
        throw new StorePlatformError('shopify', 'auth', 'the shop refused the access token', 401);
      }
      if (res.status === 403)
        throw new StorePlatformError('shopify', 'auth', 'the app lacks a scope this call needs', 403);
      if (res.status === 404)
        throw new StorePlatformError(
          'shopify',
          'not-found',
          `no shop or API version at ${this.o.shop} (${this.o.app.apiVersion})`,
          404,
        );
      // 402: the shop's plan is unpaid (frozen); 423: the shop is locked. Neither is ours to fix.
      if (res.status === 402 || res.status === 423)
        throw new StorePlatformError(
          'shopify',
          'unavailable',
          `the shop is not available (HTTP ${res.status})`,
          res.status,
        );
      // HTTP 429 (the REST-style limit, after storeFetch's own retries): a job retries it later.
      if (res.status === 429) throw new StorePlatformError('shopify', 'throttled', 'HTTP 429', 429);
      if (res.status >= 500) throw new StorePlatformError('shopify', 'unavailable', `HTTP ${res.status}`, res.status);
      if (res.status !== 200) throw new StorePlatformError('shopify', 'invalid', `HTTP ${res.status}`, res.status);
      const answer = jsonOf<GraphqlAnswer<T>>('shopify', res);
      const cost = answer.extensions?.cost;
      if (cost) this.lastCost = cost;
      const errors = typeof answer.errors === 'string' ? [{ message: answer.errors }] : (answer.errors ?? []);
      if (errors.some((e) => e.extensions?.code === 'THROTTLED')) {
        const wait = throttleWait(cost);
        if (wait === null)
          throw new StorePlatformError('shopify', 'invalid', 'the query costs more than the bucket can ever hold');
        if (attempt >= limit.maxAttempts || waited + wait > limit.maxWaitMs) {
          throw new StorePlatformError(
            'shopify',
            'throttled',
            `still throttled after waiting ${Math.round(waited / 1000)} s`,
          );
        }
        await sleep(wait);
        waited += wait;
        continue;
      }
      if (errors.length) {
        const first = errors[0]!;
        const code = first.extensions?.code;
        if (code === 'ACCESS_DENIED')
          throw new StorePlatformError('shopify', 'auth', `access denied: ${first.message ?? ''}`.slice(0, 200));
        throw new StorePlatformError('shopify', 'invalid', `${code ?? 'error'}: ${first.message ?? ''}`.slice(0, 200));
      }
      if (answer.data === undefined || answer.data === null)
        throw new StorePlatformError('shopify', 'protocol', 'the answer has no data');
      return answer.data;
    }
  }
}

/**
 * How long until the bucket holds the query's requested cost: (requested − available) / restore
 * rate, plus a little for the clocks. Null when it never will (the query costs more than the
 * bucket's size) or the answer does not say (then one second, Shopify's smallest restore step).
 */
export function throttleWait(cost: QueryCost | undefined): number | null {
  if (!cost?.throttleStatus) return 1000;
  const { maximumAvailable, currentlyAvailable, restoreRate } = cost.throttleStatus;
  if (cost.requestedQueryCost > maximumAvailable) return null;
  if (!(restoreRate > 0)) return 1000;
  const missing = Math.max(0, cost.requestedQueryCost - currentlyAvailable);
  return Math.ceil((missing / restoreRate) * 1000) + 50;
}
