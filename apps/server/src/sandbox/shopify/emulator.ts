import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isShopDomain, shopifyQueryHmac } from '../../connectors/stores/shopify/shopify.auth.js';
import { shopifyWebhookHmac } from '../../connectors/stores/shopify/shopify.webhook.js';
import { GqlError, actualCost, execute, parseOperation, requestedCost } from './emulator-graphql.js';
import { addFulfilment } from './emulator-fulfilments.js';
import { productMutations } from './emulator-products.js';
import { orderAdminRoute } from './emulator-orders-admin.js';
import {
  type EmuAddress,
  type EmuOrder,
  makeOrder,
  type NewEmuOrder,
  restOrder,
  touchOrder,
} from './emulator-orders.js';
import {
  type DeliveryLine,
  adminPage,
  consentPage,
  errorPage,
  esc,
  shopsPage,
  storefrontPage,
} from './emulator-pages.js';
import { type Bucket, EmulatorData, type EmuProduct, type EmuShop } from './emulator-store.js';

/**
 * A local Shopify for the tests and the demo (decision 0100), written from
 * connector-protocols.md §1: shops under a path prefix (`/{shop}/admin/...`, so one emulator
 * serves many shops and `SHOPIFY_SHOP_URL` is `<base>/{shop}`); the install consent page that
 * redirects with a signed `code`; the token endpoint with expiring offline tokens and rotating
 * refresh tokens; Admin GraphQL with the token check, a leaky-bucket cost model and the throttle
 * as HTTP 200 + THROTTLED; signed webhooks with X-Shopify-Webhook-Id, retried on failure; and a
 * small admin page. The connector never imports it.
 */
export interface ShopifyEmulatorOptions {
  apiKey?: string;
  apiSecret?: string;
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  /** Standard plan by default: 2,000 points, 100 per second. */
  bucket?: Bucket;
  /** Our App URL: where "Install app" sends the browser with a signed `shop, timestamp, hmac, host`. */
  appUrl?: string;
  /** Where `app/uninstalled` and `products/*` are delivered, and the three privacy topics. */
  webhookUrl?: string;
  privacyWebhookUrl?: string;
  /** Waits between delivery attempts (Shopify: 8 retries over 4 hours; tests use milliseconds). */
  webhookRetryDelaysMs?: number[];
  /** When set, an authorize request with another redirect_uri is refused, as Shopify does. */
  allowedRedirectUris?: string[];
  /** Any well-formed shop domain exists, with a few products (the demo: type any shop name). */
  autoCreateShops?: boolean;
  /** Signs the (self-contained) tokens; fixed, they survive a restart. Random by default. */
  tokenKey?: string;
}

/** Test knobs per shop; each count is spent by the calls it affects. */
interface Fault {
  /** The next API calls answer HTTP 429 with `Retry-After: retryAfterSeconds`. */
  throttle: number;
  retryAfterSeconds: number;
  /** The next mutations are carried out and their connection dropped before the answer. */
  loseAnswers: number;
  /** The next product mutations answer this user error instead of acting (issue 22). */
  userErrors: number;
  userErrorMessage: string;
  /** The next API calls wait `slowMs` before answering (a client's timeout). */
  slow: number;
  slowMs: number;
}

export interface Delivery extends DeliveryLine {
  shop: string;
  body: string;
}

const DEFAULT_RETRIES = [1000, 5000, 30_000, 60_000, 300_000];
const VERSION = /^(\d{4}-(01|04|07|10)|unstable)$/;

export class ShopifyEmulator {
  readonly apiKey: string;
  readonly apiSecret: string;
  /** Signs webhooks; the app secret unless a test rotates it. */
  webhookSecret: string;
  appUrl: string | undefined;
  webhookUrl: string | undefined;
  privacyWebhookUrl: string | undefined;
  baseUrl = '';
  readonly data: EmulatorData;
  readonly deliveries: Delivery[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private readonly faults = new Map<string, Fault>();
  private readonly server: Server;

  constructor(private readonly options: ShopifyEmulatorOptions = {}) {
    this.apiKey = options.apiKey ?? 'emulator-api-key';
    this.apiSecret = options.apiSecret ?? 'emulator-api-secret';
    this.webhookSecret = this.apiSecret;
    this.appUrl = options.appUrl;
    this.webhookUrl = options.webhookUrl;
    this.privacyWebhookUrl = options.privacyWebhookUrl;
    this.data = new EmulatorData(
      options.bucket ?? { maximumAvailable: 2000, restoreRate: 100 },
      {
        accessSeconds: options.accessTokenTtlSeconds ?? 3600,
        refreshSeconds: options.refreshTokenTtlSeconds ?? 7_776_000,
      },
      options.tokenKey,
    );
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** `SHOPIFY_SHOP_URL` for this emulator. */
  get shopUrlTemplate(): string {
    return `${this.baseUrl}/{shop}`;
  }

  createShop(domain: string, o: { name?: string; currency?: string; seed?: boolean } = {}): EmuShop {
    if (!isShopDomain(domain)) throw new Error(`emulator: not a shop domain: ${domain}`);
    const fresh = !this.data.shops.has(domain);
    const shop = this.data.addShop(domain.toLowerCase(), o);
    if (fresh && o.seed) seedProducts(this.data, shop);
    return shop;
  }

  shop(domain: string): EmuShop {
    const s = this.data.shops.get(domain);
    if (!s) throw new Error(`emulator: no shop ${domain}`);
    return s;
  }

  addProduct(domain: string, p: Parameters<EmulatorData['addProduct']>[1]): EmuProduct {
    return this.data.addProduct(this.shop(domain), p);
  }

  /** The signed query the App URL receives when the owner installs from the shop's admin. */
  installQuery(domain: string): Record<string, string> {
    const q = { shop: domain, timestamp: String(Math.floor(this.data.now() / 1000)), host: hostOf(domain) };
    return { ...q, hmac: shopifyQueryHmac(q, this.apiSecret) };
  }

  /**
   * The owner approves on the consent page: the query the browser brings back to redirect_uri
   * (`code, hmac, host, shop, state, timestamp`). Throws what the page would show as an error.
   */
  approve(
    domain: string,
    a: { clientId: string; scope: string; redirectUri: string; state: string },
  ): Record<string, string> {
    const shop = this.shopFor(domain);
    if (!shop) throw new Error(`emulator: no shop ${domain}`);
    const refusal = this.authorizeRefusal(a.clientId, a.redirectUri);
    if (refusal) throw new Error(`emulator: ${refusal}`);
    const q = {
      code: this.data.issueCode(shop.domain, a.scope),
      host: hostOf(shop.domain),
      shop: shop.domain,
      state: a.state,
      timestamp: String(Math.floor(this.data.now() / 1000)),
    };
    return { ...q, hmac: shopifyQueryHmac(q, this.apiSecret) };
  }

  /** Uninstalls the app from the shop's side: tokens revoked, then `app/uninstalled` delivered. */
  uninstall(domain: string): Promise<Delivery | null> {
    const shop = this.shop(domain);
    this.data.revokeShop(shop.domain);
    return this.deliver(shop, 'app/uninstalled', this.shopPayload(shop));
  }

  /** Edits a product as the owner would in the admin (its updatedAt moves), then `products/update`. */
  updateProduct(domain: string, id: number, change: { title?: string; price?: string }): Promise<Delivery | null> {
    const shop = this.shop(domain);
    const p = shop.products.get(id);
    if (!p) throw new Error(`emulator: no product ${id}`);
    if (change.title) p.title = change.title;
    if (change.price) for (const v of p.variants) v.price = change.price;
    this.data.touch(p);
    return this.deliver(shop, 'products/update', this.data.restProduct(p));
  }

  /** Deletes a product as the owner would; Shopify's `products/delete` carries only its id. */
  deleteProduct(domain: string, id: number): Promise<Delivery | null> {
    const shop = this.shop(domain);
    if (!shop.products.delete(id)) throw new Error(`emulator: no product ${id}`);
    return this.deliver(shop, 'products/delete', { id });
  }

  /** A buyer places an order in the shop (tests; the admin page's form): `orders/create` follows. */
  async createOrder(domain: string, o: NewEmuOrder): Promise<{ order: EmuOrder; delivery: Promise<Delivery | null> }> {
    const shop = this.shop(domain);
    const order = makeOrder(this.data, shop, o);
    return { order, delivery: this.deliver(shop, 'orders/create', restOrder(order)) };
  }

  order(domain: string, id: number): EmuOrder {
    const o = this.shop(domain).orders.get(id);
    if (!o) throw new Error(`emulator: no order ${id}`);
    return o;
  }

  /** The merchant edits the shipping address: `updatedAt` moves, `orders/updated` follows. */
  updateOrderAddress(domain: string, id: number, change: Partial<EmuAddress>): Promise<Delivery | null> {
    const o = this.order(domain, id);
    o.shippingAddress = { ...(o.shippingAddress ?? blankAddress()), ...change };
    touchOrder(this.data, o);
    return this.deliver(this.shop(domain), 'orders/updated', restOrder(o));
  }

  /** The merchant cancels the order: Shopify sends `orders/cancelled` and `orders/updated`. */
  async cancelOrder(domain: string, id: number, reason: NonNullable<EmuOrder['cancelReason']> = 'CUSTOMER') {
    const o = this.order(domain, id);
    o.cancelledAt = new Date(this.data.now()).toISOString();
    o.cancelReason = reason;
    touchOrder(this.data, o);
    const shop = this.shop(domain);
    return Promise.all([
      this.deliver(shop, 'orders/cancelled', restOrder(o)),
      this.deliver(shop, 'orders/updated', restOrder(o)),
    ]);
  }

  /** The merchant refunds the whole order: `orders/updated` follows. */
  refundOrder(domain: string, id: number): Promise<Delivery | null> {
    const o = this.order(domain, id);
    o.financialStatus = 'REFUNDED';
    touchOrder(this.data, o);
    return this.deliver(this.shop(domain), 'orders/updated', restOrder(o));
  }

  /**
   * Test knobs: the next `throttle` Admin API calls of the shop answer HTTP 429 with Retry-After;
   * the next `loseAnswers` mutations are carried out but the connection drops before the answer.
   */
  fault(domain: string, f: Partial<Fault>): void {
    this.faults.set(domain, {
      throttle: 0,
      retryAfterSeconds: 0,
      loseAnswers: 0,
      userErrors: 0,
      userErrorMessage: 'The product could not be saved (emulated failure).',
      slow: 0,
      slowMs: 0,
      ...this.faults.get(domain),
      ...f,
    });
  }

  /** The merchant fulfils the rest of the order by hand in the admin, with their own tracking. */
  fulfilByHand(domain: string, id: number, tracking: { company: string; number: string }): Promise<Delivery | null> {
    const o = this.order(domain, id);
    addFulfilment(this.data, o, [{ ...tracking, url: null }], { origin: 'merchant' });
    return this.deliver(this.shop(domain), 'orders/updated', restOrder(o));
  }

  /** Sends `orders/updated` again with the order as it is (the admin page's button). */
  resendOrder(domain: string, id: number): Promise<Delivery | null> {
    return this.deliver(this.shop(domain), 'orders/updated', restOrder(this.order(domain, id)));
  }

  /**
   * Delivers a webhook as Shopify does: JSON body, base64 HMAC of it, X-Shopify-Webhook-Id stable
   * across retries; a non-2xx answer or no answer is retried after each delay. Resolves with the
   * delivery when done (null when no URL is configured for the topic).
   */
  deliver(shop: EmuShop, topic: string, payload: unknown, o: { webhookId?: string } = {}): Promise<Delivery | null> {
    const privacy = ['customers/data_request', 'customers/redact', 'shop/redact'].includes(topic);
    const url = privacy ? this.privacyWebhookUrl : this.webhookUrl;
    if (!url) return Promise.resolve(null);
    const body = JSON.stringify(payload);
    const d: Delivery = {
      id: o.webhookId ?? randomUUID(),
      topic,
      shop: shop.domain,
      at: new Date(this.data.now()).toISOString(),
      attempts: 0,
      status: 'pending',
      body,
    };
    this.deliveries.push(d);
    const delays = this.options.webhookRetryDelaysMs ?? DEFAULT_RETRIES;
    const run = (async () => {
      for (let attempt = 0; attempt <= delays.length; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, delays[attempt - 1]));
        d.attempts++;
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: this.webhookHeaders(shop, topic, d, body),
            body,
            signal: AbortSignal.timeout(5000),
          });
          await res.arrayBuffer();
          d.status = res.status;
          if (res.status >= 200 && res.status < 300) break;
        } catch {
          d.status = 'error';
        }
      }
      return d;
    })();
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return run;
  }

  /** Waits for every delivery under way (tests). */
  async settle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  webhookHeaders(shop: EmuShop, topic: string, d: { id: string; at: string }, body: string): Record<string, string> {
    return {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-hmac-sha256': shopifyWebhookHmac(body, this.webhookSecret),
      'x-shopify-shop-domain': shop.domain,
      'x-shopify-api-version': '2026-10',
      'x-shopify-webhook-id': d.id,
      'x-shopify-triggered-at': d.at,
      'x-shopify-event-id': randomUUID(),
    };
  }

  shopPayload(shop: EmuShop): Record<string, unknown> {
    const id = this.data.shopNumber(shop);
    return {
      id,
      name: shop.name,
      domain: shop.domain,
      myshopify_domain: shop.domain,
      currency: shop.currency,
      email: `owner@${shop.domain}`,
    };
  }

  privacyPayload(shop: EmuShop, topic: string): Record<string, unknown> {
    const base = { shop_id: this.data.shopNumber(shop), shop_domain: shop.domain };
    const customer = { id: 191167, email: 'john@example.com', phone: '555-625-1199' };
    if (topic === 'customers/data_request')
      return { ...base, orders_requested: [299938, 280263], customer, data_request: { id: 9999 } };
    if (topic === 'customers/redact') return { ...base, customer, orders_to_redact: [299938, 280263] };
    return base;
  }

  private shopFor(domain: string): EmuShop | null {
    const d = domain.toLowerCase();
    if (!isShopDomain(d)) return null;
    if (!this.data.shops.has(d) && this.options.autoCreateShops) return this.createShop(d, { seed: true });
    return this.data.shops.get(d) ?? null;
  }

  private authorizeRefusal(clientId: string, redirectUri: string): string | null {
    if (clientId !== this.apiKey) return 'Oauth error invalid_request: The client_id provided is invalid';
    if (!/^https?:\/\//.test(redirectUri)) return 'Oauth error invalid_request: The redirect_uri is missing or invalid';
    const allowed = this.options.allowedRedirectUris;
    if (allowed && !allowed.some((u) => redirectUri === u || redirectUri.startsWith(`${u}?`)))
      return 'Oauth error invalid_request: The redirect_uri is not whitelisted';
    return null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://emulator');
    const json = (status: number, body: unknown) =>
      void res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    const html = (status: number, body: string) =>
      void res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    const redirect = (location: string) => void res.writeHead(303, { location }).end();
    try {
      if (url.pathname === '/' && req.method === 'GET') return html(200, shopsPage([...this.data.shops.values()]));
      const m = /^\/([^/]+)(\/.*)?$/.exec(url.pathname);
      const shop = m ? this.shopFor(decodeURIComponent(m[1]!)) : null;
      if (!shop) return html(404, errorPage('Not found', 'There is no shop at this address.'));
      const path = m![2] ?? '/';
      const form = () => new URLSearchParams(text);
      // Absolute, as WooCommerce's emulator redirects: the sandbox proxy rewrites this base to its
      // prefix, where a root-relative path would leave the prefix (the demo's admin forms 404'd).
      const admin = `${this.baseUrl}/${shop.domain}/admin`;

      if (path === '/admin/oauth/authorize') {
        const q = req.method === 'POST' ? form() : url.searchParams;
        const a = {
          clientId: q.get('client_id') ?? '',
          scope: q.get('scope') ?? '',
          redirectUri: q.get('redirect_uri') ?? '',
          state: q.get('state') ?? '',
        };
        const refusal = this.authorizeRefusal(a.clientId, a.redirectUri);
        if (refusal) return html(400, errorPage('Oauth error', refusal));
        if (req.method === 'GET')
          return html(
            200,
            consentPage({
              shop,
              clientId: a.clientId,
              scopes: a.scope.split(',').filter(Boolean),
              hidden: { client_id: a.clientId, scope: a.scope, redirect_uri: a.redirectUri, state: a.state },
            }),
          );
        if (q.get('decision') === 'cancel') return redirect(admin);
        shop.installed = true;
        const target = new URL(a.redirectUri);
        for (const [k, v] of Object.entries(this.approve(shop.domain, a))) target.searchParams.set(k, v);
        return void res.writeHead(302, { location: target.toString() }).end();
      }
      if (path === '/admin/oauth/access_token' && req.method === 'POST') return json(...this.token(shop, req, text));
      const api = /^\/admin\/api\/([^/]+)\/graphql\.json$/.exec(path);
      if (api && req.method === 'POST') {
        // The fault knobs of tests: a 429 (the REST-style limit) or a mutation done but its answer lost.
        const fault = this.faults.get(shop.domain);
        if (fault && fault.throttle > 0) {
          fault.throttle--;
          return void res
            .writeHead(429, { 'content-type': 'application/json', 'retry-after': String(fault.retryAfterSeconds) })
            .end(
              JSON.stringify({
                errors:
                  'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
              }),
            );
        }
        if (fault && fault.slow > 0) {
          fault.slow--;
          await new Promise((r) => setTimeout(r, fault.slowMs));
          if (res.destroyed || req.destroyed) return;
        }
        const answer = this.graphql(shop, api[1]!, req, text);
        if (
          fault &&
          fault.loseAnswers > 0 &&
          /^\s*mutation\b/.test(String((JSON.parse(text) as { query?: unknown }).query))
        ) {
          fault.loseAnswers--;
          return void res.destroy();
        }
        return json(...answer);
      }
      if (path === '/admin' && req.method === 'GET')
        return html(
          200,
          adminPage(
            shop,
            this.deliveries.filter((d) => d.shop === shop.domain),
          ),
        );
      if (path === '/admin/products' && req.method === 'POST') {
        const f = form();
        const values = (f.get('optionValues') ?? '')
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean);
        const price = (f.get('price') ?? '').trim();
        if (!f.get('title')?.trim() || !/^\d+(\.\d{1,2})?$/.test(price))
          return html(400, errorPage('Product not saved', 'A title and a price like 19.99 are needed.'));
        const status = (['ACTIVE', 'DRAFT', 'ARCHIVED'] as const).find((s) => s === f.get('status')) ?? 'ACTIVE';
        const p = this.data.addProduct(shop, {
          title: f.get('title')!.trim(),
          price,
          sku: f.get('sku')?.trim() || undefined,
          status,
          options: values.length ? [{ name: f.get('optionName')?.trim() || 'Option', values }] : [],
        });
        void this.deliver(shop, 'products/create', this.data.restProduct(p));
        return redirect(admin);
      }
      const pm = /^\/admin\/products\/(\d+)\/(update|webhook)$/.exec(path);
      if (pm && req.method === 'POST') {
        const p = shop.products.get(Number(pm[1]));
        if (!p) return html(404, errorPage('Not found', 'No such product.'));
        const f = form();
        const price = f.get('price')?.trim();
        if (pm[2] === 'update')
          void this.updateProduct(shop.domain, p.id, {
            title: f.get('title')?.trim() || undefined,
            price: price && /^\d+(\.\d{1,2})?$/.test(price) ? price : undefined,
          });
        else void this.deliver(shop, 'products/update', this.data.restProduct(p));
        return redirect(admin);
      }
      if (path.startsWith('/admin/orders') && req.method === 'POST') {
        const done = await orderAdminRoute(this, shop, path, form());
        return done.ok ? redirect(admin) : html(400, errorPage('Order not saved', done.error));
      }
      if (path === '/admin/apps/install' && req.method === 'POST') {
        if (!this.appUrl) return html(400, errorPage('No app URL', 'The emulator was started without the app URL.'));
        const target = new URL(this.appUrl, 'http://relative');
        for (const [k, v] of Object.entries(this.installQuery(shop.domain))) target.searchParams.set(k, v);
        // A root-relative App URL stays relative: the demo serves the app on the page's own origin.
        return redirect(/^https?:\/\//.test(this.appUrl) ? target.toString() : `${target.pathname}${target.search}`);
      }
      if (path === '/admin/apps/uninstall' && req.method === 'POST') {
        void this.uninstall(shop.domain);
        return redirect(admin);
      }
      if (path === '/admin/privacy' && req.method === 'POST') {
        const topic = form().get('topic') ?? '';
        if (['customers/data_request', 'customers/redact', 'shop/redact'].includes(topic))
          void this.deliver(shop, topic, this.privacyPayload(shop, topic));
        return redirect(admin);
      }
      const storefront = /^\/products\/([^/]+)$/.exec(path);
      if (storefront && req.method === 'GET') {
        const p = [...shop.products.values()].find((x) => x.handle === storefront[1]);
        return p ? html(200, storefrontPage(shop, p)) : html(404, errorPage('Not found', 'No such product.'));
      }
      return json(404, { errors: 'Not Found' });
    } catch (err) {
      return json(500, { errors: `Internal error: ${esc((err as Error).message)}` });
    }
  }

  private token(shop: EmuShop, req: IncomingMessage, text: string): [number, unknown] {
    const type = req.headers['content-type'] ?? '';
    let b: Record<string, unknown>;
    try {
      b = type.includes('json')
        ? (JSON.parse(text) as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(text));
    } catch {
      return [400, { error: 'invalid_request', error_description: 'The request body is not valid JSON' }];
    }
    if (b.client_id !== this.apiKey || b.client_secret !== this.apiSecret)
      return [400, { error: 'invalid_client', error_description: 'Client credentials are invalid' }];
    if (b.grant_type === 'refresh_token') {
      const next = typeof b.refresh_token === 'string' ? this.data.useRefresh(shop.domain, b.refresh_token) : null;
      return next
        ? [200, next]
        : [400, { error: 'invalid_grant', error_description: 'The refresh token is invalid, expired or already used' }];
    }
    const grant = typeof b.code === 'string' ? this.data.takeCode(shop.domain, b.code) : null;
    if (!grant)
      return [
        400,
        { error: 'invalid_request', error_description: 'The authorization code was not found or was already used' },
      ];
    shop.installed = true;
    const expiring = b.expiring === '1' || b.expiring === 1 || b.expiring === true;
    return [200, this.data.issueTokens(shop.domain, grant.scope, expiring)];
  }

  private graphql(shop: EmuShop, version: string, req: IncomingMessage, text: string): [number, unknown] {
    if (!VERSION.test(version)) return [404, { errors: 'Not Found' }];
    const given = req.headers['x-shopify-access-token'];
    if (typeof given !== 'string' || this.data.shopOfToken(given) !== shop.domain) {
      return [401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' }];
    }
    let body: { query?: unknown; variables?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return [400, { errors: { query: 'Required parameter missing or invalid' } }];
    }
    const vars = (body.variables && typeof body.variables === 'object' ? body.variables : {}) as Record<
      string,
      unknown
    >;
    const fail = (e: GqlError) =>
      [200, { errors: [{ message: e.message, extensions: { code: e.code } }] }] as [number, unknown];
    try {
      const op = parseOperation(typeof body.query === 'string' ? body.query : '');
      const requested = requestedCost(op, vars);
      if (requested > 1000) {
        return [
          200,
          {
            errors: [
              {
                message: `Query cost is ${requested}, which exceeds the single query max cost limit (1000).`,
                extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: 1000 },
              },
            ],
          },
        ];
      }
      if (this.data.available(shop) < requested) {
        return [
          200,
          {
            errors: [
              {
                message: 'Throttled',
                extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
              },
            ],
            extensions: {
              cost: {
                requestedQueryCost: requested,
                actualQueryCost: null,
                throttleStatus: this.data.throttleStatus(shop),
              },
            },
          },
        ];
      }
      shop.bucket.available -= requested;
      const root = this.data.root(
        shop,
        this.baseUrl,
        () => void this.uninstall(shop.domain),
        this.data.scopeOfToken(given),
        // A fulfilment changes the order: Shopify sends orders/updated.
        (o) => void this.deliver(shop, 'orders/updated', restOrder(o)),
      );
      // Product writes (issue 22): webhooks as Shopify sends them, and the user-error knob.
      Object.assign(
        root.mutation,
        productMutations(
          this.data,
          shop,
          {
            version,
            onChange: (topic, p) =>
              void this.deliver(shop, topic, topic === 'products/delete' ? { id: p.id } : this.data.restProduct(p)),
            forcedError: () => {
              const f = this.faults.get(shop.domain);
              if (!f || f.userErrors <= 0) return null;
              f.userErrors--;
              return f.userErrorMessage;
            },
          },
          (p) => this.data.productObject(shop, p, this.baseUrl),
        ),
      );
      const data = execute(op, op.kind === 'mutation' ? root.mutation : root.query, vars);
      const actual = actualCost(op, data);
      shop.bucket.available += Math.max(0, requested - actual);
      return [
        200,
        {
          data,
          extensions: {
            cost: {
              requestedQueryCost: requested,
              actualQueryCost: actual,
              throttleStatus: this.data.throttleStatus(shop),
            },
          },
        },
      ];
    } catch (err) {
      if (err instanceof GqlError) return fail(err);
      throw err;
    }
  }
}

/** Starts an emulator on a random port of 127.0.0.1. */
export function startShopifyEmulator(options: ShopifyEmulatorOptions = {}): Promise<ShopifyEmulator> {
  return new ShopifyEmulator(options).start();
}

function blankAddress(): EmuAddress {
  return {
    firstName: '',
    lastName: '',
    company: '',
    address1: '',
    address2: '',
    city: '',
    province: '',
    zip: '',
    countryCode: '',
    phone: '',
  };
}

/** Shopify's `host`: base64 of the shop's admin address. */
function hostOf(domain: string): string {
  return Buffer.from(`admin.shopify.com/store/${domain.replace(/\.myshopify\.com$/, '')}`).toString('base64url');
}

/** A few products for a demo shop: options, several variants, one draft, prices with cents. */
function seedProducts(data: EmulatorData, shop: EmuShop): void {
  data.addProduct(shop, {
    title: 'Organic Cotton Tee',
    price: '19.99',
    sku: 'TEE',
    options: [
      { name: 'Color', values: ['Grey', 'Black'] },
      { name: 'Size', values: ['M', 'L', 'XL'] },
    ],
  });
  data.addProduct(shop, { title: 'Ceramic Pour-Over Set', price: '34.50', sku: 'POUR' });
  data.addProduct(shop, {
    title: 'Canvas Tote Bag',
    price: '12.00',
    sku: 'TOTE',
    options: [{ name: 'Color', values: ['Natural', 'Navy'] }],
  });
  data.addProduct(shop, {
    title: 'Bamboo Desk Lamp',
    price: '42.00',
    sku: 'LAMP',
    options: [{ name: 'Plug', values: ['EU', 'US', 'UK'] }],
  });
  data.addProduct(shop, { title: 'Winter Beanie (draft)', price: '15.00', sku: 'BEANIE', status: 'DRAFT' });
}
