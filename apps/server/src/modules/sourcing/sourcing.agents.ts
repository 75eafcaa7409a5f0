import type { PutSourcingAgentBody, SourcingAgentCard } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { fileUrl } from '../../platform/files';
import { type DbOrUow, type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import {
  type UserRegistered,
  findAccountRole,
  mailRecipient,
  setAgentRole,
  userEmails,
} from '../accounts/accounts.service';

/**
 * Personal agents (decision 0127): an account with the `agent` role and a card users see; the
 * operator assigns each user at most one agent. A request takes the user's agent when sent.
 */

type Row = Record<string, unknown>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const list = (v: unknown): string[] => (typeof v === 'string' ? JSON.parse(v) : ((v as string[]) ?? []));

/** Agent cards by agent (user) id. */
export async function agentCards(db: Db, ids: readonly string[]): Promise<Map<string, SourcingAgentCard>> {
  const wanted = ids.filter((id) => UUID.test(id));
  if (!wanted.length) return new Map();
  const rows = rawRows(
    await db.execute(
      sql`select * from sourcing_agents where user_id in (${sql.join(
        wanted.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  const emails = await userEmails(
    db,
    rows.map((r) => String(r.user_id)),
  );
  return new Map(rows.map((r) => [String(r.user_id), toCard(r, emails.get(String(r.user_id)) ?? '')]));
}

function toCard(r: Row, email: string): SourcingAgentCard {
  return {
    id: String(r.user_id),
    name: String(r.name),
    email,
    languages: list(r.languages),
    hoursFrom: String(r.hours_from),
    hoursTo: String(r.hours_to),
    timeZone: String(r.time_zone),
    photo: r.photo ? fileUrl('sourcing', String(r.photo)) : null,
    active: r.active !== false,
  };
}

/** The agent assigned to a user, if any (the id only). */
export async function agentOf(db: Db, userId: string): Promise<string | null> {
  const [row] = rawRows(await db.execute(sql`select agent_id from sourcing_assignments where user_id = ${userId}`));
  return row ? String(row.agent_id) : null;
}

/** The card of the user's agent, or null. */
export async function agentCardOf(db: Db, userId: string): Promise<SourcingAgentCard | null> {
  const id = await agentOf(db, userId);
  return id ? ((await agentCards(db, [id])).get(id) ?? null) : null;
}

/** Every agent, for the operator's filters and assignment. */
export async function listAgents(db: Db): Promise<SourcingAgentCard[]> {
  const rows = rawRows(await db.execute(sql`select user_id from sourcing_agents order by name`));
  const cards = await agentCards(
    db,
    rows.map((r) => String(r.user_id)),
  );
  return [...cards.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The operator makes an existing store-owner account an agent, or updates the agent's card. */
export async function putAgent(db: DbOrUow, body: PutSourcingAgentBody): Promise<SourcingAgentCard> {
  return inTransaction(db, async (uow) => {
    const account = await findAccountRole(uow.tx, body.email);
    if (!account) throw AppError.invalid([{ field: 'email', messageKey: 'sourcing.account-unknown' }]);
    if (account.role === 'operator')
      throw AppError.invalid([{ field: 'email', messageKey: 'sourcing.agent-not-user' }]);
    await setAgentRole(uow.tx, account.userId, true);
    const languages = JSON.stringify(body.languages);
    await uow.tx.execute(sql`
      insert into sourcing_agents (user_id, name, languages, hours_from, hours_to, time_zone, photo, active)
      values (${account.userId}, ${body.name}, ${languages}::jsonb, ${body.hoursFrom}, ${body.hoursTo}, ${body.timeZone},
        ${body.photo ?? null}, ${body.active ?? true})
      on conflict (user_id) do update set name = excluded.name, languages = excluded.languages,
        hours_from = excluded.hours_from, hours_to = excluded.hours_to, time_zone = excluded.time_zone,
        photo = excluded.photo, active = excluded.active`);
    return (await agentCards(uow.tx, [account.userId])).get(account.userId)!;
  });
}

/** The operator gives a user an agent (or none). Open requests of the user follow the new agent. */
export async function assignAgent(db: DbOrUow, userEmail: string, agentId: string | null): Promise<void> {
  await inTransaction(db, async (uow) => {
    const user = await findAccountRole(uow.tx, userEmail);
    if (!user || user.role !== 'user')
      throw AppError.invalid([{ field: 'userEmail', messageKey: 'sourcing.account-unknown' }]);
    if (agentId === null) {
      await uow.tx.execute(sql`delete from sourcing_assignments where user_id = ${user.userId}`);
    } else {
      if (!UUID.test(agentId) || !(await agentCards(uow.tx, [agentId])).size)
        throw AppError.invalid([{ field: 'agentId', messageKey: 'sourcing.agent-unknown' }]);
      await uow.tx.execute(sql`insert into sourcing_assignments (user_id, agent_id) values (${user.userId}, ${agentId})
        on conflict (user_id) do update set agent_id = excluded.agent_id, assigned_at = now()`);
    }
    await uow.tx.execute(sql`update sourcing_requests set agent_id = ${agentId}
      where user_id = ${user.userId} and state in ('pending', 'processing')`);
  });
}

/** "zh-CN" → "zh": an agent who speaks Chinese serves a user whose screens are in zh-CN. */
const primary = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';

/**
 * Gives a user without an agent one automatically (decision 0134): among the active agents who
 * speak the user's language, the one whose last automatic assignment is the oldest (never first),
 * so users go round the agents in turn. `skip locked` lets two registrations at once take two
 * different agents; when every candidate is locked, it waits for the first. No agent speaks the
 * language → the user stays unassigned (the operator assigns by hand). Returns the agent's id.
 */
export async function assignByLanguage(uow: UnitOfWork, userId: string): Promise<string | null> {
  const existing = await agentOf(uow.tx, userId);
  if (existing) return existing;
  const user = await mailRecipient(uow.tx, userId);
  if (!user) return null;
  const lang = primary(user.locale ?? 'en-US');
  const pick = (skip: boolean) =>
    uow.tx.execute(sql`select user_id from sourcing_agents a
      where a.active and exists (select 1 from jsonb_array_elements_text(a.languages) l
        where lower(split_part(replace(l, '_', '-'), '-', 1)) = ${lang})
      order by a.last_assigned_at asc nulls first, a.created_at, a.user_id
      limit 1 for update ${skip ? sql`skip locked` : sql``}`);
  let [row] = rawRows(await pick(true));
  if (!row) [row] = rawRows(await pick(false));
  if (!row) return null;
  const agentId = String(row.user_id);
  await uow.tx.execute(sql`insert into sourcing_assignments (user_id, agent_id) values (${userId}, ${agentId})
    on conflict (user_id) do nothing`);
  await uow.tx.execute(sql`update sourcing_agents set last_assigned_at = clock_timestamp() where user_id = ${agentId}`);
  return (await agentOf(uow.tx, userId)) ?? agentId;
}

/** The accounts module's registration event: a new store owner gets an agent who speaks their language. */
export async function assignAtRegistration(uow: UnitOfWork, user: UserRegistered): Promise<void> {
  await assignByLanguage(uow, user.userId);
}
