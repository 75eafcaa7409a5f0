import { type OrderActorType, type OrderState, normaliseTrackingNumber } from '@dsm/contract';
import { AppError } from '../../platform/app-error';
import { type DbOrUow, type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import { runOrderChangeHandlers } from './orders.hooks';
import { type OrderRow, lockOrder, updateOrderWithEvent } from './orders.queries';
import type { Actor, TransitionData, TransitionEvent } from './orders.types';

export type { Actor, TransitionData, TransitionEvent } from './orders.types';

/**
 * The order state machine (decision 0081), the one place that says what may happen to an order.
 *
 *   awaiting-payment ──pay──▶ pending ──purchase──▶ purchasing ──ship──▶ shipped ──deliver──▶ delivered
 *         │  ▲                                                 (carrier + tracking number)
 *    trash│  │restore          (restore is also SPEC §4's "pending-amount restore", singly or in batch)
 *         ▼  │
 *       trashed (the draft box)
 *
 *   awaiting-payment ──split──▶ split (parent; its lines now live in child orders) ──reset-split──▶ awaiting-payment
 *
 * Abnormal is a FLAG beside the state, not a state: the operator marks an order abnormal (a SKU no
 * longer sold, an address refused) while it awaits payment, is pending or is being purchased; the
 * process events below marked `abnormal: 'forbid'` are refused until the user confirms the fix
 * (resolve-abnormal) or ignores the problem (ignore-abnormal), and the order goes on from the
 * state it is in. It can also be trashed while awaiting payment. A paid abnormal order that is to
 * be given up goes through after-sales (a refund), not through the trash.
 *
 * A due price difference is a second flag (`price_difference_due_minor`, decision 0089): the
 * operator raises it on a paid order (pending or purchasing); while it is due the events marked
 * `priceDifference: 'forbid'` (purchase, ship) are refused until the user pays it or the operator
 * cancels it. The price-differences module owns the difference and its payment.
 */

export const SYSTEM: Actor = { type: 'system', id: null };

interface Rule {
  /** The states the event may start from. */
  from: readonly OrderState[];
  /** Where it leads; `same` keeps the state (the abnormal flag events). */
  to: OrderState | 'same';
  /** forbid: refused while abnormal; require: only while abnormal; any: either. */
  abnormal: 'forbid' | 'require' | 'any';
  /** Who may fire it. */
  by: readonly OrderActorType[];
  /** forbid: refused while a price difference is due; require: only while one is due; absent: either. */
  priceDifference?: 'forbid' | 'require';
  /**
   * Fired only by another module's use case (after-sales, decision 0088), never offered as one
   * of the order's `actions`: a timeline entry that keeps the state.
   */
  via?: 'after-sales' | 'store-orders';
}

/** Paid orders: where after-sales (a refund, a reshipment) may happen (decision 0088). */
const PAID: readonly OrderState[] = ['pending', 'purchasing', 'shipped', 'delivered'];

/** Every transition there is. Anything not listed here is refused and changes nothing. */
export const TRANSITIONS: Readonly<Record<TransitionEvent, Rule>> = {
  pay: /*              */ { from: ['awaiting-payment'], to: 'pending', abnormal: 'forbid', by: ['user', 'system'] },
  purchase: /*         */ {
    from: ['pending'],
    to: 'purchasing',
    abnormal: 'forbid',
    by: ['operator', 'system'],
    priceDifference: 'forbid',
  },
  ship: /*             */ {
    from: ['purchasing'],
    to: 'shipped',
    abnormal: 'forbid',
    by: ['operator', 'system'],
    priceDifference: 'forbid',
  },
  deliver: /*          */ { from: ['shipped'], to: 'delivered', abnormal: 'forbid', by: ['operator', 'system'] },
  // A mistyped carrier or number corrected after shipping (issue 21: a store order's tracking goes to the store again).
  'update-tracking': { from: ['shipped'], to: 'same', abnormal: 'any', by: ['operator'] },
  trash: /*            */ { from: ['awaiting-payment'], to: 'trashed', abnormal: 'any', by: ['user', 'system'] },
  // An unpaid order past its pay-by time goes to the draft box by itself (its stock is released).
  expire: /*           */ { from: ['awaiting-payment'], to: 'trashed', abnormal: 'any', by: ['system'] },
  restore: /*          */ { from: ['trashed'], to: 'awaiting-payment', abnormal: 'any', by: ['user'] },
  'mark-abnormal': /*  */ {
    from: ['awaiting-payment', 'pending', 'purchasing'],
    to: 'same',
    abnormal: 'any',
    by: ['operator', 'system'],
  },
  'resolve-abnormal': {
    from: ['awaiting-payment', 'pending', 'purchasing'],
    to: 'same',
    abnormal: 'require',
    by: ['user'],
  },
  'ignore-abnormal': {
    from: ['awaiting-payment', 'pending', 'purchasing'],
    to: 'same',
    abnormal: 'require',
    by: ['user'],
  },
  split: /*            */ { from: ['awaiting-payment'], to: 'split', abnormal: 'forbid', by: ['user'] },
  'reset-split': /*    */ { from: ['split'], to: 'awaiting-payment', abnormal: 'forbid', by: ['user'] },
  // Price differences (decision 0089): one at a time; paid by the user (or the system), cancelled by the operator.
  'raise-price-difference': {
    from: ['pending', 'purchasing'],
    to: 'same',
    abnormal: 'any',
    by: ['operator'],
    priceDifference: 'forbid',
  },
  'pay-price-difference': {
    from: ['pending', 'purchasing'],
    to: 'same',
    abnormal: 'any',
    by: ['user', 'system'],
    priceDifference: 'require',
  },
  // The system closes one still due on an order cancelled and refunded (decision 0142), which is in the draft box.
  'cancel-price-difference': {
    from: ['pending', 'purchasing', 'trashed'],
    to: 'same',
    abnormal: 'any',
    by: ['operator', 'system'],
    priceDifference: 'require',
  },
  // After-sales (decision 0088): the request's steps on the order's timeline; the state stays.
  // A new request is refused while the order is abnormal; the steps after it are not.
  'after-sales-requested': { from: PAID, to: 'same', abnormal: 'forbid', by: ['user'], via: 'after-sales' },
  'after-sales-cancelled': { from: PAID, to: 'same', abnormal: 'any', by: ['user'], via: 'after-sales' },
  'after-sales-approved': { from: PAID, to: 'same', abnormal: 'any', by: ['operator'], via: 'after-sales' },
  'after-sales-rejected': { from: PAID, to: 'same', abnormal: 'any', by: ['operator'], via: 'after-sales' },
  refunded: /*         */ { from: PAID, to: 'same', abnormal: 'any', by: ['operator', 'system'], via: 'after-sales' },
  reshipped: /*        */ { from: PAID, to: 'same', abnormal: 'any', by: ['operator'], via: 'after-sales' },
  // Store orders (decision 0120): the store cancelled it after we were paid, before purchasing →
  // the owner's "refund to wallet" cancels it (draft box, never restored: it was paid) and the
  // store-orders use case gives the money back through the wallet.
  'cancel-refund': { from: ['pending'], to: 'trashed', abnormal: 'any', by: ['user'], via: 'store-orders' },
};

type Flags = Pick<OrderRow, 'state' | 'abnormalReason'> & Partial<Pick<OrderRow, 'priceDifferenceDueMinor' | 'paidAt'>>;

const differenceDue = (order: Flags) => order.priceDifferenceDueMinor != null;

function allows(rule: Rule, order: Flags): boolean {
  const abnormal = order.abnormalReason !== null;
  if (!rule.from.includes(order.state)) return false;
  if (rule.abnormal === 'forbid' && abnormal) return false;
  if (rule.abnormal === 'require' && !abnormal) return false;
  if (rule.priceDifference === 'forbid' && differenceDue(order)) return false;
  if (rule.priceDifference === 'require' && !differenceDue(order)) return false;
  // A paid order in the draft box was cancelled and refunded (cancel-refund): it never comes back.
  if (rule === TRANSITIONS.restore && order.paidAt) return false;
  return true;
}

/** The events `actor` may fire on the order now: the screens show only these buttons. */
export function allowedEvents(
  order: Flags & Pick<OrderRow, 'parentOrderId'>,
  actor: OrderActorType,
): TransitionEvent[] {
  return (Object.keys(TRANSITIONS) as TransitionEvent[]).filter((e) => {
    const rule = TRANSITIONS[e];
    // A child of a split is not split again: reset the parent's split instead (decision 0081).
    if (e === 'split' && order.parentOrderId !== null) return false;
    if (rule.via) return false;
    return rule.by.includes(actor) && allows(rule, order);
  });
}

/** The 409 that names the state the order is in, in the caller's language. */
function refused(order: OrderRow, event: TransitionEvent): AppError {
  const rule = TRANSITIONS[event];
  const abnormal = order.abnormalReason !== null;
  const data = { state: order.state, abnormal, event };
  if (event === 'split' && order.parentOrderId !== null && order.state === 'awaiting-payment') {
    return AppError.conflict('order-transition-refused', 'orders.split-child', { number: order.number }, data);
  }
  if (rule.from.includes(order.state) && rule.abnormal === 'forbid' && abnormal) {
    return AppError.conflict('order-transition-refused', 'orders.abnormal-blocks', { number: order.number }, data);
  }
  if (rule.from.includes(order.state) && rule.abnormal === 'require' && !abnormal) {
    return AppError.conflict('order-transition-refused', 'orders.not-abnormal', { number: order.number }, data);
  }
  if (rule.from.includes(order.state) && rule.priceDifference === 'forbid' && differenceDue(order)) {
    return AppError.conflict(
      'order-transition-refused',
      'pricing.difference-blocks',
      { number: order.number },
      { ...data, priceDifferenceDue: true },
    );
  }
  if (rule.from.includes(order.state) && rule.priceDifference === 'require' && !differenceDue(order)) {
    return AppError.conflict('order-transition-refused', 'pricing.no-difference-due', { number: order.number }, data);
  }
  return AppError.conflict(
    'order-transition-refused',
    'orders.transition-refused',
    { number: order.number, state: `orders.states.${order.state}` },
    data,
  );
}

/** Throws the 409 when `event` may not fire on the order as it is now. */
export function assertAllowed(order: OrderRow, event: TransitionEvent): void {
  if (!allows(TRANSITIONS[event], order) || (event === 'split' && order.parentOrderId !== null))
    throw refused(order, event);
}

/** The columns an event sets besides the state. */
function effects(event: TransitionEvent, data: TransitionData): Partial<OrderRow> {
  const now = new Date();
  switch (event) {
    case 'pay':
      return { paidAt: now };
    // One form of the number everywhere: ours, the buyer's, the store's (decision 0131).
    case 'ship':
      return {
        carrier: data.carrier!.trim(),
        trackingNumber: normaliseTrackingNumber(data.trackingNumber!),
        shippedAt: now,
      };
    case 'update-tracking':
      return { carrier: data.carrier!.trim(), trackingNumber: normaliseTrackingNumber(data.trackingNumber!) };
    case 'deliver':
      return { deliveredAt: now };
    case 'trash':
    case 'expire':
    case 'cancel-refund':
      return { trashedAt: now };
    case 'restore':
      return { trashedAt: null };
    case 'mark-abnormal':
      return { abnormalReason: data.reason!, abnormalAt: now };
    case 'resolve-abnormal':
    case 'ignore-abnormal':
      return { abnormalReason: null, abnormalAt: null };
    case 'raise-price-difference':
      return { priceDifferenceDueMinor: data.amountMinor! };
    case 'pay-price-difference':
    case 'cancel-price-difference':
      return { priceDifferenceDueMinor: null };
    default:
      return {};
  }
}

function checkData(event: TransitionEvent, data: TransitionData): void {
  const missing: Array<{ field: string; messageKey: string }> = [];
  if (event === 'ship' || event === 'update-tracking') {
    if (!data.carrier?.trim()) missing.push({ field: 'carrier', messageKey: 'orders.carrier-required' });
    if (!normaliseTrackingNumber(data.trackingNumber ?? ''))
      missing.push({ field: 'trackingNumber', messageKey: 'orders.tracking-required' });
  }
  if (event === 'mark-abnormal' && !data.reason?.trim())
    missing.push({ field: 'reason', messageKey: 'orders.abnormal-reason-required' });
  if (event === 'raise-price-difference') {
    if (!Number.isSafeInteger(data.amountMinor) || data.amountMinor! <= 0)
      missing.push({ field: 'amount', messageKey: 'pricing.amount-positive' });
    if (!data.reason?.trim()) missing.push({ field: 'reason', messageKey: 'pricing.reason-required' });
  }
  if (missing.length) throw AppError.invalid(missing);
}

/**
 * Fires `event` on the order: locks the row FOR UPDATE in the caller's unit of work, refuses an
 * illegal transition with a 409 `order-transition-refused` (nothing written), else updates the
 * row and appends the timeline event. `ownerId` limits it to the owner's order (another user's →
 * 404). Two concurrent transitions queue on the row lock: the second sees the first's result and
 * is refused if it no longer applies, so exactly one wins.
 */
export async function transition(
  db: DbOrUow,
  orderId: string,
  event: TransitionEvent,
  actor: Actor,
  data: TransitionData = {},
  { ownerId }: { ownerId?: string } = {},
): Promise<OrderRow> {
  const rule = TRANSITIONS[event];
  if (!rule.by.includes(actor.type)) throw AppError.forbidden();
  checkData(event, data);
  return inTransaction(db, async (uow) => {
    const order = await lockOrder(uow.tx, orderId, ownerId);
    return applyLocked(uow, order, event, actor, data);
  });
}

/** The same on an order the caller has already locked in `uow` (split, reset, batch restore). */
export async function applyLocked(
  uow: UnitOfWork,
  order: OrderRow,
  event: TransitionEvent,
  actor: Actor,
  data: TransitionData = {},
): Promise<OrderRow> {
  assertAllowed(order, event);
  const rule = TRANSITIONS[event];
  const to = rule.to === 'same' ? order.state : rule.to;
  const detail: Record<string, unknown> = { ...data.details };
  if (event === 'ship' || event === 'update-tracking')
    Object.assign(detail, {
      carrier: data.carrier?.trim(),
      trackingNumber: normaliseTrackingNumber(data.trackingNumber ?? ''),
    });
  if (data.amountMinor !== undefined) detail.amountMinor = data.amountMinor;
  const updated = await updateOrderWithEvent(
    uow.tx,
    order.id,
    { ...effects(event, data), state: to },
    {
      orderId: order.id,
      event,
      fromState: order.state,
      toState: to,
      actorType: actor.type,
      actorId: actor.id,
      reason: data.reason ?? null,
      data: Object.keys(detail).length ? detail : null,
    },
  );
  await runOrderChangeHandlers(uow, { event, before: order, after: updated, actor, data });
  return updated;
}
