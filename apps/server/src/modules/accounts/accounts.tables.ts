import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Store owners and operators. `status` '1' is an active account (SPEC §2 user menu rule). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    country: text('country').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'operator', 'agent'] })
      .notNull()
      .default('user'),
    status: text('status', { enum: ['1', '0'] })
      .notNull()
      .default('1'),
    userType: text('user_type', { enum: ['dropshipping', 'bulk'] })
      .notNull()
      .default('dropshipping'),
    platform: text('platform').notNull().default('other'),
    channel: text('channel').notNull().default('other'),
    taxId: text('tax_id').notNull().default(''),
    address: text('address').notNull().default(''),
    locale: text('locale').notNull().default('en-US'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
  ],
);

/** Log-in sessions. Only a SHA-256 hash of the token is stored; the token itself never is. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Billing and consignee addresses of a user. Exactly one default per user and kind: the partial
 * unique index makes two defaults impossible; the address service keeps one present.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['billing', 'consignee'] }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    country: text('country').notNull(),
    company: text('company').notNull(),
    companyId: text('company_id').notNull(),
    vatNumber: text('vat_number').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    street: text('street').notNull(),
    houseNo: text('house_no').notNull(),
    address: text('address').notNull(),
    phoneNumber: text('phone_number').notNull(),
    email: text('email').notNull(),
    postCode: text('post_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_kind_idx').on(t.userId, t.kind),
    uniqueIndex('addresses_one_default_key').on(t.userId, t.kind).where(sql`is_default`),
  ],
);

/**
 * Log-in attempts that failed (or are being checked) within the throttling window, per e-mail
 * and client address. In the database so every API node sees the same counts.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased as typed; need not belong to an account. */
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
    index('login_attempts_created_idx').on(t.createdAt),
  ],
);

/** The one live password-reset code of a user (a new request replaces it); only an HMAC is stored. */
export const passwordResetCodes = pgTable('password_reset_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Wrong codes entered; at the limit the code is void. */
  attempts: integer('attempts').notNull().default(0),
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** When the code was requested: one new code per minute and address. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * Register and reset-code requests within their throttling windows, per bucket (what was asked)
 * and key (a client address, or a lower-cased e-mail address whether or not it has an account).
 * In the database so every API node sees the same counts (decision 0065).
 */
export const requestThrottleEvents = pgTable(
  'request_throttle_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('request_throttle_events_key_idx').on(t.bucket, t.key, t.createdAt),
    index('request_throttle_events_created_idx').on(t.createdAt),
  ],
);
