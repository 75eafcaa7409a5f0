import { customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL `bytea` as a Node Buffer (drizzle's pg-core has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers a Uint8Array, node-postgres a Buffer: give callers a Buffer either way.
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Stored files when FILE_STORE=database (the default with DATABASE_URL): every API node reads
 * and writes the same rows, so no node keeps files of its own. Names are content hashes, so a
 * row never changes once written (see docs/decisions/0064-files.md).
 */
export const files = pgTable(
  'files',
  {
    area: text('area').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.area, t.name] })],
);
