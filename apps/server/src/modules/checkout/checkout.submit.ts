import {
  ADDRESS_FIELDS,
  type ConfirmClaims,
  type Locale,
  type OrderAddress,
  type SubmitOrderBody,
  type SubmitResult,
  fromMinor,
  isLocale,
  translate,
} from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import type { Mailer } from '../../platform/mail/mailer';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { getAddresses, mailRecipient } from '../accounts/accounts.service';
import { removeOrderedLines } from '../cart/cart.service';
import { type CartSkuFacts, getCartSkus, reserveStock } from '../catalogue/catalogue.service';
import { reserveForOrder } from '../inventory/inventory.service';
import { shippingMethodName } from '../logistics/logistics.service';
import { type OrderRow, createOrder } from '../orders/orders.service';
import { schedulePayBy } from './checkout.expiry';
import { verifyConfirmToken } from './checkout.token';

export interface SubmitSettings {
  secretKey: string;
  /** How long the order awaits payment holding its stock (ORDER_PAY_MINUTES). */
  payMinutes: number;
  /** How many unpaid orders one user may hold at once, this one included (CHECKOUT_MAX_UNPAID_ORDERS; 0 = no cap). */
  maxUnpaidOrders?: number;
  mailer?: Mailer;
  now?: Date;
}

/**
 * POST /api/p/order/submit (decision 0084): turns a confirm result into an order, as named steps
 * in the caller's one unit of work (the route's idempotent one), so the order, its stock, the
 * cart and the e-mail land together or not at all:
 *
 *   verify the token → hold the user's turn → still on sale → create one order per shipment
 *   (decision 0107) → empty the cart lines → record the e-mail → schedule each order's expiry
 *   (one checkout per token, within the hold cap) → reserve the owner's inventory for the lines
 *   that ship from it (decision 0139) → reserve stock (SKU rows locked until commit).
 *
 * The product cache is dropped after commit by the stock step, so the product page shows the
 * new stock as soon as the order exists.
 */
export async function submitOrder(
  uow: UnitOfWork,
  userId: string,
  body: SubmitOrderBody,
  locale: Locale,
  settings: SubmitSettings,
): Promise<SubmitResult> {
  const claims = verifyConfirmToken(settings.secretKey, body.confirmToken, userId, settings.now);
  const maxUnpaid = settings.maxUnpaidOrders ?? 0;
  if (maxUnpaid > 0) await holdTurn(uow, userId);
  const skus = await checkStillOnSale(uow, claims, locale);
  const confirmSig = signatureOf(body.confirmToken);
  const placed = await createFromClaims(uow, userId, claims, skus, body.remark, locale, confirmSig);
  if (body.fromCart)
    await removeOrderedLines(
      uow,
      userId,
      claims.l.map(([, skuId]) => skuId),
    );
  const payBy = new Date((settings.now ?? new Date()).getTime() + settings.payMinutes * 60_000);
  if (settings.mailer) await recordPlacedMail(uow, settings.mailer, placed, payBy);
  // One pay-by row per order; the first carries the token's signature itself, so a second
  // submit of the token is refused on it (decision 0106), the others a numbered one.
  for (const [at, order] of placed.entries())
    await placedOnce(
      schedulePayBy(uow, order.id, payBy, {
        confirmSig: at === 0 ? confirmSig : `${confirmSig}#${at + 1}`,
        userId,
        maxUnpaid,
      }),
      maxUnpaid,
    );
  await reserveInventory(uow, claims, placed);
  // Last (decision 0092): reserving locks the SKU rows until commit, and every order of a popular
  // SKU queues on that lock, so it is held for as few statements as possible. Too little stock
  // still refuses the whole checkout: the unit of work rolls back what came before.
  // The lines from the owner's inventory take none of the supplier's stock.
  const bought = claims.l.filter((l) => l[4] === undefined);
  if (bought.length)
    await reserveStock(
      uow,
      bought.map(([prodId, skuId, count]) => ({ prodId, skuId, count })),
      locale,
    );
  const orders = placed.map((order) => ({
    id: order.id,
    number: order.number,
    state: order.state,
    total: fromMinor(order.totalMinor),
    payBy: payBy.toISOString(),
  }));
  return { orders, total: fromMinor(placed.reduce((sum, o) => sum + o.totalMinor, 0)) };
}

/**
 * Step 8 (decision 0139): each order's lines that ship from the owner's inventory reserve their
 * units (available → frozen, a log line referencing the order), all or nothing. Another order took
 * them since the confirm → 409 `quote-changed`: nothing of this submit is kept and the page prices
 * again (those lines then bought). The order's ship, trash, expiry, cancel and restore settle the
 * units through the reactions composition.ts wires for every order (decision 0129).
 */
async function reserveInventory(uow: UnitOfWork, claims: ConfirmClaims, placed: OrderRow[]): Promise<void> {
  for (const [at, shipment] of claims.o.entries()) {
    const held = shipment.i.flatMap((i) => {
      const [, , count, , itemId] = claims.l[i]!;
      return itemId ? [{ itemId, count }] : [];
    });
    if (held.length && !(await reserveForOrder(uow, placed[at]!, held)))
      throw AppError.conflict('quote-changed', 'checkout.inventory-taken');
  }
}

/**
 * Step 2 (decision 0106): one submit of a user at a time, until commit, so the hold cap's count
 * (in the pay-by insert, a later statement with a later snapshot) sees every order of the user
 * committed before; other users never wait. A transaction-scoped advisory lock: nothing to clean.
 */
async function holdTurn(uow: UnitOfWork, userId: string): Promise<void> {
  await uow.tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout-hold:${userId}`}, 0))`);
}

const signatureOf = (token: string) => token.slice(token.indexOf('.') + 1);

function violated(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return e?.constraint ?? e?.cause?.constraint;
}

/**
 * The pay-by insert refused by its constraints (decision 0106): the token already placed an order
 * (a concurrent submit of it waits for that order's commit, then lands here), or the user holds
 * as many unpaid orders as allowed. Either way nothing of this submit is kept.
 */
async function placedOnce(saving: Promise<void>, maxUnpaid: number): Promise<void> {
  try {
    await saving;
  } catch (err) {
    const constraint = violated(err);
    if (constraint === 'order_pay_by_confirm_sig') throw AppError.business('confirm-used', 'checkout.confirm-used');
    if (constraint === 'order_pay_by_hold_cap')
      throw AppError.business('hold-cap', 'checkout.hold-cap', { max: maxUnpaid }, { max: maxUnpaid });
    throw err;
  }
}

/**
 * Step 3: every product is still sold (taken down since confirm → SPEC's message, 409). One read
 * for all lines, which also gives what the order's lines record (code, title, image, specs); the
 * stock is read again, locked, by the last step (decision 0094).
 */
async function checkStillOnSale(uow: UnitOfWork, claims: ConfirmClaims, locale: Locale): Promise<CartSkuFacts[]> {
  const found = await getCartSkus(
    uow,
    claims.l.map(([, skuId]) => skuId),
    locale,
  );
  // In line order, so the same token gives the same error as a line-by-line check.
  return claims.l.map(([prodId, skuId]) => {
    const sku = found.get(skuId);
    if (!sku || sku.prodId !== prodId) throw AppError.notFound('catalogue.product-not-found');
    if (!sku.onSale) throw AppError.conflict('taken-down', 'checkout.taken-down', {}, { prodId, skuId });
    return sku;
  });
}

/**
 * The consignee and billing addresses as the order keeps them (the address book may change or
 * lose them later), in one read.
 */
async function snapshotAddresses(uow: UnitOfWork, userId: string, ids: readonly string[]): Promise<OrderAddress[]> {
  const found = await getAddresses(uow.tx, userId, ids);
  return found.map(
    (address) => Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, String(address[f] ?? '')])) as OrderAddress,
  );
}

/** "Colour:Red;Size:M" → {Colour: 'Red', Size: 'M'}. */
function specsOf(properties: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (properties ?? '').split(';')) {
    const at = pair.indexOf(':');
    if (at > 0) out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

/**
 * Step 5: one order awaiting payment per shipment (decision 0107), each with exactly the lines,
 * method and amounts the token vouches for.
 */
async function createFromClaims(
  uow: UnitOfWork,
  userId: string,
  claims: ConfirmClaims,
  skus: CartSkuFacts[],
  remark: string | undefined,
  locale: Locale,
  confirmSig: string,
): Promise<OrderRow[]> {
  const [consignee, billing] = await snapshotAddresses(uow, userId, [claims.c, claims.b]);
  const placed: OrderRow[] = [];
  for (const shipment of claims.o) {
    const { g, s, f, t, T } = shipment.a;
    placed.push(
      await createOrder(uow, {
        userId,
        lines: shipment.i.map((at) => {
          const [productId, skuId, quantity, unitPriceMinor, itemId] = claims.l[at]!;
          const sku = skus[at]!;
          return {
            productId,
            skuId,
            skuCode: sku.skuCode,
            title: sku.prodName || sku.skuCode,
            specs: specsOf(sku.properties),
            image: sku.pic,
            unitPriceMinor,
            quantity,
            lineTotalMinor: unitPriceMinor * quantity,
            fromInventory: itemId !== undefined,
          };
        }),
        goodsMinor: g,
        shippingMinor: s,
        serviceFeeMinor: f,
        taxMinor: t,
        totalMinor: T,
        consignee: consignee!,
        billing: billing!,
        shippingMethodCode: shipment.m,
        shippingMethodName: await shippingMethodName(uow.tx, shipment.m, locale),
        remark,
        // A tier price applied (or the buyer chose bulk) at confirm: a bulk order (decision 0090).
        purchaseType: claims.p ?? 'dropshipping',
        // The orders of one checkout know each other (the user's timeline names the others).
        checkoutRef: claims.o.length > 1 ? confirmSig : null,
      }),
    );
  }
  return placed;
}

/**
 * Step 7: "order placed", in the user's language, delivered by a mail job after commit: one
 * e-mail for the checkout, naming each of its orders (one per shipment) and their sum.
 */
async function recordPlacedMail(uow: UnitOfWork, mailer: Mailer, placed: OrderRow[], payBy: Date): Promise<void> {
  const user = await mailRecipient(uow.tx, placed[0]!.userId);
  if (!user) return;
  const locale = isLocale(user.locale) ? user.locale : 'en-US';
  const params = {
    name: user.name,
    number: placed.map((o) => o.number).join(', '),
    total: fromMinor(placed.reduce((sum, o) => sum + o.totalMinor, 0)).toFixed(2),
    payBy: payBy.toISOString().slice(0, 16).replace('T', ' '),
  };
  await mailer.record(uow, {
    to: user.email,
    subject: translate(locale, 'checkout.mail.placed.subject', params),
    text: translate(locale, 'checkout.mail.placed.text', params),
    locale,
  });
}
