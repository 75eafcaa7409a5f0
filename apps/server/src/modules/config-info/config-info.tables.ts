import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Named configuration values the operator edits (chat link, support e-mail, …). */
export const configValues = pgTable('config_values', {
  code: text('code').primaryKey(),
  value: text('value').notNull(),
  /** Public values are readable by anyone through GET /api/config-info/{code}. */
  isPublic: boolean('is_public').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
