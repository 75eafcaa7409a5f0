import {
  type EmuProduct,
  type EmuSelling,
  type EmulatorStore,
  type EmuVariation,
  now,
  productJson,
  slugOf,
  variationJson,
} from './emulator-store.js';

/**
 * The WooCommerce emulator's product writes (issue 22; connector-protocols.md §2.2, §6.2):
 * `POST /products` and `PUT /products/{id}` with prices as decimal strings, `sale_price`,
 * `manage_stock` + `stock_quantity`, images by `src`, categories and tags by id; product
 * categories and tags (list, create; a duplicate name is `term_exists` with its id);
 * `POST /products/{id}/variations/batch` with `create`, `update`, `delete` — at most 100 objects
 * in all (WooCommerce: 413 `woocommerce_rest_request_entity_too_large`), errors per item;
 * `DELETE /products/{id}` (`force=true` deletes, otherwise to the trash). SKUs are unique in the
 * store, as WooCommerce keeps them; `meta_data` entries are kept by key.
 */

type Json = Record<string, unknown>;
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const BATCH_LIMIT = 100;
const wpError = (code: string, message: string, status: number) => ({ code, message, data: { status } });
const bad = (code: string, message: string, status = 400): Reply => ({ status, body: wpError(code, message, status) });
const DECIMAL = /^\d+(\.\d+)?$/;

type Term = { id: number; name: string };

export class WooProductWrites {
  readonly categories = new Map<number, Term>();
  readonly tags = new Map<number, Term>();
  private nextTerm = 9000;

  constructor(
    private readonly store: EmulatorStore,
    private readonly home: () => string,
  ) {}

  route(method: string, path: string, q: URLSearchParams, body: Json): Reply | null {
    let m: RegExpExecArray | null;
    if ((m = /^\/products\/(categories|tags)$/.exec(path))) return this.terms(m[1] as 'categories', method, q, body);
    if (method === 'POST' && path === '/products') return this.create(body);
    if ((m = /^\/products\/(\d+)$/.exec(path)) && (method === 'PUT' || method === 'DELETE')) {
      const p = this.store.products.get(Number(m[1]));
      if (!p || p.status === 'trash') return bad('woocommerce_rest_product_invalid_id', 'Invalid ID.', 404);
      if (method === 'DELETE') {
        if (q.get('force') === 'true') this.store.remove(p.id);
        else this.store.update(p.id, { status: 'trash' });
        return { status: 200, body: productJson(p, this.home()) };
      }
      return this.write(p, body);
    }
    if ((m = /^\/products\/(\d+)\/variations\/batch$/.exec(path)) && (method === 'POST' || method === 'PUT'))
      return this.batch(Number(m[1]), body);
    return null;
  }

  private terms(kind: 'categories' | 'tags', method: string, q: URLSearchParams, body: Json): Reply | null {
    const all = this[kind];
    const json = (t: Term) => ({ id: t.id, name: t.name, slug: slugOf(t.name), count: 0 });
    if (method === 'GET') {
      const search = (q.get('search') ?? '').toLowerCase();
      const list = [...all.values()].filter((t) => !search || t.name.toLowerCase().includes(search));
      return { status: 200, body: list.slice(0, Number(q.get('per_page') ?? 10)).map(json) };
    }
    if (method !== 'POST') return null;
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!name) return bad('rest_missing_callback_param', 'Missing parameter(s): name');
    const same = [...all.values()].find((t) => slugOf(t.name) === slugOf(name));
    if (same)
      return {
        status: 400,
        body: {
          code: 'term_exists',
          message: 'A term with the name provided already exists with this parent.',
          data: { status: 400, resource_id: same.id },
        },
      };
    const t = { id: this.nextTerm++, name };
    all.set(t.id, t);
    return { status: 201, body: json(t) };
  }

  /** Terms by id, as WooCommerce assigns them; an unknown id is ignored, as it does. */
  private termsOf(kind: 'categories' | 'tags', value: unknown): Term[] {
    return (Array.isArray(value) ? (value as Json[]) : [])
      .map((t) => this[kind].get(Number(t.id)))
      .filter((t): t is Term => Boolean(t));
  }

  private skuTaken(sku: string, except: number | null): boolean {
    if (!sku) return false;
    for (const p of this.store.products.values()) {
      if (p.status === 'trash') continue;
      if (p.sku === sku && p.id !== except) return true;
      if (p.variations.some((v) => v.sku === sku && v.id !== except)) return true;
    }
    return false;
  }

  /** Price, sale price and stock from a product's or variation's body; a problem as its message. */
  private selling(target: EmuSelling, b: Json): string | null {
    for (const k of ['regular_price', 'sale_price'])
      if (b[k] !== undefined && (typeof b[k] !== 'string' || (b[k] !== '' && !DECIMAL.test(b[k] as string))))
        return `Invalid parameter(s): ${k}`;
    if (b.stock_quantity !== undefined && b.stock_quantity !== null && !Number.isInteger(b.stock_quantity))
      return 'Invalid parameter(s): stock_quantity';
    if (typeof b.regular_price === 'string') target.regularPrice = b.regular_price;
    if (typeof b.sale_price === 'string') target.salePrice = b.sale_price;
    if (typeof b.manage_stock === 'boolean') target.manageStock = b.manage_stock;
    if (b.stock_quantity !== undefined) target.stockQuantity = b.stock_quantity as number | null;
    // WooCommerce sells at the sale price only when it is below the regular one.
    const onSale = target.salePrice !== '' && Number(target.salePrice) < Number(target.regularPrice);
    if (!onSale) target.salePrice = '';
    target.price = onSale ? target.salePrice : target.regularPrice;
    return null;
  }

  private imagesOf(value: unknown): string[] | string {
    const list = Array.isArray(value) ? (value as Json[]) : [];
    const srcs = list.map((i) => String(i.src ?? ''));
    const wrong = srcs.find((s) => !/^https?:\/\/\S+$/.test(s));
    return wrong !== undefined ? `Error getting remote image ${wrong}.` : srcs;
  }

  private create(body: Json): Reply {
    if (typeof body.name !== 'string' || !body.name.trim())
      return bad('rest_missing_callback_param', 'Missing parameter(s): name');
    if (body.type !== undefined && body.type !== 'simple' && body.type !== 'variable')
      return bad('rest_invalid_param', 'Invalid parameter(s): type');
    if (typeof body.sku === 'string' && this.skuTaken(body.sku, null))
      return bad('product_invalid_sku', 'Invalid or duplicated SKU.');
    const p = this.store.add({ name: body.name.trim(), type: body.type === 'variable' ? 'variable' : 'simple' }, false);
    const problem = this.apply(p, body);
    if (problem) {
      this.store.products.delete(p.id);
      return problem;
    }
    this.store.touch(p.id, 'product.created');
    return { status: 201, body: productJson(p, this.home()) };
  }

  private write(p: EmuProduct, body: Json): Reply {
    if (typeof body.sku === 'string' && this.skuTaken(body.sku, p.id))
      return bad('product_invalid_sku', 'Invalid or duplicated SKU.');
    const before = structuredClone(p);
    const problem = this.apply(p, body);
    if (problem) {
      Object.assign(p, before);
      return problem;
    }
    this.store.touch(p.id, 'product.updated');
    return { status: 200, body: productJson(p, this.home()) };
  }

  /** Every writable field of a product body; nothing is kept when one is refused. */
  private apply(p: EmuProduct, b: Json): Reply | null {
    const images = b.images === undefined ? p.images : this.imagesOf(b.images);
    if (typeof images === 'string') return bad('woocommerce_product_image_upload_error', images);
    const problem = this.selling(p, b);
    if (problem) return bad('rest_invalid_param', problem);
    if (typeof b.name === 'string' && b.name.trim()) p.name = b.name.trim();
    if (b.type === 'simple' || b.type === 'variable') p.type = b.type;
    if (typeof b.sku === 'string') p.sku = b.sku;
    if (typeof b.description === 'string') p.description = b.description;
    if (b.status === 'publish' || b.status === 'draft' || b.status === 'private') p.status = b.status;
    p.images = images;
    if (b.categories !== undefined) p.categories = this.termsOf('categories', b.categories);
    if (b.tags !== undefined) p.tags = this.termsOf('tags', b.tags);
    // meta_data entries replace the one with the same key, as WooCommerce's update_meta_data does.
    if (Array.isArray(b.meta_data))
      for (const m of b.meta_data as Json[]) {
        const key = String(m.key ?? '');
        if (!key) continue;
        p.meta = [...p.meta.filter((x) => x.key !== key), { key, value: String(m.value ?? '') }];
      }
    if (Array.isArray(b.attributes))
      p.attributes = (b.attributes as Json[]).map((a) => ({
        name: String(a.name ?? ''),
        options: Array.isArray(a.options) ? a.options.map(String) : [],
      }));
    return null;
  }

  private batch(productId: number, body: Json): Reply {
    const p = this.store.products.get(productId);
    if (!p || p.status === 'trash') return bad('woocommerce_rest_product_invalid_id', 'Invalid ID.', 404);
    const list = (k: string) => (Array.isArray(body[k]) ? (body[k] as Json[]) : []);
    const total = list('create').length + list('update').length + list('delete').length;
    if (total > BATCH_LIMIT)
      return bad(
        'woocommerce_rest_request_entity_too_large',
        `Unable to accept more than ${BATCH_LIMIT} items for this request.`,
        413,
      );
    const itemError = (id: number, code: string, message: string) => ({ id, error: wpError(code, message, 400) });
    const out: Json = {};
    if (body.create !== undefined)
      out.create = list('create').map((b) => {
        const sku = typeof b.sku === 'string' ? b.sku : '';
        if (this.skuTaken(sku, null)) return itemError(0, 'product_invalid_sku', 'Invalid or duplicated SKU.');
        const attributes = (Array.isArray(b.attributes) ? (b.attributes as Json[]) : []).map((a) => ({
          name: String(a.name ?? ''),
          option: String(a.option ?? ''),
        }));
        const v = this.store.addVariation(p.id, { sku, price: '', attributes }, false);
        const problem = this.variation(v, b);
        if (problem) {
          p.variations = p.variations.filter((x) => x !== v);
          return itemError(0, 'rest_invalid_param', problem);
        }
        return variationJson(v);
      });
    if (body.update !== undefined)
      out.update = list('update').map((b) => {
        const v = p.variations.find((x) => x.id === Number(b.id));
        if (!v) return itemError(Number(b.id) || 0, 'woocommerce_rest_product_variation_invalid_id', 'Invalid ID.');
        if (typeof b.sku === 'string' && this.skuTaken(b.sku, v.id))
          return itemError(v.id, 'product_invalid_sku', 'Invalid or duplicated SKU.');
        const problem = this.variation(v, b);
        return problem ? itemError(v.id, 'rest_invalid_param', problem) : variationJson(v);
      });
    if (body.delete !== undefined)
      out.delete = list('delete').map((raw) => {
        const id = Number(typeof raw === 'object' ? (raw as Json).id : raw);
        const v = p.variations.find((x) => x.id === id);
        if (!v) return itemError(id, 'woocommerce_rest_product_variation_invalid_id', 'Invalid ID.');
        p.variations = p.variations.filter((x) => x !== v);
        return variationJson(v);
      });
    this.store.touch(p.id, 'product.updated');
    return { status: 200, body: out };
  }

  private variation(v: EmuVariation, b: Json): string | null {
    const problem = this.selling(v, b);
    if (problem) return problem;
    if (typeof b.sku === 'string') v.sku = b.sku;
    const image = b.image as Json | undefined;
    if (image && typeof image.src === 'string') {
      if (!/^https?:\/\/\S+$/.test(image.src)) return `Error getting remote image ${image.src}.`;
      v.imageUrl = image.src;
    }
    v.modifiedAt = now();
    return null;
  }
}
