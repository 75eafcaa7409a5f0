import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signAliExpress } from '../../connectors/stores/aliexpress/ae.sign.js';
import {
  type EmuProduct,
  type EmuSeller,
  type EmuSku,
  adminPage,
  authorizePage,
  messagePage,
} from './emulator-pages.js';
import {
  AeId,
  AeOrderError,
  type EmuAeOrder,
  type NewAeOrder,
  createAeOrder,
  orderApi,
  setAeOrderStatus,
  writeAeJson,
} from './emulator-orders.js';
import { orderFormAction, ordersSection } from './emulator-orders-page.js';

export type { EmuAeOrder, EmuProduct, EmuSeller, EmuSku };

/** The APIs that write (a lost answer leaves them done). */
const WRITES = new Set(['aliexpress.solution.order.fulfill', 'aliexpress.logistics.sellermodifiedshipment']);

/**
 * A local AliExpress open platform (IOP) on 127.0.0.1 for the tests and the demo without an
 * AliExpress account (decision 0100), written from connector-protocols.md §3: the seller
 * authorization page, the signed system APIs `/rest/auth/token/create` and `/refresh`, the
 * `/sync` gateway with `aliexpress.solution.product.list.get` (paged) and
 * `aliexpress.ds.product.get`, the `{code, message, type, request_id}` errors, and an admin page
 * to create products. Where the reference says UNCONFIRMED (error codes other than
 * IncompleteSignature / IllegalAccessToken / InvalidAppKey / MissingParameter, the list API's
 * shapes) it answers what the connector's README assumes. The connector never imports it. The
 * seller's orders and shipments live in `emulator-orders*.ts` (issue 21).
 */
export interface AliExpressEmulatorOptions {
  appKey?: string;
  appSecret?: string;
  /** Lifetimes of what it issues; tests shorten them to make tokens expire. */
  accessTtlSeconds?: number;
  refreshTtlSeconds?: number;
  /** Seed a demo seller with a few products. */
  seed?: boolean;
}

interface Grant {
  sellerId: string;
  expiresAt: number;
}
interface TokenClaims {
  s: string;
  e: number;
  g: number;
  n: string;
}
type Params = Record<string, string>;
interface Reply {
  status: number;
  body: unknown;
}

export const DEMO_SELLER = 'sandbox-seller';
const ACCESS_PREFIX = '50000';
const REFRESH_PREFIX = '50001';

export class AliExpressEmulator {
  baseUrl = '';
  readonly appKey: string;
  readonly appSecret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** Calls answered: API (or path) and error code, for tests. */
  readonly calls: Array<{ api: string; code: string }> = [];
  tokensIssued = 0;
  private throttleLeft = 0;
  private failLeft = 0;
  private failAfter = 0;
  private loseLeft = 0;
  private readonly sellers = new Map<string, EmuSeller>();
  private readonly codes = new Map<string, Grant>();
  /**
   * Tokens carry their seller and expiry, signed with the app secret, so a demo store keeps
   * working after a restart (same secret, same seller ids); what is revoked is remembered here.
   * A token of a generation below the minimum is refused (`expire…Tokens`).
   */
  private readonly usedRefresh = new Set<string>();
  private minAccessGen = 0;
  private minRefreshGen = 0;
  private generation = 0;
  private nextProduct = 1005001000000001;
  private nextSku = 12000030000001;
  private readonly server: Server;

  constructor(options: AliExpressEmulatorOptions = {}) {
    this.appKey = options.appKey ?? '500001';
    this.appSecret = options.appSecret ?? `emu${randomBytes(16).toString('hex')}`;
    this.accessTtlSeconds = options.accessTtlSeconds ?? 86_400;
    this.refreshTtlSeconds = options.refreshTtlSeconds ?? 30 * 86_400;
    if (options.seed) this.seedDemo();
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

  seller(account: string): EmuSeller {
    let s = this.sellers.get(account);
    if (!s) {
      // Derived from the name: the same account has the same id after a restart.
      s = {
        sellerId: String(
          2_000_000_000 + (createHash('sha256').update(account).digest().readUInt32BE(0) % 1_000_000_000),
        ),
        account,
        products: [],
        orders: [],
      };
      this.sellers.set(account, s);
    }
    return s;
  }

  /** A product with one SKU per option value (or a single SKU without options). */
  addProduct(
    account: string,
    p: { subject: string; price: string; option?: string; values?: string[]; skuCode?: string; currency?: string },
  ): EmuProduct {
    const productId = String(this.nextProduct++);
    const values = p.option && p.values?.length ? p.values : [null];
    const prefix = p.skuCode || `AE-${productId.slice(-4)}`;
    const product: EmuProduct = {
      productId,
      subject: p.subject,
      currency: p.currency ?? 'USD',
      status: 'onSelling',
      modifiedAt: Date.now(),
      imageUrl: `https://ae01.alicdn.com/kf/S${productId}.jpg`,
      skus: values.map((v) => ({
        skuId: String(this.nextSku++),
        skuCode: v ? `${prefix}-${v.toUpperCase().replace(/\W+/g, '')}` : prefix,
        price: p.price,
        stock: 100,
        properties: v ? [{ name: p.option!, value: v }] : [],
      })),
    };
    this.seller(account).products.push(product);
    return product;
  }

  /** A buyer's order in `account`'s store (the admin page's form and tests); throws AeOrderError on a bad line. */
  createOrder(account: string, input: NewAeOrder): EmuAeOrder {
    return createAeOrder(this.seller(account), input);
  }

  /** Moves an order on as the buyer or the platform would (cancel, confirm receipt, close). */
  setOrderStatus(orderId: string, status: string, endReason = ''): EmuAeOrder {
    const o = this.order(orderId);
    if (!o) throw new AeOrderError(`No order ${orderId}`);
    setAeOrderStatus(o, status, endReason);
    return o;
  }

  order(orderId: string): EmuAeOrder | undefined {
    return [...this.sellers.values()].flatMap((s) => s.orders).find((o) => o.orderId === orderId);
  }

  /** The next `n` gateway calls answer HTTP 429 with an `ApiCallLimit` error (the emulator's choice: UNCONFIRMED). */
  throttle(n: number): void {
    this.throttleLeft = n;
  }

  /** The next `n` gateway calls answer 503 without acting, after `okFirst` more are served. */
  fail(n: number, okFirst = 0): void {
    this.failLeft = n;
    this.failAfter = okFirst;
  }

  /** The next `n` shipment calls act, then the connection drops before the answer. */
  loseAnswers(n: number): void {
    this.loseLeft = n;
  }

  /** Changes a product as the seller would in the seller centre. */
  updateProduct(productId: string, change: Partial<Pick<EmuProduct, 'subject' | 'status'>> & { price?: string }): void {
    for (const s of this.sellers.values()) {
      const p = s.products.find((x) => x.productId === productId);
      if (!p) continue;
      if (change.subject) p.subject = change.subject;
      if (change.status) p.status = change.status;
      if (change.price) for (const k of p.skus) k.price = change.price;
      p.modifiedAt = Date.now();
    }
  }

  /** The seller's browser on the authorize page: approve → the redirect's Location. */
  approve(authorizeUrl: string, account = DEMO_SELLER): string {
    const q = Object.fromEntries(new URL(authorizeUrl, 'http://x').searchParams);
    return this.grant({ ...q, account, approve: '1' }).location;
  }

  /** Every access token stops working (as when they run out before their refresh). */
  expireAccessTokens(): void {
    this.minAccessGen = ++this.generation;
  }

  /** Every refresh token stops working (the seller revoked the app, or it ran out). */
  expireRefreshTokens(): void {
    this.minRefreshGen = ++this.generation;
  }

  private issue(prefix: string, sellerId: string, expiresAt: number): string {
    const claims: TokenClaims = { s: sellerId, e: expiresAt, g: this.generation, n: randomBytes(6).toString('hex') };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${prefix}${body}.${createHmac('sha256', this.appSecret)
      .update(prefix + body)
      .digest('base64url')}`;
  }

  private claimsOf(prefix: string, token: string | undefined, minGen: number): TokenClaims | null {
    if (!token?.startsWith(prefix)) return null;
    const [body, mac] = token.slice(prefix.length).split('.');
    if (
      !body ||
      !mac ||
      createHmac('sha256', this.appSecret)
        .update(prefix + body)
        .digest('base64url') !== mac
    )
      return null;
    try {
      const c = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenClaims;
      return c.e > Date.now() && c.g >= minGen ? c : null;
    } catch {
      return null;
    }
  }

  private seedDemo(): void {
    this.addProduct(DEMO_SELLER, {
      subject: 'Wireless earbuds',
      price: '18.90',
      option: 'Color',
      values: ['Black', 'White'],
      skuCode: 'EARBUD',
    });
    this.addProduct(DEMO_SELLER, { subject: 'Phone stand', price: '6.50', skuCode: 'STAND' });
    this.addProduct(DEMO_SELLER, {
      subject: 'Yoga mat',
      price: '24.00',
      option: 'Size',
      values: ['S', 'M', 'L'],
      skuCode: 'YOGA',
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://emulator');
    // Parameters may come in the query string, the form body, or both (§3.3).
    const params: Params = {
      ...Object.fromEntries(url.searchParams),
      ...Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
    };
    const html = (status: number, body: string): void => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    };
    const json = (r: Reply): void => {
      res.writeHead(r.status, { 'content-type': 'application/json;charset=utf-8' }).end(writeAeJson(r.body));
    };
    try {
      if (url.pathname === '/oauth/authorize' && req.method === 'GET') {
        if (params.client_id !== this.appKey || !params.redirect_uri)
          return html(400, messagePage('Invalid request', 'Unknown client_id or missing redirect_uri.'));
        return html(200, authorizePage(params, DEMO_SELLER));
      }
      if (url.pathname === '/oauth/authorize' && req.method === 'POST') {
        const g = this.grant(params);
        if (!g.location) return html(400, messagePage('Invalid request', 'Unknown client_id or missing redirect_uri.'));
        res.writeHead(302, { location: g.location }).end();
        return;
      }
      if (url.pathname === '/admin' && req.method === 'GET')
        return html(
          200,
          adminPage([...this.sellers.values()], DEMO_SELLER, ordersSection([...this.sellers.values()], DEMO_SELLER)),
        );
      if ((url.pathname === '/admin/orders' || url.pathname === '/admin/orders/status') && req.method === 'POST') {
        const problem = orderFormAction(this, url.pathname, params);
        if (problem) return html(400, messagePage('Error', problem));
        res.writeHead(303, { location: `${this.baseUrl}/admin` }).end();
        return;
      }
      if (url.pathname === '/admin/products' && req.method === 'POST') {
        const values = (params.values ?? '')
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean);
        if (params.subject && /^\d+(\.\d{1,2})?$/.test(params.price ?? '')) {
          this.addProduct(params.account || DEMO_SELLER, {
            subject: params.subject,
            price: params.price!,
            option: params.option?.trim() || undefined,
            values,
            skuCode: params.sku?.trim() || undefined,
          });
        }
        res.writeHead(303, { location: `${this.baseUrl}/admin` }).end();
        return;
      }
      if (url.pathname === '/rest/auth/token/create' || url.pathname === '/rest/auth/token/refresh')
        return json(this.token(url.pathname.slice('/rest'.length), params));
      if (url.pathname === '/sync') {
        if (this.failLeft > 0 && this.failAfter > 0) this.failAfter--;
        else if (this.failLeft > 0) {
          this.failLeft--;
          res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>503 Service Temporarily Unavailable</h1>');
          return;
        }
        if (this.throttleLeft > 0) {
          this.throttleLeft--;
          return json({ ...error('ApiCallLimit', 'The request has exceeded the call limit', 'ISV'), status: 429 });
        }
        const reply = this.business(params);
        if (WRITES.has(params.method ?? '') && this.loseLeft > 0) {
          this.loseLeft--;
          res.destroy();
          return;
        }
        return json(reply);
      }
      return json(error('InvalidApiPath', 'The specified API path is invalid', 'ISV', 404));
    } catch {
      return json(error('SystemError', 'The platform is busy, try again', 'SYSTEM', 500));
    }
  }

  private grant(params: Params): { location: string } {
    if (params.client_id !== this.appKey || !params.redirect_uri) return { location: '' };
    const back = new URL(params.redirect_uri);
    if (params.approve === '1') {
      const code = `3_${this.appKey}_${randomBytes(12).toString('hex')}`;
      this.codes.set(code, {
        sellerId: this.seller(params.account || DEMO_SELLER).sellerId,
        expiresAt: Date.now() + 30 * 60_000,
      });
      back.searchParams.set('code', code);
    } else {
      back.searchParams.set('error', 'access_denied');
    }
    if (params.state !== undefined) back.searchParams.set('state', params.state);
    return { location: back.toString() };
  }

  /** The checks every call passes first: app key, sign method, timestamp, the signature. */
  private checkSigned(api: string, params: Params): Reply | null {
    if (!params.app_key || !params.sign || !params.timestamp || !params.sign_method)
      return error(
        'MissingParameter',
        'A required parameter (app_key, timestamp, sign_method or sign) is missing',
        'ISV',
      );
    if (params.app_key !== this.appKey) return error('InvalidAppKey', 'The specified App Key is invalid', 'ISV');
    if (params.sign_method !== 'sha256')
      return error('IncompleteSignature', 'The request signature does not conform to platform standards', 'ISV');
    const expected = Buffer.from(signAliExpress(this.appSecret, api, params));
    const given = Buffer.from(params.sign);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return error('IncompleteSignature', 'The request signature does not conform to platform standards', 'ISV');
    return null;
  }

  private token(api: string, params: Params): Reply {
    const bad = this.checkSigned(api, params);
    if (bad) return this.log(api, bad);
    const now = Date.now();
    let sellerId: string;
    if (api === '/auth/token/create') {
      const g = params.code ? this.codes.get(params.code) : undefined;
      if (params.code) this.codes.delete(params.code); // used once, even when refused
      if (!g || g.expiresAt < now)
        return this.log(api, error('InvalidCode', 'The authorization code is invalid or expired', 'ISV'));
      sellerId = g.sellerId;
    } else {
      const c = this.claimsOf(REFRESH_PREFIX, params.refresh_token, this.minRefreshGen);
      if (!c || this.usedRefresh.has(params.refresh_token!))
        return this.log(api, error('IllegalRefreshToken', 'The refresh token is invalid or expired', 'ISV'));
      this.usedRefresh.add(params.refresh_token!); // rotated: the old one stops working
      sellerId = c.s;
    }
    const seller = this.sellerById(sellerId);
    const expireTime = now + this.accessTtlSeconds * 1000;
    const refreshValid = now + this.refreshTtlSeconds * 1000;
    const accessToken = this.issue(ACCESS_PREFIX, sellerId, expireTime);
    const refreshToken = this.issue(REFRESH_PREFIX, sellerId, refreshValid);
    this.tokensIssued++;
    return this.log(api, {
      status: 200,
      body: {
        access_token: accessToken,
        refresh_token: refreshToken,
        expires_in: this.accessTtlSeconds,
        refresh_expires_in: this.refreshTtlSeconds,
        expire_time: expireTime,
        refresh_token_valid_time: refreshValid,
        user_id: sellerId,
        seller_id: sellerId,
        user_nick: seller.account,
        account: seller.account,
        account_platform: 'seller_center',
        havana_id: sellerId,
        locale: 'en_US',
        sp: 'ae',
        code: '0',
        request_id: requestId(),
      },
    });
  }

  private business(params: Params): Reply {
    const api = params.method ?? '';
    if (!api) return this.log('?', error('MissingParameter', 'The method parameter is missing', 'ISV'));
    const bad = this.checkSigned(api, params);
    if (bad) return this.log(api, bad);
    const c = this.claimsOf(ACCESS_PREFIX, params.session, this.minAccessGen);
    if (!c)
      return this.log(api, error('IllegalAccessToken', 'The specified access token is invalid or expired', 'ISV'));
    const seller = this.sellerById(c.s);
    const wrap = (payload: Record<string, unknown>): Reply =>
      this.log(api, {
        status: 200,
        body: { [`${api.replaceAll('.', '_')}_response`]: { ...payload, request_id: requestId() } },
      });
    if (api === 'aliexpress.solution.product.list.get') {
      let q: Record<string, unknown>;
      try {
        q = JSON.parse(params.aeop_a_e_product_list_query ?? '{}') as Record<string, unknown>;
      } catch {
        return this.log(api, error('InvalidParameter', 'aeop_a_e_product_list_query is not JSON', 'ISV'));
      }
      const size = Math.min(Math.max(Number(q.page_size ?? 20) || 20, 1), 99);
      const current = Math.max(Number(q.current_page ?? 1) || 1, 1);
      const since =
        typeof q.gmt_modified_start === 'string' ? Date.parse(`${q.gmt_modified_start.replace(' ', 'T')}Z`) : NaN;
      const all = seller.products.filter(
        (p) =>
          (!q.product_status_type || p.status === q.product_status_type) &&
          (Number.isNaN(since) || p.modifiedAt >= since),
      );
      const items = all.slice((current - 1) * size, current * size);
      return wrap({
        result: {
          success: true,
          current_page: current,
          total_page: Math.ceil(all.length / size),
          product_count: all.length,
          aeop_a_e_product_display_d_t_o_list: {
            item_display_dto: items.map((p) => ({
              product_id: new AeId(p.productId),
              subject: p.subject,
              image_u_r_ls: p.imageUrl,
              currency_code: p.currency,
              owner_member_id: seller.account,
              product_min_price: minMax(p, Math.min),
              product_max_price: minMax(p, Math.max),
              gmt_create: aeTime(p.modifiedAt),
              gmt_modified: aeTime(p.modifiedAt),
              ws_display: p.status === 'onSelling' ? '' : 'user_offline',
            })),
          },
        },
      });
    }
    if (api === 'aliexpress.ds.product.get') {
      if (!params.product_id || !params.ship_to_country)
        return this.log(api, error('MissingParameter', 'product_id and ship_to_country are required', 'ISV'));
      const p = [...this.sellers.values()].flatMap((s) => s.products).find((x) => x.productId === params.product_id);
      if (!p) return wrap({ rsp_code: 404, rsp_msg: 'Product not found' });
      return wrap({ rsp_code: 200, rsp_msg: 'Call succeeds', result: productResult(p) });
    }
    const orders = orderApi(seller, api, params);
    if (orders && 'error' in orders) return this.log(api, error('InvalidParameter', orders.error, 'ISV'));
    if (orders) return wrap(orders.payload);
    return this.log(api, error('InvalidApiPath', `The API ${api} is not available to this app`, 'ISV'));
  }

  /** A seller known by id only (a token from before a restart, for an account not seen since): an empty store. */
  private sellerById(sellerId: string): EmuSeller {
    const known = [...this.sellers.values()].find((s) => s.sellerId === sellerId);
    if (known) return known;
    const s: EmuSeller = { sellerId, account: `seller-${sellerId}`, products: [], orders: [] };
    this.sellers.set(s.account, s);
    return s;
  }

  private log(api: string, r: Reply): Reply {
    const code = (r.body as { code?: string }).code ?? '0';
    this.calls.push({ api, code });
    return r;
  }
}

function productResult(p: EmuProduct): Record<string, unknown> {
  return {
    ae_item_base_info_dto: {
      product_id: new AeId(p.productId),
      subject: p.subject,
      currency_code: p.currency,
      product_status_type: p.status,
      gmt_modified: aeTime(p.modifiedAt),
    },
    ae_multimedia_info_dto: { image_urls: p.imageUrl },
    ae_item_properties: { ae_item_property: [] },
    ae_item_sku_info_dtos: {
      ae_item_sku_info_d_t_o: p.skus.map((k) => ({
        sku_id: k.skuId,
        id: k.properties.map((x, i) => `${14 + i}:${x.value}`).join(';'),
        sku_code: k.skuCode,
        sku_attr: k.properties.map((x, i) => `${14 + i}:${x.value}#${x.value}`).join(';'),
        sku_price: k.price,
        offer_sale_price: k.price,
        currency_code: p.currency,
        sku_available_stock: k.stock,
        sku_stock: k.stock > 0,
        ae_sku_property_dtos: {
          ae_sku_property_d_t_o: k.properties.map((x) => ({
            sku_property_name: x.name,
            sku_property_value: x.value,
            sku_image: `${p.imageUrl.replace('.jpg', '')}-${x.value}.jpg`,
          })),
        },
      })),
    },
  };
}

const minMax = (p: EmuProduct, f: (...n: number[]) => number) => f(...p.skus.map((k) => Number(k.price))).toFixed(2);
const aeTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const requestId = () => randomBytes(6).toString('hex');

function error(code: string, message: string, type: 'ISV' | 'ISP' | 'SYSTEM', status = 200): Reply {
  // The gateway answers its errors with HTTP 200 and the error in the body (§3.5).
  return { status, body: { code, message, type, request_id: requestId() } };
}

export async function startAliExpressEmulator(options: AliExpressEmulatorOptions = {}): Promise<AliExpressEmulator> {
  return new AliExpressEmulator(options).start();
}
