import { ordersSection } from './emulator-orders-admin.js';
import type { EmuProduct, EmuShop } from './emulator-store.js';

/**
 * The emulator's HTML: Shopify's install-consent page and a small shop admin (products and
 * variants, webhooks to send, the app's install and uninstall). Links are root-relative so the
 * demo's /sandbox/shopify proxy can keep them under its prefix. No scripts.
 */

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Shopify emulator</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#f1f1f1;color:#303030}
header{background:#1a1a1a;color:#fff;padding:10px 20px;font-weight:600}
main{max-width:920px;margin:20px auto;padding:0 16px}
section{background:#fff;border-radius:10px;padding:16px 20px;margin-bottom:16px;box-shadow:0 1px 2px rgba(0,0,0,.15)}
h1{font-size:20px;margin:0 0 12px}h2{font-size:16px;margin:0 0 10px}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:6px 8px;border-bottom:1px solid #e3e3e3;vertical-align:top}
label{display:block;margin:6px 0 2px;font-size:13px;color:#616161}
input,select{font:inherit;padding:6px 8px;border:1px solid #8a8a8a;border-radius:8px;width:100%;box-sizing:border-box}
button{font:inherit;padding:6px 14px;border-radius:8px;border:0;background:#303030;color:#fff;cursor:pointer;margin-top:8px}
button.secondary{background:#e3e3e3;color:#303030}form.inline{display:inline}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:8px 16px}
.muted{color:#616161;font-size:13px}.ok{color:#0a7a3a}.bad{color:#b42318}
</style></head><body><header>Shopify emulator</header><main>${body}</main></body></html>`;

export function consentPage(o: {
  shop: EmuShop;
  clientId: string;
  scopes: string[];
  hidden: Record<string, string>;
}): string {
  const fields = Object.entries(o.hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  return page(
    'Install app',
    `<section><h1>Install app on ${esc(o.shop.name)}</h1>
<p>The app <b>${esc(o.clientId)}</b> asks to:</p>
<ul>${o.scopes.map((s) => `<li>${esc(s.replace(/_/g, ' '))}</li>`).join('')}</ul>
<form method="post" action="/${esc(o.shop.domain)}/admin/oauth/authorize">${fields}
<button type="submit" id="install">Install</button>
<button type="submit" class="secondary" name="decision" value="cancel">Cancel</button></form>
<p class="muted">${esc(o.shop.domain)} — emulated: no real shop or payment is involved.</p></section>`,
  );
}

export function errorPage(title: string, message: string): string {
  return page(title, `<section><h1>${esc(title)}</h1><p>${esc(message)}</p></section>`);
}

export interface DeliveryLine {
  id: string;
  topic: string;
  at: string;
  attempts: number;
  status: number | 'error' | 'pending';
}

export function shopsPage(shops: EmuShop[]): string {
  return page(
    'Shops',
    `<section><h1>Emulated shops</h1><ul>${shops.map((s) => `<li><a href="/${esc(s.domain)}/admin">${esc(s.name)}</a> — <code>${esc(s.domain)}</code></li>`).join('')}</ul>
<p class="muted">Connect one from the marketplace's store list by its domain, or start from a shop's admin with “Install app”.</p></section>`,
  );
}

export function adminPage(shop: EmuShop, deliveries: DeliveryLine[]): string {
  const base = `/${esc(shop.domain)}/admin`;
  const products = [...shop.products.values()].sort((a, b) => b.id - a.id);
  const rows = products
    .map(
      (
        p,
      ) => `<tr data-product="${p.id}"><td>${p.imageUrl ? `<img src="${esc(p.imageUrl)}" alt="" width="48" height="48" style="float:left;margin-right:8px;object-fit:cover">` : ''}<b>${esc(p.title)}</b>${p.byApp ? ' <span class="ok">· published by an app</span>' : ''}<div class="muted">#${p.id} · ${p.status.toLowerCase()} · updated ${esc(p.updatedAt)}${p.productType ? ` · ${esc(p.productType)}` : ''}${p.tags.length ? ` · tags: ${esc(p.tags.join(', '))}` : ''}${p.images.length > 1 ? ` · ${p.images.length} images` : ''}</div></td>
<td>${p.variants.map((v) => `${esc(v.title)} · <code>${esc(v.sku || '—')}</code> · <b class="price">${esc(v.price)} ${esc(shop.currency)}</b>${v.compareAtPrice ? ` <s class="muted">${esc(v.compareAtPrice)}</s>` : ''} · <span class="stock">${v.tracked ? `${v.available} in stock` : 'not tracked'}</span>`).join('<br>')}</td>
<td><form method="post" action="${base}/products/${p.id}/update"><input name="title" value="${esc(p.title)}" aria-label="Title"><input name="price" placeholder="New price for all variants" aria-label="Price">
<button type="submit">Save (sends products/update)</button></form>
<form method="post" action="${base}/products/${p.id}/webhook" class="inline"><button type="submit" class="secondary">Send products/update again</button></form></td></tr>`,
    )
    .join('');
  const log = deliveries
    .slice(-15)
    .reverse()
    .map(
      (d) =>
        `<tr><td>${esc(d.topic)}</td><td><code>${esc(d.id)}</code></td><td>${esc(d.at)}</td><td>${d.attempts}</td><td class="${d.status === 'pending' ? '' : typeof d.status === 'number' && d.status < 300 ? 'ok' : 'bad'}">${esc(String(d.status))}</td></tr>`,
    )
    .join('');
  return page(
    shop.name,
    `<section><h1>${esc(shop.name)}</h1><p><code>${esc(shop.domain)}</code> · ${esc(shop.currency)} · app ${shop.installed ? '<span class="ok">installed</span>' : '<span class="muted">not installed</span>'}</p>
<form method="post" action="${base}/apps/install" class="inline"><button type="submit">Install app (opens the app URL)</button></form>
<form method="post" action="${base}/apps/uninstall" class="inline"><button type="submit" class="secondary">Uninstall app (sends app/uninstalled)</button></form></section>
<section><h2>Add a product</h2><form method="post" action="${base}/products"><div class="grid">
<div><label for="t">Title</label><input id="t" name="title" required></div>
<div><label for="o">Option name</label><input id="o" name="optionName" placeholder="Color"></div>
<div><label for="v">Option values (comma-separated)</label><input id="v" name="optionValues" placeholder="Grey, Black"></div>
<div><label for="p">Price</label><input id="p" name="price" value="19.99" required></div>
<div><label for="s">SKU prefix</label><input id="s" name="sku" placeholder="TEE"></div>
<div><label for="st">Status</label><select id="st" name="status"><option>ACTIVE</option><option>DRAFT</option><option>ARCHIVED</option></select></div>
</div><button type="submit">Create (sends products/create)</button></form></section>
<section><h2>Products (${products.length})</h2><table><tr><th>Product</th><th>Variants</th><th></th></tr>${rows}</table></section>
${ordersSection(shop)}
<section><h2>Privacy webhooks</h2>${['customers/data_request', 'customers/redact', 'shop/redact'].map((t) => `<form method="post" action="${base}/privacy" class="inline"><input type="hidden" name="topic" value="${t}"><button type="submit" class="secondary">Send ${t}</button></form>`).join(' ')}</section>
<section><h2>Webhook deliveries</h2><table><tr><th>Topic</th><th>X-Shopify-Webhook-Id</th><th>Triggered</th><th>Attempts</th><th>Answer</th></tr>${log}</table></section>`,
  );
}

/** The product's storefront page: what a buyer sees, each variant with its price and availability. */
export function storefrontPage(shop: EmuShop, p: EmuProduct): string {
  const rows = p.variants
    .map(
      (v) =>
        `<tr><td>${esc(v.title)}</td><td><b class="price">${esc(v.price)} ${esc(shop.currency)}</b>${v.compareAtPrice ? ` <s class="muted">${esc(v.compareAtPrice)}</s>` : ''}</td><td>${!v.tracked ? 'available' : v.available > 0 ? `${v.available} available` : '<span class="bad">sold out</span>'}</td></tr>`,
    )
    .join('');
  return page(
    p.title,
    `<section><h1>${esc(p.title)}</h1>${p.images.map((u) => `<img src="${esc(u)}" alt="" width="160" height="160" style="object-fit:cover;margin-right:8px">`).join('')}
<div>${p.descriptionHtml ? esc(p.descriptionHtml.replace(/<[^>]*>/g, ' ').trim()) : ''}</div>
<table><tr><th>Variant</th><th>Price</th><th>Stock</th></tr>${rows}</table>
<p class="muted">${esc(shop.name)} storefront — emulated.</p></section>`,
  );
}
