import { type Locale, formatAddress, isLocale } from '@dsm/contract';
import type { Config } from '../../config';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { mailRecipient } from '../accounts/accounts.service';
import { type StoredInvoicePart, issueInvoice, invoiceSellerOf } from '../invoices/invoices.service';

import {
  type Actor,
  type OrderRow,
  SYSTEM,
  allowedEvents,
  applyLocked,
  linesOfOrder,
  lockOrder,
} from '../orders/orders.service';
import { type PaymentRow, lockPayment, orderIdsOf, updatePayment } from './payments.queries';

/**
 * The end of every successful payment (decision 0085), wherever the money came from (the wallet
 * at once, a held payment completed by a top-up, a PayPal recharge credited): the orders are
 * paid (`pay` → pending) and each gets its invoice, in the caller's unit of work. The invoice
 * numbers are given right after the commit, in one short statement (decision 0101).
 */

/**
 * A payment and its orders, locked as every path locks them: the orders first, in id order, then
 * the payment (the pay use case and the trash hook do the same), so two paths never wait on each
 * other in a circle.
 */
export async function lockPaymentWithOrders(
  uow: UnitOfWork,
  paymentId: string,
): Promise<{ payment: PaymentRow; orders: OrderRow[] }> {
  const orders: OrderRow[] = [];
  for (const id of await orderIdsOf(uow.tx, paymentId)) orders.push(await lockOrder(uow.tx, id));
  return { payment: await lockPayment(uow.tx, paymentId), orders };
}

/** Every order may still be paid (awaiting payment, not abnormal): the system may fire `pay`. */
export const allPayable = (orders: readonly OrderRow[]) =>
  orders.every((o) => allowedEvents(o, 'system').includes('pay'));

/**
 * `locale`: the buyer's saved language when the caller has it (the paying request's session);
 * otherwise it is read. Returns the payment and the orders as paid.
 */
export async function completePayment(
  uow: UnitOfWork,
  config: Config,
  payment: PaymentRow,
  orders: readonly OrderRow[],
  actor: Actor = SYSTEM,
  buyerLanguage?: string | null,
): Promise<{ payment: PaymentRow; orders: OrderRow[] }> {
  const paidAt = new Date();
  const paid: OrderRow[] = [];
  for (const order of orders) paid.push(await applyLocked(uow, order, 'pay', actor));
  const locale = isLocale(buyerLanguage) ? buyerLanguage : await buyerLocale(uow, payment.userId);
  const lines = [];
  for (const order of paid) lines.push(await linesOfOrder(uow.tx, order.id));
  const succeeded = await updatePayment(uow.tx, payment.id, {
    state: 'succeeded',
    completedAt: paidAt,
    lockedMinor: 0,
    shortfallMinor: 0,
  });
  // The invoices are stored now and numbered right after the commit (decision 0101): no payment
  // waits on another's year counter.
  for (const [i, order] of paid.entries())
    await issueOrderInvoice(uow, config, order, lines[i]!, payment.method, paidAt, locale);
  return { payment: succeeded, orders: paid };
}

/** A payment that ends without paying its orders; `reason` is a message key shown to the user. */
export async function failPayment(
  uow: UnitOfWork,
  payment: PaymentRow,
  state: 'failed' | 'cancelled',
  reason: string,
): Promise<PaymentRow> {
  return updatePayment(uow.tx, payment.id, { state, failureReason: reason, completedAt: new Date() });
}

async function buyerLocale(uow: UnitOfWork, userId: string): Promise<Locale> {
  const who = await mailRecipient(uow.tx, userId);
  return isLocale(who?.locale) ? who.locale : 'en-US';
}

const specsText = (specs: Record<string, string>) =>
  Object.entries(specs)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');

/**
 * The invoice of an order paid in two parts (decision 0140), issued when its deposit is paid: the
 * whole order, with the deposit paid now and the balance still due (`recordInvoicePart` dates it).
 */
export async function issueTwoPartInvoice(
  uow: UnitOfWork,
  config: Config,
  order: OrderRow,
  method: string,
  parts: { depositMinor: number; balanceMinor: number },
  paidAt = new Date(),
): Promise<void> {
  const locale = await buyerLocale(uow, order.userId);
  await issueOrderInvoice(uow, config, order, await linesOfOrder(uow.tx, order.id), method, paidAt, locale, [
    { part: 'deposit', amountMinor: parts.depositMinor, paidAt: paidAt.toISOString() },
    { part: 'balance', amountMinor: parts.balanceMinor, paidAt: null },
  ]);
}

async function issueOrderInvoice(
  uow: UnitOfWork,
  config: Config,
  order: OrderRow,
  lines: Awaited<ReturnType<typeof linesOfOrder>>,
  method: string,
  paidAt: Date,
  locale: Locale,
  parts?: StoredInvoicePart[],
) {
  const b = order.billing;
  await issueInvoice(uow, {
    userId: order.userId,
    reference: order.id,
    orderNumber: order.number,
    paidAt,
    paymentMethod: method,
    billTo: {
      name: `${b.firstName} ${b.lastName}`.trim(),
      company: b.company || null,
      vatNumber: b.vatnumber || null,
      // The whole address (street, house number, second line, city, province); the PDF adds the
      // country by name in the language it is drawn in.
      address: formatAddress(b, { withoutCountry: true }),
      countryCode: b.country,
      email: b.emails || null,
    },
    lines: lines.map((l) => ({
      title: l.title,
      sku: l.skuCode,
      specs: specsText(l.specs),
      unitPriceMinor: l.unitPriceMinor,
      quantity: l.quantity,
      amountMinor: l.lineTotalMinor,
      ...(l.fromInventory ? { fromInventory: true } : {}),
    })),
    productCostMinor: order.goodsMinor,
    shippingMinor: order.shippingMinor,
    taxMinor: order.taxMinor,
    discountMinor: order.discountMinor,
    // The checkout service fee (decision 0083) is the invoice's operate amount; an inventory
    // order keeps its per-unit handling fee in the same column (decision 0145): its handling fee.
    operateAmountMinor: order.source === 'inventory' ? 0 : order.serviceFeeMinor,
    handlingFeeMinor: order.source === 'inventory' ? order.serviceFeeMinor : 0,
    payableMinor: order.totalMinor,
    locale,
    seller: invoiceSellerOf(config),
    ...(parts ? { parts } : {}),
  });
}
