// The listing scenario of `npm run bench` (issue 22, decision 0138): N catalogue products listed
// into one Shopify shop of the emulator (the store-order scenarios' emulator, unthrottled), by the
// API the dialog uses (50 products a call, the API's limit), then timed until every listing is
// listed or failed: the publish jobs, 2 at a time per store (decision 0124), each a `productSet`
// into the emulator and one unit of work connecting its variants. Reported: the time, listings a
// second, failures (refused at create, failed at publish) and the server's peak RSS in the window.
import { performance } from 'node:perf_hooks';
import { cpuPerRequest } from './checkout-drive.mjs';
import { connectShop } from './store-orders.mjs';

const PER_CALL = 50;

async function call(url, token, method, path, body) {
  const res = await fetch(url + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'POST' ? { 'idempotency-key': `bench-${Math.random().toString(36).slice(2)}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  return { ok: res.ok && !!json?.success, status: res.status, json };
}

export async function listingsScenario(url, o, ctx, meter) {
  const n = o.listings ?? 1_000;
  const token = ctx.sessions[3 % ctx.sessions.length].token;
  const s = await connectShop(url, ctx.shopify, token, 'bench-listing');
  // The store sells in USD to the US (the seed's shipping reaches it), at 2.5×.
  const rule = await call(url, token, 'PUT', `/api/p/listings/rules/${s.storeId}`, {
    rule: { mode: 'multiple', multiple: 2.5 },
    currency: 'USD',
    market: 'US',
  });
  if (!rule.ok) throw new Error(`listing rule: ${JSON.stringify(rule.json)?.slice(0, 300)}`);
  const products = ctx.productIds.slice(0, n);
  console.log(`  listings-publish: ${products.length} products into one emulated Shopify shop`);
  const before = await meter();
  const started = performance.now();
  let refused = 0;
  let firstRefusal;
  for (let i = 0; i < products.length; i += PER_CALL) {
    const part = products.slice(i, i + PER_CALL);
    const res = await call(url, token, 'POST', '/api/p/listings', {
      storeIds: [s.storeId],
      items: part.map((prodId) => ({ prodId })),
    });
    if (res.ok) continue;
    // One product the create refuses (no shipping to the market, past 99 SKUs) refuses its call:
    // its 49 neighbours go one by one, the refused ones counted.
    for (const prodId of part) {
      const one = await call(url, token, 'POST', '/api/p/listings', { storeIds: [s.storeId], items: [{ prodId }] });
      if (!one.ok) {
        refused++;
        firstRefusal ??= `prodId ${prodId}: ${one.status} ${one.json?.msg ?? ''}`;
      }
    }
  }
  const queuedMs = performance.now() - started;
  const deadline = Date.now() + (o.quick ? 300_000 : 900_000);
  let counts;
  for (;;) {
    const res = await call(url, token, 'GET', '/api/p/listings');
    if (!res.ok) throw new Error(`GET /api/p/listings: ${res.status} ${JSON.stringify(res.json)?.slice(0, 300)}`);
    counts = res.json.data.counts;
    if (counts && counts.queued + counts.publishing === 0) break;
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const ms = performance.now() - started;
  const m = await meter();
  const inShop = [...ctx.shopify.emu.shop(s.shop).products.values()].filter((p) => p.byApp).length;
  const listed = counts?.listed ?? 0;
  const failed = counts?.failed ?? 0;
  const detail = `${products.length} products: ${listed} listed, ${failed} failed at publish, ${refused} refused at create; queued in ${(queuedMs / 1000).toFixed(1)} s, all done in ${(ms / 1000).toFixed(1)} s (${((listed / ms) * 1000).toFixed(1)} listings/s); ${inShop} products in the shop; peak RSS ${m.peakRssMb} MB (${before.peakRssMb} MB before it)`;
  console.log(`    ${detail}`);
  return {
    'listings-publish': {
      listings: products.length,
      listed,
      failed,
      refused,
      inShop,
      seconds: Number((ms / 1000).toFixed(1)),
      queuedSeconds: Number((queuedMs / 1000).toFixed(1)),
      rps: Math.round((listed / ms) * 1000),
      requests: listed,
      errors: failed + refused + (listed === inShop ? 0 : 1),
      firstError:
        firstRefusal ??
        (failed ? `${failed} failed` : listed !== inShop ? `${inShop} in the shop for ${listed} listed` : undefined),
      p50: null,
      p99: null,
      cpuMsPerRequest: cpuPerRequest(before, m, Math.max(listed, 1)),
      peakRssMb: m.peakRssMb,
      rssBeforeMb: before.peakRssMb,
      detail,
    },
  };
}
