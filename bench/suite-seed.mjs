// The data of `npm run bench` (decision 0095), on a migrated scratch database, set-based:
// - PRODUCTS demo products (the server's own generator, `npm run seed -- --products` does the same);
// - the checkout seed (checkout-seed.mjs): USERS users with a session, addresses and a funded
//   wallet, 20 SKUs with stock for the run, ORDERS past orders with lines and timeline events;
// - LEDGER journal lines in all: past wallet payments of those users (wallet.mjs's shape), so
//   that the wallet history and wallet pay run over a ledger of that size; cached balances are
//   set equal to their lines and the hourly reconciliation must find nothing;
// - one password for the bench users (hashed once, as a sign-up would) for the log-in scenario.
import { sql } from 'drizzle-orm';
import { seedCheckout } from './checkout-seed.mjs';
import { seedInventory } from './inventory.mjs';

export const BENCH_PASSWORD = 'bench-password-2026';

const rowsOf = (res) => res.rows;

/** Past wallet payments of the bench users until the ledger holds about `lines` lines. */
async function seedLedger(db, lines) {
  const run = (q) => db.execute(q);
  const [{ have, users }] = rowsOf(
    await run(sql`select (select count(*) from journal_lines)::int as have,
      (select count(*) from users where email like 'ckbench%@example.com')::int as users`),
  );
  const perUser = Math.floor(Math.max(0, lines - have) / 2 / users);
  if (perUser === 0) return;
  await run(sql`
    insert into ledger_accounts (kind, code) values ('revenue', 'revenue')
    on conflict (code) where code is not null do nothing`);
  // Amounts of 1.00–9.99: 500 of them are a small part of the USD 1,000,000 each wallet holds.
  await run(sql`
    create temp table seed_payments as
    select gen_random_uuid() as id, u.id as user_id, a.id as available_id, u.username || '-' || seq as ref,
      (100 + (u.n * 7 + seq * 13) % 900)::bigint as amount,
      now() - interval '3 hours' - make_interval(hours => (${perUser}::int - seq) * 7 + u.n % 7) as created_at
    from (select id, username, substring(username from 8)::int as n from users where email like 'ckbench%@example.com') u join ledger_accounts a on a.user_id = u.id and a.kind = 'available'
    cross join generate_series(1, ${perUser}::int) seq`);
  await run(sql`
    insert into journal_entries (id, kind, reference_type, reference_id, user_id, created_at)
    select id, 'payment', 'order', 'seed-' || ref, user_id, created_at from seed_payments`);
  await run(sql`
    insert into journal_lines (entry_id, account_id, amount_minor, created_at)
    select id, available_id, -amount, created_at from seed_payments
    union all
    select p.id, r.id, amount, p.created_at from seed_payments p join ledger_accounts r on r.code = 'revenue'`);
  await run(sql`
    insert into wallet_payments (reference_type, reference_id, user_id, cash_minor, updated_at)
    select 'order', 'seed-' || ref, user_id, amount, created_at from seed_payments`);
  await run(sql`
    update ledger_accounts a set balance_minor = s.total
    from (select account_id, sum(amount_minor) as total from journal_lines group by account_id) s
    where s.account_id = a.id and a.user_id is not null`);
  await run(sql`drop table seed_payments`);
}

/** Everything the scenarios need; returns { sessions, skus, counts, productIds }. */
export async function seedSuite(db, server, o) {
  const { seed } = await server('db/seed/index.ts');
  const { seedCatalogueProducts } = await server('modules/catalogue/catalogue.seed.ts');
  const { hashPassword } = await server('modules/accounts/accounts.password.ts');
  const { reconcileLedger } = await server('modules/wallet/wallet.reconcile.ts');
  await seed(db, {
    demoUser: { email: 'demo@example.com', password: 'demo12345' },
    operator: { email: 'operator@example.com' },
  });
  const catalogue = await seedCatalogueProducts(db, o.products, { parallel: o.db === 'postgres' ? 2 : 1 });
  const seeded = await seedCheckout(db, server, { users: o.users, orders: o.orders, products: 20 });
  await seedLedger(db, o.ledger);
  // The first bench user's private inventory: 1,000 SKUs × 3 warehouses with their log (inventory.mjs).
  const inventory = await seedInventory(db, seeded.sessions[0].userId);
  const hash = await hashPassword(BENCH_PASSWORD);
  await db.execute(sql`update users set password_hash = ${hash} where email like 'ckbench%@example.com'`);
  await db.execute(sql`analyze`);
  const findings = await reconcileLedger(db);
  if (findings.length) throw new Error(`the seeded ledger does not reconcile: ${JSON.stringify(findings.slice(0, 3))}`);
  const [counts] = rowsOf(
    await db.execute(sql`
      select (select count(*) from products where status = 'on')::int as products, (select count(*) from orders)::int as orders,
        (select count(*) from journal_lines)::int as "ledgerLines", (select coalesce(sum(amount_minor), 0) from journal_lines)::bigint as "ledgerSum"`),
  );
  if (Number(counts.ledgerSum) !== 0) throw new Error(`the seeded ledger does not balance: ${counts.ledgerSum}`);
  const productIds = rowsOf(await db.execute(sql`select id from products where status = 'on' order by id`)).map((r) =>
    Number(r.id),
  );
  return {
    sessions: seeded.sessions,
    skus: seeded.skus,
    inventory,
    productIds,
    counts: {
      products: counts.products,
      users: o.users,
      orders: counts.orders,
      orderLines: seeded.counts.lines,
      ledgerLines: counts.ledgerLines,
      inventoryItems: inventory.items,
      inventoryLines: inventory.lines,
    },
    catalogueSeconds: Number((catalogue.ms / 1000).toFixed(1)),
  };
}
