import type { PublishProduct, PublishVariant } from '../store-platform';
import { type ShopifyApp, ShopifyClient, exchangeShopifyCode, tokensToCredentials } from './index';

/** What the tests need of the Shopify emulator (connectors/ never import the sandbox). */
interface Emulator {
  shopUrlTemplate: string;
  createShop(domain: string): unknown;
  approve(
    domain: string,
    a: { clientId: string; scope: string; redirectUri: string; state: string },
  ): Record<string, string>;
}

/** Shared by the publication tests: a connected client that records what it sends, and products. */
export const sent: Array<{ query: string; variables: Record<string, unknown> }> = [];

export async function connect(emu: Emulator, shop: string, apiVersion = '2026-10', timeoutMs = 2000) {
  const recording: typeof fetch = async (url, init) => {
    if (String(url).endsWith('/graphql.json')) sent.push(JSON.parse(String(init?.body)));
    return fetch(url, init);
  };
  const app: ShopifyApp = {
    apiKey: 'key-1',
    apiSecret: 'secret-1',
    shopUrlTemplate: emu.shopUrlTemplate,
    apiVersion,
    http: { timeoutMs, retries: 2, backoffMs: 5, fetch: recording },
  };
  emu.createShop(shop);
  const back = emu.approve(shop, {
    clientId: 'key-1',
    scope: 'write_products,write_inventory',
    redirectUri: 'https://app.example/cb',
    state: 's',
  });
  return new ShopifyClient({
    app,
    shop,
    credentials: tokensToCredentials(shop, await exchangeShopifyCode(app, shop, back.code!)),
  });
}

export const variant = (sku: string, o: Partial<PublishVariant> = {}): PublishVariant => ({
  sku,
  options: [],
  price: 1999,
  compareAtPrice: null,
  quantity: 5,
  imageUrl: null,
  ...o,
});
export const teeProduct = (variants: PublishVariant[], o: Partial<PublishProduct> = {}): PublishProduct => ({
  title: 'Organic Tee',
  descriptionHtml: '<p>Soft.</p>',
  imageUrls: ['https://files.example/tee-1.jpg', 'https://files.example/tee-2.jpg'],
  tags: ['summer', 'cotton'],
  productType: 'T-shirts',
  currency: 'USD',
  variants,
  ...o,
});
/** Colour × size: 2 options, `n` sizes. */
export const grid = (n: number, price = 2500) =>
  ['Grey', 'Black'].flatMap((colour) =>
    Array.from({ length: n }, (_, i) =>
      variant(`TEE-${colour}-${i + 1}`, {
        price: price + i,
        options: [
          { name: 'Colour', value: colour },
          { name: 'Size', value: `S${i + 1}` },
        ],
      }),
    ),
  );
