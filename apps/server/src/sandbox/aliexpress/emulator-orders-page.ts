import { AeOrderError, type EmuAeOrder, type NewAeOrder } from './emulator-orders.js';
import type { EmuSeller } from './emulator-pages.js';

/** The admin page's orders: place one (SKUs, quantities, buyer, address), move it on, see its shipments. */

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const STATUSES = [
  'PLACE_ORDER_SUCCESS',
  'WAIT_SELLER_SEND_GOODS',
  'SELLER_PART_SEND_GOODS',
  'WAIT_BUYER_ACCEPT_GOODS',
  'IN_CANCEL',
  'FINISH',
];

export function ordersSection(sellers: EmuSeller[], defaultAccount: string): string {
  const rows = sellers
    .flatMap((s) => s.orders.map((o) => ({ s, o })))
    .sort((a, b) => b.o.createdAt - a.o.createdAt)
    .map(({ s, o }) => {
      const lines = o.lines.map((l) => `${l.count} × ${esc(l.name)} <code>${esc(l.skuCode)}</code>`).join('<br>');
      const shipments =
        o.shipments
          .map((x) => `<code class="tracking">${esc(x.logisticsNo)}</code> ${esc(x.serviceName)}`)
          .join('<br>') || '—';
      const options = STATUSES.map((st) => `<option${st === o.status ? ' selected' : ''}>${st}</option>`).join('');
      const a = o.address;
      return `<tr id="order-${esc(o.orderId)}"><td>${esc(s.account)}</td><td><code>${esc(o.orderId)}</code></td><td class="status">${esc(o.status)}${o.endReason ? ` (${esc(o.endReason)})` : ''}</td><td>${lines}</td>
<td>${esc(a.contactPerson)}, ${esc(a.address)}, ${esc(a.zip)} ${esc(a.city)}, ${esc(a.country)}</td><td>${shipments}</td>
<td><form method="post" action="/admin/orders/status"><input type="hidden" name="id" value="${esc(o.orderId)}"><select name="status" aria-label="Status of order ${esc(o.orderId)}">${options}</select>
<select name="end_reason" aria-label="End reason"><option value="">(no end reason)</option><option>buyer_cancel_order</option><option>refund_success</option></select><button>Save</button></form></td></tr>`;
    })
    .join('');
  const picks = sellers
    .flatMap((s) =>
      s.products.flatMap((p) =>
        p.skus.map(
          (k) =>
            `<tr><td>${esc(s.account)}</td><td>${esc(p.subject)} ${esc(k.properties.map((x) => x.value).join(' / '))}</td><td><code>${esc(k.skuCode)}</code></td><td>${esc(k.price)} ${esc(p.currency)}</td><td><input type="number" min="0" max="99" value="0" name="qty_${esc(p.productId)}_${esc(k.skuCode)}" aria-label="Quantity of ${esc(k.skuCode)}"></td></tr>`,
        ),
      ),
    )
    .join('');
  const field = (name: string, label: string, value = '', required = false) =>
    `<label>${esc(label)} <input name="${name}" value="${esc(value)}"${required ? ' required' : ''}></label>`;
  return `<h2>Orders</h2>
<table><tr><th>Seller</th><th>Order ID</th><th>Status</th><th>Items</th><th>Ship to</th><th>Shipments</th><th></th></tr>${rows || '<tr><td colspan="7">No orders yet.</td></tr>'}</table>
<h3>Place an order as a buyer</h3>
<form method="post" action="/admin/orders" id="new-order"><p>${field('account', 'Seller account', defaultAccount, true)}</p>
<table><tr><th>Seller</th><th>Product</th><th>SKU</th><th>Price</th><th>Quantity</th></tr>${picks}</table>
<p>${field('first_name', 'First name', 'Lin', true)} ${field('last_name', 'Last name', 'Wei')} ${field('phone_country', 'Phone country code', '1')} ${field('mobile', 'Mobile', '5550100')}</p>
<p>${field('address', 'Address', '500 Pine Street', true)} ${field('address2', 'Address 2')} ${field('city', 'City', 'Seattle')} ${field('province', 'Province', 'WA')} ${field('zip', 'Zip', '98101')} ${field('country', 'Country (2 letters)', 'US', true)}</p>
<p><button>Place order</button></p></form>`;
}

interface Orders {
  createOrder(account: string, input: NewAeOrder): EmuAeOrder;
  setOrderStatus(orderId: string, status: string, endReason?: string): EmuAeOrder;
}

/** The two admin forms; answers the problem in words, or null when done. */
export function orderFormAction(e: Orders, path: string, form: Record<string, string>): string | null {
  const get = (k: string) => (form[k] ?? '').trim();
  try {
    if (path === '/admin/orders/status') {
      if (!STATUSES.includes(get('status'))) return 'Choose a status.';
      e.setOrderStatus(get('id'), get('status'), get('end_reason'));
      return null;
    }
    const lines = Object.entries(form)
      .filter(([k, v]) => k.startsWith('qty_') && Number(v) > 0)
      .map(([k, v]) => {
        const [productId, ...code] = k.slice(4).split('_');
        return { productId: productId!, skuCode: code.join('_'), count: Number(v) };
      });
    if (!lines.length) return 'Choose a quantity of at least one SKU.';
    e.createOrder(get('account'), {
      lines,
      buyer: { firstName: get('first_name'), lastName: get('last_name') },
      address: {
        contactPerson: `${get('first_name')} ${get('last_name')}`.trim(),
        address: get('address'),
        address2: get('address2'),
        city: get('city'),
        province: get('province'),
        zip: get('zip'),
        country: get('country').toUpperCase(),
        phoneCountry: get('phone_country'),
        mobile: get('mobile'),
      },
    });
    return null;
  } catch (err) {
    if (err instanceof AeOrderError) return err.message;
    throw err;
  }
}
