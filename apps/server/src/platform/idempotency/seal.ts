import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for stored answers that carry a secret (a registration's session token): the
 * database then holds nothing a reader could log in with, like the sessions table (token hashes).
 */
function keyOf(secretKey: string): Buffer {
  return createHash('sha256').update(`idempotency-answer:${secretKey}`).digest();
}

export function seal(secretKey: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join('.');
}

export function unseal(secretKey: string, sealed: string): unknown {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), iv!);
  decipher.setAuthTag(tag!);
  return JSON.parse(Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8'));
}
