import { decimalToMinor, minorToDecimal } from '../money.js';
import {
  type PublishedProduct,
  type PublishProduct,
  type PublishVariant,
  StorePlatformError,
  type VariantUpdate,
} from '../store-platform.js';
import { type WooRequester, errorOf } from './woo.request.js';
import { termIds } from './woo.terms.js';

/**
 * Publishing products into a WooCommerce store (issue 22, decision 0123; connector-protocols.md
 * §2.2, §6.2). One variant without options is a `simple` product; options make a `variable`
 * product with its attributes, and the variations go through `variations/batch`, at most 100
 * objects a call. A compare-at price is WooCommerce's sale: `regular_price` is the compare-at
 * price and `sale_price` ours, so the shop shows the first struck through; without one,
 * `regular_price` is ours and `sale_price` empty. Stock is `manage_stock` + `stock_quantity`.
 */

export const BATCH_LIMIT = 100;
/** The meta entry that marks a product as the one we published for a listing (its value our key). */
export const REF_META_KEY = 'dsm_listing';
/** A variable product's own SKU: our key after this prefix, unique per listing. */
export const REF_SKU_PREFIX = 'dsm-';
const VARIATIONS_PER_PAGE = 100;

interface WooVariationOut {
  id: number;
  sku?: string;
  attributes?: Array<{ name?: string; option?: string }>;
  regular_price?: string;
  sale_price?: string;
  error?: { code?: string; message?: string };
}

interface WooProductOut {
  id: number;
  type: string;
  permalink?: string | null;
  regular_price?: string;
  sale_price?: string;
}

type BatchAnswer = { create?: WooVariationOut[]; update?: WooVariationOut[]; delete?: WooVariationOut[] };

/** Regular and sale price as WooCommerce shows a sale (see above). */
export function wooPrices(price: number, compareAt: number | null, currency: string) {
  return compareAt !== null && compareAt > price
    ? { regular_price: minorToDecimal(compareAt, currency), sale_price: minorToDecimal(price, currency) }
    : { regular_price: minorToDecimal(price, currency), sale_price: '' };
}

const stock = (quantity: number | null) =>
  quantity === null ? { manage_stock: false } : { manage_stock: true, stock_quantity: quantity };

const optionKey = (options: Array<{ name?: string; value?: string; option?: string }>) =>
  options.map((o) => `${(o.name ?? '').toLowerCase()}=${o.value ?? o.option ?? ''}`).join('|');

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The store's per-item refusals in a batch, in its own words. */
function batchErrors(answer: BatchAnswer): string[] {
  return [...(answer.create ?? []), ...(answer.update ?? []), ...(answer.delete ?? [])]
    .filter((x) => x.error)
    .map((x) => `${x.error!.code ?? 'error'}: ${x.error!.message ?? ''}`);
}

export class WooPublisher {
  /** Category and tag ids by name, for this client's life (a batch reuses a few terms). */
  private readonly terms = new Map<string, number>();

  constructor(
    private readonly client: WooRequester,
    private readonly currency: () => Promise<string | null>,
  ) {}

  async publish(p: PublishProduct, existing?: { externalId: string } | null): Promise<PublishedProduct> {
    const names = p.variants[0]?.options.map((o) => o.name) ?? [];
    if (!p.variants.length)
      throw new StorePlatformError('woocommerce', 'invalid', 'a product needs at least one variant');
    if (!names.length && p.variants.length > 1)
      throw new StorePlatformError('woocommerce', 'invalid', 'several variants need options to tell them apart');
    const variable = names.length > 0;
    const [categories, tags] = await Promise.all([
      termIds(this.client, 'categories', p.productType ? [p.productType] : [], this.terms),
      termIds(this.client, 'tags', p.tags, this.terms),
    ]);
    const only = p.variants[0]!;
    // Our key on the product and, for a variable one, as its own SKU: what `lookUp` finds it by.
    const parentSku = p.ref ? `${REF_SKU_PREFIX}${p.ref}` : '';
    const target = existing ?? (p.ref ? await this.lookUp(variable ? parentSku : only.sku, p.ref) : null);
    const body: Record<string, unknown> = {
      name: p.title,
      type: variable ? 'variable' : 'simple',
      status: 'publish',
      description: p.descriptionHtml,
      images: p.imageUrls.map((src) => ({ src })),
      categories: categories.map((id) => ({ id })),
      tags: tags.map((id) => ({ id })),
      ...(p.ref ? { meta_data: [{ key: REF_META_KEY, value: p.ref }] } : {}),
      ...(variable
        ? {
            sku: parentSku,
            attributes: names.map((name, i) => ({
              name,
              position: i,
              visible: true,
              variation: true,
              options: [...new Set(p.variants.map((v) => v.options[i]!.value))],
            })),
          }
        : { sku: only.sku, ...wooPrices(only.price, only.compareAtPrice, p.currency), ...stock(only.quantity) }),
    };
    let product: WooProductOut;
    if (target) {
      if (!/^\d+$/.test(target.externalId))
        throw new StorePlatformError('woocommerce', 'invalid', `not a WooCommerce product id: ${target.externalId}`);
      product = (await this.client.call<WooProductOut>('PUT', `/products/${target.externalId}`, {}, body)).data;
    } else {
      product = (await this.client.call<WooProductOut>('POST', '/products', {}, body)).data;
    }
    const done = (variants: PublishedProduct['variants']): PublishedProduct => ({
      externalId: String(product.id),
      url: product.permalink ?? null,
      variants,
    });
    const old = target ? await this.variations(product.id) : [];
    if (!variable) {
      // A product that was variable keeps no orphan variations.
      if (old.length)
        await this.batch(
          product.id,
          [],
          [],
          old.map((v) => v.id),
        );
      return done([{ sku: only.sku, externalId: String(product.id), inventoryItemId: null }]);
    }
    try {
      return done(await this.writeVariations(product.id, p, old));
    } catch (err) {
      // A new product whose variations were refused is removed again: nothing half written.
      if (!target) await this.delete(String(product.id)).catch(() => {});
      throw err;
    }
  }

  /**
   * The product an earlier attempt made with our key, or null: `GET /products?sku=` (products,
   * not variations, hence a variable product's own SKU) and our meta entry, so a product of the
   * same SKU that someone else made is never taken for ours. An attempt whose answer was lost
   * (the store made the product, the answer never came) is thus completed, not made twice.
   */
  private async lookUp(sku: string, ref: string): Promise<{ externalId: string } | null> {
    if (!sku) return null;
    const { data } = await this.client.call<
      Array<WooProductOut & { meta_data?: Array<{ key?: string; value?: unknown }> }>
    >('GET', '/products', { sku, status: 'any', per_page: '10' });
    if (!Array.isArray(data))
      throw new StorePlatformError('woocommerce', 'protocol', 'the product list is not an array');
    const ours = data.find((x) => x.meta_data?.some((m) => m.key === REF_META_KEY && m.value === ref));
    return ours ? { externalId: String(ours.id) } : null;
  }

  /** Variations to create, update (same SKU or options) and delete, in batches of 100 objects. */
  private async writeVariations(
    productId: number,
    p: PublishProduct,
    old: WooVariationOut[],
  ): Promise<PublishedProduct['variants']> {
    const body = (v: PublishVariant) => ({
      sku: v.sku,
      ...wooPrices(v.price, v.compareAtPrice, p.currency),
      ...stock(v.quantity),
      ...(v.imageUrl ? { image: { src: v.imageUrl } } : {}),
      attributes: v.options.map((o) => ({ name: o.name, option: o.value })),
    });
    const keep = (v: PublishVariant) =>
      old.find((x) => x.sku === v.sku) ?? old.find((x) => optionKey(x.attributes ?? []) === optionKey(v.options));
    const update = p.variants.flatMap((v) => {
      const was = keep(v);
      return was ? [{ id: was.id, ...body(v) }] : [];
    });
    const kept = new Set(update.map((u) => u.id));
    const create = p.variants.filter((v) => !keep(v)).map(body);
    const remove = old.filter((x) => !kept.has(x.id)).map((x) => x.id);
    // Deletions first: a SKU leaving one variation may be taken by a new one.
    const answers = await this.batch(productId, create, update, remove);
    const ids = new Map<string, number>();
    for (const a of answers)
      for (const v of [...(a.create ?? []), ...(a.update ?? [])]) if (v.sku) ids.set(v.sku, v.id);
    return p.variants.map((v) => {
      const id = ids.get(v.sku);
      if (!id) throw new StorePlatformError('woocommerce', 'protocol', `variation ${v.sku} is missing from the answer`);
      return { sku: v.sku, externalId: String(id), inventoryItemId: null };
    });
  }

  /** `variations/batch`, 100 objects a call in all (deletions, then updates, then creations). */
  private async batch(
    productId: number,
    create: unknown[],
    update: Array<{ id: number }>,
    remove: number[],
  ): Promise<BatchAnswer[]> {
    const ops = [
      ...remove.map((id) => ['delete', id] as const),
      ...update.map((u) => ['update', u] as const),
      ...create.map((c) => ['create', c] as const),
    ];
    const answers: BatchAnswer[] = [];
    for (const part of chunks(ops, BATCH_LIMIT)) {
      const body: Record<string, unknown[]> = {};
      for (const [kind, item] of part) (body[kind] ??= []).push(item);
      const { data } = await this.client.call<BatchAnswer>('POST', `/products/${productId}/variations/batch`, {}, body);
      const errors = batchErrors(data);
      if (errors.length) throw new StorePlatformError('woocommerce', 'invalid', errors.join('; ').slice(0, 500));
      answers.push(data);
    }
    return answers;
  }

  private async variations(productId: number): Promise<WooVariationOut[]> {
    const all: WooVariationOut[] = [];
    for (let page = 1; ; page++) {
      const { data } = await this.client.call<WooVariationOut[]>('GET', `/products/${productId}/variations`, {
        page: String(page),
        per_page: String(VARIATIONS_PER_PAGE),
      });
      if (!Array.isArray(data))
        throw new StorePlatformError('woocommerce', 'protocol', 'the variation list is not an array');
      all.push(...data);
      if (data.length < VARIATIONS_PER_PAGE) return all;
    }
  }

  /** `DELETE products/{id}?force=true`; a product already gone is what roll back wanted. */
  async delete(externalId: string): Promise<void> {
    if (!/^\d+$/.test(externalId))
      throw new StorePlatformError('woocommerce', 'invalid', `not a WooCommerce product id: ${externalId}`);
    const res = await this.client.request('DELETE', `/products/${externalId}`, { force: 'true' });
    if (res.status === 404 || (res.status >= 200 && res.status < 300)) return;
    throw errorOf(res);
  }

  /**
   * Stock and prices: a simple product (its variant id is the product's) by `PUT products/{id}`,
   * variations by `variations/batch`, 100 a call. A price without its compare-at (or the other
   * way round) reads the one it keeps. WooCommerce has no compare-and-set for stock: the
   * quantity is set as given.
   */
  async update(updates: VariantUpdate[]): Promise<void> {
    const currency = (await this.currency()) ?? 'USD';
    const byProduct = new Map<string, VariantUpdate[]>();
    for (const u of updates) byProduct.set(u.productExternalId, [...(byProduct.get(u.productExternalId) ?? []), u]);
    for (const [productId, list] of byProduct) {
      if (!/^\d+$/.test(productId))
        throw new StorePlatformError('woocommerce', 'invalid', `not a WooCommerce product id: ${productId}`);
      const half = list.some((u) => (u.price === undefined) !== (u.compareAtPrice === undefined));
      const simple = list.filter((u) => u.variantExternalId === productId);
      const variations = list.filter((u) => u.variantExternalId !== productId);
      if (simple.length) {
        const now = half ? (await this.client.call<WooProductOut>('GET', `/products/${productId}`)).data : null;
        await this.client.call('PUT', `/products/${productId}`, {}, this.changes(simple.at(-1)!, now, currency));
      }
      if (variations.length) {
        const current = half ? await this.variations(Number(productId)) : [];
        const changes = variations.map((u) => ({
          id: Number(u.variantExternalId),
          ...this.changes(u, current.find((x) => String(x.id) === u.variantExternalId) ?? null, currency),
        }));
        await this.batch(Number(productId), [], changes, []);
      }
    }
  }

  private changes(
    u: VariantUpdate,
    now: { regular_price?: string; sale_price?: string } | null,
    currency: string,
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    if (u.quantity !== undefined) Object.assign(out, stock(u.quantity));
    if (u.price === undefined && u.compareAtPrice === undefined) return out;
    const toMinor = (s: string | undefined) => decimalToMinor(s || null, currency)?.amount ?? null;
    // What the store shows now: the price paid (sale, else regular) and the compare-at (regular, when on sale).
    const nowPrice = toMinor(now?.sale_price) ?? toMinor(now?.regular_price) ?? 0;
    const nowCompare = now?.sale_price ? toMinor(now.regular_price) : null;
    return Object.assign(
      out,
      wooPrices(u.price ?? nowPrice, u.compareAtPrice === undefined ? nowCompare : u.compareAtPrice, currency),
    );
  }
}
