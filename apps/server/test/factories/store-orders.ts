import { sql } from 'drizzle-orm';
import type { Config } from '../../src/config';
import type { StoreCredentials } from '../../src/connectors/stores/store-platform';
import type { Db } from '../../src/db/client';
import { rawRows } from '../../src/db/rows';
import { createOrder } from '../../src/modules/orders/orders.create';
import type { OrderRow } from '../../src/modules/orders/orders.queries';
import { transition } from '../../src/modules/orders/orders.states';
import { sealCredentials } from '../../src/modules/stores/stores.secrets';
import { ADDRESS, line } from './orders';

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
  },
): Promise<string> {
  const [row] = rawRows(
    await db.execute(sql`insert into stores (user_id, platform, name, address, status, email_permission, authorized_at)
      values (${s.userId}, ${s.platform}, ${s.address}, ${s.address}, 'connected', ${s.emailPermission ?? false}, now())
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
