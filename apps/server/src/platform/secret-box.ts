import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets kept in the database: stores' tokens and consumer secrets (decision
 * 0100), stored answers that carry a session token (decision 0064). The key is derived from
 * SECRET_KEY per purpose, so one purpose's ciphertext cannot be opened as another's; `bound`
 * (e.g. the row's id) is authenticated with it, so a sealed value copied to another row fails to
 * open there. Format: `v1.<iv>.<tag>.<data>`, base64 parts.
 */
function keyOf(secretKey: string, purpose: string): Buffer {
  return createHash('sha256').update(`${purpose}:${secretKey}`).digest();
}

export function sealSecret(secretKey: string, purpose: string, value: unknown, bound = ''): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey, purpose), iv);
  cipher.setAAD(Buffer.from(bound, 'utf8'));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), data].map((b) => b.toString('base64'))].join('.');
}

/** Throws when the value was not sealed with this key, purpose and binding, or was altered. */
export function openSecret<T = unknown>(secretKey: string, purpose: string, sealed: string, bound = ''): T {
  const parts = sealed.split('.');
  if (parts[0] !== 'v1' || parts.length !== 4) throw new Error('not a sealed value');
  const [iv, tag, data] = parts.slice(1).map((p) => Buffer.from(p, 'base64'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey, purpose), iv!);
  decipher.setAAD(Buffer.from(bound, 'utf8'));
  decipher.setAuthTag(tag!);
  return JSON.parse(Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8')) as T;
}
