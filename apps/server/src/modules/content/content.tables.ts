import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Home carousel banners. Shown while active and inside the optional period [starts_at, ends_at). */
export const banners = pgTable(
  'banners',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    imgUrl: text('img_url').notNull(),
    link: text('link').notNull().default(''),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banners_active_position_idx').on(t.active, t.position)],
);

export const bannerTranslations = pgTable(
  'banner_translations',
  {
    bannerId: integer('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    alt: text('alt').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.bannerId, t.locale] })],
);

/** Announcements. A `published_at` in the future schedules one; pinned ones lead the list. */
export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_order_idx').on(t.pinned, t.publishedAt)],
);

/** `body` is sanitized HTML. */
export const noticeTranslations = pgTable(
  'notice_translations',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.locale] })],
);

/**
 * Static pages (terms, privacy, FAQ, …) per slug and language; `body` is sanitized HTML, edited
 * by the operator. Seeded once per slug and language: an edit is never overwritten by a restart.
 */
export const pageTranslations = pgTable(
  'page_translations',
  {
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.locale] })],
);

/**
 * Which seed steps already ran. Demo banners and notices have no natural key, and the operator
 * may delete them; this mark keeps a restart from bringing them back.
 */
export const contentSeedRuns = pgTable('content_seed_runs', {
  step: text('step').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
