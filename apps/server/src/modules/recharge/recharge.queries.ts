import {
  type AdminRechargeListQuery,
  type AdminRechargeOrder,
  type FeeRule,
  type RechargeListQuery,
  type RechargeMethodName,
  type RechargeMethodRule,
  type RechargeOrder,
  fromMinor,
  toMinor,
} from '@dsm/contract';
import { type SQL, and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { userEmails } from '../accounts/accounts.service';
import { rechargeMethodRules, rechargeOrders } from './recharge.tables';

export type RechargeRow = typeof rechargeOrders.$inferSelect;
type RuleRow = typeof rechargeMethodRules.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The user's view of an order: no provider references, no operator notes. */
export function toRechargeOrder(r: RechargeRow): RechargeOrder {
  return {
    id: r.id,
    number: r.number,
    method: r.method,
    state: r.state,
    amount: fromMinor(r.amountMinor),
    fee: fromMinor(r.feeMinor),
    total: fromMinor(r.amountMinor + r.feeMinor),
    currency: 'USD',
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.state === 'awaiting-payment' ? iso(r.expiresAt) : null,
    paidAt: iso(r.paidAt),
    completedAt: iso(r.completedAt),
    closedAt: iso(r.closedAt),
    closeReason: r.closeReason,
    note: r.note,
    slip:
      r.slipFile && r.slipUploadedAt
        ? {
            fileName: r.slipFileName ?? '',
            contentType: r.slipContentType ?? '',
            size: r.slipSize ?? 0,
            uploadedAt: r.slipUploadedAt.toISOString(),
          }
        : null,
  };
}

export function toAdminRechargeOrder(r: RechargeRow, userEmail: string): AdminRechargeOrder {
  return { ...toRechargeOrder(r), userId: r.userId, userEmail, providerReference: r.providerReference };
}

export function toRule(r: RuleRow): RechargeMethodRule {
  return {
    method: r.method,
    enabled: r.enabled,
    rule: { percent: r.percentHundredths / 100, base: fromMinor(r.baseMinor), fixed: fromMinor(r.fixedMinor) },
  };
}

export const ruleColumns = (rule: FeeRule) => ({
  percentHundredths: Math.round(rule.percent * 100),
  baseMinor: toMinor(rule.base),
  fixedMinor: toMinor(rule.fixed),
});

const ORDER = ['paypal', 'card', 'bank'];
export async function listRules(db: Db): Promise<RechargeMethodRule[]> {
  const rows = await db.select().from(rechargeMethodRules);
  return rows.map(toRule).sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
}

export async function ruleOf(db: Db, method: RechargeMethodName): Promise<RechargeMethodRule | undefined> {
  const [row] = await db.select().from(rechargeMethodRules).where(eq(rechargeMethodRules.method, method));
  return row && toRule(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A path id that is not a uuid names no order: 404, never a database error. */
function assertId(id: string) {
  if (!UUID.test(id)) throw AppError.notFound('recharge.not-found');
}

/** The caller's order, or 404 for anybody else's (the same answer as a missing one). */
export async function ownOrder(db: Db, userId: string, id: string): Promise<RechargeRow> {
  assertId(id);
  const [row] = await db
    .select()
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.id, id), eq(rechargeOrders.userId, userId)));
  if (!row) throw AppError.notFound('recharge.not-found');
  return row;
}

export async function orderById(db: Db, id: string): Promise<RechargeRow> {
  assertId(id);
  const [row] = await db.select().from(rechargeOrders).where(eq(rechargeOrders.id, id));
  if (!row) throw AppError.notFound('recharge.not-found');
  return row;
}

/** Locks the order row for the rest of the unit of work (every state change goes through it). */
export async function lockOrder(db: Db, id: string): Promise<RechargeRow> {
  assertId(id);
  const [row] = await db.select().from(rechargeOrders).where(eq(rechargeOrders.id, id)).for('update');
  if (!row) throw AppError.notFound('recharge.not-found');
  return row;
}

export async function listOwnOrders(db: Db, userId: string, q: RechargeListQuery) {
  const where = and(
    eq(rechargeOrders.userId, userId),
    q.state === 'all' ? undefined : eq(rechargeOrders.state, q.state),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(rechargeOrders)
      .where(where)
      .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.number))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(rechargeOrders).where(where),
  ]);
  return page(rows.map(toRechargeOrder), total?.n ?? 0, q);
}

export async function listAllOrders(db: Db, q: AdminRechargeListQuery) {
  const conditions: SQL[] = [];
  if (q.state !== 'all') conditions.push(eq(rechargeOrders.state, q.state));
  if (q.method !== 'all') conditions.push(eq(rechargeOrders.method, q.method));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(rechargeOrders)
      .where(where)
      .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.number))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(rechargeOrders).where(where),
  ]);
  const emails = await userEmails(
    db,
    rows.map((r) => r.userId),
  );
  return page(
    rows.map((r) => toAdminRechargeOrder(r, emails.get(r.userId) ?? '')),
    total?.n ?? 0,
    q,
  );
}

export async function adminOrder(db: Db, id: string): Promise<AdminRechargeOrder> {
  assertId(id);
  const [row] = await db.select().from(rechargeOrders).where(eq(rechargeOrders.id, id));
  if (!row) throw AppError.notFound('recharge.not-found');
  return toAdminRechargeOrder(row, (await userEmails(db, [row.userId])).get(row.userId) ?? '');
}

function page<T>(records: T[], total: number, q: { current: number; size: number }) {
  return { records, total, size: q.size, current: q.current, pages: Math.ceil(total / q.size) };
}
