import { and, eq, sql } from 'drizzle-orm';
import { PayPalError, type WebhookHeaders, parseWebhookEvent, verifyWebhookSignature } from '../../connectors/paypal';
import { type StripeEvent, StripeSignatureError, verifyStripeWebhook } from '../../connectors/stripe/stripe.webhook';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type DbOrUow, type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import type { PaymentProviders } from './recharge.providers';
import type { RechargeRow } from './recharge.queries';
import type { Logger } from './recharge.service';
import { close, markPaid, markPending, recordProviderRefund } from './recharge.state';
import { paymentProviderEvents, rechargeOrders } from './recharge.tables';

/**
 * Provider webhooks (decision 0074): verified by signature over the exact bytes received, then
 * acted on once per provider event id (`payment_provider_events`), in the same unit of work as
 * the state change. A duplicate delivery answers 200 and changes nothing.
 */

export const badSignature = () =>
  new AppError('VALIDATION', 'recharge.webhook-signature', {}, [
    { field: 'signature', messageKey: 'recharge.webhook-signature' },
  ]);

/** Records the event; false when it was seen before (then nothing is done again). */
async function firstDelivery(
  uow: UnitOfWork,
  provider: 'paypal' | 'stripe',
  eventId: string,
  type: string,
): Promise<boolean> {
  const res = (await uow.tx.execute(sql`
    insert into payment_provider_events (provider, event_id, type) values (${provider}, ${eventId}, ${type})
    on conflict do nothing returning event_id`)) as unknown as { rows: unknown[] };
  return res.rows.length > 0;
}

async function findOrder(
  uow: UnitOfWork,
  method: 'paypal' | 'card',
  by: { reference?: string; captureId?: string },
): Promise<RechargeRow | undefined> {
  for (const [column, value] of [
    [rechargeOrders.providerReference, by.reference],
    [rechargeOrders.providerCaptureId, by.captureId],
  ] as const) {
    if (!value) continue;
    const [row] = await uow.tx
      .select()
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.method, method), eq(column, value)));
    if (row) return row;
  }
  return undefined;
}

async function linkEvent(uow: UnitOfWork, provider: 'paypal' | 'stripe', eventId: string, rechargeId: string) {
  await uow.tx
    .update(paymentProviderEvents)
    .set({ rechargeId })
    .where(and(eq(paymentProviderEvents.provider, provider), eq(paymentProviderEvents.eventId, eventId)));
}

export async function handlePayPalWebhook(
  db: Db,
  providers: PaymentProviders,
  headers: WebhookHeaders,
  raw: string,
  log: Logger,
): Promise<void> {
  const paypal = providers.paypal;
  // Without our webhook id nothing can be verified, so nothing is trusted.
  if (!paypal?.webhookId) throw badSignature();
  let verified: boolean;
  try {
    verified = await verifyWebhookSignature(paypal.client, paypal.webhookId, headers, raw);
  } catch (err) {
    // PayPal could not be asked: not 2xx, so PayPal delivers again later.
    log.warn(
      { kind: err instanceof PayPalError ? err.kind : 'unexpected' },
      'recharge: PayPal webhook verification unavailable',
    );
    throw AppError.business('provider-unavailable', 'recharge.provider-unavailable');
  }
  if (!verified) throw badSignature();
  let event: ReturnType<typeof parseWebhookEvent>;
  try {
    event = parseWebhookEvent(raw);
  } catch {
    throw badSignature();
  }
  await inTransaction(db, async (uow) => {
    if (!(await firstDelivery(uow, 'paypal', event.eventId, event.eventType))) return;
    if (event.kind === 'other') return;
    const order = await findOrder(uow, 'paypal', { reference: event.orderId, captureId: event.captureId });
    if (!order) {
      log.warn({ eventType: event.eventType }, 'recharge: PayPal event for no known order');
      return;
    }
    await linkEvent(uow, 'paypal', event.eventId, order.id);
    if (event.kind === 'capture-completed') {
      await markPaid(uow, order.id, {
        captureId: event.captureId,
        amountMinor: event.amountMinor,
        via: 'paypal webhook',
      });
    } else if (event.kind === 'capture-denied') {
      await close(uow, order.id, 'failed', { from: ['awaiting-payment', 'pending'], note: 'PayPal: DENIED' });
    } else if (event.kind === 'capture-refunded') {
      await recordProviderRefund(
        uow,
        order.id,
        { newMinor: event.amountMinor, key: `paypal:${event.refundId}` },
        (msg, f) => log.warn(f, msg),
      );
    }
  });
}

export async function handleStripeWebhook(
  db: DbOrUow,
  providers: PaymentProviders,
  signature: string | string[] | undefined,
  raw: Buffer,
  log: Logger,
): Promise<void> {
  const stripe = providers.stripe;
  if (!stripe) throw badSignature();
  let event: StripeEvent;
  try {
    event = verifyStripeWebhook(raw, signature, stripe.webhookSecret);
  } catch (err) {
    if (err instanceof StripeSignatureError) throw badSignature();
    throw err;
  }
  await inTransaction(db, async (uow) => {
    if (!(await firstDelivery(uow, 'stripe', event.id, event.type === 'other' ? event.stripeType : event.type))) return;
    if (event.type === 'other') return;
    const order =
      event.type === 'charge.refunded'
        ? await findOrder(uow, 'card', { captureId: event.charge.paymentIntentId ?? undefined })
        : await findOrder(uow, 'card', { reference: event.session.id });
    if (!order) {
      log.warn({ eventType: event.type }, 'recharge: Stripe event for no known order');
      return;
    }
    await linkEvent(uow, 'stripe', event.id, order.id);
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const s = event.session;
        if (s.paymentStatus === 'paid') {
          await markPaid(uow, order.id, {
            captureId: s.paymentIntentId ?? undefined,
            amountMinor: s.amountTotalMinor ?? -1,
            via: 'card webhook',
          });
        } else {
          await markPending(uow, order.id, s.paymentIntentId ? { providerCaptureId: s.paymentIntentId } : {});
        }
        return;
      }
      case 'checkout.session.async_payment_failed':
        await close(uow, order.id, 'failed', { from: ['awaiting-payment', 'pending'], note: 'Card: payment failed' });
        return;
      case 'checkout.session.expired':
        await close(uow, order.id, 'expired', { from: ['awaiting-payment'] });
        return;
      case 'charge.refunded':
        // Stripe reports the charge's running refunded total: the new part is what is not yet recorded.
        await recordProviderRefund(
          uow,
          order.id,
          { runningTotalMinor: event.charge.amountRefundedMinor, key: `stripe:${event.id}` },
          (msg, f) => log.warn(f, msg),
        );
        return;
    }
  });
}
