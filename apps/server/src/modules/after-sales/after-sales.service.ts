import {
  AFTER_SALES_ORDER_STATES,
  type AfterSalesState,
  type CreateAfterSalesBody,
  fromMinor,
  normaliseTrackingNumber,
  toMinor,
} from '@dsm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type FileStore, saveFile } from '../../platform/files';
import type { UploadedFile } from '../../platform/multipart';
import type { UnitOfWork } from '../../platform/unit-of-work';
import {
  type Actor,
  type OrderRow,
  type TransitionEvent,
  applyLocked,
  lockOrder,
  ordersWithLines,
} from '../orders/orders.service';
import { paidWith } from '../payments/payments.service';
import { creditRefund, refund } from '../wallet/wallet.service';
import { afterSalesEvents, afterSalesRequests } from './after-sales.tables';

/**
 * After-sales use cases (decision 0088). Each runs in the caller's unit of work and locks the
 * request row, then the order row, FOR UPDATE: two decisions on one request queue and the second
 * is refused on what the first did; all refunds of one order serialize on the order row, so their
 * sum is checked against the order's total under that lock. Every step also appends an entry to
 * the order's timeline through the order state machine (events that keep the order's state).
 */

export type AfterSalesRow = typeof afterSalesRequests.$inferSelect;
type Body = {
  orderId: string;
  kind: 'refund' | 'reshipment';
  reason: string;
  amount?: number;
  images: string[];
  lines: Array<{ lineId: string; quantity: number }>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const IMAGE_AREA = 'aftersales' as const;

/** The request locked FOR UPDATE; with `ownerId`, another user's request is "not found". */
export async function lockRequest(db: Db, id: string, ownerId?: string): Promise<AfterSalesRow> {
  if (!UUID.test(id)) throw AppError.notFound('aftersales.not-found');
  const where =
    ownerId === undefined
      ? eq(afterSalesRequests.id, id)
      : and(eq(afterSalesRequests.id, id), eq(afterSalesRequests.userId, ownerId));
  const [row] = await db.select().from(afterSalesRequests).where(where).for('update');
  if (!row) throw AppError.notFound('aftersales.not-found');
  return row;
}

/** Stores one picture (JPEG, PNG or WebP by its bytes, 5 MB) in the private area; outside any transaction. */
export async function saveImage(files: FileStore, file: UploadedFile | undefined) {
  if (!file || file.size === 0) throw AppError.invalid([{ field: 'file', messageKey: 'files.empty' }]);
  return saveFile(files, IMAGE_AREA, file.bytes, { field: 'file' });
}

/** Every named image must have been uploaded (checked before the transaction: the store may use the root handle). */
export async function assertImagesStored(files: FileStore, names: readonly string[]): Promise<void> {
  for (const name of names) {
    if (!(await files.has(IMAGE_AREA, name)))
      throw AppError.invalid([{ field: 'images', messageKey: 'aftersales.image-unknown' }]);
  }
}

/** What refunds may still return for the order: its total less what refunded requests returned. */
export async function refundableMinor(db: Db, order: Pick<OrderRow, 'id' | 'totalMinor'>): Promise<number> {
  const res = (await db.execute(sql`
    select coalesce(sum(refunded_minor), 0) as n from after_sales_requests where order_id = ${order.id} and state = 'refunded'`)) as unknown as {
    rows: Array<{ n: string }>;
  };
  return order.totalMinor - Number(res.rows[0]!.n);
}

/** The number of the order's request still waiting for the operator (requested or approved), or null. */
export async function openRequestOf(db: Db, orderId: string): Promise<string | null> {
  const [open] = await db
    .select({ number: afterSalesRequests.number })
    .from(afterSalesRequests)
    .where(and(eq(afterSalesRequests.orderId, orderId), sql`${afterSalesRequests.state} in ('requested', 'approved')`));
  return open?.number ?? null;
}

function assertAmount(order: OrderRow, amountMinor: number, left: number): void {
  if (amountMinor > left) {
    throw AppError.business(
      'refund-exceeds-payment',
      'aftersales.amount-exceeds',
      { max: fromMinor(Math.max(left, 0)).toFixed(2), number: order.number },
      { refundable: fromMinor(Math.max(left, 0)) },
    );
  }
}

async function record(
  uow: UnitOfWork,
  req: AfterSalesRow,
  event: string,
  to: AfterSalesState,
  actor: Actor,
  note: string | null,
  patch: Partial<AfterSalesRow> = {},
): Promise<AfterSalesRow> {
  const [row] = await uow.tx
    .update(afterSalesRequests)
    .set({ ...patch, state: to, updatedAt: sql`now()` as unknown as Date })
    .where(eq(afterSalesRequests.id, req.id))
    .returning();
  await uow.tx.insert(afterSalesEvents).values({
    requestId: req.id,
    event,
    fromState: req.state,
    toState: to,
    actorType: actor.type,
    actorId: actor.id,
    note,
  });
  return row!;
}

/** The order's timeline entry for an after-sales step (the order keeps its state). */
async function onTimeline(
  uow: UnitOfWork,
  order: OrderRow,
  event: TransitionEvent,
  actor: Actor,
  req: AfterSalesRow,
  extra: { reason?: string; details?: Record<string, unknown> } = {},
) {
  return applyLocked(uow, order, event, actor, {
    reason: extra.reason,
    details: { afterSales: req.number, kind: req.kind, ...extra.details },
  });
}

/** A user asks for a refund or a reshipment of one of their paid orders. */
export async function createRequest(uow: UnitOfWork, userId: string, body: Body): Promise<AfterSalesRow> {
  const actor: Actor = { type: 'user', id: userId };
  const order = await lockOrder(uow.tx, body.orderId, userId);
  if (!(AFTER_SALES_ORDER_STATES as readonly string[]).includes(order.state)) {
    throw AppError.business(
      'after-sales-not-eligible',
      'aftersales.order-not-eligible',
      { number: order.number, state: `orders.states.${order.state}` },
      { state: order.state },
    );
  }
  if (order.abnormalReason !== null)
    throw AppError.business(
      'after-sales-not-eligible',
      'aftersales.order-abnormal',
      { number: order.number },
      { abnormal: true },
    );
  const [open] = await uow.tx
    .select({ number: afterSalesRequests.number })
    .from(afterSalesRequests)
    .where(
      and(eq(afterSalesRequests.orderId, order.id), sql`${afterSalesRequests.state} in ('requested', 'approved')`),
    );
  if (open)
    throw AppError.conflict('after-sales-open', 'aftersales.open-exists', {
      number: order.number,
      request: open.number,
    });

  let amountMinor: number | null = null;
  if (body.kind === 'refund') {
    amountMinor = toMinor(body.amount!);
    assertAmount(order, amountMinor, await refundableMinor(uow.tx, order));
  }
  const [withLines] = await ordersWithLines(uow.tx, userId, [order.state], { ids: [order.id] });
  const lines = new Map(withLines!.lines.map((l) => [l.id, l]));
  const chosen = new Map<string, number>();
  for (const l of body.lines) chosen.set(l.lineId, (chosen.get(l.lineId) ?? 0) + l.quantity);
  for (const [lineId, quantity] of chosen) {
    const line = lines.get(lineId);
    if (!line) throw AppError.invalid([{ field: 'lines', messageKey: 'aftersales.line-unknown' }]);
    if (quantity > line.quantity) throw AppError.invalid([{ field: 'lines', messageKey: 'aftersales.line-quantity' }]);
  }

  const seq = (await uow.tx.execute(sql`select nextval('after_sales_number_seq') as n`)) as unknown as {
    rows: Array<{ n: string | number }>;
  };
  const number = `AS${String(seq.rows[0]!.n).padStart(8, '0')}`;
  const [row] = await uow.tx
    .insert(afterSalesRequests)
    .values({
      number,
      userId,
      orderId: order.id,
      orderNumber: order.number,
      orderTotalMinor: order.totalMinor,
      kind: body.kind,
      reason: body.reason,
      amountMinor,
      images: [...new Set(body.images)],
      lines: [...chosen].map(([lineId, quantity]) => ({ lineId, quantity, title: lines.get(lineId)!.title })),
    })
    .returning();
  await uow.tx.insert(afterSalesEvents).values({
    requestId: row!.id,
    event: 'requested',
    fromState: null,
    toState: 'requested',
    actorType: 'user',
    actorId: userId,
    note: null,
  });
  await onTimeline(uow, order, 'after-sales-requested', actor, row!, {
    reason: body.reason,
    details: amountMinor === null ? {} : { amount: fromMinor(amountMinor) },
  });
  return row!;
}

function refusedStep(req: AfterSalesRow): AppError {
  return AppError.conflict(
    'after-sales-transition-refused',
    'aftersales.transition-refused',
    { number: req.number, state: `aftersales.states.${req.state}` },
    { state: req.state },
  );
}

/** The user withdraws a request the operator has not decided yet. */
export async function cancelRequest(uow: UnitOfWork, userId: string, id: string): Promise<AfterSalesRow> {
  const req = await lockRequest(uow.tx, id, userId);
  if (req.state !== 'requested') throw refusedStep(req);
  const order = await lockOrder(uow.tx, req.orderId);
  const actor: Actor = { type: 'user', id: userId };
  const done = await record(uow, req, 'cancelled', 'cancelled', actor, null, { closedAt: new Date() });
  await onTimeline(uow, order, 'after-sales-cancelled', actor, req);
  return done;
}

/**
 * Operator approves. A refund is credited to the user's wallet in this same unit of work and the
 * request closes as `refunded` (approving IS refunding: there is nothing else to wait for, and a
 * separate step would leave approved-but-unpaid refunds to forget). A reshipment waits, approved,
 * for the operator to mark it reshipped with carrier and tracking number.
 */
export async function approveRequest(uow: UnitOfWork, operatorId: string | null, id: string): Promise<AfterSalesRow> {
  const req = await lockRequest(uow.tx, id);
  if (req.state !== 'requested') throw refusedStep(req);
  const order = await lockOrder(uow.tx, req.orderId);
  const actor: Actor = { type: 'operator', id: operatorId };
  const decided = { decidedAt: new Date(), decidedBy: operatorId };
  if (req.kind === 'reshipment') {
    const done = await record(uow, req, 'approved', 'approved', actor, null, decided);
    await onTimeline(uow, order, 'after-sales-approved', actor, req);
    return done;
  }
  const amountMinor = req.amountMinor!;
  // Under the order's lock: the sum of refunds never exceeds the order's total.
  assertAmount(order, amountMinor, await refundableMinor(uow.tx, order));
  await creditBack(uow, req, order.id, amountMinor);
  const done = await record(uow, req, 'refunded', 'refunded', actor, null, {
    ...decided,
    refundedMinor: amountMinor,
    closedAt: new Date(),
  });
  await onTimeline(uow, order, 'after-sales-approved', actor, req);
  await onTimeline(uow, order, 'refunded', actor, req, { details: { amount: fromMinor(amountMinor) } });
  return done;
}

/**
 * The refund's money: back through the wallet payment that paid the order (bonus first, so bonus
 * never turns into withdrawable cash; capped by what that payment took), posted under the request's
 * number. An order paid some other way (none today) gets the amount as cash from revenue.
 */
async function creditBack(uow: UnitOfWork, req: AfterSalesRow, orderId: string, amountMinor: number): Promise<void> {
  const postAs = { type: 'after-sales', id: req.id, label: req.number };
  const uniqueKey = `after-sales:${req.id}`;
  const payment = await paidWith(uow.tx, orderId);
  if (payment) await refund(uow, payment, amountMinor, { postAs, uniqueKey });
  else await creditRefund(uow, req.userId, amountMinor, postAs, { uniqueKey });
}

/** Operator rejects with a reason the user sees. */
export async function rejectRequest(
  uow: UnitOfWork,
  operatorId: string | null,
  id: string,
  reason: string,
): Promise<AfterSalesRow> {
  const req = await lockRequest(uow.tx, id);
  if (req.state !== 'requested') throw refusedStep(req);
  const order = await lockOrder(uow.tx, req.orderId);
  const actor: Actor = { type: 'operator', id: operatorId };
  const done = await record(uow, req, 'rejected', 'rejected', actor, reason, {
    rejectReason: reason,
    decidedAt: new Date(),
    decidedBy: operatorId,
    closedAt: new Date(),
  });
  await onTimeline(uow, order, 'after-sales-rejected', actor, req, { reason });
  return done;
}

/** Operator: an approved reshipment went out, with its carrier and tracking number. */
export async function markReshipped(
  uow: UnitOfWork,
  operatorId: string | null,
  id: string,
  carrier: string,
  typed: string,
): Promise<AfterSalesRow> {
  // The number kept as orders keep theirs: no spaces (decision 0131).
  const trackingNumber = normaliseTrackingNumber(typed);
  const req = await lockRequest(uow.tx, id);
  if (req.kind !== 'reshipment' || req.state !== 'approved') throw refusedStep(req);
  const order = await lockOrder(uow.tx, req.orderId);
  const actor: Actor = { type: 'operator', id: operatorId };
  const done = await record(uow, req, 'reshipped', 'reshipped', actor, `${carrier} ${trackingNumber}`, {
    carrier,
    trackingNumber,
    closedAt: new Date(),
  });
  await onTimeline(uow, order, 'reshipped', actor, req, { details: { carrier, trackingNumber } });
  return done;
}

export type { CreateAfterSalesBody };
