import {
  type AdminSourcing,
  type AdminSourcingListQuery,
  type Locale,
  type Page,
  type SourcedProduct,
  type Sourcing,
  type SourcingAgentCard,
  type SourcingListQuery,
  type SourcingMessage,
  fromMinor,
  minimumOrderQuantity,
  sourcingDomain,
  tierUnitPriceMinor,
  toMinor,
  toPage,
} from '@dsm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { fileUrl } from '../../platform/files';
import { mailRecipient, userEmails } from '../accounts/accounts.service';
import { getPriceTiers, listProductsByIds, skuIdsOfProduct } from '../catalogue/catalogue.service';
import { agentCards } from './sourcing.agents';

/**
 * Reading sourcing requests, always through a viewer: a user sees their own, an agent the
 * requests of the users assigned to them, the operator all. Anything outside → not found.
 */
export type Viewer = { role: 'user' | 'agent' | 'operator'; userId: string };

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const list = (v: unknown): string[] => (typeof v === 'string' ? JSON.parse(v) : ((v as string[]) ?? []));
export const sourcingNumber = (n: number) => `S${String(n).padStart(6, '0')}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is not one of ours is "not found" (never a 500 from a uuid cast). */
export function assertSourcingId(id: string): void {
  if (!UUID.test(id)) throw AppError.notFound('sourcing.not-found');
}

/** The rows of `r` (sourcing_requests) the viewer may reach. */
export function reach(viewer: Viewer): SQL {
  if (viewer.role === 'operator') return sql`true`;
  if (viewer.role === 'agent')
    return sql`r.user_id in (select a.user_id from sourcing_assignments a where a.agent_id = ${viewer.userId})`;
  return sql`r.user_id = ${viewer.userId}`;
}

export const imageUrls = (names: readonly string[]) => names.map((n) => fileUrl('sourcing', n));

/** The linked products as the user sees them: price, MOQ and tiers (taken-down ones left out). */
async function sourcedProducts(db: Db, ids: number[], locale: Locale): Promise<SourcedProduct[]> {
  if (!ids.length) return [];
  const [items, tiers] = await Promise.all([listProductsByIds(db, ids, locale), getPriceTiers(db, ids)]);
  const firstSku = new Map<number, number | null>();
  for (const p of items) firstSku.set(p.prodId, (await skuIdsOfProduct(db, p.prodId))[0] ?? null);
  return items.map((p) => {
    const own = tiers.get(p.prodId) ?? [];
    return {
      prodId: p.prodId,
      skuId: firstSku.get(p.prodId) ?? null,
      prodName: p.prodName,
      pic: p.pic,
      price: p.price,
      moq: minimumOrderQuantity(own) ?? 1,
      tiers: own.map((t) => ({
        minQuantity: t.minQuantity,
        unitPrice: fromMinor(tierUnitPriceMinor(toMinor(p.price), t)),
      })),
    };
  });
}

async function toSourcings(db: Db, rows: Row[], locale: Locale, withProducts: boolean): Promise<Sourcing[]> {
  const ids = rows.map((r) => String(r.id));
  const links = ids.length
    ? rawRows(
        await db.execute(sql`select request_id, product_id from sourcing_products
          where request_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) order by position`),
      )
    : [];
  const cards = await agentCards(db, [...new Set(rows.flatMap((r) => (r.agent_id ? [String(r.agent_id)] : [])))]);
  const now = Date.now();
  return Promise.all(
    rows.map(async (r) => {
      const productIds = links.filter((l) => l.request_id === r.id).map((l) => Number(l.product_id));
      const open = r.state === 'pending' || r.state === 'processing';
      const dueAt = iso(r.due_at)!;
      return {
        id: String(r.id),
        number: sourcingNumber(Number(r.number)),
        url: String(r.url),
        domain: sourcingDomain(String(r.url)),
        title: String(r.title),
        description: String(r.description),
        images: imageUrls(list(r.images)),
        targetPrice: r.target_price_minor === null ? null : fromMinor(Number(r.target_price_minor)),
        quantity: Number(r.quantity),
        purchaseType: r.purchase_type as Sourcing['purchaseType'],
        haveOrders: Boolean(r.have_orders),
        acceptSimilar: Boolean(r.accept_similar),
        state: r.state as Sourcing['state'],
        failureReason: (r.failure_reason as Sourcing['failureReason']) ?? null,
        failureNote: (r.failure_note as string | null) ?? null,
        products: withProducts ? await sourcedProducts(db, productIds, locale) : [],
        agent: (r.agent_id ? cards.get(String(r.agent_id)) : null) ?? null,
        createdAt: iso(r.created_at)!,
        takenAt: iso(r.taken_at),
        decidedAt: iso(r.decided_at),
        dueAt,
        late: open && Date.parse(dueAt) < now,
      };
    }),
  );
}

async function toAdmin(db: Db, rows: Row[], locale: Locale, withProducts: boolean): Promise<AdminSourcing[]> {
  const base = await toSourcings(db, rows, locale, withProducts);
  const people = await userEmails(
    db,
    rows.flatMap((r) => [String(r.user_id), ...(r.handler_id ? [String(r.handler_id)] : [])]),
  );
  return base.map((s, i) => ({
    ...s,
    userId: String(rows[i]!.user_id),
    userEmail: people.get(String(rows[i]!.user_id)) ?? '',
    handlerName: rows[i]!.handler_id ? (people.get(String(rows[i]!.handler_id)) ?? null) : null,
  }));
}

/** One request row the viewer may reach, or not found. */
export async function requestRow(db: Db, viewer: Viewer, id: string, forUpdate = false): Promise<Row> {
  assertSourcingId(id);
  const [row] = rawRows(
    await db.execute(
      sql`select r.* from sourcing_requests r where r.id = ${id} and ${reach(viewer)} ${forUpdate ? sql`for update` : sql``}`,
    ),
  );
  if (!row) throw AppError.notFound('sourcing.not-found');
  return row;
}

export async function getSourcing(db: Db, viewer: Viewer, id: string, locale: Locale): Promise<Sourcing> {
  return (await toSourcings(db, [await requestRow(db, viewer, id)], locale, true))[0]!;
}

export async function getAdminSourcing(db: Db, viewer: Viewer, id: string, locale: Locale): Promise<AdminSourcing> {
  return (await toAdmin(db, [await requestRow(db, viewer, id)], locale, true))[0]!;
}

const TAB: Record<SourcingListQuery['tab'], SQL> = {
  processing: sql`r.state in ('pending', 'processing')`,
  succeeded: sql`r.state = 'succeeded'`,
  failed: sql`r.state = 'failed'`,
};

/** The user's requests in one tab, newest first. */
export async function listOwn(db: Db, userId: string, q: SourcingListQuery, locale: Locale): Promise<Page<Sourcing>> {
  const where = sql`where r.user_id = ${userId} and ${TAB[q.tab]}`;
  const [count] = rawRows(await db.execute(sql`select count(*) as n from sourcing_requests r ${where}`));
  const rows = rawRows(
    await db.execute(sql`select r.* from sourcing_requests r ${where} order by r.created_at desc, r.number desc
      limit ${q.size} offset ${(q.current - 1) * q.size}`),
  );
  return toPage(await toSourcings(db, rows, locale, false), Number(count!.n), q);
}

/** The counts on the user's tabs. */
export async function countOwn(db: Db, userId: string) {
  const [row] = rawRows(
    await db.execute(sql`select
      count(*) filter (where state in ('pending', 'processing')) as processing,
      count(*) filter (where state = 'succeeded') as succeeded,
      count(*) filter (where state = 'failed') as failed
      from sourcing_requests where user_id = ${userId}`),
  );
  return { processing: Number(row!.processing), succeeded: Number(row!.succeeded), failed: Number(row!.failed) };
}

/** The staff queue: open ones oldest first (by age), closed ones newest first; filtered as asked. */
export async function listQueue(
  db: Db,
  viewer: Viewer,
  q: AdminSourcingListQuery,
  locale: Locale,
): Promise<Page<AdminSourcing>> {
  const parts: SQL[] = [reach(viewer)];
  if (q.state === 'open') parts.push(sql`r.state in ('pending', 'processing')`);
  else if (q.state !== 'all') parts.push(sql`r.state = ${q.state}`);
  if (q.purchaseType) parts.push(sql`r.purchase_type = ${q.purchaseType}`);
  if (q.agent === 'none') parts.push(sql`r.agent_id is null`);
  else if (q.agent && UUID.test(q.agent)) parts.push(sql`r.agent_id = ${q.agent}`);
  else if (q.agent) parts.push(sql`false`);
  if (q.late === true) parts.push(sql`r.state in ('pending', 'processing') and r.due_at < now()`);
  if (q.late === false) parts.push(sql`not (r.state in ('pending', 'processing') and r.due_at < now())`);
  const where = sql`where ${sql.join(parts, sql` and `)}`;
  const open = q.state === 'open' || q.state === 'pending' || q.state === 'processing';
  const order = open ? sql`r.created_at asc, r.number asc` : sql`r.created_at desc, r.number desc`;
  const [count] = rawRows(await db.execute(sql`select count(*) as n from sourcing_requests r ${where}`));
  const rows = rawRows(
    await db.execute(sql`select r.* from sourcing_requests r ${where} order by ${order}
      limit ${q.size} offset ${(q.current - 1) * q.size}`),
  );
  return toPage(await toAdmin(db, rows, locale, false), Number(count!.n), q);
}

/** The thread of a request the viewer may reach, oldest first. */
export async function listMessages(db: Db, viewer: Viewer, id: string): Promise<SourcingMessage[]> {
  await requestRow(db, viewer, id);
  const rows = rawRows(
    await db.execute(sql`select m.*, ag.name as agent_name from sourcing_messages m
      left join sourcing_agents ag on ag.user_id = m.author_id
      where m.request_id = ${id} order by m.created_at, m.id`),
  );
  // Names of the people in the thread (a handful), asked of the accounts module.
  const names = new Map<string, string>();
  for (const author of new Set(rows.map((r) => String(r.author_id))))
    names.set(author, (await mailRecipient(db, author))?.name ?? '');
  return rows.map((r) => toMessage(r, names.get(String(r.author_id)) ?? ''));
}

export function toMessage(r: Row, accountName: string): SourcingMessage {
  return {
    id: String(r.id),
    fromStaff: Boolean(r.from_staff),
    // Staff speak as their agent card's name when they have one.
    authorName: String(r.agent_name || accountName),
    text: String(r.text),
    images: imageUrls(list(r.images)),
    createdAt: iso(r.created_at)!,
  };
}

export type { SourcingAgentCard };
