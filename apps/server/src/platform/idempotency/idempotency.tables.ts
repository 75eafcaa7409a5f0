import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Answers of idempotent writes (decision 0062): one row per caller, route and Idempotency-Key,
 * written in the same transaction as the write's effect, kept at least 24 h.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>` for a signed-in caller, `anon` otherwise (the key is a random UUID then). */
    scope: text('scope').notNull(),
    /** Method and route pattern, e.g. `POST /api/p/address/addAddr`. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body (canonical JSON) and path parameters. */
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.route, t.key] })],
);
