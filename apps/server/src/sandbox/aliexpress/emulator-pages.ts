/** The emulator's data (emulator.ts keeps it; declared here, where the pages show it, so neither file imports the other back). */
export interface EmuSku {
  skuId: string;
  skuCode: string;
  price: string;
  stock: number;
  properties: Array<{ name: string; value: string }>;
}
export interface EmuProduct {
  productId: string;
  subject: string;
  imageUrl: string;
  currency: string;
  status: 'onSelling' | 'offline';
  modifiedAt: number;
  skus: EmuSku[];
}
/** A buyer's order in a seller's store (`emulator-orders.ts` serves it). */
export interface EmuAeOrder {
  orderId: string;
  status: string;
  endReason: string;
  createdAt: number;
  modifiedAt: number;
  currency: string;
  buyer: { firstName: string; lastName: string; loginId: string };
  address: {
    contactPerson: string;
    address: string;
    address2: string;
    city: string;
    province: string;
    zip: string;
    country: string;
    phoneCountry: string;
    mobile: string;
  };
  lines: Array<{ childId: string; productId: string; skuCode: string; name: string; count: number; price: string }>;
  shipments: Array<{ serviceName: string; logisticsNo: string; website: string; sentAt: number }>;
}

export interface EmuSeller {
  sellerId: string;
  account: string;
  products: EmuProduct[];
  orders: EmuAeOrder[];
}

/** The emulator's pages: the seller's authorization page and the admin page to create products. */

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font:14px/1.4 system-ui,sans-serif;margin:24px;max-width:1000px;color:#222}
h1{font-size:22px}h2{font-size:17px;margin-top:28px}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:6px;text-align:left;vertical-align:top}
code{background:#f3f3f3;padding:2px 4px;word-break:break-all}.note{background:#fff4e5;border-left:4px solid #e62e04;padding:8px 12px}
input{padding:4px}button{padding:4px 10px;cursor:pointer}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function messagePage(title: string, text: string): string {
  return page(title, `<h1>${esc(title)}</h1><p>${esc(text)}</p>`);
}

/** AliExpress's "authorize this app" page, reduced to an account name and Authorize / Cancel. */
export function authorizePage(q: Record<string, string>, defaultAccount: string): string {
  const hidden = ['client_id', 'redirect_uri', 'state', 'response_type', 'force_auth']
    .filter((k) => q[k] !== undefined)
    .map((k) => `<input type="hidden" name="${k}" value="${esc(q[k])}">`)
    .join('');
  return page(
    'Authorize',
    `<h1>Authorize an application (AliExpress sandbox)</h1>
<p class="note">A local stand-in for AliExpress's seller authorization, for trying the marketplace without an AliExpress account.</p>
<p>The application <code>${esc(q.client_id)}</code> asks to read your store's products.</p>
<form method="post" action="/oauth/authorize"><label>Seller account <input name="account" id="account" value="${esc(defaultAccount)}" required></label>${hidden}
<p><button name="approve" value="1" id="approve">Authorize</button> <button name="approve" value="0" id="cancel">Cancel</button></p></form>`,
  );
}

export function adminPage(sellers: EmuSeller[], defaultAccount: string, ordersHtml = ''): string {
  const rows = sellers
    .flatMap((s) =>
      s.products.map(
        (p) =>
          `<tr><td>${esc(s.account)}</td><td><code>${esc(p.productId)}</code></td><td>${esc(p.subject)}</td><td>${p.skus
            .map(
              (k) =>
                `${esc(k.properties.map((x) => `${x.name}: ${x.value}`).join(', ') || '—')} <code>${esc(k.skuCode)}</code> ${esc(k.price)} ${esc(p.currency)}`,
            )
            .join('<br>')}</td><td>${esc(p.status)}</td></tr>`,
      ),
    )
    .join('');
  return page(
    'Emulated AliExpress',
    `<h1>Emulated AliExpress (sandbox)</h1>
<p class="note">Connect an AliExpress store from the marketplace and authorize it here with any seller account name; the products below belong to that account.</p>
<h2>Products</h2><table><tr><th>Seller</th><th>Product ID</th><th>Title</th><th>SKUs</th><th>Status</th></tr>${rows}</table>
<h2>Add a product</h2>
<form method="post" action="/admin/products"><input name="account" value="${esc(defaultAccount)}" placeholder="Seller account" required size="14">
<input name="subject" placeholder="Title" required> <input name="price" placeholder="Price, e.g. 12.50" size="10" required>
<input name="option" placeholder="Option name, e.g. Color" size="14"> <input name="values" placeholder="Values, e.g. Red, Blue" size="16">
<input name="sku" placeholder="SKU code prefix" size="12"> <button>Create</button></form>
<p>With an option name and values the product has one SKU per value.</p>
${ordersHtml}`,
  );
}
