import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type EmuOrder, EmulatorOrders, orderJson } from './emulator-orders.js';
import { orderFormAction, ordersSection } from './emulator-orders-page.js';
import { routeOrders, routeTracking } from './emulator-orders-routes.js';
import { adminPage, authorizePage, messagePage } from './emulator-pages.js';
import { WooProductWrites } from './emulator-products-routes.js';
import {
  type EmuDelivery,
  type EmuProduct,
  type EmuVariation,
  type EmuWebhook,
  EmulatorStore,
  productJson,
  variationJson,
} from './emulator-store.js';
import {
  oauthBaseString,
  oauthSignature,
  verifyWooWebhook,
  wooWebhookSignature,
} from '../../connectors/stores/woocommerce/woo.auth.js';

export { verifyWooWebhook };
export type { EmuDelivery, EmuOrder, EmuWebhook };

/**
 * A local WooCommerce (REST v3 + key provisioning + webhooks) on 127.0.0.1, written from
 * connector-protocols.md §2 for the tests and the demo sandbox. It enforces the three ways of
 * presenting keys: Basic and the query string only when the request counts as https (`ssl`, as
 * WordPress's is_ssl() behind a TLS proxy), OAuth 1.0a otherwise, signed over `homeUrl` + path.
 * Errors are `{code, message, data: {status}}`. Webhooks are signed, carry a delivery id, and are
 * never retried; `missDeliveries` drops them, as a store whose cron stalls does. Orders, their
 * notes and the Shipment Tracking extension's items live in `emulator-orders*.ts` (issue 21).
 */
export interface WooEmulatorOptions {
  /** Requests count as https: Basic and query keys accepted, OAuth refused (WooCommerce's rule). */
  ssl?: boolean;
  /** Drop the Authorization header, as some hosts do (the client must fall back to query keys). */
  dropAuthorizationHeader?: boolean;
  /** Pre-made keys (read_write). One is made when none is given. */
  keys?: Array<{ consumerKey: string; consumerSecret: string }>;
  currency?: string;
  /** Seconds sent in Retry-After with a 429 (tests use 0). */
  retryAfterSeconds?: number;
  /** Start with a few demo products with variations. */
  seed?: boolean;
  /** The store has the Shipment Tracking extension (its REST namespace answers). */
  shipmentTracking?: boolean;
  /** An older WooCommerce whose order list refuses `orderby=modified` (400 `rest_invalid_param`). */
  noOrderByModified?: boolean;
}

interface Key {
  id: number;
  consumerKey: string;
  consumerSecret: string;
  permissions: 'read' | 'write' | 'read_write';
}

type Json = Record<string, unknown>;
const API = '/wp-json/wc/v3';
const TRACKING_API = '/wp-json/wc-shipment-tracking/v3';

export class WooEmulator {
  baseUrl = '';
  /** The site URL WordPress reports (OAuth signs over it); the sandbox sets its public prefix. */
  homeUrl = '';
  readonly store: EmulatorStore;
  /** Product writes, categories and tags (issue 22). */
  readonly writes: WooProductWrites;
  readonly orders: EmulatorOrders;
  readonly keys: Key[] = [];
  readonly webhooks: EmuWebhook[] = [];
  readonly deliveries: EmuDelivery[] = [];
  /** Requests answered, by path (tests count pages read). */
  readonly requests: Array<{
    method: string;
    path: string;
    page: string | null;
    modifiedAfter: string | null;
    status: number;
  }> = [];
  /** While true, webhook deliveries are recorded but not sent. */
  missDeliveries = false;
  private failLeft = 0;
  private failAfter = 0;
  private loseLeft = 0;
  private loseAfter = 0;
  private throttleLeft = 0;
  private throttleAfter = 0;
  private slowLeft = 0;
  private slowMs = 0;
  private refuseLeft = 0;
  private refuseMessage = '';
  private nextId = 1;
  private readonly nonces = new Set<string>();
  private readonly pending = new Set<Promise<void>>();
  private readonly server: Server;

  constructor(private readonly options: WooEmulatorOptions = {}) {
    this.store = new EmulatorStore((topic, product) => this.emit(topic, product));
    this.writes = new WooProductWrites(this.store, () => this.homeUrl);
    this.orders = new EmulatorOrders(
      this.store,
      () => this.currency,
      (topic, order) => this.emitOrder(topic, order),
    );
    for (const k of options.keys ?? [
      { consumerKey: `ck_${randomBytes(20).toString('hex')}`, consumerSecret: `cs_${randomBytes(20).toString('hex')}` },
    ]) {
      this.keys.push({ id: this.nextId++, ...k, permissions: 'read_write' });
    }
    if (options.seed) this.store.seedDemo();
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  get currency(): string {
    return this.options.currency ?? 'USD';
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.homeUrl ||= this.baseUrl;
    this.store.permalinkBase = () => this.homeUrl;
    return this;
  }

  async close(): Promise<void> {
    await this.idle();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next `n` REST calls answer 429 with Retry-After (after `okFirst` more are served). */
  throttle(n: number, okFirst = 0): void {
    this.throttleLeft = n;
    this.throttleAfter = okFirst;
  }

  /** The next `n` REST calls wait `ms` before they are handled (a client's timeout; issue 22). */
  slow(n: number, ms: number): void {
    this.slowLeft = n;
    this.slowMs = ms;
  }

  /** The next `n` REST writes are refused with HTTP 400 and this message, without acting (issue 22). */
  refuseWrites(n: number, message = 'The product could not be saved (emulated failure).'): void {
    this.refuseLeft = n;
    this.refuseMessage = message;
  }

  /** The next `n` REST calls answer 503 without acting (a store's PHP falling over), after `okFirst` more are served. */
  fail(n: number, okFirst = 0): void {
    this.failLeft = n;
    this.failAfter = okFirst;
  }

  /** The next `n` REST writes act, then the connection drops before the answer (a lost answer), after `okFirst` more writes are answered. */
  loseAnswers(n: number, okFirst = 0): void {
    this.loseLeft = n;
    this.loseAfter = okFirst;
  }

  /** Waits for deliveries in flight (WooCommerce sends them in the background). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  get firstKey(): { consumerKey: string; consumerSecret: string } {
    return { consumerKey: this.keys[0]!.consumerKey, consumerSecret: this.keys[0]!.consumerSecret };
  }

  // ---- webhooks ----

  private emit(topic: string, product: EmuProduct): void {
    const body =
      topic === 'product.deleted'
        ? JSON.stringify({ id: product.id })
        : JSON.stringify(productJson(product, this.homeUrl));
    for (const w of this.webhooks) if (w.status === 'active' && w.topic === topic) this.deliver(w, topic, body);
  }

  private emitOrder(topic: string, order: EmuOrder): void {
    const body = JSON.stringify(topic === 'order.deleted' ? { id: order.id } : orderJson(order, this.orders));
    for (const w of this.webhooks) if (w.status === 'active' && w.topic === topic) this.deliver(w, topic, body);
  }

  private deliver(w: EmuWebhook, topic: string, body: string): void {
    const deliveryId = randomBytes(16).toString('hex');
    const [resource, event] = topic.split('.');
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'WooCommerce/9.4.0 Hookshot (WordPress/6.7)',
      'x-wc-webhook-source': `${this.homeUrl}/`,
      'x-wc-webhook-topic': topic,
      'x-wc-webhook-resource': resource!,
      'x-wc-webhook-event': event!,
      'x-wc-webhook-signature': wooWebhookSignature(body, w.secret),
      'x-wc-webhook-id': String(w.id),
      'x-wc-webhook-delivery-id': deliveryId,
    };
    const record: EmuDelivery = {
      webhookId: w.id,
      deliveryId,
      topic,
      status: null,
      missed: this.missDeliveries,
      body,
      headers,
    };
    this.deliveries.push(record);
    if (this.missDeliveries) return;
    const p = (async () => {
      try {
        const res = await fetch(w.deliveryUrl, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(5000),
        });
        await res.arrayBuffer();
        record.status = res.status;
      } catch {
        record.status = null;
      }
      // No retry. More than 5 failures in a row (non-2xx, not a redirect) disables the webhook.
      const okish =
        record.status !== null &&
        ((record.status >= 200 && record.status < 300) || record.status === 301 || record.status === 302);
      w.failures = okish ? 0 : w.failures + 1;
      if (w.failures > 5) w.status = 'disabled';
    })();
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  /** Sends a product's webhook again by hand (the admin page's button). */
  resend(topic: string, productId: number): void {
    const p = this.store.products.get(productId);
    if (p) this.emit(topic, p);
  }

  // ---- HTTP ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = req.method ?? 'GET';
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      this.requests.push({
        method,
        path: url.pathname,
        page: url.searchParams.get('page'),
        modifiedAfter: url.searchParams.get('modified_after'),
        status,
      });
      res
        .writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers })
        .end(JSON.stringify(body));
    };
    const html = (status: number, body: string): void => {
      res.writeHead(status, { 'content-type': 'text/html; charset=UTF-8' }).end(body);
    };
    try {
      if (url.pathname === '/' || url.pathname === '/wp-admin') return html(200, adminPage(this.adminView()));
      if (url.pathname.startsWith('/wp-admin/') && method === 'POST')
        return this.adminAction(url.pathname, new URLSearchParams(text), res);
      if (url.pathname === '/wc-auth/v1/authorize' && method === 'GET') return this.authorizeStart(url, res);
      if (url.pathname === '/wc-auth/v1/access_granted' && method === 'POST')
        return await this.authorizeAnswer(new URLSearchParams(text), res);
      if (url.pathname === '/wp-json' || url.pathname === '/wp-json/') {
        return json(200, {
          name: 'Emulated WooCommerce',
          url: this.homeUrl,
          home: this.homeUrl,
          namespaces: ['wp/v2', 'wc/v3'],
        });
      }
      const tracking = Boolean(this.options.shipmentTracking) && url.pathname.startsWith(`${TRACKING_API}/`);
      if (!url.pathname.startsWith(`${API}/`) && !tracking)
        return json(404, wpError('rest_no_route', 'No route was found matching the URL and request method.', 404));
      if (this.slowLeft > 0) {
        this.slowLeft--;
        await new Promise((r) => setTimeout(r, this.slowMs));
      }
      if (method !== 'GET' && this.refuseLeft > 0) {
        this.refuseLeft--;
        return json(400, wpError('woocommerce_rest_emulated_refusal', this.refuseMessage, 400));
      }
      if (this.failLeft > 0 && this.failAfter > 0) this.failAfter--;
      else if (this.failLeft > 0) {
        this.failLeft--;
        return json(503, wpError('internal_server_error', 'There has been a critical error on this website.', 503));
      }
      if (this.throttleLeft > 0 && this.throttleAfter > 0) this.throttleAfter--;
      else if (this.throttleLeft > 0) {
        this.throttleLeft--;
        return json(429, wpError('rest_too_many_requests', 'Too many requests.', 429), {
          'retry-after': String(this.options.retryAfterSeconds ?? 1),
        });
      }
      const auth = this.authenticate(req, method, url);
      if ('error' in auth) return json(401, auth.error);
      let body: Json = {};
      if (text && (method === 'POST' || method === 'PUT')) {
        try {
          body = JSON.parse(text) as Json;
        } catch {
          return json(400, wpError('rest_invalid_json', 'Invalid JSON body passed.', 400));
        }
      }
      const reply = tracking
        ? (routeTracking(this.orders, method, url.pathname.slice(TRACKING_API.length), body) ?? noRoute())
        : this.route(method, url.pathname.slice(API.length), url.searchParams, body, auth.key);
      if (method !== 'GET' && this.loseLeft > 0 && this.loseAfter > 0) this.loseAfter--;
      else if (method !== 'GET' && this.loseLeft > 0) {
        this.loseLeft--;
        res.destroy();
        return;
      }
      return json(reply.status, reply.body, reply.headers);
    } catch (err) {
      return json(500, wpError('internal_server_error', (err as Error).message, 500));
    }
  }

  /** WooCommerce's authenticate(): is_ssl() → Basic or query keys; else OAuth 1.0a. */
  private authenticate(req: IncomingMessage, method: string, url: URL): { key: Key } | { error: Json } {
    const refuse = (message: string) => ({ error: wpError('woocommerce_rest_authentication_error', message, 401) });
    const q = url.searchParams;
    if (this.options.ssl) {
      let key = q.get('consumer_key');
      let secret = q.get('consumer_secret');
      const header = this.options.dropAuthorizationHeader ? undefined : req.headers.authorization;
      if (!key && header?.startsWith('Basic ')) {
        const [k, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
        key = k ?? null;
        secret = rest.join(':');
      }
      if (!key) return refuse('Consumer key is missing.');
      const found = this.keys.find((k) => k.consumerKey === key);
      if (!found) return refuse('Consumer key is invalid.');
      if (found.consumerSecret !== secret) return refuse('Consumer secret is invalid.');
      return { key: found };
    }
    // Plain http: OAuth 1.0a one-legged, parameters in the query string.
    const signature = q.get('oauth_signature');
    const key = q.get('oauth_consumer_key');
    if (!signature || !key) {
      if (q.has('consumer_key') || req.headers.authorization)
        return refuse('Basic authentication and query keys need https: use OAuth 1.0a over http.');
      return refuse('Consumer key is missing.');
    }
    const found = this.keys.find((k) => k.consumerKey === key);
    if (!found) return refuse('Consumer key is invalid.');
    const sigMethod = q.get('oauth_signature_method');
    if (sigMethod !== 'HMAC-SHA256' && sigMethod !== 'HMAC-SHA1')
      return refuse('Invalid signature method - must be HMAC-SHA1 or HMAC-SHA256.');
    const ts = Number(q.get('oauth_timestamp'));
    if (!Number.isFinite(ts) || Math.abs(Date.now() / 1000 - ts) > 15 * 60) return refuse('Invalid timestamp.');
    const params = [...q.entries()].filter(([k]) => k !== 'oauth_signature');
    const expected = oauthSignature(
      oauthBaseString(method, `${this.homeUrl}${url.pathname}`, params),
      found.consumerSecret,
      sigMethod,
    );
    if (expected !== signature) return refuse('Invalid signature - provided signature does not match.');
    const nonce = `${key}:${ts}:${q.get('oauth_nonce')}`;
    if (this.nonces.has(nonce)) return refuse('Invalid nonce - nonce has already been used.');
    this.nonces.add(nonce);
    return { key: found };
  }

  private route(
    method: string,
    path: string,
    q: URLSearchParams,
    body: Json,
    key: Key,
  ): { status: number; body: unknown; headers?: Record<string, string> } {
    const write = method !== 'GET';
    if (write && key.permissions === 'read')
      return {
        status: 401,
        body: wpError('woocommerce_rest_cannot_create', 'Sorry, you are not allowed to create resources.', 401),
      };
    const written = this.writes.route(method, path, q, body);
    if (written) return written;
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/data/currencies/current')
      return { status: 200, body: { code: this.currency, name: this.currency, symbol: '$' } };
    if (method === 'GET' && path === '/system_status')
      return {
        status: 200,
        body: {
          environment: { home_url: this.homeUrl, site_url: this.homeUrl, version: '9.4.0' },
          settings: { currency: this.currency },
        },
      };
    if (method === 'GET' && path === '/products') {
      const since = q.get('modified_after');
      let list = [...this.store.products.values()].filter((p) => p.status !== 'trash');
      // `sku`: products (not variations) with one of these SKUs, comma-separated.
      const skus = q.get('sku')?.split(',').filter(Boolean);
      if (skus?.length) list = list.filter((p) => skus.includes(p.sku));
      if (since) {
        const t = Date.parse(/Z$|[+-]\d\d:\d\d$/.test(since) ? since : `${since}Z`);
        if (Number.isNaN(t))
          return { status: 400, body: wpError('rest_invalid_param', 'Invalid parameter(s): modified_after', 400) };
        list = list.filter((p) => p.modifiedAt > t);
      }
      list.sort((a, b) => (q.get('order') === 'desc' ? b.id - a.id : a.id - b.id));
      return this.paged(
        path,
        q,
        list.map((p) => productJson(p, this.homeUrl)),
      );
    }
    if ((m = /^\/products\/(\d+)$/.exec(path)) && method === 'GET' && !this.store.products.has(Number(m[1]))) {
      // WooCommerce answers a variation's id on /products/{id} with the variation, type "variation".
      for (const p of this.store.products.values()) {
        const v = p.variations.find((x) => x.id === Number(m![1]));
        if (v)
          return {
            status: 200,
            body: { ...variationJson(v), type: 'variation', parent_id: p.id, status: 'publish', name: p.name },
          };
      }
    }
    if ((m = /^\/products\/(\d+)$/.exec(path))) {
      const p = this.store.products.get(Number(m[1]));
      if (!p || (p.status === 'trash' && method === 'GET'))
        return { status: 404, body: wpError('woocommerce_rest_product_invalid_id', 'Invalid ID.', 404) };
      if (method === 'GET') return { status: 200, body: productJson(p, this.homeUrl) };
      if (method === 'PUT')
        return { status: 200, body: productJson(this.store.update(p.id, fromWoo(body)), this.homeUrl) };
      if (method === 'DELETE') {
        this.store.remove(p.id);
        return { status: 200, body: productJson(p, this.homeUrl) };
      }
    }
    if (method === 'POST' && path === '/products') {
      if (typeof body.name !== 'string' || !body.name)
        return { status: 400, body: wpError('rest_missing_callback_param', 'Missing parameter(s): name', 400) };
      const attrs = Array.isArray(body.attributes)
        ? (body.attributes as Array<{ name: string; options?: string[] }>)
        : [];
      return {
        status: 201,
        body: productJson(
          this.store.add({
            ...fromWoo(body),
            name: body.name,
            type: body.type === 'variable' ? 'variable' : 'simple',
            attributes: attrs.map((a) => ({ name: a.name, options: a.options ?? [] })),
          }),
          this.homeUrl,
        ),
      };
    }
    if ((m = /^\/products\/(\d+)\/variations$/.exec(path))) {
      const p = this.store.products.get(Number(m[1]));
      if (!p) return { status: 404, body: wpError('woocommerce_rest_product_invalid_id', 'Invalid ID.', 404) };
      if (method === 'GET')
        return this.paged(
          path,
          q,
          p.variations.map((v) => variationJson(v)),
        );
      if (method === 'POST') {
        const attributes = Array.isArray(body.attributes)
          ? (body.attributes as Array<{ name: string; option: string }>)
          : [];
        const v = this.store.addVariation(p.id, {
          sku: String(body.sku ?? ''),
          price: String(body.regular_price ?? ''),
          attributes,
        });
        return { status: 201, body: variationJson(v) };
      }
    }
    if (path === '/orders' && this.options.noOrderByModified && q.get('orderby') === 'modified')
      return { status: 400, body: wpError('rest_invalid_param', 'Invalid parameter(s): orderby', 400) };
    const order = routeOrders(this.orders, method, path, q, body, (p, query, all) => this.paged(p, query, all));
    if (order) return order;
    if (path === '/webhooks' && method === 'GET') return this.paged(path, q, this.webhooks.map(webhookJson));
    if (path === '/webhooks' && method === 'POST') {
      const { topic, delivery_url: deliveryUrl, secret, name } = body as Record<string, string>;
      if (!topic || !/^(product|order|customer|coupon)\.(created|updated|deleted|restored)$/.test(topic))
        return { status: 400, body: wpError('rest_invalid_param', 'Invalid parameter(s): topic', 400) };
      if (!deliveryUrl || !/^https?:\/\//.test(deliveryUrl))
        return { status: 400, body: wpError('rest_invalid_param', 'Invalid parameter(s): delivery_url', 400) };
      const w: EmuWebhook = {
        id: this.nextId++,
        name: name ?? topic,
        topic,
        deliveryUrl,
        secret: secret || randomBytes(16).toString('hex'),
        status: 'active',
        failures: 0,
      };
      this.webhooks.push(w);
      this.ping(w);
      return { status: 201, body: webhookJson(w) };
    }
    if ((m = /^\/webhooks\/(\d+)$/.exec(path)) && method === 'DELETE') {
      const i = this.webhooks.findIndex((w) => w.id === Number(m![1]));
      if (i < 0) return { status: 404, body: wpError('woocommerce_rest_webhook_invalid_id', 'Invalid ID.', 404) };
      if (q.get('force') !== 'true')
        return {
          status: 501,
          body: wpError('woocommerce_rest_trash_not_supported', 'Webhooks do not support trashing.', 501),
        };
      const [w] = this.webhooks.splice(i, 1);
      return { status: 200, body: webhookJson(w!) };
    }
    return {
      status: 404,
      body: wpError('rest_no_route', 'No route was found matching the URL and request method.', 404),
    };
  }

  /** page / per_page (1..100), with X-WP-Total, X-WP-TotalPages and an RFC 5988 Link. */
  private paged(
    path: string,
    q: URLSearchParams,
    all: unknown[],
  ): { status: number; body: unknown; headers?: Record<string, string> } {
    const page = Number(q.get('page') ?? '1');
    const perPage = Number(q.get('per_page') ?? '10');
    if (!Number.isInteger(page) || page < 1)
      return { status: 400, body: wpError('rest_invalid_param', 'Invalid parameter(s): page', 400) };
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
      return { status: 400, body: wpError('rest_invalid_param', 'Invalid parameter(s): per_page', 400) };
    const totalPages = Math.ceil(all.length / perPage);
    if (page > totalPages && page > 1)
      return {
        status: 400,
        body: wpError(
          'rest_post_invalid_page_number',
          'The page number requested is larger than the number of pages available.',
          400,
        ),
      };
    const link = (n: number, rel: string) => {
      const u = new URLSearchParams(q);
      for (const k of [...u.keys()])
        if (k.startsWith('oauth_') || k === 'consumer_key' || k === 'consumer_secret') u.delete(k);
      u.set('page', String(n));
      return `<${this.homeUrl}${API}${path}?${u.toString()}>; rel="${rel}"`;
    };
    const links = [];
    if (page > 1) links.push(link(page - 1, 'prev'));
    if (page < totalPages) links.push(link(page + 1, 'next'));
    return {
      status: 200,
      body: all.slice((page - 1) * perPage, page * perPage),
      headers: {
        'x-wp-total': String(all.length),
        'x-wp-totalpages': String(totalPages),
        ...(links.length ? { link: links.join(', ') } : {}),
      },
    };
  }

  /** On creation WooCommerce pings the delivery URL: form-encoded webhook_id, unsigned. */
  private ping(w: EmuWebhook): void {
    const p = fetch(w.deliveryUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `webhook_id=${w.id}`,
      signal: AbortSignal.timeout(5000),
    })
      .then((r) => r.arrayBuffer())
      .then(
        () => undefined,
        () => undefined,
      );
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  // ---- key provisioning ----

  private authorizeStart(url: URL, res: ServerResponse): void {
    const html = (status: number, body: string): void => {
      res.writeHead(status, { 'content-type': 'text/html; charset=UTF-8' }).end(body);
    };
    const problem = checkAuthorizeParams(url.searchParams);
    if (problem) return html(400, messagePage('Error', problem));
    html(200, authorizePage(Object.fromEntries(url.searchParams)));
  }

  /** Approve: make a key, POST it to callback_url (must answer 200), send the browser to return_url. */
  private async authorizeAnswer(form: URLSearchParams, res: ServerResponse): Promise<void> {
    const html = (status: number, body: string): void => {
      res.writeHead(status, { 'content-type': 'text/html; charset=UTF-8' }).end(body);
    };
    const problem = checkAuthorizeParams(form);
    if (problem) return html(400, messagePage('Error', problem));
    const back = new URL(form.get('return_url')!);
    back.searchParams.set('user_id', form.get('user_id')!);
    if (form.get('approve') !== '1') {
      back.searchParams.set('success', '0');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    const scope = form.get('scope') as Key['permissions'];
    const key: Key = {
      id: this.nextId++,
      consumerKey: `ck_${randomBytes(20).toString('hex')}`,
      consumerSecret: `cs_${randomBytes(20).toString('hex')}`,
      permissions: scope,
    };
    this.keys.push(key);
    const payload = {
      key_id: key.id,
      user_id: form.get('user_id'),
      consumer_key: key.consumerKey,
      consumer_secret: key.consumerSecret,
      key_permissions: scope,
    };
    let status = 0;
    try {
      const r = await fetch(form.get('callback_url')!, {
        method: 'POST',
        headers: { 'content-type': 'application/json;charset=UTF-8' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(60_000),
      });
      await r.arrayBuffer();
      status = r.status;
    } catch {
      status = 0;
    }
    if (status !== 200) {
      // WooCommerce revokes the key it could not hand over and shows an error instead of redirecting.
      this.keys.splice(this.keys.indexOf(key), 1);
      return html(
        400,
        messagePage(
          'Error',
          `An error occurred in the request and at the time were unable to send the consumer data (callback answered ${status || 'nothing'}).`,
        ),
      );
    }
    back.searchParams.set('success', '1');
    res.writeHead(302, { location: back.toString() }).end();
  }

  // ---- admin page ----

  private adminView() {
    return {
      homeUrl: this.homeUrl,
      currency: this.currency,
      keys: this.keys,
      products: [...this.store.products.values()].filter((p) => p.status !== 'trash'),
      webhooks: this.webhooks,
      deliveries: this.deliveries.slice(-20).reverse(),
      missDeliveries: this.missDeliveries,
      ordersHtml: ordersSection(
        [...this.orders.orders.values()],
        [...this.store.products.values()].filter((p) => p.status !== 'trash'),
        (o) => this.orders.totalOf(o),
      ),
    };
  }

  private adminAction(path: string, form: URLSearchParams, res: ServerResponse): void {
    const id = Number(form.get('id'));
    const price = (form.get('price') ?? '').trim();
    if (path === '/wp-admin/products') {
      const options = (form.get('options') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const attribute = (form.get('attribute') ?? '').trim();
      const name = (form.get('name') ?? '').trim() || 'New product';
      if (attribute && options.length) {
        const p = this.store.add({ name, type: 'variable', attributes: [{ name: attribute, options }] }, false);
        options.forEach((o, i) =>
          this.store.addVariation(
            p.id,
            {
              sku: `${form.get('sku') || `SKU${p.id}`}-${i + 1}`,
              price: price || '10.00',
              attributes: [{ name: attribute, option: o }],
            },
            false,
          ),
        );
        this.store.touch(p.id, 'product.created');
      } else {
        this.store.add({ name, type: 'simple', sku: form.get('sku') ?? '', price: price || '10.00' });
      }
    } else if (path === '/wp-admin/products/update') {
      this.store.update(id, { name: form.get('name')?.trim() || undefined, price: price || undefined });
    } else if (path === '/wp-admin/products/delete') {
      this.store.remove(id);
    } else if (path === '/wp-admin/variations/add') {
      const attr = this.store.products.get(id)?.attributes[0]?.name ?? 'Option';
      this.store.addVariation(id, {
        sku: form.get('sku') ?? '',
        price: price || '10.00',
        attributes: [{ name: attr, option: form.get('option')?.trim() || 'New' }],
      });
    } else if (path === '/wp-admin/webhooks/resend') {
      this.resend(form.get('topic') ?? 'product.updated', id);
    } else if (path === '/wp-admin/orders' || path === '/wp-admin/orders/status') {
      const problem = orderFormAction(this.orders, path, form);
      if (problem) {
        res.writeHead(400, { 'content-type': 'text/html; charset=UTF-8' }).end(messagePage('Error', problem));
        return;
      }
    } else if (path === '/wp-admin/settings') {
      this.missDeliveries = form.get('miss') === '1';
    }
    // Absolute on the emulator's own origin: the sandbox proxy turns it into a path under its prefix.
    res.writeHead(303, { location: `${this.baseUrl}/wp-admin` }).end();
  }
}

function noRoute(): { status: number; body: unknown; headers?: Record<string, string> } {
  return {
    status: 404,
    body: wpError('rest_no_route', 'No route was found matching the URL and request method.', 404),
  };
}

function fromWoo(body: Json): { name?: string; price?: string; sku?: string; status?: EmuProduct['status'] } {
  return {
    name: typeof body.name === 'string' ? body.name : undefined,
    price: typeof body.regular_price === 'string' ? body.regular_price : undefined,
    sku: typeof body.sku === 'string' ? body.sku : undefined,
    status: body.status === 'draft' || body.status === 'publish' || body.status === 'private' ? body.status : undefined,
  };
}

function wpError(code: string, message: string, status: number): Json {
  return { code, message, data: { status } };
}

function webhookJson(w: EmuWebhook): Json {
  return {
    id: w.id,
    name: w.name,
    status: w.status,
    topic: w.topic,
    delivery_url: w.deliveryUrl,
    hooks: [`woocommerce_${w.topic.replace('.', '_')}`],
  };
}

const loopback = (u: URL) => u.hostname === '127.0.0.1' || u.hostname === 'localhost' || u.hostname === '[::1]';

/** All parameters are mandatory; callback_url must be https (the emulator also lets loopback through). */
function checkAuthorizeParams(q: URLSearchParams): string | null {
  for (const k of ['app_name', 'scope', 'user_id', 'return_url', 'callback_url'])
    if (!q.get(k)) return `Missing parameter ${k}`;
  if (!['read', 'write', 'read_write'].includes(q.get('scope')!)) return 'Invalid scope';
  for (const k of ['return_url', 'callback_url']) {
    try {
      const u = new URL(q.get(k)!);
      if (k === 'callback_url' && u.protocol !== 'https:' && !loopback(u))
        return 'The callback_url needs to be over SSL';
    } catch {
      return `The ${k} is not a valid URL`;
    }
  }
  return null;
}

export type { EmuProduct, EmuVariation };

export async function startWooEmulator(options: WooEmulatorOptions = {}): Promise<WooEmulator> {
  return new WooEmulator(options).start();
}
