import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../platform/app-error';
import type { QuotedStoreOrder } from './store-orders.pay.quote';

/**
 * The store-order pay token (decision 0118), shaped like checkout's confirm token:
 * `base64url(claims).base64url(HMAC-SHA256)` under a key derived for this one purpose. It names
 * the store orders and a digest of every figure the quote showed; pay quotes again in its unit
 * of work and charges only when the digest is the same.
 */
export interface StorePayClaims {
  u: string;
  ids: string[];
  /** sha256 of the quote's figures (figuresOf). */
  f: string;
  e: number;
  n: string;
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('store-orders-pay-token/v1').digest();
const mac = (secret: string, payload: string) => createHmac('sha256', keyOf(secret)).update(payload).digest();

/** Everything the owner agreed to pay: per order its address, and per shipment method, lines and amounts. */
export function figuresOf(quoted: readonly QuotedStoreOrder[]): string {
  const canonical = quoted.map((q) => [
    q.row.id,
    Object.values(q.consignee),
    q.shipments.map((s) => [
      s.key,
      s.method.code,
      s.lines.map((l) => [l.skuId, l.count, l.unitPriceMinor, l.storeUnitUsdMinor, l.inventoryItemId]),
      [s.goodsMinor, s.shippingMinor, s.serviceFeeMinor, s.taxMinor, s.totalMinor],
    ]),
  ]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('base64url');
}

export function signPayToken(
  secret: string,
  userId: string,
  quoted: readonly QuotedStoreOrder[],
  expiresAt: number,
): string {
  const claims: StorePayClaims = {
    u: userId,
    ids: quoted.map((q) => q.row.id),
    f: figuresOf(quoted),
    e: expiresAt,
    n: randomBytes(6).toString('base64url'),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

const invalid = () => AppError.business('confirm-invalid', 'checkout.confirm-invalid');

/** This user's unexpired token as we signed it; anything else → "Order information check wrong, retry". */
export function verifyPayToken(secret: string, token: string, userId: string, now = new Date()): StorePayClaims {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) throw invalid();
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let claims: StorePayClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StorePayClaims;
  } catch {
    throw invalid();
  }
  if (claims.u !== userId || typeof claims.e !== 'number' || claims.e * 1000 <= now.getTime()) throw invalid();
  if (!Array.isArray(claims.ids) || claims.ids.length === 0 || typeof claims.f !== 'string') throw invalid();
  return claims;
}
