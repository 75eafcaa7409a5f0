import type { StoreOrderData } from '../../src/connectors/stores/store-platform';
import type { Db } from '../../src/db/client';
import { type IngestOutcome, ingestStoreOrder } from '../../src/modules/store-orders/store-orders.service';

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
