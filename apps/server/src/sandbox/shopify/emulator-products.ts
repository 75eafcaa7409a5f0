import type { Resolvable } from './emulator-graphql.js';
import { inventorySet } from './emulator-inventory.js';
import {
  MAX_INPUT,
  type Json,
  type ProductHooks,
  type UserError,
  checkSizes,
  err,
  list,
  num,
  price,
} from './emulator-inputs.js';
import type { EmulatorData, EmuProduct, EmuShop, EmuVariant } from './emulator-store.js';

export type { ProductHooks };

/**
 * The Shopify emulator's product writes (issue 22; connector-protocols.md §1.3, §6.1): `productSet`
 * (create or replace, synchronous; variants the input leaves out are deleted; `identifier` by id
 * or handle, the latter an upsert), `productCreate`
 * (the first variant only) with `productVariantsBulkCreate`, `productVariantsBulkUpdate`,
 * `productDelete`, and `inventorySetQuantities` with compare-and-set (`changeFromQuantity`
 * required from 2026-04, `compareQuantity` before) and `@idempotent` keys. Limits as Shopify's:
 * 250 items per input array (a GraphQL error), 3 options, 2,048 variants; refusals are `userErrors`.
 */

const MAX_OPTIONS = 3;
const MAX_VARIANTS = 2048;

const optionsOf = (v: Json) =>
  list(v.optionValues).map((o) => ({ name: String(o.optionName ?? ''), value: String(o.name ?? '') }));
const keyOf = (options: Array<{ name: string; value: string }>) => options.map((o) => `${o.name}=${o.value}`).join('|');
const fileUrl = (f: unknown) =>
  f && typeof f === 'object' && typeof (f as Json).originalSource === 'string'
    ? String((f as Json).originalSource)
    : null;

export function productMutations(
  data: EmulatorData,
  shop: EmuShop,
  hooks: ProductHooks,
  object: (p: EmuProduct) => Resolvable,
): Record<string, unknown> {
  const findProduct = (gid: unknown) => shop.products.get(num(gid, 'Product'));
  const variantObject = (p: EmuProduct, v: EmuVariant) => {
    const variants = object(p).variants as (a: Json) => { nodes: unknown[] };
    return variants({ first: MAX_INPUT }).nodes[p.variants.indexOf(v)] ?? null;
  };

  /** A variant from its input (productSet, bulk create): options, price, SKU, stock, image. */
  const writeVariant = (v: EmuVariant | null, input: Json): EmuVariant => {
    const options = optionsOf(input);
    const inv = (input.inventoryItem ?? {}) as Json;
    const quantities = list(input.inventoryQuantities);
    const target: EmuVariant = v ?? {
      id: data.id(),
      title: '',
      sku: '',
      price: '0.00',
      options,
      imageUrl: null,
      compareAtPrice: null,
      inventoryItemId: data.id(),
      tracked: false,
      available: 0,
    };
    const real = options.filter((o) => !(o.name === 'Title' && o.value === 'Default Title'));
    target.options = real.length ? real : [{ name: 'Title', value: 'Default Title' }];
    target.title = target.options.map((o) => o.value).join(' / ');
    const sku = input.sku ?? inv.sku;
    if (typeof sku === 'string') target.sku = sku;
    if (input.price !== undefined) target.price = price(input.price) ?? target.price;
    if (input.compareAtPrice !== undefined) target.compareAtPrice = price(input.compareAtPrice);
    if (typeof inv.tracked === 'boolean') target.tracked = inv.tracked;
    for (const q of quantities) {
      target.tracked = true;
      target.available = Number(q.quantity ?? q.availableQuantity ?? 0);
    }
    const image = fileUrl(input.file) ?? (typeof input.mediaSrc === 'string' ? input.mediaSrc : null);
    if (image) target.imageUrl = image;
    return target;
  };

  /** The refusals a variant input gets: a bad price, options that are not the product's, a duplicate. */
  const variantErrors = (inputs: Json[], names: string[], base: Array<string | number>): UserError[] => {
    const errors: UserError[] = [];
    const seen = new Set<string>();
    inputs.forEach((v, i) => {
      if (v.price !== undefined && (price(v.price) === null || Number(v.price) < 0))
        errors.push(err('INVALID_INPUT', 'Price must be greater than or equal to 0', [...base, i, 'price']));
      const options = optionsOf(v);
      const given = options.map((o) => o.name);
      if (names.length && given.join('|') !== names.join('|'))
        errors.push(
          err('INVALID_VARIANT', 'Option values must match the product options', [...base, i, 'optionValues']),
        );
      const key = keyOf(options);
      if (seen.has(key)) errors.push(err('DUPLICATE_VARIANT', `The variant '${key}' already exists.`, [...base, i]));
      seen.add(key);
    });
    return errors;
  };

  const setPayload = (p: EmuProduct | null, userErrors: UserError[]) => ({
    __typename: 'ProductSetPayload',
    product: p ? object(p) : null,
    productSetOperation: null,
    userErrors,
  });

  return {
    productSet: (a: Json) => {
      checkSizes(a.input, 'input');
      const input = (a.input ?? {}) as Json;
      const forced = hooks.forcedError();
      if (forced) return setPayload(null, [err('INVALID_INPUT', forced)]);
      // `identifier` (2025-04 on): by id it must exist; by handle it is an upsert — the product
      // with that handle is updated, or one is created with it.
      const identifier = (a.identifier ?? {}) as Json;
      if (identifier.customId !== undefined)
        return setPayload(null, [err('INVALID_INPUT', 'customId is not emulated', ['identifier', 'customId'])]);
      const byId = identifier.id ?? input.id;
      const handle = typeof identifier.handle === 'string' ? identifier.handle : null;
      const existing =
        byId !== undefined
          ? findProduct(byId)
          : handle
            ? [...shop.products.values()].find((x) => x.handle === handle)
            : undefined;
      if (byId !== undefined && !existing)
        return setPayload(null, [err('PRODUCT_DOES_NOT_EXIST', 'Product does not exist', ['input', 'id'])]);
      const title = typeof input.title === 'string' ? input.title.trim() : (existing?.title ?? '');
      const options = list(input.productOptions);
      const names = options.map((o) => String(o.name ?? ''));
      const variants = list(input.variants);
      const errors: UserError[] = [];
      if (!title) errors.push(err('BLANK', "Title can't be blank", ['input', 'title']));
      if (options.length > MAX_OPTIONS)
        errors.push(
          err('OPTIONS_OVER_LIMIT', `Options count is over the allowed limit of ${MAX_OPTIONS}`, [
            'input',
            'productOptions',
          ]),
        );
      if (variants.length > MAX_VARIANTS)
        errors.push(
          err('VARIANTS_OVER_LIMIT', `Variants count is over the allowed limit of ${MAX_VARIANTS}`, [
            'input',
            'variants',
          ]),
        );
      if (!variants.length)
        errors.push(err('INVALID_INPUT', 'At least one variant is required', ['input', 'variants']));
      errors.push(
        ...variantErrors(
          variants,
          names.filter((n) => n !== 'Title' || names.length > 1),
          ['input', 'variants'],
        ),
      );
      for (const [i, v] of variants.entries())
        if (v.id !== undefined && !existing?.variants.some((x) => x.id === num(v.id, 'ProductVariant')))
          errors.push(
            err('PRODUCT_VARIANT_DOES_NOT_EXIST', 'Product variant does not exist', ['input', 'variants', i, 'id']),
          );
      if (errors.length) return setPayload(null, errors);

      const wanted = typeof input.handle === 'string' && input.handle ? input.handle : (handle ?? undefined);
      const p: EmuProduct = existing ?? data.addProduct(shop, { title, price: '0.00', handle: wanted });
      const old = existing ? [...p.variants] : [];
      p.variants = variants.map((v) => {
        const keep =
          old.find((x) => v.id !== undefined && x.id === num(v.id, 'ProductVariant')) ??
          old.find((x) => v.id === undefined && keyOf(x.options) === keyOf(optionsOf(v)));
        return writeVariant(keep ?? null, v);
      });
      p.title = title;
      if (typeof input.descriptionHtml === 'string') p.descriptionHtml = input.descriptionHtml;
      if (typeof input.productType === 'string') p.productType = input.productType;
      if (Array.isArray(input.tags)) p.tags = input.tags.map(String);
      if (['ACTIVE', 'DRAFT', 'ARCHIVED'].includes(String(input.status)))
        p.status = input.status as EmuProduct['status'];
      if (Array.isArray(input.files)) p.images = input.files.map(fileUrl).filter((u): u is string => Boolean(u));
      p.imageUrl = p.images[0] ?? null;
      p.byApp = true;
      data.touch(p);
      hooks.onChange(existing ? 'products/update' : 'products/create', p);
      return setPayload(p, []);
    },

    productCreate: (a: Json) => {
      checkSizes(a, '');
      const input = (a.product ?? a.input ?? {}) as Json;
      const payload = (p: EmuProduct | null, userErrors: UserError[]) => ({
        __typename: 'ProductCreatePayload',
        product: p ? object(p) : null,
        userErrors,
      });
      const forced = hooks.forcedError();
      if (forced) return payload(null, [err('INVALID_INPUT', forced)]);
      const title = typeof input.title === 'string' ? input.title.trim() : '';
      const options = list(input.productOptions);
      if (!title) return payload(null, [err('BLANK', "Title can't be blank", ['title'])]);
      if (options.length > MAX_OPTIONS)
        return payload(null, [
          err('OPTIONS_OVER_LIMIT', `Options count is over the allowed limit of ${MAX_OPTIONS}`, ['productOptions']),
        ]);
      // Only the first value of each option makes the one variant Shopify creates.
      const p = data.addProduct(shop, {
        title,
        price: '0.00',
        options: options.map((o) => ({ name: String(o.name), values: [String(list(o.values)[0]?.name ?? '')] })),
      });
      p.descriptionHtml = typeof input.descriptionHtml === 'string' ? input.descriptionHtml : '';
      p.productType = typeof input.productType === 'string' ? input.productType : '';
      p.tags = Array.isArray(input.tags) ? input.tags.map(String) : [];
      p.byApp = true;
      hooks.onChange('products/create', p);
      return payload(p, []);
    },

    productVariantsBulkCreate: (a: Json) => {
      checkSizes(a.variants, 'variants');
      const p = findProduct(a.productId);
      const payload = (created: EmuVariant[], userErrors: UserError[]) => ({
        __typename: 'ProductVariantsBulkCreatePayload',
        product: p && !userErrors.length ? object(p) : null,
        productVariants: p && !userErrors.length ? created.map((v) => variantObject(p, v)) : null,
        userErrors,
      });
      if (!p) return payload([], [err('PRODUCT_DOES_NOT_EXIST', 'Product does not exist', ['productId'])]);
      const forced = hooks.forcedError();
      if (forced) return payload([], [err('INVALID_INPUT', forced)]);
      const inputs = list(a.variants);
      const names = p.variants[0]?.options.filter((o) => o.name !== 'Title').map((o) => o.name) ?? [];
      const standalone = a.strategy === 'REMOVE_STANDALONE_VARIANT' && p.variants.length === 1;
      const errors = variantErrors(inputs, names, ['variants']);
      const taken = new Set((standalone ? [] : p.variants).map((v) => keyOf(v.options)));
      inputs.forEach((v, i) => {
        if (taken.has(keyOf(optionsOf(v))))
          errors.push(
            err('VARIANT_ALREADY_EXISTS', `The variant '${keyOf(optionsOf(v))}' already exists.`, ['variants', i]),
          );
      });
      if (p.variants.length + inputs.length > MAX_VARIANTS)
        errors.push(err('LIMIT_EXCEEDED', `Variants count is over the allowed limit of ${MAX_VARIANTS}`, ['variants']));
      if (errors.length) return payload([], errors);
      if (standalone) p.variants = [];
      const created = inputs.map((v) => writeVariant(null, v));
      p.variants.push(...created);
      data.touch(p);
      hooks.onChange('products/update', p);
      return payload(created, []);
    },

    productVariantsBulkUpdate: (a: Json) => {
      checkSizes(a.variants, 'variants');
      const p = findProduct(a.productId);
      const payload = (userErrors: UserError[]) => ({
        __typename: 'ProductVariantsBulkUpdatePayload',
        product: p && !userErrors.length ? object(p) : null,
        productVariants: p && !userErrors.length ? p.variants.map((v) => variantObject(p, v)) : null,
        userErrors,
      });
      if (!p) return payload([err('PRODUCT_DOES_NOT_EXIST', 'Product does not exist', ['productId'])]);
      const forced = hooks.forcedError();
      if (forced) return payload([err('INVALID_INPUT', forced)]);
      const inputs = list(a.variants);
      const errors: UserError[] = [];
      inputs.forEach((v, i) => {
        if (!p.variants.some((x) => x.id === num(v.id, 'ProductVariant')))
          errors.push(err('PRODUCT_VARIANT_DOES_NOT_EXIST', 'Product variant does not exist', ['variants', i, 'id']));
        if (v.price !== undefined && (price(v.price) === null || Number(v.price) < 0))
          errors.push(err('INVALID_INPUT', 'Price must be greater than or equal to 0', ['variants', i, 'price']));
      });
      if (errors.length) return payload(errors);
      for (const v of inputs) {
        const target = p.variants.find((x) => x.id === num(v.id, 'ProductVariant'))!;
        if (v.price !== undefined) target.price = price(v.price)!;
        if (v.compareAtPrice !== undefined) target.compareAtPrice = price(v.compareAtPrice);
      }
      data.touch(p);
      hooks.onChange('products/update', p);
      return payload([]);
    },

    productDelete: (a: Json) => {
      const p = findProduct((a.input as Json | undefined)?.id);
      if (!p)
        return {
          __typename: 'ProductDeletePayload',
          deletedProductId: null,
          userErrors: [err(null, 'Product does not exist', ['id'])],
        };
      shop.products.delete(p.id);
      hooks.onChange('products/delete', p);
      return { __typename: 'ProductDeletePayload', deletedProductId: `gid://shopify/Product/${p.id}`, userErrors: [] };
    },

    inventorySetQuantities: (a: Json) => inventorySet(data, shop, hooks, a),
  };
}
