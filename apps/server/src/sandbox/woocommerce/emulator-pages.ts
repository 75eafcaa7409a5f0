import type { EmuDelivery, EmuProduct, EmuSelling, EmuWebhook } from './emulator-store.js';

/** The emulator's pages: its admin (products, keys, webhooks) and the key-approval page. */

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:24px;max-width:1000px;color:#1d2327}
h1{font-size:22px}h2{font-size:17px;margin-top:28px}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #dcdcde;padding:6px;text-align:left;vertical-align:top}
code{background:#f0f0f1;padding:2px 4px;word-break:break-all}.note{background:#fcf9e8;border-left:4px solid #dba617;padding:8px 12px}
input{padding:4px}button{padding:4px 10px;cursor:pointer}form.inline{display:inline}`;

/** What the shop shows: the sale price with the regular one struck through, and the stock. */
function selling(x: EmuSelling): string {
  const price = x.salePrice
    ? `<b class="price">${esc(x.salePrice)}</b> <del>${esc(x.regularPrice)}</del>`
    : `<b class="price">${esc(x.price)}</b>`;
  return `${price} · <span class="stock">${x.manageStock ? `${esc(x.stockQuantity ?? 0)} in stock` : 'stock not managed'}</span>`;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function messagePage(title: string, text: string): string {
  return page(title, `<h1>${esc(title)}</h1><p>${esc(text)}</p>`);
}

interface AdminView {
  homeUrl: string;
  currency: string;
  keys: Array<{ consumerKey: string; consumerSecret: string; permissions: string }>;
  products: EmuProduct[];
  webhooks: EmuWebhook[];
  deliveries: EmuDelivery[];
  missDeliveries: boolean;
  /** The orders section (`emulator-orders-page.ts`). */
  ordersHtml: string;
}

export function adminPage(v: AdminView): string {
  const key = v.keys[0];
  const products = v.products
    .map((p) => {
      const variations = p.variations
        .map((x) => `${esc(x.attributes.map((a) => a.option).join(' / '))} — <code>${esc(x.sku)}</code> ${selling(x)}`)
        .join('<br>');
      const terms = [...p.categories.map((c) => c.name), ...p.tags.map((t) => `#${t.name}`)];
      return `<tr data-product="${p.id}"><td>${p.id}</td><td>${p.images[0] ? `<img src="${esc(p.images[0])}" alt="" width="40" height="40" style="float:left;margin-right:6px;object-fit:cover">` : ''}${esc(p.name)}${terms.length ? `<br><small>${esc(terms.join(' · '))}</small>` : ''}</td><td>${p.type === 'variable' ? variations : `<code>${esc(p.sku)}</code> ${selling(p)}`}</td><td>
<form class="inline" method="post" action="/wp-admin/products/update"><input type="hidden" name="id" value="${p.id}"><input name="name" placeholder="new name" size="12"><input name="price" placeholder="price" size="6"><button>Save</button></form>
${p.type === 'variable' ? `<form class="inline" method="post" action="/wp-admin/variations/add"><input type="hidden" name="id" value="${p.id}"><input name="option" placeholder="${esc(p.attributes[0]?.name ?? 'option')}" size="6"><input name="sku" placeholder="SKU" size="8"><input name="price" placeholder="price" size="5"><button>Add variation</button></form>` : ''}
<form class="inline" method="post" action="/wp-admin/webhooks/resend"><input type="hidden" name="id" value="${p.id}"><input type="hidden" name="topic" value="product.updated"><button>Send webhook</button></form>
<form class="inline" method="post" action="/wp-admin/products/delete"><input type="hidden" name="id" value="${p.id}"><button>Delete</button></form></td></tr>`;
    })
    .join('');
  const hooks = v.webhooks
    .map(
      (w) =>
        `<tr><td>${w.id}</td><td>${esc(w.topic)}</td><td><code>${esc(w.deliveryUrl)}</code></td><td>${esc(w.status)}</td></tr>`,
    )
    .join('');
  const deliveries = v.deliveries
    .map(
      (d) =>
        `<tr><td><code>${esc(d.deliveryId)}</code></td><td>${esc(d.topic)}</td><td>${d.missed ? 'missed (not sent)' : esc(d.status ?? 'no answer')}</td></tr>`,
    )
    .join('');
  return page(
    'Emulated WooCommerce store',
    `<h1>Emulated WooCommerce store (sandbox)</h1>
<p class="note">A local stand-in for a WooCommerce store, for trying the marketplace without one. To connect it, add a WooCommerce store with this address and key:</p>
<table><tr><th>Store address</th><td><code id="address">${esc(v.homeUrl)}</code></td></tr>
<tr><th>Consumer key</th><td><code id="consumer-key">${esc(key?.consumerKey ?? '')}</code></td></tr>
<tr><th>Consumer secret</th><td><code id="consumer-secret">${esc(key?.consumerSecret ?? '')}</code></td></tr>
<tr><th>Currency</th><td>${esc(v.currency)}</td></tr></table>
<h2>Products</h2><table><tr><th>ID</th><th>Name</th><th>Variations / SKU and price</th><th></th></tr>${products}</table>
<h3>Add a product</h3>
<form method="post" action="/wp-admin/products"><input name="name" placeholder="Name" required> <input name="sku" placeholder="SKU"> <input name="price" placeholder="Price, e.g. 12.50" size="10">
 <input name="attribute" placeholder="Option name, e.g. Size" size="14"> <input name="options" placeholder="Values, e.g. S, M, L" size="16"> <button>Create</button></form>
<p>With an option name and values the product is variable, one variation per value.</p>
${v.ordersHtml}
<h2>Webhooks</h2><table><tr><th>ID</th><th>Topic</th><th>Delivery URL</th><th>Status</th></tr>${hooks}</table>
<form method="post" action="/wp-admin/settings"><label><input type="checkbox" name="miss" value="1" ${v.missDeliveries ? 'checked' : ''}> Miss deliveries (as a store whose scheduled tasks stall; the marketplace catches up later)</label> <button>Save</button></form>
<h3>Last deliveries</h3><table><tr><th>Delivery ID</th><th>Topic</th><th>Answer</th></tr>${deliveries}</table>`,
  );
}

export function authorizePage(q: Record<string, string>): string {
  const hidden = Object.entries(q)
    .map(([k, val]) => `<input type="hidden" name="${esc(k)}" value="${esc(val)}">`)
    .join('');
  const scope = q.scope === 'read' ? 'View' : q.scope === 'write' ? 'Create, edit' : 'View and manage';
  return page(
    'Authorize',
    `<h1>${esc(q.app_name)} would like to connect to your store</h1>
<p>This will give "${esc(q.app_name)}" <strong>${esc(scope)}</strong> access: coupons, customers, orders, products, reports and settings.</p>
<form method="post" action="/wc-auth/v1/access_granted">${hidden}<button name="approve" value="1" id="approve">Approve</button> <button name="approve" value="0" id="deny">Deny</button></form>`,
  );
}
