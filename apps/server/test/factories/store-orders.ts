import type { StoreCredentials, StoreOrderData } from '../../src/connectors/stores/store-platform';
import type { Db } from '../../src/db/client';
import { type IngestOutcome, ingestStoreOrder } from '../../src/modules/store-orders/store-orders.service';
import { sql } from 'drizzle-orm';
import type { Config } from '../../src/config';
import { rawRows } from '../../src/db/rows';
import { createOrder } from '../../src/modules/orders/orders.create';
import type { OrderRow } from '../../src/modules/orders/orders.queries';
import { transition } from '../../src/modules/orders/orders.states';
import { sealCredentials } from '../../src/modules/stores/stores.secrets';
import { storeProduct } from './connections';
import { ADDRESS, line } from './orders';

/**
 * Test data for the store-orders module: a store order in the common shape, kept by the module's
 * own ingest (as a webhook or a pull would), so tests need no connector.
 */
let serial = 0;

export function storeOrderData(over: Partial<StoreOrderData> = {}): StoreOrderData {
  const n = ++serial;
  const at = over.updatedAt ?? new Date(Date.UTC(2026, 10, 1, 12, 0, n % 60)).toISOString();
  return {
    externalId: `order-${n}-${Math.random().toString(36).slice(2, 8)}`,
    number: `#${1000 + n}`,
    createdAt: at,
    updatedAt: at,
    status: 'open',
    fulfilled: false,
    total: { amount: 2599, currency: 'EUR' },
    buyer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+33 1 23 45' },
    shippingAddress: {
      name: 'Ada Lovelace',
      company: '',
      line1: '12 Rue de Rivoli',
      line2: '',
      city: 'Paris',
      province: '',
      postcode: '75001',
      countryCode: 'FR',
      phone: '+33 1 23 45',
    },
    lines: [
      {
        externalId: `line-${n}-1`,
        productExternalId: 'p-unknown',
        variantExternalId: 'v-unknown',
        sku: `SKU-${n}`,
        title: 'Linen dress - Red',
        quantity: 1,
        unitPrice: { amount: 2599, currency: 'EUR' },
      },
    ],
    fulfilments: [],
    ...over,
  };
}

/** A store order of `userId`'s store, kept through ingest. */
export async function storeOrder(
  db: Db,
  store: { id: string; userId: string; platform?: 'shopify' | 'woocommerce' | 'aliexpress' },
  over: Partial<StoreOrderData> = {},
): Promise<IngestOutcome & { data: StoreOrderData }> {
  const data = storeOrderData(over);
  const outcome = await ingestStoreOrder(db, { platform: 'woocommerce', ...store }, data);
  return { ...outcome, data };
}

/**
 * Test data for store orders (issue 21): a connected store of a user's with real credentials
 * (sealed as the stores module seals them, e.g. tokens the Shopify emulator issued), and a
 * marketplace order of that store's order, carried to `purchasing` (paid and bought: the
 * operator's next step is shipping it).
 */

export async function connectedStore(
  db: Db,
  config: Config,
  s: {
    userId: string;
    platform: 'shopify' | 'woocommerce' | 'aliexpress';
    address: string;
    credentials: StoreCredentials;
    emailPermission?: boolean;
    /** WooCommerce: the store's own URL the client calls. */
    baseUrl?: string;
  },
): Promise<string> {
  const [row] = rawRows(
    await db.execute(sql`insert into stores (user_id, platform, name, address, base_url, status, email_permission, authorized_at)
      values (${s.userId}, ${s.platform}, ${s.address}, ${s.address}, ${s.baseUrl ?? null}, 'connected', ${s.emailPermission ?? false}, now())
      returning id`),
  );
  const id = String(row!.id);
  await db.execute(sql`update stores set credentials = ${sealCredentials(config, id, s.credentials)} where id = ${id}`);
  return id;
}

export async function storeOrderIn(
  db: Db,
  o: { userId: string; storeId: string; storeOrderRef: string; state?: 'awaiting-payment' | 'purchasing' },
): Promise<OrderRow> {
  const lines = [line(1, 1250, 2, { storePriceMinor: 1999 })];
  let order = await createOrder(db, {
    userId: o.userId,
    source: 'store',
    storeId: o.storeId,
    storeOrderRef: o.storeOrderRef,
    lines,
    goodsMinor: 2500,
    shippingMinor: 700,
    serviceFeeMinor: 0,
    taxMinor: 0,
    discountMinor: 0,
    totalMinor: 3200,
    consignee: ADDRESS,
    billing: ADDRESS,
    shippingMethodCode: 'YUN_STANDARD',
    shippingMethodName: 'YunExpress Standard',
  });
  if (o.state === 'awaiting-payment') return order;
  order = await transition(db, order.id, 'pay', { type: 'system', id: null });
  return transition(db, order.id, 'purchase', { type: 'operator', id: null });
}

/**
 * A WooCommerce store of the user's with one product ("Linen dress" unless named) whose variants
 * Red and Blue are connected to the shipping world's products a and b (decision 0116's world), as
 * the store-orders quote, pay, re-quote and refund tests start. Returns what a store order of it
 * names: the store, the product's and the two variants' external ids (Red first).
 */
export async function connectedDressShop(
  db: Db,
  world: { products: { a: { skuId: number }; b: { skuId: number } } },
  userId: string,
  title = 'Linen dress',
) {
  const shop = await storeProduct(db, userId, { title, variants: [{ title: 'Red' }, { title: 'Blue' }] });
  const [product] = rawRows<{ external_id: string }>(
    await db.execute(sql`select external_id from store_products where id = ${shop.productId}`),
  );
  const variants: string[] = [];
  for (const [i, variantId] of shop.variantIds.entries()) {
    const skuId = i === 0 ? world.products.a.skuId : world.products.b.skuId;
    await db.execute(sql`insert into variant_connections (variant_id, store_product_id, user_id, sku_id)
      values (${variantId}, ${shop.productId}, ${userId}, ${skuId})`);
    const [v] = rawRows<{ external_id: string }>(
      await db.execute(sql`select external_id from store_variants where id = ${variantId}`),
    );
    variants.push(v!.external_id);
  }
  const store = { id: shop.storeId, userId, platform: 'woocommerce' as const };
  return { store, storeId: shop.storeId, productExternalId: product!.external_id, variants };
}
