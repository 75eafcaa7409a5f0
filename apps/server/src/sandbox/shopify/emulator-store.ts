import { createHmac, randomBytes } from 'node:crypto';
import { GqlError, type Resolvable } from './emulator-graphql.js';
import { fulfilmentMutations, fulfilmentOrderFields } from './emulator-fulfilments.js';
import { type EmuOrder, orderFields } from './emulator-orders.js';

/**
 * The Shopify emulator's data: shops, their products and variants, the app's codes and tokens
 * (expiring offline tokens with rotating refresh tokens), and each shop's leaky bucket. The
 * GraphQL root it builds answers the fields our connector reads, in Shopify's shapes.
 */

export interface EmuVariant {
  id: number;
  title: string;
  sku: string;
  /** A decimal string, as the Money scalar. */
  price: string;
  options: Array<{ name: string; value: string }>;
  imageUrl: string | null;
  /** A decimal string or null (listing, issue 22). */
  compareAtPrice: string | null;
  /** The variant's inventory item; stock is `available` at the shop's one location. */
  inventoryItemId: number;
  tracked: boolean;
  available: number;
}

export interface EmuProduct {
  id: number;
  title: string;
  handle: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  createdAt: string;
  updatedAt: string;
  imageUrl: string | null;
  variants: EmuVariant[];
  descriptionHtml: string;
  productType: string;
  tags: string[];
  /** In order; the first is `imageUrl`. */
  images: string[];
  /** Made through the API (an app published it) rather than in the admin. */
  byApp: boolean;
}

export interface EmuShop {
  domain: string;
  name: string;
  currency: string;
  products: Map<number, EmuProduct>;
  /** The shop's orders (emulator-orders.ts), by id. */
  orders: Map<number, EmuOrder>;
  /** Whether our app is installed (a code was exchanged and not uninstalled since). */
  installed: boolean;
  bucket: { available: number; at: number };
  /** The shop's one location, where stock is counted. */
  locationId: number;
  /** `@idempotent` keys of inventory mutations already carried out, with their answers. */
  idempotent: Map<string, unknown>;
}

export interface Bucket {
  maximumAvailable: number;
  restoreRate: number;
}

interface Grant {
  shop: string;
  scope: string;
  /** Epoch ms; null for a token that never runs out. */
  expiresAt: number | null;
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const unb64 = <T>(s: string): T | null => {
  try {
    return JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
};

export class EmulatorData {
  readonly shops = new Map<string, EmuShop>();
  private nextId = 8_001_000;
  private readonly codes = new Map<string, Grant>();
  /** Refresh tokens used once already (rotation), and when each shop last revoked its tokens. */
  private readonly spent = new Set<string>();
  private readonly revokedAt = new Map<string, number>();
  /** Moves the emulator's clock (tests: make tokens run out without waiting). */
  clockOffsetMs = 0;

  /**
   * Tokens are self-contained and signed with `tokenKey`, so with a fixed key (the demo's) the
   * tokens a store keeps still work after the emulator restarts, as a real shop's would.
   */
  constructor(
    readonly bucket: Bucket,
    readonly ttl: { accessSeconds: number; refreshSeconds: number },
    private readonly tokenKey: string = randomBytes(32).toString('hex'),
  ) {}

  private sign(prefix: 'shpat_' | 'shprt_', g: Grant): string {
    const body = Buffer.from(JSON.stringify({ ...g, iat: this.now(), n: randomBytes(6).toString('hex') })).toString(
      'base64url',
    );
    return `${prefix}${body}.${createHmac('sha256', this.tokenKey)
      .update(prefix + body)
      .digest('base64url')}`;
  }

  private open(prefix: 'shpat_' | 'shprt_', value: string): Grant | null {
    const m = new RegExp(`^${prefix}([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]+)$`).exec(value);
    if (
      !m ||
      createHmac('sha256', this.tokenKey)
        .update(prefix + m[1])
        .digest('base64url') !== m[2]
    )
      return null;
    const g = unb64<Grant & { iat: number }>(m[1]!);
    if (!g || (g.expiresAt !== null && g.expiresAt <= this.now()) || g.iat < (this.revokedAt.get(g.shop) ?? 0))
      return null;
    return g;
  }

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  id(): number {
    return this.nextId++;
  }

  addShop(domain: string, o: { name?: string; currency?: string } = {}): EmuShop {
    const existing = this.shops.get(domain);
    if (existing) return existing;
    const shop: EmuShop = {
      domain,
      name: o.name ?? domain.replace(/\.myshopify\.com$/, ''),
      currency: o.currency ?? 'USD',
      products: new Map(),
      orders: new Map(),
      installed: false,
      bucket: { available: this.bucket.maximumAvailable, at: this.now() },
      locationId: this.id(),
      idempotent: new Map(),
    };
    this.shops.set(domain, shop);
    return shop;
  }

  addProduct(
    shop: EmuShop,
    p: {
      title: string;
      status?: EmuProduct['status'];
      imageUrl?: string | null;
      options?: Array<{ name: string; values: string[] }>;
      price: string;
      sku?: string;
      /** Asked for (productSet's `handle`); numbered like a title's when taken. */
      handle?: string;
    },
  ): EmuProduct {
    const at = new Date(this.now()).toISOString();
    const id = this.id();
    const base =
      p.handle ??
      (p.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') ||
        `product-${id}`);
    // Handles are unique in a shop: Shopify numbers a repeated title's (`tee`, `tee-1`, …).
    const taken = new Set([...shop.products.values()].map((x) => x.handle));
    let handle = base;
    for (let n = 1; taken.has(handle); n++) handle = `${base}-${n}`;
    const combos = (p.options ?? []).reduce<Array<Array<{ name: string; value: string }>>>(
      (acc, o) => acc.flatMap((c) => o.values.map((v) => [...c, { name: o.name, value: v }])),
      [[]],
    );
    const variants = (combos.length && combos[0]!.length ? combos : [[{ name: 'Title', value: 'Default Title' }]]).map(
      (options, i) => ({
        id: this.id(),
        title: options.map((o) => o.value).join(' / '),
        sku: p.sku ? (combos[0]!.length ? `${p.sku}-${i + 1}` : p.sku) : '',
        price: p.price,
        options,
        imageUrl: null,
        compareAtPrice: null,
        inventoryItemId: this.id(),
        tracked: false,
        available: 0,
      }),
    );
    const product: EmuProduct = {
      id,
      title: p.title,
      handle,
      status: p.status ?? 'ACTIVE',
      createdAt: at,
      updatedAt: at,
      imageUrl: p.imageUrl ?? null,
      variants,
      descriptionHtml: '',
      productType: '',
      tags: [],
      images: p.imageUrl ? [p.imageUrl] : [],
      byApp: false,
    };
    shop.products.set(id, product);
    return product;
  }

  touch(p: EmuProduct): void {
    p.updatedAt = new Date(Math.max(this.now(), Date.parse(p.updatedAt) + 1000)).toISOString();
  }

  // ---- OAuth ----

  issueCode(shop: string, scope: string): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { shop, scope, expiresAt: this.now() + 10 * 60_000 });
    return code;
  }

  /** A code is good once, for its shop, for ten minutes. */
  takeCode(shop: string, code: string): Grant | null {
    const g = this.codes.get(code);
    this.codes.delete(code);
    return g && g.shop === shop && g.expiresAt !== null && g.expiresAt > this.now() ? g : null;
  }

  issueTokens(shop: string, scope: string, expiring: boolean) {
    if (!expiring) return { access_token: this.sign('shpat_', { shop, scope, expiresAt: null }), scope };
    const accessToken = this.sign('shpat_', { shop, scope, expiresAt: this.now() + this.ttl.accessSeconds * 1000 });
    const refreshToken = this.sign('shprt_', { shop, scope, expiresAt: this.now() + this.ttl.refreshSeconds * 1000 });
    return {
      access_token: accessToken,
      scope,
      expires_in: this.ttl.accessSeconds,
      refresh_token: refreshToken,
      refresh_token_expires_in: this.ttl.refreshSeconds,
    };
  }

  /** Rotation: the refresh token used is spent, a new pair is issued. */
  useRefresh(shop: string, refreshToken: string) {
    const g = this.open('shprt_', refreshToken);
    if (!g || g.shop !== shop || this.spent.has(refreshToken)) return null;
    this.spent.add(refreshToken);
    return this.issueTokens(shop, g.scope, true);
  }

  shopOfToken(accessToken: string): string | null {
    return this.open('shpat_', accessToken)?.shop ?? null;
  }

  /** The scopes granted with the token (`read_all_orders` widens what `orders` shows). */
  scopeOfToken(accessToken: string): string {
    return this.open('shpat_', accessToken)?.scope ?? '';
  }

  /** Uninstalling revokes every token the app holds for the shop (those issued up to now). */
  revokeShop(shop: string): void {
    this.revokedAt.set(shop, this.now() + 1);
    for (const [k, g] of this.codes) if (g.shop === shop) this.codes.delete(k);
    const s = this.shops.get(shop);
    if (s) s.installed = false;
  }

  // ---- the leaky bucket ----

  available(shop: EmuShop): number {
    const now = this.now();
    shop.bucket.available = Math.min(
      this.bucket.maximumAvailable,
      shop.bucket.available + ((now - shop.bucket.at) / 1000) * this.bucket.restoreRate,
    );
    shop.bucket.at = now;
    return shop.bucket.available;
  }

  throttleStatus(shop: EmuShop) {
    return {
      maximumAvailable: this.bucket.maximumAvailable,
      currentlyAvailable: Math.floor(this.available(shop)),
      restoreRate: this.bucket.restoreRate,
    };
  }

  // ---- GraphQL ----

  root(
    shop: EmuShop,
    baseUrl: string,
    onUninstall: () => void,
    scope = '',
    onOrderChange: (o: EmuOrder) => void = () => {},
  ): { query: Resolvable; mutation: Resolvable } {
    const query: Resolvable = {
      __typename: 'QueryRoot',
      shop: {
        __typename: 'Shop',
        name: shop.name,
        currencyCode: shop.currency,
        myshopifyDomain: shop.domain,
        id: `gid://shopify/Shop/${this.shopNumber(shop)}`,
      },
      products: (a: Record<string, unknown>) => this.productsConnection(shop, a, baseUrl),
      product: (a: Record<string, unknown>) => {
        const id = /^gid:\/\/shopify\/Product\/(\d+)$/.exec(String(a.id ?? ''))?.[1];
        const p = id ? shop.products.get(Number(id)) : undefined;
        return p ? this.productObject(shop, p, baseUrl) : null;
      },
      locations: (a: Record<string, unknown>) =>
        connection(
          [shop.locationId],
          pageSize(a),
          (id) => b64({ i: id }),
          (id) => ({
            __typename: 'Location',
            id: `gid://shopify/Location/${id}`,
            name: 'Shop location',
            isActive: true,
          }),
        ),
      ...orderFields(this, shop, scope, {
        connection,
        pageSize,
        extend: (o) => fulfilmentOrderFields(o, { connection, pageSize }),
      }),
    };
    const mutation: Resolvable = {
      __typename: 'Mutation',
      ...fulfilmentMutations(this, shop.orders, onOrderChange),
      appUninstall: () => {
        const wasInstalled = shop.installed;
        if (wasInstalled) onUninstall();
        return {
          __typename: 'AppUninstallPayload',
          app: wasInstalled ? { __typename: 'App', id: 'gid://shopify/App/1', title: 'Marketplace' } : null,
          userErrors: wasInstalled
            ? []
            : [
                {
                  __typename: 'AppUninstallAppUninstallError',
                  code: 'APP_NOT_INSTALLED',
                  field: null,
                  message: 'The app is not installed.',
                },
              ],
        };
      },
    };
    return { query, mutation };
  }

  shopNumber(shop: EmuShop): number {
    return [...this.shops.keys()].indexOf(shop.domain) + 1;
  }

  private productsConnection(shop: EmuShop, a: Record<string, unknown>, baseUrl: string) {
    const first = pageSize(a);
    let list = [...shop.products.values()].sort((x, y) => x.id - y.id);
    if (typeof a.query === 'string') list = list.filter(searchFilter(a.query));
    if (a.sortKey === 'UPDATED_AT') list.sort((x, y) => x.updatedAt.localeCompare(y.updatedAt) || x.id - y.id);
    if (a.reverse === true) list.reverse();
    const key = (p: EmuProduct) => `${a.sortKey === 'UPDATED_AT' ? p.updatedAt : ''}|${String(p.id).padStart(12, '0')}`;
    if (typeof a.after === 'string') {
      const after = unb64<{ k: string }>(a.after);
      if (!after) throw new GqlError('Invalid cursor for current pagination sort.', 'INVALID_CURSOR');
      const idx = list.findIndex((p) => key(p) === after.k);
      list =
        idx >= 0 ? list.slice(idx + 1) : list.filter((p) => (a.reverse === true ? key(p) < after.k : key(p) > after.k));
    }
    return connection(
      list,
      first,
      (p) => b64({ k: key(p) }),
      (p) => this.productObject(shop, p, baseUrl),
    );
  }

  productObject(shop: EmuShop, p: EmuProduct, baseUrl: string): Resolvable {
    const image = (url: string | null) => (url ? { __typename: 'Image', url, altText: null } : null);
    return {
      __typename: 'Product',
      id: `gid://shopify/Product/${p.id}`,
      legacyResourceId: String(p.id),
      title: p.title,
      handle: p.handle,
      status: p.status,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
      onlineStoreUrl: p.status === 'ACTIVE' ? `${baseUrl}/${shop.domain}/products/${p.handle}` : null,
      featuredMedia: p.imageUrl
        ? { __typename: 'MediaImage', preview: { __typename: 'MediaPreviewImage', image: image(p.imageUrl) } }
        : null,
      featuredImage: image(p.imageUrl),
      descriptionHtml: p.descriptionHtml,
      productType: p.productType,
      tags: p.tags,
      totalInventory: p.variants.reduce((n, v) => n + (v.tracked ? v.available : 0), 0),
      options:
        p.variants[0]?.options.map((o, i) => ({
          __typename: 'ProductOption',
          name: o.name,
          position: i + 1,
          values: [...new Set(p.variants.map((v) => v.options[i]?.value ?? ''))],
        })) ?? [],
      variants: (a: Record<string, unknown>) => {
        const first = pageSize(a);
        let list = p.variants.map((v, i) => ({ v, i }));
        if (typeof a.after === 'string') {
          const after = unb64<{ i: number }>(a.after);
          if (!after) throw new GqlError('Invalid cursor for current pagination sort.', 'INVALID_CURSOR');
          list = list.filter((x) => x.i > after.i);
        }
        return connection(
          list,
          first,
          (x) => b64({ i: x.i }),
          ({ v }) => ({
            __typename: 'ProductVariant',
            id: `gid://shopify/ProductVariant/${v.id}`,
            legacyResourceId: String(v.id),
            title: v.title,
            displayName: `${p.title} - ${v.title}`,
            sku: v.sku || null,
            price: v.price,
            compareAtPrice: v.compareAtPrice,
            inventoryQuantity: v.tracked ? v.available : null,
            inventoryItem: {
              __typename: 'InventoryItem',
              id: `gid://shopify/InventoryItem/${v.inventoryItemId}`,
              tracked: v.tracked,
              sku: v.sku || null,
            },
            selectedOptions: v.options.map((o) => ({ __typename: 'SelectedOption', ...o })),
            image: image(v.imageUrl),
            media: () =>
              connection(
                v.imageUrl ? [v.imageUrl] : [],
                1,
                () => b64({ i: 0 }),
                (url) => ({
                  __typename: 'MediaImage',
                  preview: { __typename: 'MediaPreviewImage', image: image(url) },
                }),
              ),
          }),
        );
      },
    };
  }

  /** The REST-shaped product a webhook carries (`products/update`). */
  restProduct(p: EmuProduct): Record<string, unknown> {
    const names = p.variants[0]?.options.map((o) => o.name) ?? [];
    return {
      id: p.id,
      admin_graphql_api_id: `gid://shopify/Product/${p.id}`,
      title: p.title,
      handle: p.handle,
      status: p.status.toLowerCase(),
      created_at: p.createdAt,
      updated_at: p.updatedAt,
      image: p.imageUrl ? { src: p.imageUrl } : null,
      body_html: p.descriptionHtml,
      product_type: p.productType,
      tags: p.tags.join(', '),
      options: names.map((name, i) => ({
        name,
        position: i + 1,
        values: [...new Set(p.variants.map((v) => v.options[i]?.value ?? ''))],
      })),
      variants: p.variants.map((v) => ({
        id: v.id,
        admin_graphql_api_id: `gid://shopify/ProductVariant/${v.id}`,
        product_id: p.id,
        title: v.title,
        sku: v.sku,
        price: v.price,
        compare_at_price: v.compareAtPrice,
        inventory_item_id: v.inventoryItemId,
        inventory_quantity: v.tracked ? v.available : 0,
        option1: v.options[0]?.value ?? null,
        option2: v.options[1]?.value ?? null,
        option3: v.options[2]?.value ?? null,
      })),
    };
  }
}

export function pageSize(a: Record<string, unknown>): number {
  const first = a.first ?? null;
  if (first === null && a.last === undefined)
    throw new GqlError('you must provide one of first or last', 'argumentLiteralsIncompatible');
  if (typeof first !== 'number' || !Number.isInteger(first) || first < 0)
    throw new GqlError('first must be a non-negative integer', 'argumentLiteralsIncompatible');
  if (first > 250) throw new GqlError('The connection cannot request more than 250 nodes', 'MAX_PAGE_SIZE');
  return first;
}

export function connection<T>(list: T[], first: number, cursor: (x: T) => string, node: (x: T) => unknown) {
  const page = list.slice(0, first);
  return {
    __typename: 'Connection',
    nodes: page.map(node),
    edges: page.map((x) => ({ __typename: 'Edge', cursor: cursor(x), node: node(x) })),
    pageInfo: {
      __typename: 'PageInfo',
      hasNextPage: list.length > first,
      hasPreviousPage: false,
      startCursor: page.length ? cursor(page[0]!) : null,
      endCursor: page.length ? cursor(page[page.length - 1]!) : null,
    },
  };
}

/**
 * Shopify's search syntax, the part the connector uses: `updated_at:>='…'` (also >, <, <=, with
 * or without quotes) and `status:active`. Other terms are ignored (lenient).
 */
function searchFilter(q: string): (p: EmuProduct) => boolean {
  const tests: Array<(p: EmuProduct) => boolean> = [];
  for (const m of q.matchAll(/(updated_at|created_at):(>=|<=|>|<)?['"]?([^'"\s]+)['"]?/g)) {
    const field = m[1] === 'updated_at' ? 'updatedAt' : 'createdAt';
    const at = Date.parse(m[3]!);
    if (Number.isNaN(at)) continue;
    const op = m[2] ?? '>=';
    tests.push((p) => {
      const t = Date.parse(p[field]);
      return op === '>' ? t > at : op === '>=' ? t >= at : op === '<' ? t < at : t <= at;
    });
  }
  for (const m of q.matchAll(/status:(\w+)/g)) tests.push((p) => p.status === m[1]!.toUpperCase());
  return (p) => tests.every((t) => t(p));
}
