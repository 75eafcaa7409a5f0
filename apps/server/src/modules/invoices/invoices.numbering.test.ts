import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness';
import type { Database } from '../../db/client';
import { inTransaction } from '../../platform/unit-of-work';
import { invoiceUser, sampleInput } from './invoices.fixtures';
import { issueInvoice } from './invoices.service';

let database: Database;
let userId: string;
beforeAll(async () => {
  // Ten connections on PostgreSQL, so the issues really run at once and wait on the year's row.
  database = await createTestDatabase({ connections: 10 });
  ({ userId } = await invoiceUser(database.db));
});
afterAll(() => database.close());

const numbers = async (year: number) =>
  ((await database.db.execute(sql`select number from invoices where year = ${year} order by sequence`)) as unknown as { rows: Array<{ number: string }> }).rows.map(
    (r) => r.number,
  );

describe('invoice numbers', () => {
  it('50 concurrent issues in one year get INV-<year>-000001 … 000050, no gap, no duplicate', async () => {
    const issuedAt = new Date('2031-06-01T12:00:00Z');
    const issued = await Promise.all(
      Array.from({ length: 50 }, () => inTransaction(database.db, (uow) => issueInvoice(uow, sampleInput(userId, 'en-US', { issuedAt })))),
    );
    const expected = Array.from({ length: 50 }, (_, i) => `INV-2031-${String(i + 1).padStart(6, '0')}`);
    expect(issued.map((i) => i.number).sort()).toEqual(expected);
    expect(await numbers(2031)).toEqual(expected);
  });

  it('a rolled-back unit of work gives its number back; each year starts at 1', async () => {
    const issuedAt = new Date('2032-12-31T23:59:59Z');
    const first = await issueInvoice(database.db, sampleInput(userId, 'en-US', { issuedAt }));
    await expect(
      inTransaction(database.db, async (uow) => {
        const taken = await issueInvoice(uow, sampleInput(userId, 'en-US', { issuedAt }));
        expect(taken.number).toBe('INV-2032-000002');
        throw new Error('payment failed after the invoice was issued');
      }),
    ).rejects.toThrow('payment failed');
    const next = await issueInvoice(database.db, sampleInput(userId, 'en-US', { issuedAt }));
    const newYear = await issueInvoice(database.db, sampleInput(userId, 'en-US', { issuedAt: new Date('2033-01-01T00:00:00Z') }));
    expect([first.number, next.number, newYear.number]).toEqual(['INV-2032-000001', 'INV-2032-000002', 'INV-2033-000001']);
    expect(await numbers(2032)).toEqual(['INV-2032-000001', 'INV-2032-000002']);
    // Issuing queues no rendering (decision 0094: the PDF is drawn on its first download).
    const jobs = (await database.db.execute(sql`select count(*)::int as n from jobs where type = 'invoice.render'`)) as unknown as { rows: Array<{ n: number }> };
    expect(jobs.rows[0]!.n).toBe(0);
  });

  it('one reference (order) gets one invoice; an invoice that does not add up is never stored', async () => {
    const reference = `order-${Math.random()}`;
    await issueInvoice(database.db, sampleInput(userId, 'en-US', { reference, issuedAt: new Date('2034-01-01T00:00:00Z') }));
    await expect(issueInvoice(database.db, sampleInput(userId, 'en-US', { reference, issuedAt: new Date('2034-01-01T00:00:00Z') }))).rejects.toThrow();
    await expect(issueInvoice(database.db, sampleInput(userId, 'en-US', { payableMinor: 1 }))).rejects.toThrow(/payable/);
    // The refused duplicate did not consume 2034's second number.
    const again = await issueInvoice(database.db, sampleInput(userId, 'en-US', { issuedAt: new Date('2034-02-01T00:00:00Z') }));
    expect(again.number).toBe('INV-2034-000002');
  });
});
