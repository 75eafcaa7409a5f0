import {
  type AdminPriceDifference,
  type AdminPriceDifferenceListQuery,
  type Page,
  type PriceDifference,
  type PriceDifferenceListQuery,
  fromMinor,
  toPage,
} from '@dsm/contract';
import { type SQL, and, desc, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type DbOrUow, type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import { userEmails } from '../accounts/accounts.service';
import { type OrderChange, SYSTEM, findOrderByNumber, transition } from '../orders/orders.service';
import { pay, refund } from '../wallet/wallet.service';
import { priceDifferences } from './price-differences.tables';

/**
 * Price differences (decision 0089). Each use case is one unit of work with the order's
 * transition (raise / pay / cancel-price-difference in orders.states.ts), so the difference, the
 * order's hold flag, its timeline and the wallet entry land together or not at all.
 */

type Row = typeof priceDifferences.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The wallet reference of a difference's payment; the label is what the user's history shows. */
export const referenceOf = (d: Pick<Row, 'id' | 'orderNumber'>) => ({
  type: 'price-difference',
  id: d.id,
  label: `${d.orderNumber}-PD`,
});

function toDto(r: Row): PriceDifference {
  return {
    id: r.id,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    amount: fromMinor(r.amountMinor),
    reason: r.reason,
    state: r.state,
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    cancelReason: r.cancelReason,
  };
}

/** The difference locked FOR UPDATE; with `userId`, another user's is "not found". */
async function lockDifference(db: Db, id: string, userId?: string): Promise<Row> {
  if (!UUID.test(id)) throw AppError.notFound('pricing.not-found');
  const owner =
    userId === undefined
      ? eq(priceDifferences.id, id)
      : and(eq(priceDifferences.id, id), eq(priceDifferences.userId, userId));
  const [row] = await db.select().from(priceDifferences).where(owner).for('update');
  if (!row) throw AppError.notFound('pricing.not-found');
  return row;
}

const closed = (d: Row) =>
  AppError.conflict(
    'price-difference-closed',
    'pricing.not-due',
    { state: `pricing.states.${d.state}` },
    { state: d.state },
  );

/**
 * The operator raises a difference on a paid order (pending or purchasing): the order is held
 * (purchase and ship refused) until it is paid or cancelled. A second one while one is due, or on
 * an order in any other state, is refused by the state machine (409, nothing written).
 */
export async function raisePriceDifference(
  db: DbOrUow,
  orderId: string,
  input: { amountMinor: number; reason: string },
  operatorId: string,
): Promise<PriceDifference> {
  return inTransaction(db, async (uow) => {
    const id = randomUUID();
    const order = await transition(
      uow,
      orderId,
      'raise-price-difference',
      { type: 'operator', id: operatorId },
      { amountMinor: input.amountMinor, reason: input.reason.trim(), details: { priceDifferenceId: id } },
    );
    const [row] = await uow.tx
      .insert(priceDifferences)
      .values({
        id,
        orderId: order.id,
        orderNumber: order.number,
        userId: order.userId,
        amountMinor: input.amountMinor,
        reason: input.reason.trim(),
        raisedBy: operatorId,
      })
      .returning();
    return toDto(row!);
  });
}

/** The same, by the order's number (the operator's form); an unknown number is "not found". */
export async function raisePriceDifferenceByNumber(
  db: DbOrUow,
  orderNumber: string,
  input: { amountMinor: number; reason: string },
  operatorId: string,
) {
  return inTransaction(db, async (uow) => {
    const order = await findOrderByNumber(uow.tx, orderNumber);
    if (!order) throw AppError.notFound('orders.not-found');
    return raisePriceDifference(uow, order.id, input, operatorId);
  });
}

/**
 * The user pays a due difference from the wallet (bonus first, then cash) and the order goes on.
 * Paying one already paid answers it as it is and charges nothing (a double click, a retry
 * without the idempotency key); a cancelled one is refused. Not enough money → 422
 * INSUFFICIENT_BALANCE (the wallet's own code, reason `insufficient-balance`) with a recharge hint
 * and `data.link`; nothing is held (decision 0089).
 */
export async function payPriceDifference(db: DbOrUow, id: string, userId: string): Promise<PriceDifference> {
  return inTransaction(db, async (uow) => {
    // The difference row is the lock two concurrent payments queue on: the second sees `paid`.
    const d = await lockDifference(uow.tx, id, userId);
    if (d.state === 'paid') return toDto(d);
    if (d.state !== 'due') throw closed(d);
    try {
      await pay(uow, userId, d.amountMinor, referenceOf(d));
    } catch (e) {
      if (e instanceof AppError && e.kind === 'INSUFFICIENT_BALANCE') {
        throw new AppError(
          'INSUFFICIENT_BALANCE',
          'pricing.insufficient-balance',
          e.params,
          { ...(e.data as object), link: '/user/recharge' },
          'insufficient-balance',
        );
      }
      throw e;
    }
    await transition(
      uow,
      d.orderId,
      'pay-price-difference',
      { type: 'user', id: userId },
      { amountMinor: d.amountMinor, details: { priceDifferenceId: d.id } },
      { ownerId: userId },
    );
    const [row] = await uow.tx
      .update(priceDifferences)
      .set({ state: 'paid', paidAt: sql`now()` as unknown as Date })
      .where(eq(priceDifferences.id, d.id))
      .returning();
    return toDto(row!);
  });
}

/** The operator withdraws a due difference; the order goes on. Cancelling twice is harmless. */
export async function cancelPriceDifference(
  db: DbOrUow,
  id: string,
  operatorId: string,
  reason?: string,
): Promise<PriceDifference> {
  return inTransaction(db, async (uow) => {
    const d = await lockDifference(uow.tx, id);
    if (d.state === 'cancelled') return toDto(d);
    if (d.state !== 'due') throw closed(d);
    const why = reason?.trim() || null;
    await transition(
      uow,
      d.orderId,
      'cancel-price-difference',
      { type: 'operator', id: operatorId },
      { reason: why ?? undefined, details: { priceDifferenceId: d.id } },
    );
    const [row] = await uow.tx
      .update(priceDifferences)
      .set({
        state: 'cancelled',
        cancelledAt: sql`now()` as unknown as Date,
        cancelledBy: operatorId,
        cancelReason: why,
      })
      .where(eq(priceDifferences.id, d.id))
      .returning();
    return toDto(row!);
  });
}

/**
 * The reaction to an order cancelled and refunded (a store order's "refund to wallet", subscribed
 * in composition.ts; decision 0142): a difference still due on it is no longer asked of the user —
 * it closes as `order-cancelled` in the refund's unit of work, and the order's hold goes with it
 * (its timeline says so). A paid one is the refund's to give back, not this.
 */
export async function cancelDueWithOrder(uow: UnitOfWork, change: OrderChange): Promise<void> {
  const [d] = await uow.tx
    .select()
    .from(priceDifferences)
    .where(and(eq(priceDifferences.orderId, change.after.id), eq(priceDifferences.state, 'due')))
    .for('update');
  if (!d) return;
  await transition(uow, d.orderId, 'cancel-price-difference', SYSTEM, {
    details: { priceDifferenceId: d.id, withOrder: true },
  });
  await uow.tx
    .update(priceDifferences)
    .set({ state: 'order-cancelled', cancelledAt: sql`now()` as unknown as Date })
    .where(eq(priceDifferences.id, d.id));
}

function filters(q: PriceDifferenceListQuery & { orderNumber?: string }, userId?: string): SQL | undefined {
  const parts: SQL[] = [];
  if (userId !== undefined) parts.push(eq(priceDifferences.userId, userId));
  // "Cancelled" lists both ways a difference closes unpaid: withdrawn, or with its order.
  if (q.state === 'cancelled') parts.push(inArray(priceDifferences.state, ['cancelled', 'order-cancelled']));
  else if (q.state !== 'all') parts.push(eq(priceDifferences.state, q.state));
  if (q.orderNumber) parts.push(eq(priceDifferences.orderNumber, q.orderNumber.toUpperCase()));
  return parts.length ? and(...parts) : undefined;
}

async function page(
  db: Db,
  where: SQL | undefined,
  q: PriceDifferenceListQuery,
): Promise<{ rows: Row[]; total: number }> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(priceDifferences).where(where);
  // Due first (what needs doing), then newest.
  const rows = await db
    .select()
    .from(priceDifferences)
    .where(where)
    .orderBy(sql`(${priceDifferences.state} = 'due') desc`, desc(priceDifferences.createdAt), desc(priceDifferences.id))
    .limit(q.size)
    .offset((q.current - 1) * q.size);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The caller's own differences. */
export async function listPriceDifferences(
  db: Db,
  userId: string,
  q: PriceDifferenceListQuery,
): Promise<Page<PriceDifference>> {
  const { rows, total } = await page(db, filters(q, userId), q);
  return toPage(rows.map(toDto), total, q);
}

/** Operator: every user's, optionally of one order number. */
export async function listAdminPriceDifferences(
  db: Db,
  q: AdminPriceDifferenceListQuery,
): Promise<Page<AdminPriceDifference>> {
  const { rows, total } = await page(db, filters(q), q);
  const emails = await userEmails(
    db,
    rows.map((r) => r.userId),
  );
  return toPage(
    rows.map((r) => ({ ...toDto(r), userId: r.userId, userEmail: emails.get(r.userId) ?? '' })),
    total,
    q,
  );
}

/** The differences the user paid on an order (their money is still with us unless refunded below). */
export async function paidDifferencesOf(db: Db, orderId: string): Promise<Row[]> {
  return db
    .select()
    .from(priceDifferences)
    .where(and(eq(priceDifferences.orderId, orderId), eq(priceDifferences.state, 'paid')))
    .orderBy(priceDifferences.createdAt, priceDifferences.id);
}

/**
 * Gives a paid difference back to the wallet through the wallet payment that paid it (bonus as
 * bonus), posted under `postAs`, once per `uniqueKey` (issue 21: a store order refunded to the
 * wallet before purchasing, decision 0131). The caller holds the order's lock and has cancelled it.
 */
export async function refundPaidDifference(
  uow: UnitOfWork,
  d: Row,
  postAs: { type: string; id: string; label: string },
  uniqueKey: string,
): Promise<void> {
  await refund(uow, referenceOf(d), d.amountMinor, { postAs, uniqueKey });
}
