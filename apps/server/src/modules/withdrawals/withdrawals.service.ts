import {
  type AdminWithdrawal,
  type AdminWithdrawalListQuery,
  type Page,
  type Withdrawal,
  type WithdrawalListQuery,
  type WithdrawalRequest,
  fromMinor,
  isLocale,
  toPage,
  translate,
  withdrawalAmountMinor,
} from '@dsm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import type { Mailer } from '../../platform/mail/mailer';
import { type DbOrUow, type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import { mailRecipient, userEmails } from '../accounts/accounts.service';
import { lockCashForWithdrawal, payOutWithdrawal, release } from '../wallet/wallet.service';

/**
 * Withdrawal requests (decision 0076). A request locks its amount in cash at once; the operator
 * approves it (the lock is paid out to `payouts`) or rejects it (released), or the user cancels
 * it while pending (released). Each change is one unit of work: the request row locked
 * `FOR UPDATE`, its state checked (a second decision → 409 withdrawal-closed), the ledger posted.
 */

type Row = Record<string, unknown>;
const REFERENCE = 'withdrawal';
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export const withdrawalNumber = (n: number) => `W${String(n).padStart(6, '0')}`;

function toWithdrawal(r: Row): Withdrawal {
  const details = (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, string>;
  return {
    id: String(r.id),
    number: withdrawalNumber(Number(r.number)),
    method: r.method as Withdrawal['method'],
    amount: fromMinor(Number(r.amount_minor)),
    destination: details,
    state: r.state as Withdrawal['state'],
    payoutReference: (r.payout_reference as string | null) ?? null,
    rejectReason: (r.reject_reason as string | null) ?? null,
    createdAt: iso(r.created_at)!,
    closedAt: iso(r.closed_at),
  };
}

/** Operator rows with the e-mails of the user and the deciding operator (asked of the accounts module). */
async function toAdminWithdrawals(db: Db, rows: Row[]): Promise<AdminWithdrawal[]> {
  const emails = await userEmails(
    db,
    rows.flatMap((r) => [String(r.user_id), ...(r.decided_by ? [String(r.decided_by)] : [])]),
  );
  return rows.map((r) => ({
    ...toWithdrawal(r),
    userId: String(r.user_id),
    userEmail: emails.get(String(r.user_id)) ?? '',
    decidedByEmail: r.decided_by ? (emails.get(String(r.decided_by)) ?? null) : null,
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id that is not one of ours is simply "not found" (never a 500 from a uuid cast). */
function assertId(id: string) {
  if (!UUID.test(id)) throw AppError.notFound('withdrawal.not-found');
}

/** Creates the request and locks its amount in cash; refused when the cash is short. */
export async function createWithdrawal(db: DbOrUow, userId: string, body: WithdrawalRequest): Promise<Withdrawal> {
  const { method, amount: _amount, ...details } = body;
  const amountMinor = withdrawalAmountMinor(body);
  const id = crypto.randomUUID();
  return inTransaction(db, async (uow) => {
    const lockId = await lockCashForWithdrawal(uow, userId, amountMinor, { type: REFERENCE, id });
    const [row] = rawRows(
      await uow.tx.execute(sql`
      insert into withdrawal_requests (id, user_id, method, amount_minor, details, lock_id)
      values (${id}, ${userId}, ${method}, ${amountMinor}, ${JSON.stringify(details)}::jsonb, ${lockId})
      returning *`),
    );
    return toWithdrawal(row!);
  });
}

/** The request row locked for a decision; `userId` limits it to its owner (else not found). */
async function lockPending(uow: UnitOfWork, id: string, userId?: string): Promise<Row> {
  assertId(id);
  const owner = userId === undefined ? sql`` : sql`and user_id = ${userId}`;
  const [row] = rawRows(
    await uow.tx.execute(sql`select * from withdrawal_requests where id = ${id} ${owner} for update`),
  );
  if (!row) throw AppError.notFound('withdrawal.not-found');
  if (row.state !== 'pending')
    throw AppError.conflict('withdrawal-closed', 'withdrawal.closed', {}, { state: row.state });
  return row;
}

/** The user takes a pending request back: the amount returns to their available cash. */
export async function cancelWithdrawal(db: DbOrUow, userId: string, id: string): Promise<Withdrawal> {
  return inTransaction(db, async (uow) => {
    const row = await lockPending(uow, id, userId);
    await release(uow, String(row.lock_id));
    const [updated] = rawRows(
      await uow.tx.execute(sql`
      update withdrawal_requests set state = 'cancelled', closed_at = now() where id = ${id} returning *`),
    );
    return toWithdrawal(updated!);
  });
}

interface Decision {
  mailer?: Mailer;
}

/** Operator: the money was sent; the lock is paid out and the reference kept for the user. */
export async function approveWithdrawal(
  db: DbOrUow,
  operatorId: string,
  id: string,
  payoutReference: string,
  { mailer }: Decision = {},
): Promise<AdminWithdrawal> {
  return inTransaction(db, async (uow) => {
    const row = await lockPending(uow, id);
    await payOutWithdrawal(uow, String(row.lock_id), withdrawalNumber(Number(row.number)));
    await uow.tx.execute(sql`
      update withdrawal_requests set state = 'approved', payout_reference = ${payoutReference}, decided_by = ${operatorId}, closed_at = now()
      where id = ${id}`);
    const decided = await adminRow(uow.tx, id);
    if (mailer) await tellUser(uow, mailer, decided, 'approved', { reference: payoutReference });
    return decided;
  });
}

/** Operator: refused with a reason the user sees; the amount returns to their available cash. */
export async function rejectWithdrawal(
  db: DbOrUow,
  operatorId: string,
  id: string,
  reason: string,
  { mailer }: Decision = {},
): Promise<AdminWithdrawal> {
  return inTransaction(db, async (uow) => {
    const row = await lockPending(uow, id);
    await release(uow, String(row.lock_id));
    await uow.tx.execute(sql`
      update withdrawal_requests set state = 'rejected', reject_reason = ${reason}, decided_by = ${operatorId}, closed_at = now()
      where id = ${id}`);
    const decided = await adminRow(uow.tx, id);
    if (mailer) await tellUser(uow, mailer, decided, 'rejected', { reason });
    return decided;
  });
}

/** The e-mail is recorded in the same unit of work; a mail job delivers it after commit. */
async function tellUser(
  uow: UnitOfWork,
  mailer: Mailer,
  w: AdminWithdrawal,
  outcome: 'approved' | 'rejected',
  params: Record<string, string>,
) {
  const user = await mailRecipient(uow.tx, w.userId);
  const locale = isLocale(user?.locale) ? user.locale : 'en-US';
  const all = { number: w.number, amount: w.amount.toFixed(2), name: user?.name ?? '', ...params };
  await mailer.record(uow, {
    to: w.userEmail,
    subject: translate(locale, `withdrawal.mail.${outcome}.subject`, all),
    text: translate(locale, `withdrawal.mail.${outcome}.text`, all),
    locale,
  });
}

const ADMIN_SELECT = sql`select w.* from withdrawal_requests w`;

async function adminRow(db: Db, id: string): Promise<AdminWithdrawal> {
  const [row] = rawRows(await db.execute(sql`${ADMIN_SELECT} where w.id = ${id}`));
  if (!row) throw AppError.notFound('withdrawal.not-found');
  return (await toAdminWithdrawals(db, [row]))[0]!;
}

/** The caller's own request; another user's id is "not found". */
export async function getWithdrawal(db: Db, userId: string, id: string): Promise<Withdrawal> {
  assertId(id);
  const [row] = rawRows(
    await db.execute(sql`select * from withdrawal_requests where id = ${id} and user_id = ${userId}`),
  );
  if (!row) throw AppError.notFound('withdrawal.not-found');
  return toWithdrawal(row);
}

const stateFilter = (state: string): SQL => (state === 'all' ? sql`` : sql`and state = ${state}`);

/** The caller's requests, newest first. */
export async function listWithdrawals(db: Db, userId: string, q: WithdrawalListQuery): Promise<Page<Withdrawal>> {
  const where = sql`where user_id = ${userId} ${stateFilter(q.state)}`;
  const [count] = rawRows(await db.execute(sql`select count(*) as n from withdrawal_requests ${where}`));
  const rows = rawRows(
    await db.execute(sql`
    select * from withdrawal_requests ${where} order by created_at desc, number desc
    limit ${q.size} offset ${(q.current - 1) * q.size}`),
  );
  return toPage(rows.map(toWithdrawal), Number(count!.n), q);
}

/** Operator: the queue (pending by default), oldest first so requests are handled in order. */
export async function listAdminWithdrawals(db: Db, q: AdminWithdrawalListQuery): Promise<Page<AdminWithdrawal>> {
  const where = q.state === 'all' ? sql`` : sql`where w.state = ${q.state}`;
  const [count] = rawRows(await db.execute(sql`select count(*) as n from withdrawal_requests w ${where}`));
  const order = q.state === 'pending' ? sql`w.created_at asc, w.number asc` : sql`w.created_at desc, w.number desc`;
  const rows = rawRows(
    await db.execute(
      sql`${ADMIN_SELECT} ${where} order by ${order} limit ${q.size} offset ${(q.current - 1) * q.size}`,
    ),
  );
  return toPage(await toAdminWithdrawals(db, rows), Number(count!.n), q);
}
