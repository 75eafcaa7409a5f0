import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptRaw = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

/**
 * At most two hashes at once, the rest wait their turn. Each scrypt holds 32 MiB and one of
 * libuv's four threads for ~0.1 s: 32 log-ins at once took the server's RSS from ~300 to ~600 MB
 * (the allocator keeps freed blocks) and left no thread for file and DNS work (decision 0095).
 * Two keep both cores busy, so a burst of log-ins is answered as fast as before, in order.
 */
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function scrypt(pw: string, salt: Buffer, len: number, opts: object): Promise<Buffer> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await scryptRaw(pw, salt, len, opts);
  } finally {
    // Hand the slot straight to the next in line, or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

// OWASP's scrypt baseline: N=2^15, r=8, p=1 (32 MiB); parameters travel with each hash.
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LEN, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
