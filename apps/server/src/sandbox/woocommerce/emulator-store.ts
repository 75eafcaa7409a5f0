/**
 * The emulated store's products and variations, and the product.* events a change raises.
 * `modifiedAt` is milliseconds since the epoch; WooCommerce reports it as `date_modified_gmt`.
 */
/** What the listing writes (issue 22): regular and sale price, stock, images, terms. */
export interface EmuSelling {
  /** The price the buyer pays now: the sale price when there is one, else the regular one. */
  price: string;
  regularPrice: string;
  /** Empty when not on sale. */
  salePrice: string;
  manageStock: boolean;
  stockQuantity: number | null;
}

export interface EmuVariation extends EmuSelling {
  id: number;
  sku: string;
  attributes: Array<{ name: string; option: string }>;
  imageUrl: string | null;
  modifiedAt: number;
}

export interface EmuProduct extends EmuSelling {
  id: number;
  name: string;
  type: 'simple' | 'variable';
  status: 'publish' | 'draft' | 'private' | 'trash';
  sku: string;
  description: string;
  images: string[];
  categories: Array<{ id: number; name: string }>;
  tags: Array<{ id: number; name: string }>;
  attributes: Array<{ name: string; options: string[] }>;
  variations: EmuVariation[];
  /** `meta_data` entries an app set (WooCommerce keeps them by key; ids are the emulator's). */
  meta: Array<{ key: string; value: string }>;
  createdAt: number;
  modifiedAt: number;
}

type Emit = (topic: 'product.created' | 'product.updated' | 'product.deleted', product: EmuProduct) => void;

/** A price set by hand (the admin page, a test): regular, not on sale, stock not managed. */
export function selling(price: string): EmuSelling {
  return { price, regularPrice: price, salePrice: '', manageStock: false, stockQuantity: null };
}

export const gmt = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** Strictly increasing times, so two changes in one millisecond still order (modified_after is "after"). */
let last = 0;
export function now(): number {
  last = Math.max(Date.now(), last + 1);
  return last;
}

export class EmulatorStore {
  readonly products = new Map<number, EmuProduct>();
  permalinkBase: () => string = () => '';
  private nextId = 100;

  constructor(private readonly emit: Emit) {}

  add(
    p: {
      name: string;
      type?: 'simple' | 'variable';
      sku?: string;
      price?: string;
      status?: EmuProduct['status'];
      attributes?: EmuProduct['attributes'];
    },
    notify = true,
  ): EmuProduct {
    const at = now();
    const product: EmuProduct = {
      id: this.nextId++,
      name: p.name,
      type: p.type ?? 'simple',
      status: p.status ?? 'publish',
      sku: p.sku ?? '',
      ...selling(p.price ?? ''),
      description: '',
      images: [],
      categories: [],
      tags: [],
      attributes: p.attributes ?? [],
      variations: [],
      meta: [],
      createdAt: at,
      modifiedAt: at,
    };
    this.products.set(product.id, product);
    if (notify) this.emit('product.created', product);
    return product;
  }

  addVariation(
    productId: number,
    v: { sku: string; price: string; attributes: Array<{ name: string; option: string }> },
    notify = true,
  ): EmuVariation {
    const p = this.mustGet(productId);
    const variation: EmuVariation = {
      id: this.nextId++,
      sku: v.sku,
      ...selling(v.price),
      attributes: v.attributes,
      imageUrl: null,
      modifiedAt: now(),
    };
    p.variations.push(variation);
    for (const a of v.attributes) {
      const attr =
        p.attributes.find((x) => x.name === a.name) ??
        (p.attributes.push({ name: a.name, options: [] }), p.attributes.at(-1)!);
      if (!attr.options.includes(a.option)) attr.options.push(a.option);
    }
    p.type = 'variable';
    if (notify) this.touch(p.id, 'product.updated');
    return variation;
  }

  update(
    id: number,
    patch: { name?: string; price?: string; sku?: string; status?: EmuProduct['status'] },
  ): EmuProduct {
    const p = this.mustGet(id);
    if (patch.name !== undefined) p.name = patch.name;
    if (patch.sku !== undefined) p.sku = patch.sku;
    if (patch.status !== undefined) p.status = patch.status;
    if (patch.price !== undefined) {
      if (p.type === 'variable') {
        for (const v of p.variations) {
          Object.assign(v, selling(patch.price));
          v.modifiedAt = now();
        }
      } else {
        Object.assign(p, selling(patch.price));
      }
    }
    this.touch(id, 'product.updated');
    return p;
  }

  removeVariation(productId: number, variationId: number): void {
    const p = this.mustGet(productId);
    p.variations = p.variations.filter((v) => v.id !== variationId);
    this.touch(productId, 'product.updated');
  }

  /** Deleting for good (force): the product is gone; `product.deleted` carries only its id. */
  remove(id: number): void {
    const p = this.mustGet(id);
    p.status = 'trash';
    p.modifiedAt = now();
    this.products.delete(id);
    this.emit('product.deleted', p);
  }

  /** Saving a product in the admin updates its modified time and raises the event. */
  touch(id: number, topic: 'product.created' | 'product.updated'): void {
    const p = this.mustGet(id);
    p.modifiedAt = now();
    this.emit(topic, p);
  }

  private mustGet(id: number): EmuProduct {
    const p = this.products.get(id);
    if (!p) throw new Error(`emulator: no product ${id}`);
    return p;
  }

  /** A few products with variations for the demo sandbox. */
  seedDemo(): void {
    const tee = this.add({ name: 'Organic cotton T-shirt', type: 'variable', attributes: [] }, false);
    for (const colour of ['Grey', 'Black']) {
      for (const [j, size] of ['M', 'L', 'XL'].entries()) {
        this.addVariation(
          tee.id,
          {
            sku: `TEE-${colour.toUpperCase()}-${size}`,
            price: (19.99 + j).toFixed(2),
            attributes: [
              { name: 'Colour', option: colour },
              { name: 'Size', option: size },
            ],
          },
          false,
        );
      }
    }
    const mug = this.add({ name: 'Enamel camping mug', type: 'variable', attributes: [] }, false);
    for (const colour of ['White', 'Green', 'Blue'])
      this.addVariation(
        mug.id,
        { sku: `MUG-${colour.toUpperCase()}`, price: '12.50', attributes: [{ name: 'Colour', option: colour }] },
        false,
      );
    this.add({ name: 'Canvas tote bag', sku: 'TOTE-1', price: '15.00' }, false);
    this.add({ name: 'Bamboo phone stand', sku: 'STAND-1', price: '9.90' }, false);
  }
}

export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function productJson(p: EmuProduct, home: string): Record<string, unknown> {
  const slug = p.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const price =
    p.type === 'variable' ? (p.variations.map((v) => v.price).sort((a, b) => Number(a) - Number(b))[0] ?? '') : p.price;
  return {
    id: p.id,
    name: p.name,
    slug,
    permalink: `${home}/product/${slug}/`,
    date_created_gmt: gmt(p.createdAt),
    date_modified_gmt: gmt(p.modifiedAt),
    type: p.type,
    status: p.status,
    sku: p.sku,
    price,
    regular_price: p.type === 'variable' ? '' : p.regularPrice,
    sale_price: p.type === 'variable' ? '' : p.salePrice,
    on_sale: p.type !== 'variable' && p.salePrice !== '',
    manage_stock: p.manageStock,
    stock_quantity: p.stockQuantity,
    stock_status: p.manageStock && (p.stockQuantity ?? 0) <= 0 ? 'outofstock' : 'instock',
    description: p.description,
    images: p.images.map((src, i) => ({ id: p.id * 100 + i, src, position: i })),
    categories: p.categories.map((c) => ({ ...c, slug: slugOf(c.name) })),
    tags: p.tags.map((t) => ({ ...t, slug: slugOf(t.name) })),
    attributes: p.attributes.map((a, i) => ({
      id: 0,
      name: a.name,
      position: i,
      visible: true,
      variation: p.type === 'variable',
      options: a.options,
    })),
    variations: p.variations.map((v) => v.id),
    meta_data: p.meta.map((m, i) => ({ id: p.id * 1000 + i, key: m.key, value: m.value })),
  };
}

export function variationJson(v: EmuVariation): Record<string, unknown> {
  return {
    id: v.id,
    date_modified_gmt: gmt(v.modifiedAt),
    sku: v.sku,
    price: v.price,
    regular_price: v.regularPrice,
    sale_price: v.salePrice,
    on_sale: v.salePrice !== '',
    manage_stock: v.manageStock,
    stock_quantity: v.stockQuantity,
    stock_status: v.manageStock && (v.stockQuantity ?? 0) <= 0 ? 'outofstock' : 'instock',
    image: v.imageUrl ? { id: v.id, src: v.imageUrl } : null,
    attributes: v.attributes.map((a) => ({ id: 0, name: a.name, option: a.option })),
  };
}

/** A webhook the emulated store delivers to, and one delivery (the emulator keeps both). */
export interface EmuWebhook {
  id: number;
  name: string;
  topic: string;
  deliveryUrl: string;
  secret: string;
  status: 'active' | 'paused' | 'disabled';
  failures: number;
}

export interface EmuDelivery {
  webhookId: number;
  deliveryId: string;
  topic: string;
  /** The receiver's HTTP status; null when missed or unreachable. */
  status: number | null;
  missed: boolean;
  /** What was (or would have been) sent, so a test can send it again. */
  body: string;
  headers: Record<string, string>;
}
