import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { queueQuote } from './store-orders.quote.queue';
import { storeOrderLines, storeOrderPeople, storeOrders } from './store-orders.tables';

/** One order of a spreadsheet, its lines already matched to catalogue SKUs (decision 0125). */
export interface ImportedOrder {
  number: string;
  name: string;
  phone: string;
  email: string;
  company: string;
  countryCode: string;
  province: string;
  city: string;
  line1: string;
  line2: string;
  postcode: string;
  /** 'YYYY-MM-DD' or null (then: now). */
  orderDate: string | null;
  lines: Array<{ sku: string; skuId: number; quantity: number; unitPriceMinor: number | null }>;
}

/** Orders per statement: three statements and one quote job per chunk. */
const CHUNK = 1000;

/**
 * Imported orders become store orders with `source = 'excel'`: no store (so no read-back, no
 * tracking pushed anywhere), in USD, open, every line bound to its catalogue SKU so the order is
 * *related* at once and pays like any store order. Inside the caller's unit of work: the import
 * is one unit, all or nothing. `externalId` is `<import id>:<order number>`, unique per import;
 * the file's name is kept to say where it came from, and whether every line had a store price
 * (without, its total is no selling price: no margin is shown, decision 0132).
 * Each is quoted after the commit like any store order (decision 0120), so the list shows its
 * landed cost and margin; with no store there is no margin guard.
 *
 * Set-based (decision 0132): the ids are made here and each table gets one statement per chunk
 * that reads its rows from one JSON parameter (`jsonb_to_recordset`). A VALUES list of 500 rows
 * × every column, as the query builder writes it, cost the embedded database most of the import
 * in parsing and binding parameters; one JSON value is parsed by the database at once.
 */
export async function createImportedOrders(
  uow: UnitOfWork,
  userId: string,
  from: { importId: string; fileName: string },
  orders: readonly ImportedOrder[],
): Promise<number> {
  const now = new Date().toISOString();
  for (let i = 0; i < orders.length; i += CHUNK) {
    const chunk = orders.slice(i, i + CHUNK);
    const ids = chunk.map(() => randomUUID());
    const heads = chunk.map((o, n) => ({
      id: ids[n],
      external_id: `${from.importId}:${o.number}`,
      number: o.number,
      total_minor: o.lines.reduce((sum, l) => sum + (l.unitPriceMinor ?? 0) * l.quantity, 0),
      store_created_at: o.orderDate ? `${o.orderDate}T00:00:00Z` : now,
      country_code: o.countryCode,
      line_count: o.lines.length,
      item_count: o.lines.reduce((sum, l) => sum + l.quantity, 0),
      prices_given: o.lines.every((l) => l.unitPriceMinor !== null),
    }));
    await uow.tx.execute(sql`insert into ${storeOrders} (id, user_id, store_id, platform, source, external_id, number,
        currency, total_minor, status, store_created_at, store_updated_at, country_code, line_count, item_count,
        last_changes, import_file_name, prices_given)
      select x.id, ${userId}::uuid, null, null, 'excel', x.external_id, x.number, 'USD', x.total_minor, 'open',
        x.store_created_at, ${now}::timestamptz, x.country_code, x.line_count, x.item_count, '["created"]'::jsonb,
        ${from.fileName}, x.prices_given
      from jsonb_to_recordset(${JSON.stringify(heads)}::jsonb) as x(id uuid, external_id text, number text,
        total_minor bigint, store_created_at timestamptz, country_code text, line_count int, item_count int,
        prices_given boolean)`);
    const people = chunk.map((o, n) => ({
      store_order_id: ids[n],
      buyer_name: o.name,
      buyer_email: o.email || null,
      buyer_phone: o.phone || null,
      address: {
        name: o.name,
        company: o.company,
        line1: o.line1,
        line2: o.line2,
        city: o.city,
        province: o.province,
        postcode: o.postcode,
        countryCode: o.countryCode,
        phone: o.phone,
      },
    }));
    await uow.tx.execute(sql`insert into ${storeOrderPeople} (store_order_id, buyer_name, buyer_email, buyer_phone, address)
      select x.store_order_id, x.buyer_name, x.buyer_email, x.buyer_phone, x.address
      from jsonb_to_recordset(${JSON.stringify(people)}::jsonb) as x(store_order_id uuid, buyer_name text,
        buyer_email text, buyer_phone text, address jsonb)`);
    const lines = chunk.flatMap((o, n) =>
      o.lines.map((l, position) => ({
        store_order_id: ids[n],
        position,
        external_id: String(position + 1),
        sku: l.sku,
        quantity: l.quantity,
        unit_price_minor: l.unitPriceMinor,
        sku_id: l.skuId,
      })),
    );
    await uow.tx.execute(sql`insert into ${storeOrderLines} (store_order_id, position, external_id, sku, title,
        quantity, unit_price_minor, sku_id)
      select x.store_order_id, x.position, x.external_id, x.sku, x.sku, x.quantity, x.unit_price_minor, x.sku_id
      from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(store_order_id uuid, position int,
        external_id text, sku text, quantity int, unit_price_minor bigint, sku_id int)`);
    // One job per chunk: its payload stays small for a 10,000-row file.
    await queueQuote(uow, ids);
  }
  return orders.length;
}
