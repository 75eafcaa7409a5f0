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

/**
 * A catalogue bulk order paid in two parts (decision 0145): the deposit when it is paid, the
 * balance when the operator has bought the goods (from the wallet, held when short), then shipped.
 */
export const ORDER_DEPOSIT_STATES = ['deposit-paid', 'balance-held', 'balance-paid', 'returned', 'settled'] as const;
export type OrderDepositState = (typeof ORDER_DEPOSIT_STATES)[number];

/**
 * GET /api/p/order/{id}/two-parts (and the operator's): `offer` while the unpaid order may be
 * paid in two parts (the operator's percentage now, what each part would be); `state` and the
 * amounts once the deposit was paid; `due` what is still to pay (0 once returned or paid).
 */
export const OrderTwoPartsSchema = z.object({
  orderId: z.string(),
  offer: z.object({ percent: z.number().int(), deposit: z.number(), balance: z.number() }).nullable(),
  state: z.enum(ORDER_DEPOSIT_STATES).nullable(),
  percent: z.number().int().nullable(),
  deposit: z.number(),
  balance: z.number(),
  paid: z.number(),
  due: z.number(),
});
export type OrderTwoParts = z.infer<typeof OrderTwoPartsSchema>;

/** POST /api/p/order/{id}/deposit: the percentage the page showed (a changed setting → 409). */
export const PayOrderDepositBody = z.object({
  method: z.enum(['wallet']),
  percent: z.number().int().min(1).max(90),
});
export type PayOrderDepositBody = z.infer<typeof PayOrderDepositBody>;

/** POST /api/p/order/{id}/deposit/paypal: the deposit by PayPal, at the percentage shown. */
export const PayOrderDepositPayPalBody = PayOrderDepositBody.omit({ method: true });
export type PayOrderDepositPayPalBody = z.infer<typeof PayOrderDepositPayPalBody>;
