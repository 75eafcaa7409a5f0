import {
  AFTER_SALES_ORDER_STATES,
  type AdminAfterSales,
  type AdminAfterSalesListQuery,
  type AfterSales,
  type AfterSalesEligibleOrder,
  type Locale,
  type Page,
  type PageQuery,
  fromMinor,
  toPage,
} from '@dsm/contract';
import { type SQL, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { userEmails } from '../accounts/accounts.service';
import { catalogueNamesOfLines, ordersWithLines, readerTitle } from '../orders/orders.service';
import { type AfterSalesRow, refundableMinor } from './after-sales.service';
import { afterSalesEvents, afterSalesRequests } from './after-sales.tables';

/**
 * The DTOs of contract/after-sales.ts. Given the reader's `locale`, line names are the
 * catalogue's in that language, with the name as ordered beside them (decision 0111).
 */

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

async function toDtos(db: Db, rows: AfterSalesRow[], locale: Locale | undefined): Promise<AfterSales[]> {
  const events = rows.length
    ? await db
        .select()
        .from(afterSalesEvents)
        .where(
          inArray(
            afterSalesEvents.requestId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(afterSalesEvents.at), asc(afterSalesEvents.id))
    : [];
  const names = locale
    ? await catalogueNamesOfLines(
        db,
        rows.flatMap((r) => r.lines.map((l) => l.lineId)),
        locale,
      )
    : new Map<string, string>();
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    orderTotal: fromMinor(r.orderTotalMinor),
    kind: r.kind,
    state: r.state,
    reason: r.reason,
    amount: r.amountMinor === null ? null : fromMinor(r.amountMinor),
    refunded: r.refundedMinor === null ? null : fromMinor(r.refundedMinor),
    images: r.images,
    lines: r.lines.map((l) => ({
      lineId: l.lineId,
      quantity: l.quantity,
      ...readerTitle(l.title, names.get(l.lineId)),
    })),
    rejectReason: r.rejectReason,
    carrier: r.carrier,
    trackingNumber: r.trackingNumber,
    createdAt: r.createdAt.toISOString(),
    decidedAt: iso(r.decidedAt),
    closedAt: iso(r.closedAt),
    events: events
      .filter((e) => e.requestId === r.id)
      .map((e) => ({
        event: e.event,
        fromState: e.fromState,
        toState: e.toState,
        actorType: e.actorType,
        note: e.note,
        at: e.at.toISOString(),
      })),
  }));
}

async function page(
  db: Db,
  where: SQL | undefined,
  q: PageQuery,
  oldestFirst: boolean,
): Promise<{ rows: AfterSalesRow[]; total: number }> {
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(afterSalesRequests).where(where);
  const order = oldestFirst
    ? [asc(afterSalesRequests.createdAt), asc(afterSalesRequests.number)]
    : [desc(afterSalesRequests.createdAt), desc(afterSalesRequests.number)];
  const rows = await db
    .select()
    .from(afterSalesRequests)
    .where(where)
    .orderBy(...order)
    .limit(q.size)
    .offset((q.current - 1) * q.size);
  return { rows, total: Number(count!.n) };
}

/** The user's own requests, newest first. */
export async function listOwn(db: Db, userId: string, q: PageQuery, locale?: Locale): Promise<Page<AfterSales>> {
  const { rows, total } = await page(db, eq(afterSalesRequests.userId, userId), q, false);
  return toPage(await toDtos(db, rows, locale), total, q);
}

/** One request; with `userId`, another user's is "not found". */
export async function getRequest(
  db: Db,
  id: string,
  { userId, locale }: { userId?: string; locale?: Locale } = {},
): Promise<AfterSales & { userId: string }> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw AppError.notFound('aftersales.not-found');
  const where =
    userId === undefined
      ? eq(afterSalesRequests.id, id)
      : and(eq(afterSalesRequests.id, id), eq(afterSalesRequests.userId, userId));
  const [row] = await db.select().from(afterSalesRequests).where(where);
  if (!row) throw AppError.notFound('aftersales.not-found');
  return { ...(await toDtos(db, [row], locale))[0]!, userId: row.userId };
}

/** Operator: the queue (open requests oldest first) or one state, or all newest first. */
export async function listAdmin(db: Db, q: AdminAfterSalesListQuery, locale?: Locale): Promise<Page<AdminAfterSales>> {
  const where =
    q.state === 'all'
      ? undefined
      : q.state === 'open'
        ? sql`${afterSalesRequests.state} in ('requested', 'approved')`
        : eq(afterSalesRequests.state, q.state);
  const { rows, total } = await page(
    db,
    where,
    q,
    q.state === 'open' || q.state === 'requested' || q.state === 'approved',
  );
  const emails = await userEmails(
    db,
    rows.map((r) => r.userId),
  );
  const dtos = await toDtos(db, rows, locale);
  return toPage(
    dtos.map((d, i) => ({ ...d, userId: rows[i]!.userId, userEmail: emails.get(rows[i]!.userId) ?? '' })),
    total,
    q,
  );
}

/**
 * The user's paid orders an after-sales request may be made for now (not abnormal, no open
 * request), with what a refund may still return.
 */
export async function eligibleOrders(db: Db, userId: string, locale?: Locale): Promise<AfterSalesEligibleOrder[]> {
  const open = await db
    .select({ orderId: afterSalesRequests.orderId })
    .from(afterSalesRequests)
    .where(and(eq(afterSalesRequests.userId, userId), sql`${afterSalesRequests.state} in ('requested', 'approved')`));
  const busy = new Set(open.map((r) => r.orderId));
  const orders = (await ordersWithLines(db, userId, AFTER_SALES_ORDER_STATES, { locale })).filter(
    (o) => !o.abnormal && !busy.has(o.id),
  );
  const out: AfterSalesEligibleOrder[] = [];
  for (const o of orders) {
    const left = await refundableMinor(db, { id: o.id, totalMinor: o.totalMinor });
    out.push({
      id: o.id,
      number: o.number,
      state: o.state,
      total: fromMinor(o.totalMinor),
      refundable: fromMinor(Math.max(left, 0)),
      lines: o.lines,
    });
  }
  return out;
}
