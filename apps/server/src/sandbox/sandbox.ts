import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type PayPalEmulator, startPayPalEmulator } from './paypal/emulator';
import { AliExpressEmulator } from './aliexpress/emulator';
import { type ShopifyEmulator, startShopifyEmulator } from './shopify/emulator';
import { WooEmulator } from './woocommerce/emulator';
import type { Config } from '../config';
import { type StripeEmulator, startStripeEmulator } from './stripe/emulator';

/**
 * The demo's payment sandbox (decision 0074): with no PayPal or Stripe credentials, `npm start`
 * starts the local emulators and serves them from the SAME server under /sandbox/paypal and
 * /sandbox/stripe, so the browser reaches the approve and checkout pages on whatever host the
 * demo runs; likewise a WooCommerce store under /sandbox/woocommerce and, with no ALIEXPRESS_* app, AliExpress under /sandbox/aliexpress (decision 0100). The connectors talk to them through that prefix on 127.0.0.1 (server to server);
 * links the emulators write are turned into paths under the prefix. Demo and test code only: the
 * connectors never import it.
 */
export interface Sandbox {
  /** `config` with the missing providers pointed at the emulators, and `paymentSandbox` set. */
  config: Config;
  paypal?: PayPalEmulator;
  stripe?: StripeEmulator;
  /** A WooCommerce store to connect from the UI (its address and keys are on its admin page). */
  woocommerce?: WooEmulator;
  /** AliExpress's open platform when no ALIEXPRESS_* app is configured (its admin page creates products). */
  aliexpress?: AliExpressEmulator;
  /** Shopify, when SHOPIFY_API_KEY is unset: any *.myshopify.com shop exists there, with products. */
  shopify?: ShopifyEmulator;
  /** Mounts the emulators on the app (before it listens). */
  mount(app: FastifyInstance): void;
  close(): Promise<void>;
}

export const SANDBOX_PREFIX = {
  paypal: '/sandbox/paypal',
  stripe: '/sandbox/stripe',
  woocommerce: '/sandbox/woocommerce',
  shopify: '/sandbox/shopify',
  aliexpress: '/sandbox/aliexpress',
} as const;

/** The demo's Shopify shop, seeded with products; any other *.myshopify.com name works too. */
export const SANDBOX_SHOPIFY_SHOP = 'demo-shop.myshopify.com';

/**
 * The sandbox WooCommerce store's keys: fixed, so a store connected in the demo still works after
 * a restart (the emulator starts again with the same seeded products and ids).
 */
export const SANDBOX_WOO_KEYS = {
  consumerKey: 'ck_sandboxdemo0000000000000000000000000001',
  consumerSecret: 'cs_sandboxdemo0000000000000000000000000001',
};

export async function startSandbox(config: Config): Promise<Sandbox> {
  if (config.paypal && config.stripe && config.shopify && config.aliexpress)
    return { config, mount: () => {}, close: async () => {} };
  // The app's own address as seen from this machine (HOST 0.0.0.0 or 127.0.0.1 listen there too).
  const self = `http://127.0.0.1:${config.port}`;
  let paypal: PayPalEmulator | undefined;
  let stripe: StripeEmulator | undefined;
  const next: Config = { ...config, paymentSandbox: !config.paypal || !config.stripe };
  // Stores (decision 0100): WooCommerce needs no platform account, so the demo always has a
  // sandbox store; its address is allowed though it is this machine, and its stores are marked.
  const woocommerce = new WooEmulator({ seed: true, keys: [SANDBOX_WOO_KEYS], shipmentTracking: true });
  woocommerce.homeUrl = `${self}${SANDBOX_PREFIX.woocommerce}`;
  await woocommerce.start();
  const aliases = [woocommerce.homeUrl, `http://localhost:${config.port}${SANDBOX_PREFIX.woocommerce}`];
  if (config.publicUrl) aliases.push(`${config.publicUrl.replace(/\/+$/, '')}${SANDBOX_PREFIX.woocommerce}`);
  next.stores = {
    allowPrivateAddresses: config.stores?.allowPrivateAddresses ?? false,
    pullEverySeconds: config.stores?.pullEverySeconds ?? 3600,
    ...config.stores,
    sandboxBaseUrls: { ...config.stores?.sandboxBaseUrls, woocommerce: aliases },
  };
  const targets: Array<{ prefix: string; base: () => string }> = [];
  let aliexpress: AliExpressEmulator | undefined;
  if (!config.aliexpress) {
    // The app secret follows SECRET_KEY: the emulator's tokens are signed with it, so a connected
    // sandbox store keeps working after a restart.
    const app = {
      appKey: '500001',
      appSecret: createHash('sha256').update(`aliexpress-sandbox:${config.secretKey}`).digest('hex'),
    };
    aliexpress = await new AliExpressEmulator({ ...app, seed: true }).start();
    const apiUrl = `${self}${SANDBOX_PREFIX.aliexpress}`;
    next.aliexpress = { ...app, authUrl: `${apiUrl}/oauth/authorize`, apiUrl, sandbox: true };
    const emulator = aliexpress;
    targets.push({ prefix: SANDBOX_PREFIX.aliexpress, base: () => emulator.baseUrl });
  }
  if (!config.paypal) {
    paypal = await startPayPalEmulator({ webhookId: 'WH-DEMO-SANDBOX' });
    next.paypal = {
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      baseUrl: `${self}${SANDBOX_PREFIX.paypal}`,
      webhookId: paypal.webhookId,
    };
    const emulator = paypal;
    targets.push({ prefix: SANDBOX_PREFIX.paypal, base: () => emulator.baseUrl });
  }
  if (!config.stripe) {
    const secretKey = `sk_test_demo${randomBytes(12).toString('hex')}`;
    const webhookSecret = `whsec_demo${randomBytes(16).toString('hex')}`;
    stripe = await startStripeEmulator({ secretKey, webhookSecret, webhookUrl: `${self}/api/webhooks/stripe` });
    next.stripe = { secretKey, webhookSecret, baseUrl: `${self}${SANDBOX_PREFIX.stripe}` };
    const emulator = stripe;
    targets.push({ prefix: SANDBOX_PREFIX.stripe, base: () => emulator.baseUrl });
  }
  targets.push({ prefix: SANDBOX_PREFIX.woocommerce, base: () => woocommerce.baseUrl });
  let shopify: ShopifyEmulator | undefined;
  if (!config.shopify) {
    // The secret and the token key follow SECRET_KEY: webhooks stay verifiable and a connected
    // sandbox store's tokens keep working across restarts (the demo shop is seeded the same way).
    const apiSecret = createHash('sha256').update(`shopify-sandbox:${config.secretKey}`).digest('hex');
    const tokenKey = createHash('sha256').update(`shopify-sandbox-tokens:${config.secretKey}`).digest('hex');
    const publicBase = (config.publicUrl ?? '').replace(/\/+$/, '');
    shopify = await startShopifyEmulator({
      apiKey: 'sandbox-shopify-app',
      apiSecret,
      autoCreateShops: true,
      tokenKey,
      // Root-relative unless PUBLIC_URL says where the SPA is: "Install app" lands on the page's own origin.
      appUrl: `${publicBase}/redirectShopify`,
      webhookUrl: `${self}/api/webhooks/shopify`,
      privacyWebhookUrl: `${self}/api/webhooks/shopify/privacy`,
    });
    shopify.createShop(SANDBOX_SHOPIFY_SHOP, { name: 'Demo Shopify shop', seed: true });
    next.shopify = {
      apiKey: shopify.apiKey,
      apiSecret,
      apiVersion: '2026-10',
      scopes:
        'read_products,write_products,read_inventory,write_inventory,read_locations,read_orders,write_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders',
      shopUrlTemplate: `${self}${SANDBOX_PREFIX.shopify}/{shop}`,
      sandbox: true,
    };
    const emulator = shopify;
    targets.push({ prefix: SANDBOX_PREFIX.shopify, base: () => emulator.baseUrl });
  }
  return {
    config: next,
    paypal,
    stripe,
    woocommerce,
    aliexpress,
    shopify,
    mount(app) {
      for (const t of targets) mountProxy(app, t.prefix, t.base);
    },
    async close() {
      await paypal?.close();
      await stripe?.close();
      await woocommerce.close();
      await aliexpress?.close();
      await shopify?.close();
    },
  };
}

/**
 * Forwards `<prefix>/*` to an emulator and rewrites what it answers so every link stays under the
 * prefix on the caller's origin: absolute emulator URLs become root-relative paths, and the
 * root-relative links of its HTML pages get the prefix. Its pages are the provider's sandbox
 * pages, so they get a CSP of their own (no external anything; inline handlers allowed).
 */
function mountProxy(app: FastifyInstance, prefix: string, base: () => string) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.all(`${prefix}/*`, async (req, reply) => {
      const target = base() + req.url.slice(prefix.length);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) {
        if (v !== undefined && !['host', 'connection', 'content-length', 'transfer-encoding'].includes(k))
          headers[k] = Array.isArray(v) ? v.join(', ') : v;
      }
      const body = Buffer.isBuffer(req.body) && req.body.length ? req.body : undefined;
      const res = await fetch(target, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
        redirect: 'manual',
      });
      const rewrite = (text: string) => text.replaceAll(base(), prefix);
      reply.status(res.status);
      for (const [k, v] of res.headers) {
        if (['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k)) continue;
        reply.header(k, k === 'location' ? rewrite(v) : v);
      }
      const type = res.headers.get('content-type') ?? '';
      let text = Buffer.from(await res.arrayBuffer()).toString('utf8');
      if (type.includes('html')) {
        text = rewrite(text).replace(/(action|href)="\/(?!sandbox\/)/g, `$1="${prefix}/`);
        reply.header(
          'content-security-policy',
          "default-src 'self'; script-src 'unsafe-inline'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
        );
      } else if (type.includes('json')) {
        text = rewrite(text);
      }
      return reply.send(text);
    });
  });
}
