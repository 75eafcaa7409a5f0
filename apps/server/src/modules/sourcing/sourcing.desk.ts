import {
  type AgentMessage,
  type DeskOrderListQuery,
  type DeskUser,
  type Locale,
  type OrderDetail,
  type OrderSummary,
  type Page,
  type PageQuery,
  type PostAgentMessageBody,
  isLocale,
  toPage,
  translate,
} from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import type { Mailer } from '../../platform/mail/mailer';
import { type DbOrUow, inTransaction } from '../../platform/unit-of-work';
import { mailRecipient } from '../accounts/accounts.service';
import { getOrder, listOrdersOfUser } from '../orders/orders.service';
import type { Viewer } from './sourcing.read';

/**
 * The personal agent's desk (decision 0137): an agent reaches the users assigned to them — their
 * orders, read-only, and one message thread per user; the operator reaches every user. Anyone
 * else's user, order or thread is "not found", never "forbidden", so ids reveal nothing.
 */

type Row = Record<string, unknown>;
type Staff = Viewer & { role: 'agent' | 'operator' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (v: unknown) => new Date(v as string).toISOString();

/** Throws not found unless the staff member reaches this (store owner's) account. */
export async function assertReachesUser(db: Db, staff: Staff, userId: string): Promise<void> {
  if (!UUID.test(userId)) throw AppError.notFound('sourcing.desk.user-not-found');
  const agent = staff.role === 'agent' ? sql`and a.agent_id = ${staff.userId}` : sql``;
  const rows = rawRows(
    await db.execute(
      staff.role === 'agent'
        ? sql`select 1 from sourcing_assignments a where a.user_id = ${userId} ${agent}`
        : sql`select 1 from users u where u.id = ${userId} and u.role = 'user'`,
    ),
  );
  if (!rows.length) throw AppError.notFound('sourcing.desk.user-not-found');
}

/** The agent's users (the operator: every user who has an agent), most recently assigned first. */
export async function listDeskUsers(db: Db, staff: Staff, q: PageQuery): Promise<Page<DeskUser>> {
  const where = staff.role === 'agent' ? sql`where a.agent_id = ${staff.userId}` : sql``;
  const [count] = rawRows(await db.execute(sql`select count(*) as n from sourcing_assignments a ${where}`));
  const rows = rawRows(
    await db.execute(sql`select u.id, u.email, u.first_name, u.last_name, u.username, u.locale,
        g.name as agent_name, a.assigned_at,
        (select count(*) from orders o where o.user_id = u.id) as order_count,
        (select count(*) from agent_messages m where m.user_id = u.id and not m.from_staff
          and m.created_at > coalesce((select max(s.created_at) from agent_messages s
            where s.user_id = u.id and s.from_staff), '-infinity')) as unanswered
      from sourcing_assignments a join users u on u.id = a.user_id join sourcing_agents g on g.user_id = a.agent_id
      ${where} order by a.assigned_at desc, u.email limit ${q.size} offset ${(q.current - 1) * q.size}`),
  );
  return toPage(
    rows.map((r) => ({
      id: String(r.id),
      email: String(r.email),
      name: [r.first_name, r.last_name].filter(Boolean).join(' ') || String(r.username),
      locale: String(r.locale ?? ''),
      agentName: String(r.agent_name),
      assignedAt: iso(r.assigned_at),
      orderCount: Number(r.order_count),
      unanswered: Number(r.unanswered),
    })),
    Number(count!.n),
    q,
  );
}

/** One reachable user's orders, every source. */
export async function listDeskOrders(
  db: Db,
  staff: Staff,
  userId: string,
  q: DeskOrderListQuery,
  locale: Locale,
): Promise<Page<OrderSummary>> {
  await assertReachesUser(db, staff, userId);
  return listOrdersOfUser(db, userId, q, locale);
}

/**
 * One order of a reachable user, read-only: the operator's view without its actions (the
 * operator works orders from the orders console; money-moving steps stay theirs).
 */
export async function getDeskOrder(
  db: Db,
  staff: Staff,
  userId: string,
  id: string,
  locale: Locale,
): Promise<OrderDetail> {
  await assertReachesUser(db, staff, userId);
  const order = await getOrder(db, id, { userId, actor: 'operator', locale });
  return { ...order, actions: [] };
}

const toMessage = (r: Row): AgentMessage => ({
  id: String(r.id),
  fromStaff: Boolean(r.from_staff),
  authorName: String(r.author_name ?? ''),
  text: String(r.text),
  orderId: (r.order_id as string | null) ?? null,
  orderNumber: (r.order_number as string | null) ?? null,
  createdAt: iso(r.created_at),
});

/** Staff speak as their agent card's name; the user by their own. */
const MESSAGE_SELECT = sql`select m.*, o.number as order_number,
    coalesce(g.name, nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) as author_name
  from agent_messages m join users u on u.id = m.author_id
  left join sourcing_agents g on g.user_id = m.author_id
  left join orders o on o.id = m.order_id`;

/** The thread of one user, oldest first. */
export async function listAgentMessages(db: Db, userId: string): Promise<AgentMessage[]> {
  const rows = rawRows(
    await db.execute(sql`${MESSAGE_SELECT} where m.user_id = ${userId} order by m.created_at, m.id`),
  );
  return rows.map(toMessage);
}

export interface Writing {
  mailer: Mailer;
  /** The site's address, for the link in the e-mail. */
  origin: string;
}

/**
 * A message in a user's thread. `author` is the user themself or staff who reach them. A named
 * order must be that user's (another's → not found). Staff messages record an e-mail to the user
 * in their language in the same unit of work; the mail job sends it after commit.
 */
export async function postAgentMessage(
  db: DbOrUow,
  author: Viewer,
  userId: string,
  body: PostAgentMessageBody,
  { mailer, origin }: Writing,
): Promise<AgentMessage> {
  return inTransaction(db, async (uow) => {
    const fromStaff = author.role !== 'user';
    if (fromStaff) await assertReachesUser(uow.tx, author as Staff, userId);
    // An empty order id, as a form with no order picked sends it, names no order.
    const orderId = body.orderId || null;
    if (orderId) await getOrder(uow.tx, orderId, { userId, actor: 'operator' });
    const text = body.text.trim();
    const [inserted] = rawRows(
      await uow.tx.execute(sql`insert into agent_messages (user_id, author_id, from_staff, text, order_id)
        values (${userId}, ${author.userId}, ${fromStaff}, ${text}, ${orderId}) returning id`),
    );
    const [row] = rawRows(await uow.tx.execute(sql`${MESSAGE_SELECT} where m.id = ${String(inserted!.id)}`));
    const message = toMessage(row!);
    if (fromStaff) {
      const user = await mailRecipient(uow.tx, userId);
      if (user) {
        const locale: Locale = isLocale(user.locale) ? user.locale : 'en-US';
        const params = { name: user.name, from: message.authorName, text, link: `${origin}/user/profile` };
        await mailer.record(uow, {
          to: user.email,
          subject: translate(locale, 'sourcing.mail.agent-message.subject', params),
          text: translate(locale, 'sourcing.mail.agent-message.text', params),
          locale,
        });
      }
    }
    return message;
  });
}
