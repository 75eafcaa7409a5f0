// The server scenarios of `npm run bench` (decision 0095): what each request is. The checkout
// steps and wallet pay are checkout.mjs's own (pools made outside the window, answers checked);
// the rest are defined here and driven the same way (checkout-drive.mjs).
import { drive } from './checkout-drive.mjs';
import { excelImportScenario } from './excel-imports.mjs';
import { scenarios as checkoutScenarios } from './checkout.mjs';
import { INVENTORY_ACCEPT, inventoryBuilders } from './inventory.mjs';
import { listingsScenario } from './listings.mjs';
import { storeOrderScenarios } from './store-orders.mjs';
import { BENCH_PASSWORD } from './suite-seed.mjs';

/** Every scenario in the order it runs; `area` is the old per-area benchmark it belongs to. */
export const SCENARIOS = [
  {
    name: 'home',
    area: 'catalogue',
    what: 'the home page data: banners, notices, tags, a tag shelf (in turn, 4 languages)',
  },
  { name: 'tree', area: 'catalogue', what: 'GET /api/category/categories (4 languages)' },
  {
    name: 'search-cached',
    area: 'catalogue',
    what: 'goods-list search, one keyword + category + sort, page 1: the same request again',
  },
  {
    name: 'search-new',
    area: 'catalogue',
    what: 'goods-list search, a keyword (en/zh/fr/tr) or category with a new price range every request, 1 in 8 a deep page',
  },
  { name: 'search-burst', area: 'catalogue', what: 'search-new at 50 connections (information)', connections: 50 },
  { name: 'detail', area: 'catalogue', what: 'GET /api/prod/prodInfo, a different product each request (4 languages)' },
  {
    name: 'floor',
    area: 'checkout',
    what: 'GET /api/p/shopCart/count signed in: session lookup, the floor under the signed-in rows',
  },
  { name: 'cart', area: 'checkout', what: 'POST /api/p/shopCart' },
  { name: 'confirm', area: 'checkout', what: 'POST /api/p/order/prod/confirm (buy now)' },
  { name: 'submit', area: 'checkout', what: 'POST /api/p/order/submit, a fresh confirm token each (pool)' },
  { name: 'pay', area: 'wallet', what: 'POST /api/p/order/pay from the wallet, an order awaiting payment each (pool)' },
  { name: 'orders', area: 'checkout', what: 'GET /api/p/orders?tab=all, page 1 of the user’s 100 past orders' },
  { name: 'wallet-history', area: 'wallet', what: 'GET /api/p/wallet/lines, page 1 of the user’s ledger lines' },
  {
    name: 'inventory-page',
    area: 'inventory',
    what: 'GET /api/p/privateInventory/page of one owner’s 1,000 SKUs × 3 warehouses: pages, a warehouse, low stock, a search, in turn (4 connections: one owner’s pages)',
    connections: 4,
  },
  {
    name: 'inventory-log',
    area: 'inventory',
    what: 'GET /api/p/privateInventory/inventory/logs, one item’s log with its running sums, a different item each request (4 connections)',
    connections: 4,
  },
  {
    name: 'store-orders-import',
    area: 'store-orders',
    what: 'the first import of a Shopify shop’s orders from the emulator, paging through listOrders (“sync now”)',
  },
  {
    name: 'store-orders-burst',
    area: 'store-orders',
    what: 'signed orders/create webhooks, 50 at once: each answer’s time, then every order kept once',
  },
  {
    name: 'listings-publish',
    area: 'listings',
    what: '1,000 catalogue products listed into an emulated Shopify shop (50 a call), timed until every publish job is done',
  },
  {
    name: 'excel-import',
    area: 'excel-imports',
    what: 'a 10,000-row .xlsx of orders uploaded (the preview), then its valid orders imported: each step timed to its answer',
  },
  {
    name: 'login',
    area: 'accounts',
    what: 'POST /api/login, a different user each request (scrypt, 32 MiB each; information). Last: the log-ins a window leaves queued would slow the next',
  },
];
/** The old benchmark names still select their scenarios (`npm run bench -- catalogue`). */
export const AREAS = [
  'catalogue',
  'checkout',
  'wallet',
  'accounts',
  'store-orders',
  'excel-imports',
  'inventory',
  'listings',
];
export const STORE_ORDER_STEPS = ['store-orders-import', 'store-orders-burst'];
/** The scenarios that need the Shopify emulator. */
export const SHOPIFY_STEPS = [...STORE_ORDER_STEPS, 'listings-publish'];
export const CHECKOUT_STEPS = ['floor', 'cart', 'confirm', 'submit', 'pay'];

const LANGS = ['en-US', 'zh-CN', 'fr-FR', 'tr-TR'];
/** Words the demo catalogue uses, per language (its vocabularies), so searches find products. */
const KEYWORDS = {
  'en-US': ['dress', 'leather', 'backpack', 'waterproof', 'wallet', 'classic'],
  'zh-CN': ['连衣裙', '真皮', '双肩包', '防水', '钱包', '经典'],
  'fr-FR': ['robe', 'cuir', 'sac', 'étanche', 'portefeuille', 'classique'],
  'tr-TR': ['elbise', 'deri', 'çanta', 'su geçirmez', 'cüzdan', 'klasik'],
};
const SORTS = ['price_asc', 'price_desc', 'newest', undefined];

const lang = (i) => LANGS[i % LANGS.length];
const qs = (q) =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
/** A visitor from one of 1,000 addresses (the server trusts X-Forwarded-For in the bench). */
const visitor = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** Request i of search-new: never the same query twice in a run, so no cached answer helps. */
export function newSearch(i, categoryIds) {
  const l = lang(i);
  const words = KEYWORDS[l];
  const j = Math.floor(i / LANGS.length);
  // min runs over 0.00–19.99 and the width over 200 values: 400,000 ranges before one repeats.
  const minPrice = (i % 2000) / 100;
  const maxPrice = minPrice + 20 + (Math.floor(i / 2000) % 200);
  const byCategory = j % 5 === 4; // 1 in 5: a category and a price range, no keyword (a filter)
  const q = {
    keyword: byCategory ? undefined : words[j % words.length],
    categoryId: byCategory || j % 3 === 0 ? categoryIds[j % categoryIds.length] : undefined,
    minPrice,
    maxPrice,
    sort: SORTS[j % SORTS.length],
    // 1 in 4 "ships to my country" (decision 0110): France leaves out the US warehouse's products.
    shipsTo: j % 4 === 1 ? 'FR' : undefined,
    current: i % 8 === 7 ? 20 + (j % 30) : 1, // 1 in 8 a deep page (20–49)
    size: 20,
  };
  return { path: `/api/prod/search?${qs(q)}`, headers: { 'accept-language': l } };
}

/** What the server is asked, per read-only scenario; `ctx` is what the seed and a first look gave. */
function builders(ctx) {
  const { sessions, productIds, categoryIds, rootCategoryId, tagIds } = ctx;
  const tokenAt = (i) => sessions[i % sessions.length].token;
  const home = [
    () => '/api/indexImgs',
    () => '/api/shop/notice/topNoticeList',
    () => '/api/prod/tag/prodTagList',
    (i) => `/api/prod/prodListByTagId?tagId=${tagIds[i % tagIds.length]}&current=1&size=10`,
  ];
  const spread = productIds.length > 2000 ? 7919 : 1; // a prime stride: ids far apart, not a hot run
  return {
    home: (i) => ({
      path: home[i % home.length](Math.floor(i / home.length)),
      headers: { 'accept-language': lang(i >> 2) },
    }),
    tree: (i) => ({ path: '/api/category/categories', headers: { 'accept-language': lang(i) } }),
    'search-cached': () => ({
      path: `/api/prod/search?${qs({ keyword: 'dress', categoryId: rootCategoryId, sort: 'price_asc', current: 1, size: 20 })}`,
      headers: { 'accept-language': 'en-US' },
    }),
    'search-new': (i) => newSearch(i, categoryIds),
    'search-burst': (i) => newSearch(i + 1_000_000, categoryIds),
    detail: (i) => ({
      path: `/api/prod/prodInfo?prodId=${productIds[(i * spread) % productIds.length]}`,
      headers: { 'accept-language': lang(i) },
    }),
    login: (i) => ({
      path: '/api/login',
      body: { email: `ckbench${1 + (i % sessions.length)}@example.com`, password: BENCH_PASSWORD },
      headers: { 'x-forwarded-for': visitor(i % 1000) },
    }),
    orders: (i) => ({ path: '/api/p/orders?tab=all&current=1&size=10', token: tokenAt(i) }),
    'wallet-history': (i) => ({ path: '/api/p/wallet/lines?current=1&size=10', token: tokenAt(i) }),
    // The inventory's owner is the first bench user (suite-seed.mjs).
    ...inventoryBuilders(ctx.inventory, sessions[0].token),
  };
}

const answer = (body) => {
  try {
    return JSON.parse(body)?.data;
  } catch {
    return null;
  }
};
/** A 200 must also be what was asked (a log-in gives a token; lists are lists). */
const ACCEPT = {
  login: (body) => Boolean(answer(body)?.accessToken),
  orders: (body) => Array.isArray(answer(body)?.records),
  'wallet-history': (body) => Array.isArray(answer(body)?.records),
  ...INVENTORY_ACCEPT,
};

/** What the read-only scenarios need from the running server (categories, tags). */
export async function lookAround(url) {
  const tree = (await (await fetch(`${url}/api/category/categories`)).json()).data;
  const tags = (await (await fetch(`${url}/api/prod/tag/prodTagList`)).json()).data;
  const leaves = [];
  const walk = (nodes) => {
    for (const n of nodes) {
      if (n.children?.length) walk(n.children);
      else leaves.push(n.categoryId);
    }
  };
  walk(tree);
  const ladies = tree.find((c) => c.icon === 'ladies') ?? tree[0];
  return {
    categoryIds: [...tree.map((c) => c.categoryId), ...leaves],
    rootCategoryId: ladies.categoryId,
    tagIds: tags.map((t) => t.tagId),
  };
}

/**
 * Waits until the background jobs due are worked (PostgreSQL only, at most 60 s: a window's
 * payments leave e-mails and invoices behind) and the server answers its health check within
 * 50 ms (at most 20 s): what one window left behind must not be counted against the next.
 */
async function settle(url, jobsLeft) {
  const jobsDeadline = Date.now() + 60_000;
  while (jobsLeft && Date.now() < jobsDeadline && (await jobsLeft()) > 0) await new Promise((r) => setTimeout(r, 500));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    await fetch(`${url}/api/health`).catch(() => null);
    if (Date.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Runs the selected scenarios in SCENARIOS order; `meter` reads CPU and memory. Returns { name → result }. */
export async function runScenarios(url, o, ctx, meter, jobsLeft) {
  const build = builders(ctx);
  const out = {};
  let checkoutDone = false;
  let storeOrdersDone = false;
  for (const s of SCENARIOS) {
    if (!o.scenarios.includes(s.name)) continue;
    if (STORE_ORDER_STEPS.includes(s.name)) {
      // Not autocannon windows: an import and a burst, each timed to its end (store-orders.mjs).
      if (!storeOrdersDone) {
        await settle(url, jobsLeft);
        Object.assign(out, await storeOrderScenarios(url, o, ctx, meter));
      }
      storeOrdersDone = true;
      continue;
    }
    if (s.name === 'listings-publish') {
      // Not an autocannon window: N listings queued, timed until their publish jobs are done (listings.mjs).
      await settle(url, jobsLeft);
      Object.assign(out, await listingsScenario(url, o, ctx, meter));
      continue;
    }
    if (s.name === 'excel-import') {
      // Not an autocannon window: one upload and one import, each timed to its answer (excel-imports.mjs).
      await settle(url, jobsLeft);
      out[s.name] = await excelImportScenario(url, o, ctx, meter);
      continue;
    }
    if (CHECKOUT_STEPS.includes(s.name)) {
      // checkout.mjs runs its steps together (the pools of submit and pay follow confirm's rate).
      if (!checkoutDone) Object.assign(out, await checkout(url, o, ctx, meter, jobsLeft));
      checkoutDone = true;
      continue;
    }
    await settle(url, jobsLeft);
    console.log(`  ${s.name}: ${o.warmup} s warm-up, ${o.seconds} s measured`);
    out[s.name] = await drive(
      url,
      { ...o, connections: s.connections },
      build[s.name],
      meter,
      undefined,
      ACCEPT[s.name],
    );
    const r = out[s.name];
    console.log(
      `    ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, CPU ms/request ${JSON.stringify(r.cpuMsPerRequest)}, peak RSS ${r.peakRssMb} MB${r.firstError ? ` (first: ${r.firstError})` : ''}`,
    );
  }
  return out;
}

async function checkout(url, o, ctx, meter, jobsLeft) {
  const steps = CHECKOUT_STEPS.filter((n) => o.scenarios.includes(n));
  if (!steps.length) return {};
  await settle(url, jobsLeft);
  return checkoutScenarios(url, { ...o, scenarios: steps, oneSku: false }, ctx.sessions, ctx.skus, meter, jobsLeft);
}
