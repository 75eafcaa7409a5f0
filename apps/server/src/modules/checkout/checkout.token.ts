import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ConfirmClaims } from '@dsm/contract';
import { AppError } from '../../platform/app-error';

/**
 * The confirm token (decision 0083): `base64url(claims JSON).base64url(HMAC-SHA256)`. It carries
 * exactly what was priced, so submit can check that the order it creates is the one the user saw
 * without storing anything at confirm time. The key is derived from the server secret for this
 * one purpose, so a token of another feature can never pass here.
 */
function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('checkout-confirm-token/v1').digest();
}

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', keyOf(secret)).update(payload).digest();
}

export function signConfirmToken(secret: string, claims: ConfirmClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

const invalid = () => AppError.business('confirm-invalid', 'checkout.confirm-invalid');

/**
 * The claims of a token this server signed for this user and that has not expired; anything else
 * (altered, cut, another user's, expired) → "Order information check wrong, retry".
 */
export function verifyConfirmToken(
  secret: string,
  token: string,
  userId: string,
  now: Date = new Date(),
): ConfirmClaims {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) throw invalid();
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let claims: ConfirmClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ConfirmClaims;
  } catch {
    throw invalid();
  }
  if (claims.u !== userId || typeof claims.e !== 'number' || claims.e * 1000 <= now.getTime()) throw invalid();
  // A token signed before shipments (decision 0107) has no orders: priced again, like an expired one.
  if (!Array.isArray(claims.o) || claims.o.length === 0) throw invalid();
  return claims;
}
