import { type EmuAddress, type EmuOrder, fulfillmentStatus, type NewEmuOrder, orderTotal } from './emulator-orders.js';
import type { EmuShop } from './emulator-store.js';

/**
 * The orders part of the emulated shop's admin page (issue 21): a form to place an order (pick
 * variants and quantities, a buyer and an address), the orders with their status and
 * fulfilments, and the merchant's changes (edit the address, cancel, refund, send
 * `orders/updated` again). Plain HTML forms; each change sends the webhooks Shopify would.
 */

/** What the routes need of the emulator (kept narrow, so this file does not import emulator.ts). */
export interface OrderAdminHost {
  createOrder(domain: string, o: NewEmuOrder): Promise<unknown>;
  updateOrderAddress(domain: string, id: number, change: Partial<EmuAddress>): Promise<unknown>;
  cancelOrder(domain: string, id: number): Promise<unknown>;
  refundOrder(domain: string, id: number): Promise<unknown>;
  resendOrder(domain: string, id: number): Promise<unknown>;
  fulfilByHand(domain: string, id: number, tracking: { company: string; number: string }): Promise<unknown>;
}

const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'province', 'zip', 'countryCode', 'phone'] as const;

/** POST /{shop}/admin/orders[/:id/(address|cancel|refund|webhook)]; deliveries are not awaited. */
export async function orderAdminRoute(
  host: OrderAdminHost,
  shop: EmuShop,
  path: string,
  f: URLSearchParams,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const text = (k: string) => (f.get(k) ?? '').trim();
  if (path === '/admin/orders') {
    const lines: NewEmuOrder['lines'] = [];
    for (const [k, v] of f)
      if (k.startsWith('qty_') && v.trim() && v.trim() !== '0') {
        const quantity = Number(v);
        if (!Number.isInteger(quantity) || quantity < 1 || quantity > 999)
          return { ok: false, error: 'A quantity is a whole number from 1 to 999.' };
        lines.push({ variantId: Number(k.slice(4)), quantity });
      }
    if (!lines.length) return { ok: false, error: 'Give a quantity to at least one variant.' };
    if (!text('firstName') && !text('lastName')) return { ok: false, error: 'Enter the buyer’s name.' };
    const country = text('countryCode').toUpperCase();
    if (country && !/^[A-Z]{2}$/.test(country))
      return { ok: false, error: 'The country is a two-letter code such as US or FR.' };
    try {
      await host.createOrder(shop.domain, {
        lines,
        customer: {
          firstName: text('firstName'),
          lastName: text('lastName'),
          email: text('email') || null,
          phone: text('phone') || null,
        },
        shippingAddress: {
          firstName: text('firstName'),
          lastName: text('lastName'),
          ...Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, text(k)])),
          countryCode: country,
        },
        shippingPrice: /^\d+(\.\d{1,2})?$/.test(text('shippingPrice')) ? text('shippingPrice') : '0.00',
      });
    } catch (err) {
      return { ok: false, error: (err as Error).message.replace(/^emulator: /, '') };
    }
    return { ok: true };
  }
  const m = /^\/admin\/orders\/(\d+)\/(address|cancel|refund|webhook|fulfil)$/.exec(path);
  const id = Number(m?.[1]);
  if (!m || !shop.orders.has(id)) return { ok: false, error: 'No such order.' };
  if (m[2] === 'fulfil' && !text('number')) return { ok: false, error: 'Enter the tracking number.' };
  const run =
    m[2] === 'fulfil'
      ? host.fulfilByHand(shop.domain, id, { company: text('company') || 'Other', number: text('number') })
      : m[2] === 'address'
        ? host.updateOrderAddress(
            shop.domain,
            id,
            Object.fromEntries(
              ADDRESS_FIELDS.filter((k) => f.has(k)).map((k) => [
                k,
                k === 'countryCode' ? text(k).toUpperCase() : text(k),
              ]),
            ),
          )
        : m[2] === 'cancel'
          ? host.cancelOrder(shop.domain, id)
          : m[2] === 'refund'
            ? host.refundOrder(shop.domain, id)
            : host.resendOrder(shop.domain, id);
  void run.catch(() => undefined);
  return { ok: true };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The admin page's two order sections: place an order, and the orders. */
export function ordersSection(shop: EmuShop): string {
  const base = `/${esc(shop.domain)}/admin`;
  const variants = [...shop.products.values()]
    .filter((p) => p.status === 'ACTIVE')
    .flatMap((p) =>
      p.variants.map(
        (v) => `<tr><td>${esc(p.title)}${v.title === 'Default Title' ? '' : ` — ${esc(v.title)}`}</td>
<td><code>${esc(v.sku || '—')}</code></td><td>${esc(v.price)} ${esc(shop.currency)}</td>
<td><input name="qty_${v.id}" type="number" min="0" max="999" value="0" aria-label="Quantity of ${esc(p.title)} ${esc(v.title)}" style="width:80px"></td></tr>`,
      ),
    )
    .join('');
  const input = (name: string, label: string, value = '', required = false) =>
    `<div><label for="o-${name}">${label}</label><input id="o-${name}" name="${name}" value="${esc(value)}"${required ? ' required' : ''}></div>`;
  const orders = [...shop.orders.values()].sort((a, b) => b.id - a.id);
  return `<section><h2>Place an order (sends orders/create)</h2><form method="post" action="${base}/orders">
<table><tr><th>Variant</th><th>SKU</th><th>Price</th><th>Quantity</th></tr>${variants}</table>
<div class="grid">${input('firstName', 'Buyer first name', 'Jane', true)}${input('lastName', 'Buyer last name', 'Buyer')}
${input('email', 'E-mail', 'jane.buyer@example.com')}${input('phone', 'Phone')}
${input('address1', 'Address', '1 Main Street')}${input('address2', 'Address line 2')}${input('city', 'City', 'Springfield')}
${input('province', 'Province / state')}${input('zip', 'Postcode', '12345')}${input('countryCode', 'Country (two letters)', 'US')}
${input('shippingPrice', 'Shipping charged', '0.00')}</div>
<button type="submit">Place order</button></form></section>
<section><h2>Orders (${orders.length})</h2><table><tr><th>Order</th><th>Lines</th><th>Ship to</th><th></th></tr>${orders.map((o) => orderRow(base, o)).join('')}</table></section>`;
}

function orderRow(base: string, o: EmuOrder): string {
  const a = o.shippingAddress;
  const status = o.cancelledAt ? 'cancelled' : o.financialStatus.toLowerCase().replace('_', ' ');
  // Each fulfilment with its company and number, who made it and whether the buyer was e-mailed.
  const tracking = o.fulfillments
    .filter((f) => f.status === 'SUCCESS')
    .flatMap((f) =>
      f.trackingInfo.map(
        (t) =>
          `${esc(t.company ?? '')} ${esc(t.number ?? '')} (${f.origin === 'merchant' ? 'by hand' : 'by app'}${f.notifyCustomer ? ', buyer notified' : ''})`,
      ),
    )
    .join(', ');
  const open = !o.cancelledAt && fulfillmentStatus(o) !== 'FULFILLED';
  const field = (k: keyof EmuAddress, label: string) =>
    `<input name="${k}" value="${esc(a?.[k] ?? '')}" aria-label="${label}" placeholder="${label}">`;
  return `<tr><td><b>${esc(o.name)}</b><div class="muted">${status} · ${fulfillmentStatus(o).toLowerCase().replace('_', ' ')} · ${orderTotal(o)} ${esc(o.currency)}<br>updated ${esc(o.updatedAt)}${tracking ? `<br>tracking ${tracking}` : ''}</div></td>
<td>${o.lines.map((l) => `${l.quantity} × ${esc(l.title)}${l.variantTitle ? ` — ${esc(l.variantTitle)}` : ''} <code>${esc(l.sku || '—')}</code>`).join('<br>')}</td>
<td>${a ? `${esc(`${a.firstName} ${a.lastName}`)}<br>${esc(a.address1)} ${esc(a.city)} ${esc(a.zip)} ${esc(a.countryCode)}` : '<span class="muted">no address</span>'}
<form method="post" action="${base}/orders/${o.id}/address">${field('address1', 'Address')}${field('city', 'City')}${field('zip', 'Postcode')}${field('countryCode', 'Country')}
<button type="submit" class="secondary">Save address (orders/updated)</button></form></td>
<td>${o.cancelledAt ? '' : `<form method="post" action="${base}/orders/${o.id}/cancel" class="inline"><button type="submit" class="secondary">Cancel</button></form>`}
${o.financialStatus === 'REFUNDED' ? '' : `<form method="post" action="${base}/orders/${o.id}/refund" class="inline"><button type="submit" class="secondary">Refund</button></form>`}
${open ? `<form method="post" action="${base}/orders/${o.id}/fulfil"><input name="company" aria-label="Carrier" placeholder="Carrier"><input name="number" aria-label="Tracking number" placeholder="Tracking number"><button type="submit" class="secondary">Fulfil by hand</button></form>` : ''}
<form method="post" action="${base}/orders/${o.id}/webhook" class="inline"><button type="submit" class="secondary">Send orders/updated again</button></form></td></tr>`;
}
