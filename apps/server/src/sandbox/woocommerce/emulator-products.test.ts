import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WooEmulator, startWooEmulator } from './emulator.js';

// The emulated store's product writes spoken raw (issue 22), over https-style Basic auth, and the
// admin page a newcomer looks at after publishing.
let e: WooEmulator;
let auth: string;
beforeAll(async () => {
  e = await startWooEmulator({ ssl: true });
  auth = `Basic ${Buffer.from(`${e.firstKey.consumerKey}:${e.firstKey.consumerSecret}`).toString('base64')}`;
});
afterAll(async () => {
  await e.close();
});

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${e.baseUrl}/wp-json/wc/v3${path}`, {
    method,
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw REST answers, read by shape
  return { status: res.status, body: (await res.json()) as any };
}

describe('WooCommerce emulator product writes', () => {
  it('a second category of the same name is term_exists with the first one’s id', async () => {
    const first = await api('POST', '/products/categories', { name: 'Mugs & Cups' });
    expect(first.status).toBe(201);
    const again = await api('POST', '/products/categories', { name: 'mugs & cups' });
    expect(again).toMatchObject({ status: 400, body: { code: 'term_exists', data: { resource_id: first.body.id } } });
  });

  it('a sale shows on the admin page as the regular price struck through, with the stock', async () => {
    const made = await api('POST', '/products', {
      name: 'Raw Mug',
      type: 'simple',
      sku: 'RAW-MUG',
      regular_price: '15.00',
      sale_price: '12.00',
      manage_stock: true,
      stock_quantity: 4,
    });
    expect(made.body).toMatchObject({
      price: '12.00',
      regular_price: '15.00',
      sale_price: '12.00',
      on_sale: true,
      stock_quantity: 4,
    });
    const page = await (await fetch(`${e.baseUrl}/wp-admin`)).text();
    expect(page).toContain('<b class="price">12.00</b> <del>15.00</del> · <span class="stock">4 in stock</span>');
    const dup = await api('POST', '/products', { name: 'Other', sku: 'RAW-MUG' });
    expect(dup).toMatchObject({ status: 400, body: { code: 'product_invalid_sku' } });
  });

  it('refuses a bad price or image without keeping any of the change', async () => {
    const made = await api('POST', '/products', { name: 'Keep', regular_price: '5.00' });
    const bad = await api('PUT', `/products/${made.body.id}`, { name: 'Changed', regular_price: '5,00' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'rest_invalid_param' } });
    const image = await api('PUT', `/products/${made.body.id}`, { name: 'Changed', images: [{ src: 'not a url' }] });
    expect(image).toMatchObject({ status: 400, body: { code: 'woocommerce_product_image_upload_error' } });
    expect(e.store.products.get(made.body.id)).toMatchObject({ name: 'Keep', regularPrice: '5.00' });
  });

  it('variations batch: per-item errors, and more than 100 objects refused whole', async () => {
    const p = await api('POST', '/products', {
      name: 'Raw Tee',
      type: 'variable',
      attributes: [{ name: 'Size', options: ['S', 'M'], variation: true }],
    });
    const batch = await api('POST', `/products/${p.body.id}/variations/batch`, {
      create: [
        { sku: 'RAW-S', regular_price: '9.00', attributes: [{ name: 'Size', option: 'S' }] },
        { sku: 'RAW-MUG', regular_price: '9.00', attributes: [{ name: 'Size', option: 'M' }] },
      ],
    });
    expect(batch.body.create[0]).toMatchObject({ sku: 'RAW-S', price: '9.00' });
    expect(batch.body.create[1]).toMatchObject({ id: 0, error: { code: 'product_invalid_sku' } });
    const tooMany = await api('POST', `/products/${p.body.id}/variations/batch`, {
      create: Array.from({ length: 60 }, (_, i) => ({ sku: `X-${i}` })),
      delete: Array.from({ length: 41 }, (_, i) => i + 1),
    });
    expect(tooMany).toMatchObject({ status: 413, body: { code: 'woocommerce_rest_request_entity_too_large' } });
    expect(e.store.products.get(p.body.id)!.variations).toHaveLength(1);
  });

  it('delete without force moves to the trash, with force deletes for good, and again is 404', async () => {
    const a = await api('POST', '/products', { name: 'Trash me' });
    expect((await api('DELETE', `/products/${a.body.id}`)).status).toBe(200);
    expect(e.store.products.get(a.body.id)?.status).toBe('trash');
    expect((await api('GET', `/products/${a.body.id}`)).status).toBe(404);
    const b = await api('POST', '/products', { name: 'Delete me' });
    expect((await api('DELETE', `/products/${b.body.id}?force=true`)).status).toBe(200);
    expect(e.store.products.has(b.body.id)).toBe(false);
    expect((await api('DELETE', `/products/${b.body.id}?force=true`)).status).toBe(404);
  });
});
