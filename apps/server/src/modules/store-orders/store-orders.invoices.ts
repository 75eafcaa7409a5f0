import { type Page, type StoreInvoiceListQuery, type StoreInvoiceRow, toPage } from '@dsm/contract';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoicesOfReferences } from '../invoices/invoices.service';
import { ordersOfStoreOrders } from '../orders/orders.service';
import { storeNamesByIds } from '../stores/stores.service';
import { storeOrders } from './store-orders.tables';

/**
 * /user/storedownloadinvoice (issue 21, decision 0118): the caller's paid store orders, newest
 * first, each with the invoices of its marketplace orders (one per shipment). Three reads for a
 * page: the store orders, their orders, the invoices. An order awaiting payment has no invoice
 * yet: the row shows none. Orders imported from a spreadsheet are store orders too (no store).
 */
export async function listStoreInvoices(
  db: Db,
  userId: string,
  q: StoreInvoiceListQuery,
): Promise<Page<StoreInvoiceRow>> {
  const where = and(eq(storeOrders.userId, userId), isNotNull(storeOrders.orderId));
  const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(storeOrders).where(where)) as [
    { total: number },
  ];
  const rows = await db
    .select()
    .from(storeOrders)
    .where(where)
    .orderBy(desc(storeOrders.updatedAt), desc(storeOrders.id))
    .limit(q.size)
    .offset((q.current - 1) * q.size);
  const [names, orders] = await Promise.all([
    storeNamesByIds(
      db,
      rows.flatMap((r) => (r.storeId ? [r.storeId] : [])),
    ),
    // An imported order (no store) is found by its reference alone (decision 0132).
    ordersOfStoreOrders(
      db,
      userId,
      rows.map((r) => ({ storeId: r.storeId, ref: r.externalId })),
    ),
  ]);
  const invoices = await invoicesOfReferences(
    db,
    userId,
    orders.map((o) => o.id),
  );
  const records = rows.map((r) => {
    const mine = new Set(
      orders.filter((o) => o.storeId === r.storeId && o.storeOrderRef === r.externalId).map((o) => o.id),
    );
    const own = invoices.filter((i) => i.reference !== null && mine.has(i.reference));
    return {
      storeOrderId: r.id,
      storeName: (r.storeId && names.get(r.storeId)?.name) || '',
      source: r.source,
      number: r.number,
      paidAt: own[0]?.paidAt ?? null,
      invoices: own,
    };
  });
  return toPage(records, Number(total), q);
}
