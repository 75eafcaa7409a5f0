import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WITHDRAWAL_METHODS, WITHDRAWAL_STATES } from '@dsm/contract';
import { moneyMinor } from '../../db/columns';
import { users } from '../accounts/accounts.tables';

/**
 * A user's request to be paid out of the wallet (decision 0076). The amount is held by a wallet
 * lock (cash only) while pending; approving pays the lock out, rejecting or cancelling releases
 * it. Every state change locks this row `FOR UPDATE` first, so only one decision wins.
 */
export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number people quote (shown as W000042). */
    number: bigserial('number', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    method: text('method', { enum: WITHDRAWAL_METHODS }).notNull(),
    amountMinor: moneyMinor('amount_minor').notNull(),
    /** The destination fields as the contract schema validated them (no method, no amount). */
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    state: text('state', { enum: WITHDRAWAL_STATES }).notNull().default('pending'),
    /** The wallet lock holding the amount (wallet module). */
    lockId: uuid('lock_id').notNull(),
    payoutReference: text('payout_reference'),
    rejectReason: text('reject_reason'),
    /** The operator who approved or rejected (null while pending or when the user cancelled). */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawal_requests_number_key').on(t.number),
    index('withdrawal_requests_user_idx').on(t.userId, t.createdAt),
    index('withdrawal_requests_state_idx').on(t.state, t.createdAt),
    check('withdrawal_requests_amount_positive', sql`${t.amountMinor} > 0`),
    check(
      'withdrawal_requests_decision',
      sql`(${t.state} <> 'approved' or ${t.payoutReference} is not null) and (${t.state} <> 'rejected' or ${t.rejectReason} is not null)`,
    ),
  ],
);
