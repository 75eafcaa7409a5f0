import { z } from 'zod';
import { PageQuerySchema, pageOf } from './common/paging';

/**
 * The personal agent's desk (issue 25, decision 0137): the users assigned to an agent, their
 * orders (read-only) and one message thread per user (user ↔ their agent and the operator).
 */

export const DeskUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  locale: z.string(),
  /** Their agent's name (the operator sees every assigned user). */
  agentName: z.string(),
  assignedAt: z.string(),
  /** Every order of theirs (catalogue, store and inventory orders). */
  orderCount: z.number().int(),
  /** Messages from the user newer than the last staff answer. */
  unanswered: z.number().int(),
});
export type DeskUser = z.infer<typeof DeskUserSchema>;
export const DeskUserPageSchema = pageOf(DeskUserSchema);

export const DeskUserParams = z.object({ userId: z.string() });
export const DeskOrderParams = z.object({ userId: z.string(), id: z.string() });

export const DESK_ORDER_SOURCES = ['all', 'catalogue', 'store', 'inventory'] as const;
export const DeskOrderListQuery = PageQuerySchema.extend({ source: z.enum(DESK_ORDER_SOURCES).default('all') });
export type DeskOrderListQuery = z.infer<typeof DeskOrderListQuery>;
export const DeskUserListQuery = PageQuerySchema;

export const AgentMessageSchema = z.object({
  id: z.string(),
  fromStaff: z.boolean(),
  authorName: z.string(),
  text: z.string(),
  /** The order the message is about, if any (shown as its number, a link to it). */
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type AgentMessage = z.infer<typeof AgentMessageSchema>;
export const AgentMessageListSchema = z.array(AgentMessageSchema);

export const PostAgentMessageBody = z.object({
  text: z.string().trim().min(1, 'sourcing.desk.message-empty').max(2000, 'sourcing.desk.message-too-long'),
  orderId: z.string().nullish(),
});
export type PostAgentMessageBody = z.input<typeof PostAgentMessageBody>;
