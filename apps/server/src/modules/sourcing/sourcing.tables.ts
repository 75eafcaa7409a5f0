import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PURCHASE_TYPES, SOURCING_FAILURE_REASONS, SOURCING_STATES } from '@dsm/contract';
import { moneyMinor } from '../../db/columns';
import { users } from '../accounts/accounts.tables';

/**
 * The agents' cards (decision 0127): an account with the `agent` role and what users see of it.
 * Hours are "HH:MM" in the agent's own IANA time zone.
 */
export const sourcingAgents = pgTable('sourcing_agents', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  languages: jsonb('languages').$type<string[]>().notNull(),
  hoursFrom: text('hours_from').notNull(),
  hoursTo: text('hours_to').notNull(),
  timeZone: text('time_zone').notNull(),
  /** A picture in the `sourcing` file area (decision 0134); null shows the initial. */
  photo: text('photo'),
  /** Only active agents are given users automatically (decision 0134). */
  active: boolean('active').notNull().default(true),
  /** When the round robin last gave this agent a user: the longest-waiting agent is next. */
  lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which agent looks after which user (at most one per user), set by the operator. */
export const sourcingAssignments = pgTable(
  'sourcing_assignments',
  {
    /** The store owner. */
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => sourcingAgents.userId, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sourcing_assignments_agent_idx').on(t.agentId)],
);

/**
 * A sourcing request: `pending → processing → succeeded | failed` (an open one may also be
 * answered straight from pending). At most one open request per user and URL (the partial
 * unique index), so a double submit finds the open one.
 */
export const sourcingRequests = pgTable(
  'sourcing_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The sourcing ID people quote (shown as S000042). */
    number: bigserial('number', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    url: text('url').notNull(),
    /** The URL as compared for "one open request per URL" (contract `sourcingUrlKey`). */
    urlKey: text('url_key').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** File names in the `sourcing` area. */
    images: jsonb('images').$type<string[]>().notNull(),
    targetPriceMinor: moneyMinor('target_price_minor'),
    quantity: integer('quantity').notNull(),
    purchaseType: text('purchase_type', { enum: PURCHASE_TYPES }).notNull(),
    haveOrders: boolean('have_orders').notNull(),
    acceptSimilar: boolean('accept_similar').notNull(),
    state: text('state', { enum: SOURCING_STATES }).notNull().default('pending'),
    /** The user's agent when the request was sent: it goes to them first. */
    agentId: uuid('agent_id').references(() => sourcingAgents.userId, { onDelete: 'set null' }),
    /** The staff member who took it. */
    handlerId: uuid('handler_id').references(() => users.id, { onDelete: 'set null' }),
    failureReason: text('failure_reason', { enum: SOURCING_FAILURE_REASONS }),
    failureNote: text('failure_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The promised answer time: N working days after sending (configurable). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sourcing_requests_number_key').on(t.number),
    uniqueIndex('sourcing_requests_open_url_key')
      .on(t.userId, t.urlKey)
      .where(sql`${t.state} in ('pending', 'processing')`),
    index('sourcing_requests_user_idx').on(t.userId, t.createdAt),
    index('sourcing_requests_queue_idx').on(t.state, t.createdAt),
    check('sourcing_requests_quantity_positive', sql`${t.quantity} > 0`),
    check('sourcing_requests_failed_reason', sql`(${t.state} = 'failed') = (${t.failureReason} is not null)`),
  ],
);

/** The catalogue products a succeeded request was answered with, in the order given. */
export const sourcingProducts = pgTable(
  'sourcing_products',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => sourcingRequests.id, { onDelete: 'cascade' }),
    /** A catalogue product id (no foreign key: the catalogue owns products; a gone one is left out). */
    productId: integer('product_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.productId] })],
);

/** The thread of a request: the user and staff, text and pictures. */
export const sourcingMessages = pgTable(
  'sourcing_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => sourcingRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fromStaff: boolean('from_staff').notNull(),
    text: text('text').notNull(),
    images: jsonb('images').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sourcing_messages_request_idx').on(t.requestId, t.createdAt)],
);

/**
 * A user's thread with their agent (decision 0137): one per user, outside any sourcing request;
 * staff (the user's agent or the operator) and the user write; a message may name one of the
 * user's orders (no foreign key: the orders module owns orders; it is checked on writing).
 */
export const agentMessages = pgTable(
  'agent_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fromStaff: boolean('from_staff').notNull(),
    text: text('text').notNull(),
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agent_messages_user_idx').on(t.userId, t.createdAt)],
);
