import { minorToDecimal } from '../money.js';
import {
  type PublishedProduct,
  type PublishProduct,
  StorePlatformError,
  type VariantUpdate,
} from '../store-platform.js';
import type { ShopifyAdmin } from './shopify.graphql.js';
import {
  MAX_INPUT_ITEMS,
  USER_ERRORS,
  type UserError,
  chunks,
  refusedBy,
  setShopifyStock,
} from './shopify.inventory.js';
import { numericId, productGid } from './shopify.products.js';

/**
 * Publishing products into a shop (issue 22, decision 0123; connector-protocols.md §1.3, §6.1):
 * `productSet` creates or replaces a product with all its variants in one synchronous call (a
 * variant the input leaves out is deleted, so an update always sends the whole set, with the
 * ids of the variants that stay so their connections keep pointing at them); prices go through
 * `productVariantsBulkUpdate` and stock through `inventorySetQuantities` (compare-and-set),
 * each batched at Shopify's 250 items per input array.
 */

/** A product has at most 3 options. */
export const MAX_OPTIONS = 3;

export const PRODUCT_SET_MUTATION = `mutation ProductSet($input: ProductSetInput!, $identifier: ProductSetIdentifiers, $synchronous: Boolean!, $variantsFirst: Int!) {
  productSet(synchronous: $synchronous, identifier: $identifier, input: $input) {
    product { id handle onlineStoreUrl variants(first: $variantsFirst) { nodes { id sku inventoryItem { id } } } }
    ${USER_ERRORS}
  }
}`;

/** What an update needs of the product as it stands: its variants' ids by SKU and option values. */
export const PRODUCT_VARIANT_IDS_QUERY = `query ProductVariantIds($id: ID!, $first: Int!) {
  product(id: $id) { id variants(first: $first) { nodes { id sku selectedOptions { name value } } } }
}`;

export const PRODUCT_DELETE_MUTATION = `mutation ProductDelete($input: ProductDeleteInput!) {
  productDelete(input: $input) { deletedProductId ${USER_ERRORS} }
}`;

export const VARIANTS_BULK_UPDATE_MUTATION = `mutation ProductVariantsBulkUpdate($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
  productVariantsBulkUpdate(productId: $productId, variants: $variants) { productVariants { id } ${USER_ERRORS} }
}`;

export const LOCATIONS_QUERY = `query Locations {
  locations(first: 1) { nodes { id } }
}`;

interface SetProduct {
  id: string;
  handle: string | null;
  onlineStoreUrl: string | null;
  variants: { nodes: Array<{ id: string; sku: string | null; inventoryItem: { id: string } | null }> };
}

/** Checked before any call, so a product Shopify would refuse is never half written. */
export function checkPublishable(p: PublishProduct): string[] {
  const names = p.variants[0]?.options.map((o) => o.name) ?? [];
  if (!p.variants.length) throw new StorePlatformError('shopify', 'invalid', 'a product needs at least one variant');
  if (names.length > MAX_OPTIONS)
    throw new StorePlatformError(
      'shopify',
      'invalid',
      `at most ${MAX_OPTIONS} options per product (${names.length} given)`,
    );
  if (p.variants.length > MAX_INPUT_ITEMS || p.imageUrls.length > MAX_INPUT_ITEMS || p.tags.length > MAX_INPUT_ITEMS)
    throw new StorePlatformError('shopify', 'invalid', `at most ${MAX_INPUT_ITEMS} variants, images or tags per call`);
  for (const v of p.variants)
    if (v.options.map((o) => o.name).join('\u0000') !== names.join('\u0000'))
      throw new StorePlatformError('shopify', 'invalid', `variant ${v.sku}: every variant needs the same options`);
  return names;
}

/**
 * The handle a product we publish gets: readable (the title's Latin letters and digits) and ours
 * (the first 12 hex digits of our key). `productSet` with `identifier: {handle}` updates the product
 * that has it or creates it (an upsert, API 2025-04 on), so a create whose answer was lost and is
 * sent again finds the product the first one made. The listing's title never changes after it is
 * made, so every attempt derives the same handle.
 */
export function handleFor(title: string, ref: string): string {
  const words = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const key =
    ref
      .replace(/[^0-9a-f]/gi, '')
      .slice(0, 12)
      .toLowerCase() || ref.slice(0, 12);
  return `${words || 'product'}-${key}`;
}

const image = (url: string) => ({ originalSource: url, contentType: 'IMAGE' });
/** Shopify's single variant of a product without options. */
const DEFAULT_OPTION = { optionName: 'Title', name: 'Default Title' };
const optionKey = (options: Array<{ name: string; value: string }>) =>
  options.map((o) => `${o.name}=${o.value}`).join('|');

/** The ProductSetInput of a product; `ids` keeps the variants that stay (by SKU, then option values). */
export function productSetInput(
  p: PublishProduct,
  names: string[],
  o: { id?: string; locationId: string | null; ids?: Map<string, string>; handle?: string },
): Record<string, unknown> {
  const price = (minor: number) => minorToDecimal(minor, p.currency);
  const productOptions = names.length
    ? names.map((name, i) => ({
        name,
        position: i + 1,
        values: [...new Set(p.variants.map((v) => v.options[i]!.value))].map((value) => ({ name: value })),
      }))
    : [{ name: 'Title', position: 1, values: [{ name: 'Default Title' }] }];
  return {
    ...(o.id ? { id: o.id } : {}),
    ...(o.handle ? { handle: o.handle } : {}),
    title: p.title,
    descriptionHtml: p.descriptionHtml,
    productType: p.productType ?? '',
    tags: p.tags,
    status: 'ACTIVE',
    files: p.imageUrls.map(image),
    productOptions,
    variants: p.variants.map((v) => {
      const id = o.ids?.get(`sku:${v.sku}`) ?? o.ids?.get(`opt:${optionKey(v.options)}`);
      return {
        ...(id ? { id } : {}),
        optionValues: names.length ? v.options.map((x) => ({ optionName: x.name, name: x.value })) : [DEFAULT_OPTION],
        sku: v.sku,
        price: price(v.price),
        compareAtPrice: v.compareAtPrice === null ? null : price(v.compareAtPrice),
        inventoryItem: { tracked: v.quantity !== null },
        // Quantities only on create: an update sets stock afterwards, compare-and-set opted out.
        ...(!o.id && v.quantity !== null && o.locationId
          ? { inventoryQuantities: [{ locationId: o.locationId, name: 'available', quantity: v.quantity }] }
          : {}),
        ...(v.imageUrl ? { file: image(v.imageUrl) } : {}),
      };
    }),
  };
}

export class ShopifyPublisher {
  private location: Promise<string> | null = null;

  constructor(
    private readonly admin: ShopifyAdmin,
    private readonly apiVersion: string,
    private readonly adminBase: () => string,
  ) {}

  /** The shop's first location: where our stock is counted (a dropshipped product has one). */
  private locationId(): Promise<string> {
    this.location ??= this.admin
      .request<{ locations: { nodes: Array<{ id: string }> } | null }>(LOCATIONS_QUERY)
      .then((d) => {
        const id = d.locations?.nodes[0]?.id;
        if (!id) throw new StorePlatformError('shopify', 'invalid', 'the shop has no location to hold stock');
        return id;
      });
    this.location.catch(() => (this.location = null));
    return this.location;
  }

  async publish(p: PublishProduct, existing?: { externalId: string } | null): Promise<PublishedProduct> {
    const names = checkPublishable(p);
    const stocked = p.variants.some((v) => v.quantity !== null);
    const locationId = stocked ? await this.locationId() : null;
    let id: string | undefined;
    let ids: Map<string, string> | undefined;
    if (existing) {
      id = productGid(existing.externalId) ?? undefined;
      if (!id) throw new StorePlatformError('shopify', 'invalid', `not a Shopify product id: ${existing.externalId}`);
      ids = await this.variantIds(id);
    }
    // A create carries our handle as its identifier: sent again after a lost answer, it updates
    // the product the first call made instead of making a second one.
    const handle = !existing && p.ref ? handleFor(p.title, p.ref) : undefined;
    const data = await this.admin.request<{
      productSet: { product: SetProduct | null; userErrors: UserError[] } | null;
    }>(
      PRODUCT_SET_MUTATION,
      {
        input: productSetInput(p, names, { id, locationId, ids, handle }),
        identifier: handle ? { handle } : null,
        synchronous: true,
        variantsFirst: Math.min(MAX_INPUT_ITEMS, p.variants.length),
      },
      { mutation: true },
    );
    const out = data.productSet;
    if (!out?.product) throw refusedBy(out?.userErrors?.length ? out.userErrors : [{ message: 'no product returned' }]);
    const bySku = new Map(out.product.variants.nodes.map((v) => [v.sku ?? '', v]));
    const published: PublishedProduct = {
      externalId: out.product.id,
      url: out.product.onlineStoreUrl ?? `${this.adminBase()}/admin/products/${numericId(out.product.id)}`,
      variants: p.variants.map((v) => {
        const made = bySku.get(v.sku);
        if (!made) throw new StorePlatformError('shopify', 'protocol', `variant ${v.sku} is missing from the answer`);
        return { sku: v.sku, externalId: made.id, inventoryItemId: made.inventoryItem?.id ?? null };
      }),
    };
    if (existing && stocked) {
      // The whole set was replaced: its stock is ours to set, whatever the shop held.
      await setShopifyStock(
        this.admin,
        this.apiVersion,
        await this.locationId(),
        published.variants.flatMap((v, i) => {
          const quantity = p.variants[i]!.quantity;
          return quantity === null || !v.inventoryItemId
            ? []
            : [{ inventoryItemId: v.inventoryItemId, quantity, previousQuantity: null }];
        }),
      );
    }
    return published;
  }

  private async variantIds(id: string): Promise<Map<string, string>> {
    const data = await this.admin.request<{
      product: {
        variants: {
          nodes: Array<{ id: string; sku: string | null; selectedOptions: Array<{ name: string; value: string }> }>;
        };
      } | null;
    }>(PRODUCT_VARIANT_IDS_QUERY, { id, first: MAX_INPUT_ITEMS });
    if (!data.product) throw new StorePlatformError('shopify', 'not-found', 'the product is no longer in the shop');
    const ids = new Map<string, string>();
    for (const v of data.product.variants.nodes) {
      if (v.sku) ids.set(`sku:${v.sku}`, v.id);
      ids.set(
        `opt:${optionKey(v.selectedOptions.filter((o) => o.name !== 'Title' || o.value !== 'Default Title'))}`,
        v.id,
      );
    }
    return ids;
  }

  async delete(externalId: string): Promise<void> {
    const id = productGid(externalId);
    if (!id) throw new StorePlatformError('shopify', 'invalid', `not a Shopify product id: ${externalId}`);
    const data = await this.admin.request<{
      productDelete: { deletedProductId: string | null; userErrors: UserError[] } | null;
    }>(PRODUCT_DELETE_MUTATION, { input: { id } }, { mutation: true });
    const errors = data.productDelete?.userErrors ?? [];
    // Already gone (a retry, or deleted by hand): what roll back wanted.
    if (errors.length && !errors.every((e) => /does not exist|not found/i.test(e.message ?? '')))
      throw refusedBy(errors);
  }

  /** Prices per product (bulk update), then stock (compare-and-set), each in batches of 250. */
  async update(updates: VariantUpdate[]): Promise<void> {
    const priced = new Map<string, VariantUpdate[]>();
    for (const u of updates)
      if (u.price !== undefined || u.compareAtPrice !== undefined)
        priced.set(u.productExternalId, [...(priced.get(u.productExternalId) ?? []), u]);
    const currency = priced.size ? await this.currency() : 'USD';
    for (const [product, list] of priced) {
      const productId = productGid(product);
      if (!productId) throw new StorePlatformError('shopify', 'invalid', `not a Shopify product id: ${product}`);
      for (const batch of chunks(list, MAX_INPUT_ITEMS)) {
        const data = await this.admin.request<{
          productVariantsBulkUpdate: { userErrors: UserError[] } | null;
        }>(
          VARIANTS_BULK_UPDATE_MUTATION,
          {
            productId,
            variants: batch.map((u) => ({
              id: u.variantExternalId,
              ...(u.price !== undefined ? { price: minorToDecimal(u.price, currency) } : {}),
              ...(u.compareAtPrice !== undefined
                ? { compareAtPrice: u.compareAtPrice === null ? null : minorToDecimal(u.compareAtPrice, currency) }
                : {}),
            })),
          },
          { mutation: true },
        );
        const errors = data.productVariantsBulkUpdate?.userErrors ?? [];
        if (errors.length) throw refusedBy(errors);
      }
    }
    const stock = updates.filter((u) => u.quantity !== undefined);
    for (const u of stock)
      if (!u.inventoryItemId)
        throw new StorePlatformError('shopify', 'invalid', `variant ${u.variantExternalId} has no inventory item id`);
    if (!stock.length) return;
    await setShopifyStock(
      this.admin,
      this.apiVersion,
      await this.locationId(),
      stock.map((u) => ({
        inventoryItemId: u.inventoryItemId!,
        quantity: u.quantity!,
        previousQuantity: u.previousQuantity ?? null,
      })),
    );
  }

  private shopCurrency: string | null = null;

  /** Prices are in the shop's currency; asked once per client. */
  private async currency(): Promise<string> {
    if (!this.shopCurrency) {
      const data = await this.admin.request<{ shop: { currencyCode: string } | null }>(
        'query ShopCurrency { shop { currencyCode } }',
      );
      if (!data.shop?.currencyCode) throw new StorePlatformError('shopify', 'protocol', 'the shop has no currency');
      this.shopCurrency = data.shop.currencyCode;
    }
    return this.shopCurrency;
  }
}
