import { type EmuOrder, type EmulatorOrders, ORDER_STATUSES, OrderError } from './emulator-orders.js';
import type { EmuProduct } from './emulator-store.js';

/** The admin page's orders: a form to place one (products, quantities, buyer, address) and the list. */

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function addressText(a: EmuOrder['shipping']): string {
  const parts = [
    `${a.first_name} ${a.last_name}`.trim(),
    a.address_1,
    a.address_2,
    `${a.postcode} ${a.city}`.trim(),
    a.state,
    a.country,
  ].filter(Boolean);
  return parts.length ? parts.map(esc).join(', ') : '<em>(blank: the billing address is used)</em>';
}

export function ordersSection(orders: EmuOrder[], products: EmuProduct[], totalOf: (o: EmuOrder) => string): string {
  const choices = products.flatMap((p) =>
    p.type === 'variable'
      ? p.variations.map((v) => ({
          key: `${p.id}_${v.id}`,
          label: `${p.name} — ${v.attributes.map((a) => a.option).join(' / ')}`,
          sku: v.sku,
          price: v.price,
        }))
      : [{ key: `${p.id}_0`, label: p.name, sku: p.sku, price: p.price }],
  );
  const picks = choices
    .map(
      (c) =>
        `<tr><td>${esc(c.label)}</td><td><code>${esc(c.sku)}</code></td><td>${esc(c.price)}</td><td><input type="number" min="0" max="99" name="qty_${esc(c.key)}" value="0" size="3" aria-label="Quantity of ${esc(c.label)}"></td></tr>`,
    )
    .join('');
  const rows = [...orders]
    .reverse()
    .map((o) => {
      const lines = o.lines.map((l) => `${l.quantity} × ${esc(l.name)} <code>${esc(l.sku)}</code>`).join('<br>');
      const tracking = o.trackings
        .map(
          (t) =>
            `<code class="tracking">${esc(t.tracking_number)}</code> ${esc(t.custom_tracking_provider || t.tracking_provider)}`,
        )
        .join('<br>');
      const notes = o.notes
        .map(
          (n) =>
            `<li>${n.customerNote ? '<strong>to the buyer:</strong> ' : ''}${esc(n.note).replace(/\n/g, '<br>')}</li>`,
        )
        .join('');
      const options = ORDER_STATUSES.map((s) => `<option${s === o.status ? ' selected' : ''}>${s}</option>`).join('');
      return `<tr id="order-${o.id}"><td>#${o.id}</td><td class="status">${esc(o.status)}</td><td>${lines}</td><td>${esc(totalOf(o))} ${esc(o.currency)}</td>
<td>${esc(`${o.billing.first_name} ${o.billing.last_name}`)}<br>${esc(o.billing.email)}<br>Ship to: ${addressText(o.shipping)}</td>
<td>${tracking || '—'}${notes ? `<ul class="notes">${notes}</ul>` : ''}</td>
<td><form class="inline" method="post" action="/wp-admin/orders/status"><input type="hidden" name="id" value="${o.id}"><select name="status" aria-label="Status of order ${o.id}">${options}</select><button>Save</button></form></td></tr>`;
    })
    .join('');
  const field = (name: string, label: string, value = '', required = false) =>
    `<label>${esc(label)} <input name="${name}" value="${esc(value)}"${required ? ' required' : ''}></label>`;
  return `<h2>Orders</h2>
<table><tr><th>Order</th><th>Status</th><th>Items</th><th>Total</th><th>Buyer</th><th>Tracking and notes</th><th></th></tr>${rows || '<tr><td colspan="7">No orders yet.</td></tr>'}</table>
<h3>Place an order</h3>
<form method="post" action="/wp-admin/orders" id="new-order">
<table><tr><th>Product</th><th>SKU</th><th>Price</th><th>Quantity</th></tr>${picks}</table>
<p>${field('first_name', 'First name', 'Ada', true)} ${field('last_name', 'Last name', 'Lovelace')} ${field('email', 'E-mail', 'ada@example.com')} ${field('phone', 'Phone', '+1 555 0100')}</p>
<p>${field('address_1', 'Address', '12 Market Street', true)} ${field('address_2', 'Address 2')} ${field('city', 'City', 'Springfield')} ${field('state', 'State', 'IL')} ${field('postcode', 'Postcode', '62701')} ${field('country', 'Country (2 letters)', 'US', true)}</p>
<p><label><input type="checkbox" name="blank_shipping" value="1"> Leave the shipping address blank (as stores that ship to the billing address do)</label></p>
<p><label>Status <select name="status"><option>processing</option><option>pending</option><option>on-hold</option></select></label> <button>Place order</button></p></form>`;
}

/** The admin forms: place an order (`qty_<product>_<variation>` fields), change an order's status. */
export function orderFormAction(orders: EmulatorOrders, path: string, form: URLSearchParams): string | null {
  try {
    if (path === '/wp-admin/orders/status') {
      orders.update(Number(form.get('id')), { status: form.get('status') ?? '' });
      return null;
    }
    const lines = [...form.entries()]
      .filter(([k, v]) => k.startsWith('qty_') && Number(v) > 0)
      .map(([k, v]) => {
        const [productId, variationId] = k.slice(4).split('_').map(Number);
        return { productId: productId!, variationId: variationId || undefined, quantity: Number(v) };
      });
    if (!lines.length) return 'Choose a quantity of at least one product.';
    const get = (k: string) => (form.get(k) ?? '').trim();
    const billing = {
      first_name: get('first_name'),
      last_name: get('last_name'),
      email: get('email'),
      phone: get('phone'),
      address_1: get('address_1'),
      address_2: get('address_2'),
      city: get('city'),
      state: get('state'),
      postcode: get('postcode'),
      country: get('country').toUpperCase(),
    };
    const status = get('status');
    orders.create({
      lines,
      billing,
      shipping: form.get('blank_shipping') === '1' ? {} : undefined,
      status: status === 'pending' || status === 'on-hold' ? status : 'processing',
    });
    return null;
  } catch (err) {
    if (err instanceof OrderError) return err.message;
    throw err;
  }
}
