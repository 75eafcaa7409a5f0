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

const CHUNK = 500;

/**
 * Imported orders become store orders with `source = 'excel'`: no store (so no read-back, no
 * tracking pushed anywhere), in USD, open, every line bound to its catalogue SKU so the order is
 * *related* at once and pays like any store order. Inside the caller's unit of work: the import
 * is one unit, all or nothing. `externalId` is `<import id>:<order number>`, unique per import;
 * the file's name is kept to say where it came from, and whether every line had a store price
 * (without, its total is no selling price: no margin is shown, decision 0132).
 * Each is quoted after the commit like any store order (decision 0120), so the list shows its
 * landed cost and margin; with no store there is no margin guard.
 */
export async function createImportedOrders(
  uow: UnitOfWork,
  userId: string,
  from: { importId: string; fileName: string },
  orders: readonly ImportedOrder[],
): Promise<number> {
  const now = new Date();
  for (let i = 0; i < orders.length; i += CHUNK) {
    const chunk = orders.slice(i, i + CHUNK);
    const rows = await uow.tx
      .insert(storeOrders)
      .values(
        chunk.map((o) => ({
          userId,
          storeId: null,
          platform: null,
          source: 'excel' as const,
          externalId: `${from.importId}:${o.number}`,
          number: o.number,
          currency: 'USD',
          totalMinor: o.lines.reduce((sum, l) => sum + (l.unitPriceMinor ?? 0) * l.quantity, 0),
          status: 'open' as const,
          storeCreatedAt: o.orderDate ? new Date(`${o.orderDate}T00:00:00Z`) : now,
          storeUpdatedAt: now,
          countryCode: o.countryCode,
          lineCount: o.lines.length,
          itemCount: o.lines.reduce((sum, l) => sum + l.quantity, 0),
          lastChanges: ['created' as const],
          importFileName: from.fileName,
          pricesGiven: o.lines.every((l) => l.unitPriceMinor !== null),
        })),
      )
      .returning({ id: storeOrders.id });
    await uow.tx.insert(storeOrderPeople).values(
      chunk.map((o, n) => ({
        storeOrderId: rows[n]!.id,
        buyerName: o.name,
        buyerEmail: o.email || null,
        buyerPhone: o.phone || null,
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
      })),
    );
    await uow.tx.insert(storeOrderLines).values(
      chunk.flatMap((o, n) =>
        o.lines.map((l, position) => ({
          storeOrderId: rows[n]!.id,
          position,
          externalId: String(position + 1),
          sku: l.sku,
          title: l.sku,
          quantity: l.quantity,
          unitPriceMinor: l.unitPriceMinor,
          skuId: l.skuId,
        })),
      ),
    );
    // One job per chunk: its payload stays small for a 10,000-row file.
    await queueQuote(
      uow,
      rows.map((r) => r.id),
    );
  }
  return orders.length;
}
