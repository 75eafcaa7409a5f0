import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SANCTIONED_COUNTRIES } from '@dsm/contract';
import { z } from 'zod';
import type { HttpPolicy } from './connectors/stores/store-platform';
import { SERVER_DIR } from './server-dir';

const repoRoot = path.resolve(SERVER_DIR, '../..');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback unless set: the demo's well-known log-ins should not be reachable from the network by default.
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  FILE_STORE: z.enum(['disk', 'database']).optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Marketplace <no-reply@localhost>'),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  FIRST_ANSWERS_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(300),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  ADDRESS_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  RESET_CODE_ANSWER_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  DEMO_USER_EMAIL: z.string().email().default('demo@example.com'),
  DEMO_USER_PASSWORD: z.string().min(7).default('demo12345'),
  OPERATOR_EMAIL: z.string().email().default('operator@example.com'),
  OPERATOR_PASSWORD: z.string().min(7).optional(),
  /** The sourcing promise: an answer within this many working days (decision 0127). */
  SOURCING_PROMISE_WORKING_DAYS: z.coerce.number().int().min(1).max(30).default(1),
  WITHDRAWAL_SANCTIONED_COUNTRIES: z
    .string()
    .regex(/^(none|[A-Za-z]{2}(\s*,\s*[A-Za-z]{2})*)$/, 'must be comma-separated ISO 3166 alpha-2 codes, or none')
    .optional(),
  // Card payments through Stripe Checkout (decision 0072); none set → the local Stripe emulator.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_…)")
    .optional(),
  STRIPE_BASE_URL: z.string().url().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_BASE_URL: z.string().url().default('https://api-m.sandbox.paypal.com'),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  // Recharge orders (decision 0074): how long an unpaid one stays open, and where bank transfers go.
  // Checkout (decision 0083): service fee in basis points of the goods total (200 = 2 %), confirm token lifetime.
  CHECKOUT_SERVICE_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(200),
  CHECKOUT_CONFIRM_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  // Orders (decision 0084): how long an unpaid order holds its stock before it moves to the draft box.
  ORDER_PAY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  // Checkout (decision 0106): how many unpaid orders one user may hold stock with at once (0 = no cap).
  CHECKOUT_MAX_UNPAID_ORDERS: z.coerce.number().int().min(0).max(100_000).default(100),
  RECHARGE_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(60),
  RECHARGE_BANK_BENEFICIARY: z.string().optional(),
  RECHARGE_BANK_NAME: z.string().optional(),
  RECHARGE_BANK_ADDRESS: z.string().optional(),
  RECHARGE_BANK_ACCOUNT_NUMBER: z.string().optional(),
  RECHARGE_BANK_IBAN: z.string().optional(),
  RECHARGE_BANK_SWIFT: z.string().optional(),
  // Invoices (decision 0082): the seller's legal details printed as "bill from".
  INVOICE_SELLER_NAME: z.string().optional(),
  INVOICE_SELLER_ADDRESS: z.string().optional(),
  INVOICE_SELLER_COUNTRY: z.string().length(2).optional(),
  INVOICE_SELLER_VAT: z.string().optional(),
  INVOICE_SELLER_EMAIL: z.string().optional(),
  // Stores (decision 0100): calls to loopback / private addresses only when allowed (tests, a LAN
  // demo); how often connected stores are pulled for changes (WooCommerce's catch-up).
  STORES_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false']).default('false'),
  STORES_PULL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  // Store orders (issue 21, decision 0113): how often each connected store's orders are pulled
  // (the catch-up after lost webhooks; webhooks bring them within seconds).
  STORE_ORDERS_PULL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(24 * 3600)
    .default(300),
  // AliExpress open platform app (decision 0100): key and secret together or not at all (then
  // `npm start` runs the emulator under /sandbox/aliexpress).
  ALIEXPRESS_APP_KEY: z.string().optional(),
  ALIEXPRESS_APP_SECRET: z.string().optional(),
  ALIEXPRESS_AUTH_URL: z.string().url().default('https://api-sg.aliexpress.com/oauth/authorize'),
  ALIEXPRESS_API_URL: z.string().url().default('https://api-sg.aliexpress.com'),
  // Shopify (decision 0100): the app's client id and secret (none → the demo's emulator), the
  // pinned Admin API version, the scopes asked at install, and where shops live ({shop} = the
  // shop domain). The previous secret is accepted on webhooks for the hour after a rotation.
  SHOPIFY_API_KEY: z.string().optional(),
  SHOPIFY_API_SECRET: z.string().optional(),
  SHOPIFY_API_SECRET_PREVIOUS: z.string().optional(),
  SHOPIFY_API_VERSION: z
    .string()
    .regex(/^(\d{4}-(01|04|07|10)|unstable)$/, 'must be a Shopify API version such as 2026-10')
    .default('2026-10'),
  SHOPIFY_SCOPES: z
    .string()
    .regex(/^[a-z_]+(,[a-z_]+)*$/, 'must be comma-separated scopes such as read_products,read_orders')
    .default(
      'read_products,write_products,read_inventory,write_inventory,read_locations,read_orders,write_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders',
    ),
  SHOPIFY_SHOP_URL: z
    .string()
    .regex(/^https?:\/\/.*\{shop\}/, 'must be a URL template containing {shop}, e.g. https://{shop}')
    .default('https://{shop}'),
});

/** The seller printed on invoices when none is configured: plainly a demo company. */
export const DEMO_INVOICE_SELLER = {
  name: 'DEMO Marketplace Ltd (demo details)',
  address: '1 Example Street, Demo City',
  countryCode: 'GB',
  vatNumber: 'GB000000000 (demo)',
  email: 'billing@example.com',
};

/** Bank details of the demo: plainly marked, so nobody transfers real money to them. */
export const DEMO_BANK_DETAILS = {
  beneficiary: 'DEMO Marketplace Ltd (demo details, do not transfer)',
  bankName: 'DEMO Bank',
  bankAddress: '1 Example Street, Demo City',
  accountNumber: '000000000 (demo)',
  iban: 'XX00 DEMO 0000 0000 0000 00',
  swiftBic: 'DEMOXXXX',
};

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL connections this process keeps at most (DATABASE_POOL_SIZE, 20). */
  databasePoolSize?: number;
  /** Where uploaded and generated files live: DATA_DIR/uploads, or the database (stateless nodes). */
  fileStore: 'disk' | 'database';
  secretKey: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl?: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** Believe X-Forwarded-For (client address for log-in throttling) only behind a proxy we run. */
  trustProxy: boolean;
  webDist: string;
  /** How long a catalogue page waits for its first answers before it is sent without them (decision 0122). */
  firstAnswersWaitMs?: number;
  bodyLimitBytes: number;
  /** A request's headers and body must have arrived within this time (ms), or it is cut off with 408. */
  requestTimeoutMs: number;
  sessionTtlSeconds: number;
  /**
   * POST /api/password/code answers no sooner than this (ms), so that the SMTP send done only for
   * real accounts does not show in the answer time. Set it above the usual SMTP send time.
   */
  resetCodeAnswerMs: number;
  /** Registrations, and reset-code requests, each client address may make per hour (decision 0065). */
  addressRequestsPerHour: number;
  /** Background jobs this process works at once (decision 0061). */
  jobsConcurrency?: number;
  /** How long a claimed job stays held without renewal; a killed worker's job runs again after it. */
  jobsLeaseSeconds?: number;
  demoUser: { email: string; password: string };
  operator: { email: string; password?: string };
  /** Countries withdrawals may not go to (decision 0073); the contract's list unless configured. */
  withdrawalSanctionedCountries?: readonly string[];
  /** Sourcing requests are answered within this many working days (Mon–Fri, UTC); 1 by default. */
  sourcingPromiseWorkingDays?: number;
  /**
   * Stripe account for card payments (decision 0072), or undefined: then the demo runs the local
   * Stripe emulator. The key and the signing secret never go to the logs.
   */
  stripe?: { secretKey: string; webhookSecret: string; baseUrl: string };
  /**
   * PayPal REST credentials (decision 0071). Unset: the demo talks to the local PayPal emulator.
   * The webhook id is the one PayPal shows for our webhook; without it no webhook is trusted.
   */
  paypal?: { clientId: string; clientSecret: string; baseUrl: string; webhookId?: string };
  /**
   * True when `paypal` / `stripe` point at the local emulators (set by main.ts when it starts
   * them for the demo): the recharge page then says it is a sandbox.
   */
  paymentSandbox?: boolean;
  /**
   * Checkout pricing (decision 0083): the service fee as basis points of the goods total, and how
   * long a confirm token stays valid. Defaults: 200 (2 %), 15 minutes. `payMinutes` (decision 0084):
   * how long a placed order awaits payment holding its stock; default 30. `maxUnpaidOrders`
   * (decision 0106): how many unpaid orders one user may hold at once; default 100, 0 = no cap.
   */
  checkout?: { serviceFeeBps: number; confirmMinutes: number; payMinutes?: number; maxUnpaidOrders?: number };
  /** Recharge orders (decision 0074); defaults: 60 minutes, the demo bank details. */
  /** The seller on invoices ("bill from", decision 0082); the demo company unless configured. */
  invoiceSeller?: typeof DEMO_INVOICE_SELLER;
  /**
   * The AliExpress open platform app (decision 0100, ALIEXPRESS_*). Unset: AliExpress stores
   * cannot be connected, except in the demo, which points it at the local emulator (`sandbox`:
   * its stores are marked so).
   */
  aliexpress?: { appKey: string; appSecret: string; authUrl: string; apiUrl: string; sandbox?: boolean };
  /**
   * The Shopify app (decision 0100). Unset: the demo points it at the local emulator. The secret
   * signs install queries and webhooks; `previousApiSecret` is still accepted for both.
   * `sandbox`: the demo's emulator (its stores are marked so).
   */
  shopify?: {
    apiKey: string;
    apiSecret: string;
    previousApiSecret?: string;
    apiVersion: string;
    scopes: string;
    shopUrlTemplate: string;
    sandbox?: boolean;
  };
  /**
   * Stores (decision 0100). `allowPrivateAddresses`: a user-given store address may resolve to a
   * loopback or private network (never in production: it would let anyone make the server call
   * its neighbours). `sandboxBaseUrls`: the demo's emulators, allowed whatever they resolve to,
   * and their stores marked `sandbox`; per platform, the first URL is the one called, the others
   * are addresses a user may type for it. `http`: tests tighten timeouts and backoff.
   */
  stores?: {
    allowPrivateAddresses: boolean;
    pullEverySeconds: number;
    sandboxBaseUrls?: Partial<Record<'shopify' | 'woocommerce' | 'aliexpress', string[]>>;
    http?: Partial<HttpPolicy>;
  };
  /** Store orders (issue 21): the pull's interval per store (STORE_ORDERS_PULL_SECONDS, default 300). */
  storeOrders?: { pullEverySeconds: number };
  recharge?: {
    expiryMinutes: number;
    bank: {
      beneficiary: string;
      bankName: string;
      bankAddress: string;
      accountNumber: string;
      iban: string;
      swiftBic: string;
    };
  };
}

/** Parses the environment once at boot; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (`DATABASE_URL= npm start` means the embedded database).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const stripeSet = [e.STRIPE_SECRET_KEY, e.STRIPE_WEBHOOK_SECRET, e.STRIPE_BASE_URL].some((v) => v !== undefined);
  if (stripeSet && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    // Half a configuration would create sessions whose webhooks cannot be verified, or the reverse.
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together (or leave all STRIPE_* unset for the emulator)',
    );
  }
  if (Boolean(e.ALIEXPRESS_APP_KEY) !== Boolean(e.ALIEXPRESS_APP_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  ALIEXPRESS_APP_KEY and ALIEXPRESS_APP_SECRET are set together or not at all',
    );
  }
  if (Boolean(e.SHOPIFY_API_KEY) !== Boolean(e.SHOPIFY_API_SECRET)) {
    throw new Error('Invalid configuration:\n  SHOPIFY_API_KEY and SHOPIFY_API_SECRET are set together or not at all');
  }
  if (Boolean(e.PAYPAL_CLIENT_ID) !== Boolean(e.PAYPAL_CLIENT_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set together or not at all',
    );
  }
  // A relative DATA_DIR means the folder npm was run from (INIT_CWD), not the workspace folder npm
  // runs a workspace script in: `DATA_DIR=./demo npm run operator-password` must reach the data
  // directory `DATA_DIR=./demo npm start` used.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    fileStore: e.FILE_STORE ?? (e.DATABASE_URL ? 'database' : 'disk'),
    secretKey: e.SECRET_KEY ?? persistedSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    webDist: path.resolve(e.WEB_DIST),
    firstAnswersWaitMs: e.FIRST_ANSWERS_WAIT_MS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    resetCodeAnswerMs: e.RESET_CODE_ANSWER_MS,
    addressRequestsPerHour: e.ADDRESS_REQUESTS_PER_HOUR,
    jobsConcurrency: e.JOBS_CONCURRENCY,
    jobsLeaseSeconds: e.JOBS_LEASE_SECONDS,
    demoUser: { email: e.DEMO_USER_EMAIL, password: e.DEMO_USER_PASSWORD },
    operator: { email: e.OPERATOR_EMAIL, password: e.OPERATOR_PASSWORD },
    sourcingPromiseWorkingDays: e.SOURCING_PROMISE_WORKING_DAYS,
    withdrawalSanctionedCountries: countryList(e.WITHDRAWAL_SANCTIONED_COUNTRIES) ?? SANCTIONED_COUNTRIES,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            baseUrl: e.STRIPE_BASE_URL ?? 'https://api.stripe.com',
          }
        : undefined,
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
        ? {
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            baseUrl: e.PAYPAL_BASE_URL,
            webhookId: e.PAYPAL_WEBHOOK_ID,
          }
        : undefined,
    recharge: { expiryMinutes: e.RECHARGE_EXPIRY_MINUTES, bank: bankDetails(e) },
    checkout: {
      serviceFeeBps: e.CHECKOUT_SERVICE_FEE_BPS,
      confirmMinutes: e.CHECKOUT_CONFIRM_MINUTES,
      payMinutes: e.ORDER_PAY_MINUTES,
      maxUnpaidOrders: e.CHECKOUT_MAX_UNPAID_ORDERS,
    },
    invoiceSeller: invoiceSeller(e),
    stores: {
      allowPrivateAddresses: e.STORES_ALLOW_PRIVATE_ADDRESSES === 'true',
      pullEverySeconds: e.STORES_PULL_MINUTES * 60,
    },
    storeOrders: { pullEverySeconds: e.STORE_ORDERS_PULL_SECONDS },
    aliexpress:
      e.ALIEXPRESS_APP_KEY && e.ALIEXPRESS_APP_SECRET
        ? {
            appKey: e.ALIEXPRESS_APP_KEY,
            appSecret: e.ALIEXPRESS_APP_SECRET,
            authUrl: e.ALIEXPRESS_AUTH_URL,
            apiUrl: e.ALIEXPRESS_API_URL,
          }
        : undefined,
    shopify:
      e.SHOPIFY_API_KEY && e.SHOPIFY_API_SECRET
        ? {
            apiKey: e.SHOPIFY_API_KEY,
            apiSecret: e.SHOPIFY_API_SECRET,
            previousApiSecret: e.SHOPIFY_API_SECRET_PREVIOUS,
            apiVersion: e.SHOPIFY_API_VERSION,
            scopes: e.SHOPIFY_SCOPES,
            shopUrlTemplate: e.SHOPIFY_SHOP_URL,
          }
        : undefined,
  };
}

/**
 * The account bank transfers go to. The demo details only when none is configured: a real
 * account half-filled with demo values would send money to nowhere.
 */
function bankDetails(e: z.infer<typeof EnvSchema>): typeof DEMO_BANK_DETAILS {
  const given = {
    beneficiary: e.RECHARGE_BANK_BENEFICIARY,
    bankName: e.RECHARGE_BANK_NAME,
    bankAddress: e.RECHARGE_BANK_ADDRESS,
    accountNumber: e.RECHARGE_BANK_ACCOUNT_NUMBER,
    iban: e.RECHARGE_BANK_IBAN,
    swiftBic: e.RECHARGE_BANK_SWIFT,
  };
  if (Object.values(given).every((v) => v === undefined)) return DEMO_BANK_DETAILS;
  return Object.fromEntries(Object.entries(given).map(([k, v]) => [k, v ?? ''])) as typeof DEMO_BANK_DETAILS;
}

/** Like the bank: the demo seller only when nothing is configured, never half demo values. */
function invoiceSeller(e: z.infer<typeof EnvSchema>): typeof DEMO_INVOICE_SELLER {
  const given = {
    name: e.INVOICE_SELLER_NAME,
    address: e.INVOICE_SELLER_ADDRESS,
    countryCode: e.INVOICE_SELLER_COUNTRY?.toUpperCase(),
    vatNumber: e.INVOICE_SELLER_VAT,
    email: e.INVOICE_SELLER_EMAIL,
  };
  if (Object.values(given).every((v) => v === undefined)) return DEMO_INVOICE_SELLER;
  return Object.fromEntries(Object.entries(given).map(([k, v]) => [k, v ?? ''])) as typeof DEMO_INVOICE_SELLER;
}

/** "cu, ir" → ['CU', 'IR']; "none" → [] (an empty variable means unset, hence the word). */
function countryList(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  if (text === 'none') return [];
  return text.split(',').map((c) => c.trim().toUpperCase());
}

/**
 * Without SECRET_KEY a single-node install keeps a random key in DATA_DIR so that encrypted
 * store secrets survive restarts. Several nodes must share one SECRET_KEY instead.
 */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
