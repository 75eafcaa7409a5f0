import { z } from 'zod';
import { ORDER_STATES } from './orders';
import { PAYMENT_OUTCOMES } from './recharge';

/**
 * Paying orders (SPEC §7 /p/order/pay, SPEC §4 payment outcome). The call carries an
 * `Idempotency-Key` header (decision 0062): a double click or a retried request makes one
 * payment. Money on the wire is decimal USD. Submitting the orders is checkout's (checkout.ts).
 */

export const PAYMENT_METHODS = ['wallet', 'paypal'] as const;
export type OrderPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** POST /api/p/order/pay: one payment for one or several of the caller's orders awaiting payment. */
export const PayOrdersBody = z.object({
  orderIds: z.array(z.string().min(1).max(64)).min(1, 'orders.select-orders').max(50),
  method: z.enum(PAYMENT_METHODS),
});
export type PayOrdersBody = z.infer<typeof PayOrdersBody>;

/**
 * SPEC §4's payment outcomes (`PAYMENT_OUTCOMES`, shared with recharges):
 * - success: paid; the orders are pending (paid, not yet bought) and have their invoices;
 * - pending: waiting for the provider (PayPal: the user approves at `approveUrl`; then the
 *   capture), or a PayPal capture the provider holds;
 * - insufficient-balance: the wallet lacked money; what was available is locked and the payment
 *   held, completed by the next top-up (`locked`, `shortfall`);
 * - failed: the provider refused, or the payment was cancelled / the orders expired first;
 * - error: something went wrong on our side or the provider's; nothing was charged.
 */

/**
 * PayPal (decision 0085): the money comes in as a recharge of the wallet and pays the orders once
 * credited. PayPal sends the payer back to `/user/paystate?payment=<id>&recharge=<recharge id>`
 * (`&cancelled=1` if they cancelled there); the page captures with
 * `POST /api/p/recharges/<recharge id>/paypal/capture`, then polls GET /api/p/order/payments/:id
 * until the outcome is no longer `pending`.
 */

/** The outcome and its payment, as POST /api/p/order/pay and GET /api/p/order/payments/:id answer. */
export const OrderPaymentSchema = z.object({
  id: z.string(),
  /** Human number, e.g. P00000042. */
  number: z.string(),
  method: z.enum(PAYMENT_METHODS),
  outcome: z.enum(PAYMENT_OUTCOMES),
  amount: z.number(),
  /** Wallet, insufficient balance: what is locked now, and what is still missing. */
  locked: z.number(),
  shortfall: z.number(),
  /** PayPal: where the user approves the payment (null once approved or for the wallet). */
  approveUrl: z.string().nullable(),
  /** Why it failed, in the caller's language (null unless failed or error). */
  reason: z.string().nullable(),
  orders: z.array(z.object({ id: z.string(), number: z.string(), state: z.enum(ORDER_STATES), total: z.number() })),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

/** GET /api/p/order/payments/:id (what /user/paystate polls) and POST …/:id/cancel. */
export const OrderPaymentParams = z.object({ id: z.string().min(1).max(64) });
