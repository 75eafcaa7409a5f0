// The store-orders scenarios of `npm run bench` (issue 21, decision 0119): a Shopify shop in the
// Shopify emulator (its own HTTP server, in this process: the server cannot tell it from a real
// shop) connected by the owner's install flow, then
// - `store-orders-import`: the first import of N orders through `listOrders` paging, as the real
//   pull does ("sync now"): total time, orders/s, the server's peak RSS in that window;
// - `store-orders-burst`: M signed `orders/create` deliveries, 50 at once as Shopify delivers them:
//   each answer's time (Shopify gives up after 5 s and delivers again), then the time until the
//   last order is in, and every order kept exactly once.
import { performance } from 'node:perf_hooks';
import { cpuPerRequest } from './checkout-drive.mjs';

export const STORE_ORDER_TARGETS = { answerP99Ms: 5000, peakRssMb: 300 };
const API_KEY = 'bench-shopify-app';
const API_SECRET = 'bench-shopify-secret';
/** Shopify's own deliveries come many at once; 50 in flight is the burst's shape. */
export const BURST_CONCURRENCY = 50;

/**
 * Starts the emulator before the server (its address goes into the server's environment).
 * Unthrottled (a bucket restoring a million points a second): the bench measures our side, not
 * the plan's rate limit (decision 0119 gives what a Standard plan's 100 points/s would allow).
 * No webhook URL: the import's orders arrive by the pull only, the burst's by our deliveries only.
 */
export async function startShopify(server) {
  const { startShopifyEmulator } = await server('sandbox/shopify/emulator.ts');
  const { restOrder } = await server('sandbox/shopify/emulator-orders.ts');
  const emu = await startShopifyEmulator({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    bucket: { maximumAvailable: 2000, restoreRate: 1_000_000 },
  });
  return {
    emu,
    restOrder,
    env: {
      SHOPIFY_API_KEY: API_KEY,
      SHOPIFY_API_SECRET: API_SECRET,
      SHOPIFY_SHOP_URL: emu.shopUrlTemplate,
      STORES_ALLOW_PRIVATE_ADDRESSES: 'true',
      // No scheduled pull inside the windows: the import is "sync now", the burst is webhooks only.
      STORE_ORDERS_PULL_SECONDS: '86400',
    },
    stop: () => emu.close(),
  };
}

async function call(url, token, method, path, body) {
  const res = await fetch(url + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok || !json?.success)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)?.slice(0, 300)}`);
  return json.data;
}

/** A shop with a product of three variants, connected by `token`'s user through the install flow. */
export async function connectShop(url, shopify, token, name) {
  const { emu } = shopify;
  const shop = `${name}-${Date.now().toString(36)}.myshopify.com`;
  emu.createShop(shop);
  const product = emu.addProduct(shop, {
    title: 'Bench Tee',
    price: '19.99',
    sku: 'BENCH',
    options: [{ name: 'Size', values: ['M', 'L', 'XL'] }],
  });
  const { url: consent } = await call(url, token, 'POST', '/api/p/stores/shopify/install', { shop });
  const q = new URL(consent).searchParams;
  const back = emu.approve(shop, {
    clientId: q.get('client_id'),
    scope: q.get('scope'),
    redirectUri: q.get('redirect_uri'),
    state: q.get('state'),
  });
  const { id: storeId } = await call(url, token, 'POST', '/api/p/stores/shopify/callback', { query: back });
  return { shop, storeId, variants: product.variants.map((v) => v.id) };
}

/** Orders of 1–3 lines of the shop's variants, created in the emulator (no webhook: no URL). */
async function makeOrders(shopify, s, n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const lines = s.variants.slice(0, 1 + (i % 3)).map((variantId, j) => ({ variantId, quantity: 1 + ((i + j) % 2) }));
    out.push((await shopify.emu.createOrder(s.shop, { lines })).order);
  }
  return out;
}

const statusOf = async (url, token, storeId) =>
  (await call(url, token, 'GET', '/api/p/store-orders/sync-status')).find((x) => x.storeId === storeId);

/** Polls the store's sync status until `done(status)` or the deadline. */
async function until(url, token, storeId, done, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const st = await statusOf(url, token, storeId);
    if (st && done(st)) return st;
    if (Date.now() > deadline) return st ?? null;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] : null;
const round = (x) => (x === null ? null : Math.round(x));

/** The two scenarios; `meter()` reads CPU and the peak RSS since the last read. */
export async function storeOrderScenarios(url, o, ctx, meter) {
  const { shopify, sessions } = ctx;
  const importN = o.storeOrders ?? (o.quick ? 1_000 : 10_000);
  const burstN = o.storeOrderBurst ?? (o.quick ? 200 : 1_000);
  const out = {};
  const wanted = (n) => o.scenarios.includes(n);
  const timeout = o.quick ? 180_000 : 900_000;
  // The import's wait grows with its size (decision 0146): 60 ms an order (at least 17 orders/s)
  // beyond the fixed wait, so 10,000 orders are given 10 minutes with --quick, not 3.
  const importTimeout = Math.max(timeout, importN * 60);

  if (wanted('store-orders-import')) {
    const token = sessions[0].token;
    const s = await connectShop(url, shopify, token, 'bench-import');
    await makeOrders(shopify, s, importN);
    console.log(`  store-orders-import: ${importN} orders in the emulated shop, first import by "sync now"`);
    const before = await meter(); // the window starts here: CPU and peak RSS are the import's
    const started = performance.now();
    await call(url, token, 'POST', `/api/p/store-orders/sync-status/${s.storeId}/sync`);
    // Done when the pull finished, or failed (its error is the row's first error).
    const st = await until(url, token, s.storeId, (x) => (x.lastSuccessAt || x.lastError) && !x.running, importTimeout);
    const ms = performance.now() - started;
    const m = await meter();
    const kept = st?.orderCount ?? 0;
    out['store-orders-import'] = {
      orders: importN,
      kept,
      seconds: Number((ms / 1000).toFixed(1)),
      rps: Math.round((kept / ms) * 1000),
      requests: kept,
      errors: Math.abs(importN - kept) + (st?.lastError ? 1 : 0),
      firstError: st?.lastError ?? (kept === importN ? undefined : `${kept} of ${importN} orders kept`),
      p50: null,
      p99: null,
      cpuMsPerRequest: cpuPerRequest(before, m, kept),
      peakRssMb: m.peakRssMb,
      // The server's peak before the window (start, seed, idle): what the import added is the difference.
      rssBeforeMb: before.peakRssMb,
      detail: `first import of ${importN} orders: ${kept} kept in ${(ms / 1000).toFixed(1)} s (${Math.round((kept / ms) * 1000)} orders/s), peak RSS ${m.peakRssMb} MB (${before.peakRssMb} MB before it)`,
    };
    console.log(`    ${out['store-orders-import'].detail}`);
  }

  if (wanted('store-orders-burst')) {
    const token = sessions[1 % sessions.length].token;
    const s = await connectShop(url, shopify, token, 'bench-burst');
    // The store's first (empty) import done first: no pull of its own races the webhooks.
    await call(url, token, 'POST', `/api/p/store-orders/sync-status/${s.storeId}/sync`);
    await until(url, token, s.storeId, (x) => x.lastSuccessAt && !x.running, 60_000);
    const orders = await makeOrders(shopify, s, burstN);
    const shop = shopify.emu.shop(s.shop);
    const deliveries = orders.map((order, i) => {
      const body = JSON.stringify(shopify.restOrder(order));
      return {
        body,
        headers: shopify.emu.webhookHeaders(
          shop,
          'orders/create',
          { id: `bench-${i}-${order.id}`, at: order.createdAt },
          body,
        ),
      };
    });
    console.log(`  store-orders-burst: ${burstN} signed orders/create deliveries, ${BURST_CONCURRENCY} at once`);
    const before = await meter();
    const times = [];
    const statuses = new Map();
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < deliveries.length) {
        const d = deliveries[next++];
        const t = performance.now();
        let status;
        try {
          const res = await fetch(`${url}/api/webhooks/shopify`, { method: 'POST', headers: d.headers, body: d.body });
          await res.arrayBuffer();
          status = res.status;
        } catch (err) {
          status = err.code ?? 'error';
        }
        times.push(performance.now() - t);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: BURST_CONCURRENCY }, worker));
    const answeredMs = performance.now() - started;
    const st = await until(url, token, s.storeId, (x) => x.orderCount >= burstN, timeout);
    const allInMs = performance.now() - started;
    // A late duplicate would show as a count above burstN: look once more after a pause.
    await new Promise((r) => setTimeout(r, 1000));
    const kept = (await statusOf(url, token, s.storeId))?.orderCount ?? 0;
    const m = await meter();
    times.sort((a, b) => a - b);
    const not200 = burstN - (statuses.get(200) ?? 0);
    out['store-orders-burst'] = {
      deliveries: burstN,
      kept,
      exactlyOnce: kept === burstN,
      answers: Object.fromEntries(statuses),
      answeredSeconds: Number((answeredMs / 1000).toFixed(1)),
      allInSeconds: st?.orderCount >= burstN ? Number((allInMs / 1000).toFixed(1)) : null,
      rps: Math.round((burstN / answeredMs) * 1000),
      requests: burstN,
      errors: not200 + Math.abs(kept - burstN),
      firstError:
        not200 > 0
          ? `answers ${JSON.stringify(Object.fromEntries(statuses))}`
          : kept !== burstN
            ? `${kept} of ${burstN} orders kept`
            : undefined,
      p50: round(pct(times, 0.5)),
      p95: round(pct(times, 0.95)),
      p99: round(pct(times, 0.99)),
      max: round(times.at(-1) ?? null),
      cpuMsPerRequest: cpuPerRequest(before, m, burstN),
      peakRssMb: m.peakRssMb,
    };
    const r = out['store-orders-burst'];
    r.detail = `${burstN} orders/create deliveries (${BURST_CONCURRENCY} at once): answered in ${r.answeredSeconds} s, p50 ${r.p50} / p95 ${r.p95} / p99 ${r.p99} / max ${r.max} ms, answers ${JSON.stringify(r.answers)}; all in after ${r.allInSeconds ?? 'never'} s; ${kept} kept (${r.exactlyOnce ? 'each once' : 'NOT each once'})`;
    console.log(`    ${r.detail}`);
  }
  return out;
}
