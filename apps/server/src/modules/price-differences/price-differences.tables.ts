import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PRICE_DIFFERENCE_STATES } from '@dsm/contract';
import { moneyMinor } from '../../db/columns';
import { users } from '../accounts/accounts.tables';
import { orders } from '../orders/orders.tables';

/**
 * A price difference (decision 0089): the operator asks the user for more money on a paid order
 * (the supplier's price rose); the order is held (orders.price_difference_due_minor) until the
 * user pays it from the wallet or the operator cancels it. At most one is due per order. One still
 * due when its order is cancelled and refunded closes with it (`order-cancelled`, decision 0142).
 */
export const priceDifferences = pgTable(
  'price_differences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The order's owner, copied so the user's list and the ownership check need no join. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The order's number, copied (it never changes) so lists need not read the orders module. */
    orderNumber: text('order_number').notNull(),
    amountMinor: moneyMinor('amount_minor').notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: PRICE_DIFFERENCE_STATES }).notNull().default('due'),
    /** The operator who raised it. */
    raisedBy: uuid('raised_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by'),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    uniqueIndex('price_differences_one_due_key').on(t.orderId).where(sql`${t.state} = 'due'`),
    index('price_differences_user_idx').on(t.userId, t.createdAt),
    index('price_differences_state_idx').on(t.state, t.createdAt),
    check('price_differences_amount', sql`${t.amountMinor} > 0`),
    check('price_differences_paid', sql`(${t.state} = 'paid') = (${t.paidAt} is not null)`),
    check(
      'price_differences_cancelled',
      sql`(${t.state} in ('cancelled', 'order-cancelled')) = (${t.cancelledAt} is not null)`,
    ),
  ],
);
