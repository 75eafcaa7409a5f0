import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness';
import type { Database, Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import type { FileStore } from '../../platform/files';
import { type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import { newUser, sampleInput } from '../../../test/factories';
import { invoiceJobHandlers, invoicesSchedule } from './invoices.jobs';
import {
  type IssueInvoiceInput,
  INVOICE_NUMBER_PENDING_JOB,
  getInvoice,
  issueInvoice,
  numberInvoices,
} from './invoices.service';

let database: Database;
let userId: string;
beforeAll(async () => {
  // Ten connections on PostgreSQL, so the numbering statements really run at once and wait on the year's row.
  database = await createTestDatabase({ connections: 10 });
  ({ userId } = await newUser(database.db));
});
afterAll(() => database.close());

const rowsOfQuery = async <T>(q: ReturnType<typeof sql>) => rawRows<T>(await database.db.execute(q));
const numbers = async (year: number) =>
  (
    await rowsOfQuery<{ number: string }>(
      sql`select number from invoices where year = ${year} and number is not null order by sequence`,
    )
  ).map((r) => r.number);
const numberOf = async (id: string) =>
  (await rowsOfQuery<{ number: string | null }>(sql`select number from invoices where id = ${id}`))[0]!.number;
const lastNumber = async (year: number) =>
  (await rowsOfQuery<{ n: number }>(sql`select last_number as n from invoice_counters where year = ${year}`))[0]?.n ??
  0;
const unnumbered = async (year: number) =>
  (
    await rowsOfQuery<{ n: number }>(
      sql`select count(*)::int as n from invoices where year = ${year} and number is null`,
    )
  )[0]!.n;
const expectedNumbers = (year: number, n: number) =>
  Array.from({ length: n }, (_, i) => `INV-${year}-${String(i + 1).padStart(6, '0')}`);
const noStore: FileStore = {
  kind: 'disk',
  put: async () => {},
  get: async () => null,
  has: async () => false,
  delete: async () => false,
};

/**
 * A unit of work on a real transaction whose after-commit hooks are kept, not run: what the
 * database holds when the process dies between the payment's commit and the numbering.
 */
async function inUnitThatDiesAfterCommit<T>(
  db: Db,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<{ value: T; hooks: Array<() => void | Promise<void>> }> {
  const hooks: Array<() => void | Promise<void>> = [];
  const value = await db.transaction(async (tx) =>
    work({
      tx,
      root: db,
      afterCommit: (fn) => void hooks.push(fn),
      enqueue: async () => {
        throw new Error('not in this test');
      },
    }),
  );
  return { value, hooks };
}
const issueLeftUnnumbered = async (input: IssueInvoiceInput) =>
  (await inUnitThatDiesAfterCommit(database.db, (uow) => issueInvoice(uow, input))).value;

describe('invoice numbers', () => {
  it('50 concurrent issues, each in its own unit of work, get INV-<year>-000001 … 000050 after their commits, no gap, no duplicate', async () => {
    const issuedAt = new Date('2031-06-01T12:00:00Z');
    const issued = await Promise.all(
      Array.from({ length: 50 }, () =>
        inTransaction(database.db, (uow) => issueInvoice(uow, sampleInput(userId, 'en-US', { issuedAt }))),
      ),
    );
    // Inside the unit the number is not known yet; it is given right after the commit.
    expect(issued.every((i) => i.number === null)).toBe(true);
    const expected = expectedNumbers(2031, 50);
    const given = await Promise.all(issued.map((i) => numberOf(i.id)));
    expect(given.sort()).toEqual(expected);
    expect(await numbers(2031)).toEqual(expected);
    expect(await lastNumber(2031)).toBe(50);
  });

  it('a rolled-back unit of work takes no number and leaves no gap; each year starts at 1', async () => {
    const issuedAt = new Date('2032-12-31T23:59:59Z');
    const first = await issueInvoice(database.db, sampleInput(userId, 'en-US', { issuedAt }));
    let taken: string | undefined;
    await expect(
      inTransaction(database.db, async (uow) => {
        const inv = await issueInvoice(uow, sampleInput(userId, 'en-US', { issuedAt }));
        taken = inv.id;
        expect(inv.number).toBeNull();
        throw new Error('payment failed after the invoice was issued');
      }),
    ).rejects.toThrow('payment failed');
    expect(await rowsOfQuery(sql`select id from invoices where id = ${taken!}`)).toEqual([]);
    expect(await lastNumber(2032)).toBe(1);
    const next = await issueInvoice(database.db, sampleInput(userId, 'en-US', { issuedAt }));
    const newYear = await issueInvoice(
      database.db,
      sampleInput(userId, 'en-US', { issuedAt: new Date('2033-01-01T00:00:00Z') }),
    );
    expect([first.number, next.number, newYear.number]).toEqual([
      'INV-2032-000001',
      'INV-2032-000002',
      'INV-2033-000001',
    ]);
    expect(await numbers(2032)).toEqual(['INV-2032-000001', 'INV-2032-000002']);
    expect(await lastNumber(2032)).toBe(2);
    // Issuing queues no rendering (decision 0094: the PDF is drawn on its first download).
    const jobs = await rowsOfQuery<{ n: number }>(
      sql`select count(*)::int as n from jobs where type = 'invoice.render'`,
    );
    expect(jobs[0]!.n).toBe(0);
  });

  it('one reference (order) gets one invoice; an invoice that does not add up is never stored', async () => {
    const reference = `order-${Math.random()}`;
    await issueInvoice(
      database.db,
      sampleInput(userId, 'en-US', { reference, issuedAt: new Date('2034-01-01T00:00:00Z') }),
    );
    await expect(
      issueInvoice(
        database.db,
        sampleInput(userId, 'en-US', { reference, issuedAt: new Date('2034-01-01T00:00:00Z') }),
      ),
    ).rejects.toThrow();
    await expect(issueInvoice(database.db, sampleInput(userId, 'en-US', { payableMinor: 1 }))).rejects.toThrow(
      /payable/,
    );
    // The refused duplicate did not consume 2034's second number.
    const again = await issueInvoice(
      database.db,
      sampleInput(userId, 'en-US', { issuedAt: new Date('2034-02-01T00:00:00Z') }),
    );
    expect(again.number).toBe('INV-2034-000002');
  });

  it('several invoices of one unit of work: one hook, numbered together after the commit, in issue order', async () => {
    const at = (s: string) => new Date(`2037-03-01T10:00:${s}Z`);
    // Issued out of time order, two at the same instant: time first, then the order of issue.
    const plan = [at('03'), at('01'), at('02'), at('02')];
    const { value: ids, hooks } = await inUnitThatDiesAfterCommit(database.db, async (uow) => {
      const out: string[] = [];
      for (const issuedAt of plan) out.push((await issueInvoice(uow, sampleInput(userId, 'en-US', { issuedAt }))).id);
      return out;
    });
    expect(hooks).toHaveLength(1);
    expect(await unnumbered(2037)).toBe(4);
    for (const hook of hooks) await hook();
    expect(await Promise.all(ids.map(numberOf))).toEqual([
      'INV-2037-000004',
      'INV-2037-000001',
      'INV-2037-000002',
      'INV-2037-000003',
    ]);
    expect(await lastNumber(2037)).toBe(4);

    // The same through inTransaction, with a year boundary inside the unit: each year its counter.
    const both = await inTransaction(database.db, async (uow) => [
      await issueInvoice(uow, sampleInput(userId, 'en-US', { issuedAt: new Date('2038-01-01T00:00:00Z') })),
      await issueInvoice(uow, sampleInput(userId, 'en-US', { issuedAt: new Date('2037-12-31T23:59:59.999Z') })),
      await issueInvoice(uow, sampleInput(userId, 'en-US', { issuedAt: new Date('2037-12-31T23:00:00Z') })),
    ]);
    expect(await Promise.all(both.map((i) => numberOf(i.id)))).toEqual([
      'INV-2038-000001',
      'INV-2037-000006',
      'INV-2037-000005',
    ]);
    expect([await lastNumber(2037), await lastNumber(2038)]).toEqual([6, 1]);
  });

  it('invoices left unnumbered (the process died after the commit) are numbered by the sweep job, oldest first, no gap', async () => {
    expect(invoicesSchedule).toEqual([
      { key: INVOICE_NUMBER_PENDING_JOB, type: INVOICE_NUMBER_PENDING_JOB, everySeconds: 60 },
    ]);
    const before = await issueInvoice(
      database.db,
      sampleInput(userId, 'en-US', { issuedAt: new Date('2039-05-01T00:00:00Z') }),
    );
    const later = await issueLeftUnnumbered(
      sampleInput(userId, 'en-US', { issuedAt: new Date('2039-05-03T00:00:00Z') }),
    );
    const older = await issueLeftUnnumbered(
      sampleInput(userId, 'en-US', { issuedAt: new Date('2039-05-02T00:00:00Z') }),
    );
    const otherYear = await issueLeftUnnumbered(
      sampleInput(userId, 'en-US', { issuedAt: new Date('2040-05-02T00:00:00Z') }),
    );
    expect([await unnumbered(2039), await lastNumber(2039)]).toEqual([2, 1]);
    await invoiceJobHandlers(noStore)[INVOICE_NUMBER_PENDING_JOB]!(
      {},
      { db: database.db, jobId: 'test', attempt: 1, finalAttempt: false },
    );
    expect(before.number).toBe('INV-2039-000001');
    expect([await numberOf(older.id), await numberOf(later.id), await numberOf(otherYear.id)]).toEqual([
      'INV-2039-000002',
      'INV-2039-000003',
      'INV-2040-000001',
    ]);
    expect(await numbers(2039)).toEqual(expectedNumbers(2039, 3));
    expect([await unnumbered(2039), await lastNumber(2039), await lastNumber(2040)]).toEqual([0, 3, 1]);
    // A second run finds nothing: nothing numbered twice, the counter does not move.
    await invoiceJobHandlers(noStore)[INVOICE_NUMBER_PENDING_JOB]!(
      {},
      { db: database.db, jobId: 'test', attempt: 2, finalAttempt: false },
    );
    expect(await lastNumber(2039)).toBe(3);
  });

  it('a read of an unnumbered invoice numbers the pending ones first (older first) and shows the number', async () => {
    const older = await issueLeftUnnumbered(
      sampleInput(userId, 'en-US', { issuedAt: new Date('2041-01-01T00:00:00Z') }),
    );
    const read = await issueLeftUnnumbered(
      sampleInput(userId, 'en-US', { issuedAt: new Date('2041-01-02T00:00:00Z') }),
    );
    expect(read.number).toBeNull();
    const shown = await getInvoice(database.db, userId, read.id);
    expect(shown.number).toBe('INV-2041-000002');
    expect(await numberOf(older.id)).toBe('INV-2041-000001');
    expect([await unnumbered(2041), await lastNumber(2041)]).toEqual([0, 2]);
    // The hook that did not run, run late (a slow process, not a dead one): it numbers nothing again.
    const { value: late, hooks } = await inUnitThatDiesAfterCommit(database.db, (uow) =>
      issueInvoice(uow, sampleInput(userId, 'en-US', { issuedAt: new Date('2041-01-03T00:00:00Z') })),
    );
    expect((await getInvoice(database.db, userId, late.id)).number).toBe('INV-2041-000003');
    for (const hook of hooks) await hook();
    expect(await numbers(2041)).toEqual(expectedNumbers(2041, 3));
    expect(await lastNumber(2041)).toBe(3);
  });

  it('two numbering runs at once for the same invoices number each invoice once', async () => {
    const issued = [];
    for (let i = 0; i < 20; i++)
      issued.push(
        await issueLeftUnnumbered(sampleInput(userId, 'en-US', { issuedAt: new Date(Date.UTC(2042, 0, 1, 0, 0, i)) })),
      );
    const ids = issued.map((i) => i.id);
    const runs = await Promise.all([
      numberInvoices(database.db, ids),
      numberInvoices(database.db, [...ids].reverse()),
      numberInvoices(database.db, ids.slice(5, 15)),
    ]);
    const all = runs.flat();
    expect(all).toHaveLength(20);
    expect(new Set(all.map((r) => r.id)).size).toBe(20);
    expect(await numbers(2042)).toEqual(expectedNumbers(2042, 20));
    expect(await lastNumber(2042)).toBe(20);
    // Each run gives consecutive numbers (one move of the counter), in issue order among what it got.
    for (const run of runs) {
      const got = new Map(run.map((r) => [r.id, r.number]));
      const inIssueOrder = ids.filter((id) => got.has(id)).map((id) => Number(got.get(id)!.slice(-6)));
      expect(inIssueOrder).toEqual(inIssueOrder.map((_, i) => inIssueOrder[0]! + i));
    }
    // Again: nothing left to number, no increment.
    expect(await numberInvoices(database.db, ids)).toEqual([]);
    expect(await lastNumber(2042)).toBe(20);
  });
});
