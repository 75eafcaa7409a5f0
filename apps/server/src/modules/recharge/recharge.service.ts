import { type CreateRechargeBody, SLIP_CONTENT_TYPES, SLIP_MAX_BYTES, feeMinor, toMinor } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { PayPalError } from '../../connectors/paypal';
import { StripeError } from '../../connectors/stripe/stripe.errors';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type FileStore, saveFile, sniffType } from '../../platform/files';
import type { UploadedFile } from '../../platform/multipart';
import { type DbOrUow, type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import { type PaymentProviders, providerKey } from './recharge.providers';
import { type RechargeRow, lockOrder, orderById, ownOrder, ruleOf } from './recharge.queries';
import { RECHARGE_EXPIRE_JOB, close, markPaid, markPending } from './recharge.state';
import { rechargeOrders } from './recharge.tables';

/**
 * Recharge use cases (decision 0074). Provider calls (create, capture, retrieve) run OUTSIDE any
 * transaction, keyed by the recharge id so a retry never creates a second payment; the state
 * change that follows is one unit of work (the route's idempotent one when there is a route).
 */

export interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const FAILED = () => AppError.business('recharge-failed', 'recharge.failed');
const UNAVAILABLE = () => AppError.business('provider-unavailable', 'recharge.provider-unavailable');
const NOT_PAYABLE = () => AppError.business('recharge-not-payable', 'recharge.not-awaiting-payment');

/** Any provider failure but a refusal: the provider could not be used; nothing changed here. */
function providerFailure(err: unknown, log: Logger, what: string): AppError {
  if (err instanceof AppError) return err;
  const kind = err instanceof PayPalError || err instanceof StripeError ? err.kind : 'unexpected';
  log.warn({ kind, err: err instanceof Error ? err.message : String(err) }, `recharge: ${what} failed`);
  return UNAVAILABLE();
}

export { onRechargeEvent, type RechargeEvent, type RechargeHook } from './recharge.hooks';
export type { RechargeRow } from './recharge.queries';
export type { PaymentProviders } from './recharge.providers';
export { orderById as rechargeById } from './recharge.queries';

/**
 * `orderPaymentId`: the recharge pays orders (decision 0085); it is credited like any other and
 * the payments module's `credited` hook then pays the orders from the wallet.
 */
export async function createRecharge(
  uow: UnitOfWork,
  userId: string,
  body: CreateRechargeBody,
  expiryMinutes: number,
  { orderPaymentId }: { orderPaymentId?: string } = {},
): Promise<RechargeRow> {
  const rule = await ruleOf(uow.tx, body.method);
  if (!rule?.enabled) throw AppError.business('payment-method-disabled', 'recharge.method-disabled');
  const amountMinor = toMinor(body.amount);
  const fee = feeMinor(rule.rule, amountMinor);
  const res = (await uow.tx.execute(
    sql`select nextval('recharge_order_number_seq') as n, to_char(now() at time zone 'UTC', 'YYYYMMDD') as d`,
  )) as unknown as {
    rows: Array<{ n: string | number; d: string }>;
  };
  const { n, d } = res.rows[0]!;
  const expiresAt = new Date(Date.now() + expiryMinutes * 60_000);
  const [row] = await uow.tx
    .insert(rechargeOrders)
    .values({
      number: `R${d}-${String(n).padStart(6, '0')}`,
      userId,
      method: body.method,
      state: 'awaiting-payment',
      amountMinor,
      feeMinor: fee,
      expiresAt,
      orderPaymentId: orderPaymentId ?? null,
    })
    .returning();
  await uow.enqueue({ type: RECHARGE_EXPIRE_JOB, payload: { id: row!.id }, runAt: expiresAt, maxAttempts: 12 });
  return row!;
}

/**
 * Starts payment at the provider (outside any transaction; the recharge id is the provider's
 * idempotency key, so a repeat gets the same PayPal order or Stripe session). Answers where the
 * browser goes and the reference to store.
 */
export async function startCheckout(
  db: Db,
  providers: PaymentProviders,
  userId: string,
  id: string,
  origin: string,
  log: Logger,
): Promise<{ redirectUrl: string; reference: string }> {
  const order = await ownOrder(db, userId, id);
  if (order.state !== 'awaiting-payment' || order.method === 'bank') throw NOT_PAYABLE();
  const total = order.amountMinor + order.feeMinor;
  const q = `recharge=${encodeURIComponent(order.id)}`;
  // A recharge that pays orders comes back to the payment's state page (decision 0085).
  const paypalReturn = order.orderPaymentId
    ? `${origin}/user/paystate?payment=${encodeURIComponent(order.orderPaymentId)}&${q}`
    : `${origin}/paypalstatus?${q}`;
  try {
    if (order.method === 'paypal') {
      const paypal = providers.paypal;
      if (!paypal) throw UNAVAILABLE();
      const created = order.providerReference
        ? await paypal.client.getOrder(order.providerReference)
        : await paypal.client.createOrder({
            requestId: providerKey.create(order.id),
            amountMinor: total,
            currency: 'USD',
            returnUrl: paypalReturn,
            cancelUrl: `${paypalReturn}&cancelled=1`,
            referenceId: order.number,
            customId: order.id,
            description: order.orderPaymentId ? `Order payment ${order.number}` : `Wallet recharge ${order.number}`,
          });
      if (!created.approveUrl) throw NOT_PAYABLE();
      return { redirectUrl: created.approveUrl, reference: created.id };
    }
    const stripe = providers.stripe;
    if (!stripe) throw UNAVAILABLE();
    const session = order.providerReference
      ? await stripe.client.retrieveCheckoutSession(order.providerReference)
      : await stripe.client.createCheckoutSession(
          {
            amountMinor: total,
            currency: 'USD',
            productName: `Wallet recharge ${order.number}`,
            successUrl: `${origin}/user/paystate?${q}&session_id={CHECKOUT_SESSION_ID}`,
            cancelUrl: `${origin}/user/payment?${q}&cancelled=1`,
            clientReferenceId: order.id,
            metadata: { recharge_order: order.number },
          },
          providerKey.create(order.id),
        );
    if (session.status !== 'open' || !session.url) throw NOT_PAYABLE();
    return { redirectUrl: session.url, reference: session.id };
  } catch (err) {
    throw providerFailure(err, log, 'checkout');
  }
}

/** Stores the provider reference once (the first checkout's), in the route's unit of work. */
export async function saveReference(uow: UnitOfWork, id: string, reference: string): Promise<void> {
  const order = await lockOrder(uow.tx, id);
  if (order.state !== 'awaiting-payment') throw NOT_PAYABLE();
  if (!order.providerReference) {
    await uow.tx
      .update(rechargeOrders)
      .set({ providerReference: reference, updatedAt: new Date() })
      .where(sql`${rechargeOrders.id} = ${id}`);
  }
}

/** What a provider said about an order's payment, decided outside any transaction. */
export type ProviderVerdict =
  | { kind: 'paid'; captureId?: string; amountMinor: number; via: string }
  | { kind: 'pending'; captureId?: string; reason?: string }
  | { kind: 'failed'; note: string }
  | { kind: 'open' }
  | { kind: 'expired' };

/** PayPal: captures an approved order (capture key from the recharge id). */
export async function capturePayPal(
  providers: PaymentProviders,
  order: RechargeRow,
  log: Logger,
): Promise<ProviderVerdict> {
  const paypal = providers.paypal;
  if (!paypal) throw UNAVAILABLE();
  if (!order.providerReference) return { kind: 'open' };
  try {
    const r = await paypal.client.captureOrder(order.providerReference, providerKey.capture(order.id));
    // The capture's own status decides (the client throws for DECLINED / FAILED).
    if (r.outcome === 'completed')
      return { kind: 'paid', captureId: r.capture.id, amountMinor: r.capture.amountMinor, via: 'paypal capture' };
    return { kind: 'pending', captureId: r.capture.id, reason: r.capture.reason };
  } catch (err) {
    if (err instanceof PayPalError && err.kind === 'order-not-approved') return { kind: 'open' };
    if (err instanceof PayPalError && err.kind === 'declined')
      return { kind: 'failed', note: `PayPal: ${err.issue ?? 'DECLINED'}` };
    throw providerFailure(err, log, 'capture');
  }
}

/** Stripe: the session as Stripe sees it now (never the return URL's word). */
export async function readCardSession(
  providers: PaymentProviders,
  order: RechargeRow,
  log: Logger,
): Promise<ProviderVerdict> {
  const stripe = providers.stripe;
  if (!stripe) throw UNAVAILABLE();
  if (!order.providerReference) return { kind: 'open' };
  try {
    const s = await stripe.client.retrieveCheckoutSession(order.providerReference);
    if (s.paymentStatus === 'paid')
      return {
        kind: 'paid',
        captureId: s.paymentIntentId ?? undefined,
        amountMinor: s.amountTotalMinor ?? -1,
        via: 'card session',
      };
    if (s.status === 'complete') return { kind: 'pending', captureId: s.paymentIntentId ?? undefined };
    if (s.status === 'expired') return { kind: 'expired' };
    return { kind: 'open' };
  } catch (err) {
    throw providerFailure(err, log, 'card retrieve');
  }
}

/**
 * Applies a verdict in a unit of work. A refusal closes the order as failed and is COMMITTED
 * before the route answers "Recharge failed, please contact us" — so the caller applies a
 * `failed` verdict in its own unit of work, then throws (see `failedAnswer`).
 */
export async function applyVerdict(db: DbOrUow, order: RechargeRow, v: ProviderVerdict): Promise<RechargeRow> {
  switch (v.kind) {
    case 'paid':
      return markPaid(db, order.id, { captureId: v.captureId, amountMinor: v.amountMinor, via: v.via });
    case 'pending':
      return markPending(db, order.id, v.captureId ? { providerCaptureId: v.captureId } : {});
    case 'failed':
      return close(db, order.id, 'failed', { from: ['awaiting-payment', 'pending'], note: v.note });
    case 'expired':
      return close(db, order.id, 'expired', { from: ['awaiting-payment'] });
    case 'open':
      return inTransaction(db, ({ tx }) => lockOrder(tx, order.id));
  }
}

/** The answer for an order the provider refused: "Recharge failed, please contact us". */
export function failedAnswer(): AppError {
  return FAILED();
}

/** A capture / confirm on an order that cannot take one. */
export function assertConfirmable(order: RechargeRow, method: 'paypal' | 'card'): void {
  if (order.method !== method) throw NOT_PAYABLE();
  if (order.state === 'closed' && order.closeReason === 'failed') throw FAILED();
}

/** Bank slips: checked here by size and by content (never by name or declared type). */
export function checkSlip(file: UploadedFile | undefined): UploadedFile {
  if (!file || file.size === 0) throw AppError.invalid([{ field: 'file', messageKey: 'recharge.slip-required' }]);
  if (file.size > SLIP_MAX_BYTES) throw AppError.invalid([{ field: 'file', messageKey: 'recharge.slip-too-large' }]);
  const type = sniffType(file.bytes);
  if (!type || !(SLIP_CONTENT_TYPES as readonly string[]).includes(type))
    throw AppError.invalid([{ field: 'file', messageKey: 'recharge.slip-type' }]);
  return file;
}

const SLIP_STATES = new Set<RechargeRow['state']>(['awaiting-payment', 'pending']);

function assertTakesSlip(order: RechargeRow) {
  if (order.method !== 'bank') throw AppError.business('recharge-not-payable', 'recharge.slip-wrong-method');
  if (!SLIP_STATES.has(order.state)) throw NOT_PAYABLE();
}

/** Stores the slip's bytes (outside any transaction, decision 0064) once the order may take it. */
export async function storeSlip(db: Db, files: FileStore, userId: string, id: string, file: UploadedFile) {
  assertTakesSlip(await ownOrder(db, userId, id));
  return saveFile(files, 'slips', file.bytes, { field: 'file' });
}

export async function attachSlip(
  uow: UnitOfWork,
  id: string,
  file: UploadedFile,
  storedName: string,
  contentType: string,
): Promise<RechargeRow> {
  const order = await lockOrder(uow.tx, id);
  assertTakesSlip(order);
  return markPending(uow, id, {
    slipFile: storedName,
    slipFileName: file.fileName.replace(/[\\/\r\n"]/g, '_') || 'slip',
    slipContentType: contentType,
    slipSize: file.size,
    slipUploadedAt: new Date(),
  });
}

/** User cancel: awaiting payment only. A card session is expired at Stripe first (outside). */
export async function expireCardSession(
  providers: PaymentProviders,
  order: RechargeRow,
  log: Logger,
): Promise<ProviderVerdict> {
  if (order.method !== 'card' || !order.providerReference) return { kind: 'expired' };
  const stripe = providers.stripe;
  if (!stripe) throw UNAVAILABLE();
  try {
    const s = await stripe.client.expireCheckoutSession(order.providerReference, providerKey.expire(order.id));
    if (s.paymentStatus === 'paid')
      return {
        kind: 'paid',
        captureId: s.paymentIntentId ?? undefined,
        amountMinor: s.amountTotalMinor ?? -1,
        via: 'card session',
      };
    return { kind: 'expired' };
  } catch (err) {
    // Stripe refuses to expire a session that is no longer open: read what happened instead.
    if (err instanceof StripeError && err.kind === 'invalid_request') return readCardSession(providers, order, log);
    throw providerFailure(err, log, 'card expire');
  }
}

/**
 * The `recharge.expire` job: an order still awaiting payment at its time closes as expired —
 * but the provider is asked first: a PayPal order the payer APPROVED is captured, a paid Stripe
 * session confirmed, an open one expired at Stripe. Money the provider took is never ignored.
 */
export async function expireOrder(db: Db, providers: PaymentProviders, id: string, log: Logger): Promise<void> {
  let order: RechargeRow;
  try {
    order = await orderById(db, id);
  } catch {
    return;
  }
  if (order.state !== 'awaiting-payment') return;
  if (order.expiresAt && order.expiresAt.getTime() > Date.now()) return;
  let verdict: ProviderVerdict = { kind: 'expired' };
  if (order.providerReference && order.method === 'paypal' && providers.paypal) {
    const po = await providers.paypal.client.getOrder(order.providerReference).catch((err: unknown) => {
      throw providerFailure(err, log, 'expiry check');
    });
    if (po.status === 'APPROVED' || po.status === 'COMPLETED') verdict = await capturePayPal(providers, order, log);
    if (verdict.kind === 'open') verdict = { kind: 'expired' };
  } else if (order.method === 'card' && order.providerReference) {
    verdict = await readCardSession(providers, order, log);
    if (verdict.kind === 'open') verdict = await expireCardSession(providers, order, log);
  }
  await applyVerdict(db, order, verdict);
}

/** Closes a recharge still awaiting payment as cancelled (a payment of orders given up). */
export async function cancelAwaitingRecharge(db: DbOrUow, id: string): Promise<RechargeRow> {
  return close(db, id, 'cancelled', { from: ['awaiting-payment'] });
}
