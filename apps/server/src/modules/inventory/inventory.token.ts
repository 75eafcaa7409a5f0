import { createHmac, timingSafeEqual } from 'node:crypto';
import type { InventoryClaims } from '@dsm/contract';
import { AppError } from '../../platform/app-error';

/**
 * The inventory confirm token: `base64url(claims).base64url(HMAC)`, like checkout's (decision
 * 0083) but under its own derived key, so a checkout token never passes here nor the reverse.
 */
const keyOf = (secret: string) => createHmac('sha256', secret).update('inventory-confirm-token/v1').digest();
const mac = (secret: string, payload: string) => createHmac('sha256', keyOf(secret)).update(payload).digest();

export function signInventoryToken(secret: string, claims: InventoryClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

const invalid = () => AppError.business('confirm-invalid', 'inventory.confirm-invalid');

/** The claims of a token this server signed for this user, not expired; anything else → confirm again. */
export function verifyInventoryToken(secret: string, token: string, userId: string, now = new Date()): InventoryClaims {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) throw invalid();
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let claims: InventoryClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as InventoryClaims;
  } catch {
    throw invalid();
  }
  if (claims.u !== userId || typeof claims.e !== 'number' || claims.e * 1000 <= now.getTime()) throw invalid();
  if (!Array.isArray(claims.l) || claims.l.length === 0 || !Number.isSafeInteger(claims.h)) throw invalid();
  return claims;
}
