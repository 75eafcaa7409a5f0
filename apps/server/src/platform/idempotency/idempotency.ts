import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../app-error';
import { type UnitOfWork, inTransaction } from '../unit-of-work';
import { idempotencyKeys } from './idempotency.tables';
import { seal, unseal } from './seal';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

interface IdempotentOptions<T> {
  /** Re-does what the answer does outside its body on a replay (e.g. sets the session cookie). */
  onReplay?(reply: FastifyReply, body: T): void;
  /** The answer carries a secret (a session token): stored encrypted with this server key. */
  sealWith?: string;
}

/** A key may be any visible ASCII text of 1–200 characters (the web client sends a UUID). */
const KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;

/** Canonical JSON: object keys sorted, so the same body hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

class KeyTaken extends Error {}

/**
 * Runs a record-creating or money-moving route's use case so that a repeat with the same
 * `Idempotency-Key` does nothing and answers what the first did (decision 0062). The key row is
 * inserted first in the use case's own unit of work and completed with the answer before commit,
 * so the effect and its answer commit together; a concurrent request with the key waits on that
 * row and then replays the answer. Without the header the use case simply runs in one unit of work.
 */
export async function idempotent<T>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  work: (uow: UnitOfWork) => Promise<T>,
  options: IdempotentOptions<T> = {},
): Promise<T> {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return inTransaction(db, work);
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_FORMAT.test(key)) {
    throw AppError.invalid([{ field: 'Idempotency-Key', messageKey: 'errors.idempotency-key-invalid' }]);
  }
  const session = await req.getSession();
  const id = {
    scope: session ? `user:${session.userId}` : 'anon',
    route: `${req.method} ${req.routeOptions.url ?? req.url}`,
    key,
  };
  const requestHash = createHash('sha256')
    .update(canonical({ params: req.params ?? {}, body: req.body ?? null }))
    .digest('hex');

  const replay = (stored: { requestHash: string; status: number; body: unknown }): T => {
    if (stored.requestHash !== requestHash)
      throw AppError.conflict('idempotency-key-reused', 'errors.idempotency-key-reused');
    const body = (
      options.sealWith ? unseal(options.sealWith, (stored.body as { sealed: string }).sealed) : stored.body
    ) as T;
    reply.code(stored.status).header('idempotent-replayed', 'true');
    options.onReplay?.(reply, body);
    return body;
  };
  // No look-up before the claim (decision 0094): a stored key makes the claim below insert
  // nothing, and the answer is read then. A first request — nearly all of them — saves a round trip.
  try {
    return await inTransaction(db, async (uow) => {
      // Inserted first: a concurrent request with the same key blocks here until this commits.
      const claimed = await uow.tx.execute(sql`
        insert into idempotency_keys (scope, route, key, request_hash, status, body)
        values (${id.scope}, ${id.route}, ${id.key}, ${requestHash}, 0, 'null'::jsonb)
        on conflict do nothing returning key`);
      if (!(claimed as unknown as { rows: unknown[] }).rows.length) throw new KeyTaken();
      const result = await work(uow);
      // Plain SQL: every money-moving request runs it (decision 0102, db/rows.ts).
      const body = JSON.stringify(options.sealWith ? { sealed: seal(options.sealWith, result) } : (result ?? null));
      await uow.tx.execute(sql`
        update idempotency_keys set status = ${reply.statusCode}, body = ${body}::jsonb
        where scope = ${id.scope} and route = ${id.route} and key = ${id.key}`);
      return result;
    });
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err;
    const first = await findStored(db, id);
    if (first) return replay(first);
    throw AppError.conflict('idempotency-in-progress', 'errors.idempotency-in-progress');
  }
}

function keyIs(id: { scope: string; route: string; key: string }) {
  return and(eq(idempotencyKeys.scope, id.scope), eq(idempotencyKeys.route, id.route), eq(idempotencyKeys.key, id.key));
}

async function findStored(db: Db, id: { scope: string; route: string; key: string }) {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.status, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(keyIs(id))
    .limit(1);
  return row && row.status > 0 ? row : undefined;
}
