import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { reconcileLedger } from '../src/modules/wallet/wallet.reconcile';
import { rowsOfQuery } from '../test/factories/reads';

/**
 * What must hold in any stored state, after a race or a crash: the ledger sums to zero and every
 * entry balances (reconcile also compares each cached balance with its lines), no wallet account
 * below zero, and no order without its lines (an order and its lines are one transaction).
 */
export async function storedInvariants(db: Db) {
  const [total] = await rowsOfQuery(db, sql`select coalesce(sum(amount_minor), 0) as n from journal_lines`);
  const negative = await rowsOfQuery(
    db,
    sql`select id, kind, balance_minor from ledger_accounts where user_id is not null and balance_minor < 0`,
  );
  const orphans = await rowsOfQuery(
    db,
    sql`select o.id from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`,
  );
  return {
    ledgerTotal: Number(total!.n),
    findings: await reconcileLedger(db),
    negativeAccounts: negative,
    ordersWithoutLines: orphans.map((r) => String(r.id)),
  };
}

export const HOLDS = { ledgerTotal: 0, findings: [], negativeAccounts: [], ordersWithoutLines: [] };
