import { REGISTER_THROTTLE, RESET_CODE } from '@dsm/contract';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { requestThrottleEvents } from './accounts.tables';

export interface Limit {
  /** What is counted, e.g. 'register-address'. */
  bucket: string;
  /** A client address, or a lower-cased e-mail address. */
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Counts one request against each limit and refuses it (A00008 with retry-after) when any is
 * over. The request is written first and removed again when refused, so a parallel burst is
 * counted as a whole and refused requests do not extend the wait (as log-in attempts, 0065).
 */
export async function takeRequest(db: Db, limits: Limit[], now = new Date()): Promise<void> {
  const longest = Math.max(...limits.map((l) => l.windowMs));
  await db.delete(requestThrottleEvents).where(lt(requestThrottleEvents.createdAt, new Date(now.getTime() - longest)));
  const written: string[] = [];
  let wait = 0;
  for (const limit of limits) {
    const [row] = await db
      .insert(requestThrottleEvents)
      .values({ bucket: limit.bucket, key: limit.key, createdAt: now })
      .returning({ id: requestThrottleEvents.id });
    written.push(row!.id);
    const rows = await db
      .select({ createdAt: requestThrottleEvents.createdAt })
      .from(requestThrottleEvents)
      .where(
        and(
          eq(requestThrottleEvents.bucket, limit.bucket),
          eq(requestThrottleEvents.key, limit.key),
          gt(requestThrottleEvents.createdAt, new Date(now.getTime() - limit.windowMs)),
        ),
      )
      .orderBy(asc(requestThrottleEvents.createdAt));
    if (rows.length > limit.max) {
      const freeing = rows[rows.length - limit.max - 1]!;
      wait = Math.max(wait, Math.ceil((freeing.createdAt.getTime() + limit.windowMs - now.getTime()) / 1000), 1);
    }
  }
  if (wait > 0) {
    for (const id of written) await db.delete(requestThrottleEvents).where(eq(requestThrottleEvents.id, id));
    throw AppError.rateLimited(wait);
  }
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Registration: per client address, and per e-mail address (answering "already registered" in a
 * few milliseconds made probing which addresses have accounts free).
 */
export function throttleRegister(db: Db, ip: string, email: string, perAddressPerHour: number): Promise<void> {
  return takeRequest(db, [
    { bucket: 'register-address', key: ip, max: perAddressPerHour, windowMs: HOUR },
    {
      bucket: 'register-email',
      key: email.trim().toLowerCase(),
      max: REGISTER_THROTTLE.perEmailPerHour,
      windowMs: HOUR,
    },
  ]);
}

/**
 * Reset-code requests: per client address, and per e-mail address at most RESET_CODE.maxPerDay a
 * day, counted whether or not the address has an account so the answer tells nothing. With five
 * tries per code that caps guessing at 50 a day per account.
 */
export function throttleResetCode(db: Db, ip: string, email: string, perAddressPerHour: number): Promise<void> {
  return takeRequest(db, [
    { bucket: 'reset-code-address', key: ip, max: perAddressPerHour, windowMs: HOUR },
    { bucket: 'reset-code-email', key: email.trim().toLowerCase(), max: RESET_CODE.maxPerDay, windowMs: DAY },
  ]);
}
