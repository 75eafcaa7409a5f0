// Wallet payments on PostgreSQL (decisions 0070, 0078): a scratch database (created, then
// dropped) seeded with set-based SQL with about a million journal lines over many users, cached
// balances consistent with the lines; then the wallet service's `pay` called by 32 concurrent
// workers through a pool of 32 connections (the target's figure), each payment its own unit of work with its own
// reference, for WALLET_BENCH_SECONDS after a warm-up:
// - many users: every payment from a random one of the seeded users (the target: p99 < 50 ms);
// - one wallet: every payment from the same user (worst-case contention, for information).
// Afterwards the reconciliation query must find nothing, the lines sum to zero and no user
// account is negative. Writes bench/results/wallet-<date>.{json,md}.
// Run alone: node bench/wallet.mjs   (npm run bench -- wallet)
// Env: WALLET_BENCH_DATABASE_URL (a server URL; default postgres://postgres@127.0.0.1:5432/postgres,
// the scratch database dsm_bench_wallet_<random> is made on it), WALLET_BENCH_SECONDS (20),
// WALLET_BENCH_USERS (20000), WALLET_BENCH_LINES (1000000), WALLET_BENCH_CONNECTIONS (32: workers
// and pool size), WALLET_BENCH_LABEL (a suffix for the result files, e.g. before/after).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { register } from 'tsx/esm/api';
import { root } from './server.mjs';

const SECONDS = Number(process.env.WALLET_BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 3;
const CONNECTIONS = Number(process.env.WALLET_BENCH_CONNECTIONS ?? 32);
const USERS = Number(process.env.WALLET_BENCH_USERS ?? 20_000);
const LINES = Number(process.env.WALLET_BENCH_LINES ?? 1_000_000);
const SERVER_URL = process.env.WALLET_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const P99_LIMIT_MS = 50;
/** Seeded users start with this much cash (USD 100,000): no bench payment is refused for money. */
const START_MINOR = 10_000_000;

// The server's TypeScript modules, loaded once through tsx (one instance of each module).
let registered = false;
const server = (p) => {
  if (!registered) register();
  registered = true;
  return import(pathToFileURL(path.join(root, 'apps/server/src', p)).href);
};

async function admin(sqlText) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

const rowsOf = (res) => res.rows;
const timed = async (label, fn) => {
  const started = Date.now();
  const out = await fn();
  const seconds = (Date.now() - started) / 1000;
  console.log(`  ${label}: ${seconds.toFixed(1)} s`);
  return { out, seconds };
};

/**
 * About LINES journal lines over USERS users, written set-based: per user one recharge (bank
 * clearing → available) and payments (available → revenue), each with its wallet_payments row,
 * spread over the past months. Every cached user balance is then set to the sum of its lines,
 * so the reconciliation holds before the run as it must after it.
 */
async function seedLedger(db, sql) {
  const perUser = Math.max(2, Math.round(LINES / 2 / USERS)); // entries per user, 2 lines each
  const run = (q) => db.execute(q);
  await run(sql`
    insert into users (email, username, password_hash)
    select 'bench' || g || '@example.com', 'bench' || g, 'x' from generate_series(1, ${USERS}::int) g`);
  await run(sql`
    insert into ledger_accounts (kind, user_id)
    select k, u.id from users u cross join (values ('available'), ('locked'), ('bonus')) v(k)
    where u.email like 'bench%@example.com'`);
  await run(sql`
    insert into ledger_accounts (kind, code) values ('clearing', 'clearing:bank'), ('revenue', 'revenue')
    on conflict (code) where code is not null do nothing`);
  await run(sql`
    create temp table seed_entries as
    select gen_random_uuid() as id, n, seq, u.id as user_id, a.id as available_id,
      case when seq = 0 then ${START_MINOR}::bigint else -(100 + (n * 7 + seq * 13) % 900)::bigint end as amount,
      now() - make_interval(hours => (${perUser}::int - seq) * 7 + n % 7) as created_at
    from (select id, substring(username from 6)::int as n from users where email like 'bench%@example.com') u
    join ledger_accounts a on a.user_id = u.id and a.kind = 'available'
    cross join generate_series(0, ${perUser - 1}::int) seq`);
  await run(sql`
    insert into journal_entries (id, kind, reference_type, reference_id, user_id, unique_key, created_at)
    select id, case when seq = 0 then 'recharge' else 'payment' end, case when seq = 0 then 'recharge' else 'order' end,
      'seed-' || n || '-' || seq, user_id, case when seq = 0 then 'recharge:recharge:seed-' || n || '-0' end, created_at
    from seed_entries`);
  await run(sql`
    insert into journal_lines (entry_id, account_id, amount_minor, created_at)
    select id, available_id, amount, created_at from seed_entries
    union all
    select e.id, s.id, -e.amount, e.created_at from seed_entries e
    join ledger_accounts s on s.code = case when e.seq = 0 then 'clearing:bank' else 'revenue' end`);
  await run(sql`
    insert into wallet_payments (reference_type, reference_id, user_id, cash_minor, updated_at)
    select 'order', 'seed-' || n || '-' || seq, user_id, -amount, created_at from seed_entries where seq > 0`);
  // The cached balances the ledger keeps (user accounts; system accounts cache none, decision
  // 0078), made equal to the lines they cache.
  await run(sql`
    update ledger_accounts a set balance_minor = s.total
    from (select account_id, sum(amount_minor) as total from journal_lines group by account_id) s
    where s.account_id = a.id and a.user_id is not null`);
  await run(sql`drop table seed_entries`);
  await run(sql`analyze`);
  const [{ lines, entries }] = rowsOf(
    await run(
      sql`select (select count(*) from journal_lines)::int as lines, (select count(*) from journal_entries)::int as entries`,
    ),
  );
  return { users: USERS, entriesPerUser: perUser, lines, entries };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** CONNECTIONS workers calling `pay` in a loop for `seconds`; `pick(i)` → the paying user. */
async function drive(pay, db, { seconds, pick, tag }) {
  const latencies = [];
  const failures = {};
  let paid = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async (w) => {
    for (let i = 0; performance.now() < deadline; i++) {
      const userId = pick();
      const amount = 100 + ((w * 31 + i * 17) % 900);
      const started = performance.now();
      try {
        await pay(db, userId, amount, { type: 'order', id: `${tag}-${w}-${i}` });
        paid++;
      } catch (err) {
        const key = err?.reason ?? err?.message ?? String(err);
        failures[key] = (failures[key] ?? 0) + 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const ms = (v) => Number(v.toFixed(1));
  return {
    payments: paid,
    attempts: latencies.length,
    failures,
    seconds: Number(elapsed.toFixed(2)),
    perSecond: Math.round(paid / elapsed),
    p50: ms(percentile(latencies, 50)),
    p90: ms(percentile(latencies, 90)),
    p99: ms(percentile(latencies, 99)),
    max: ms(latencies.at(-1) ?? 0),
  };
}

/**
 * CPU seconds used so far by this process and by the database's server processes (read from
 * /proc: the server runs on this machine; null where it cannot be read). Where a payment's time
 * goes when the cores are the limit.
 */
async function cpuSeconds(db) {
  const pids = rowsOf(await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)).map(
    (r) => r.pid,
  );
  let server = 0;
  try {
    for (const pid of pids) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      server += (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks
    }
  } catch {
    server = null;
  }
  const own = process.cpuUsage();
  return { node: (own.user + own.system) / 1e6, server };
}

async function scenario(pay, db, name, pick) {
  console.log(`  ${name}: ${WARMUP_SECONDS} s warm-up, ${SECONDS} s measured`);
  await drive(pay, db, { seconds: WARMUP_SECONDS, pick, tag: `${name}-warm` });
  const cpuBefore = await cpuSeconds(db);
  const r = await drive(pay, db, { seconds: SECONDS, pick, tag: name });
  const cpuAfter = await cpuSeconds(db);
  const perPayment = (a, b) =>
    a === null || b === null ? null : Number((((b - a) * 1000) / Math.max(r.payments, 1)).toFixed(2));
  r.cpuMsPerPayment = {
    node: perPayment(cpuBefore.node, cpuAfter.node),
    postgres: perPayment(cpuBefore.server, cpuAfter.server),
  };
  console.log(
    `    ${r.perSecond} payments/s, p50 ${r.p50} ms, p90 ${r.p90} ms, p99 ${r.p99} ms, max ${r.max} ms, failures ${JSON.stringify(r.failures)}, ` +
      `CPU ms per payment ${JSON.stringify(r.cpuMsPerPayment)}`,
  );
  return r;
}

/** What must hold after the run: the reconciliation finds nothing, lines sum to 0, no user below 0. */
async function prove(db, sql, reconcileLedger) {
  const { seconds, out: findings } = await timed('reconciliation', () => reconcileLedger(db));
  const [row] = rowsOf(
    await db.execute(sql`
      select (select coalesce(sum(amount_minor), 0) from journal_lines)::bigint as total,
        (select count(*) from ledger_accounts where user_id is not null and balance_minor < 0)::int as negative,
        (select count(*) from journal_lines)::int as lines,
        (select count(*) from journal_entries)::int as entries`),
  );
  return {
    findings: findings.length,
    reconciliationSeconds: seconds,
    linesSum: Number(row.total),
    negativeUserAccounts: row.negative,
    lines: row.lines,
    entries: row.entries,
  };
}

function markdown(record) {
  const row = (name, r, target) =>
    `| ${name} | ${r.payments} | ${r.perSecond} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} | ${Object.values(r.failures).reduce((a, b) => a + b, 0)} | ${r.cpuMsPerPayment.node} + ${r.cpuMsPerPayment.postgres ?? '?'} | ${target} |`;
  const v = record.verification;
  return [
    `# Wallet benchmark ${record.date}`,
    '',
    `${record.cores} cores (${record.cpu}), Node ${record.node}, PostgreSQL ${record.postgres}; \`pay\` from ${record.connections} concurrent workers through a pool of ${record.connections} connections, each payment its own unit of work, ${record.seconds} s per scenario after a ${WARMUP_SECONDS} s warm-up.`,
    `Load average (1/5/15 min) at start ${record.loadAverageAtStart.join(' / ')}, at end ${record.loadAverageAtEnd.join(' / ')}: other work on the machine shares the cores.`,
    `Seeded ${record.seed.lines} journal lines (${record.seed.entries} entries) over ${record.seed.users} users in ${record.seedSeconds.toFixed(1)} s (set-based SQL).`,
    '',
    '| scenario | payments | payments/s | p50 ms | p90 ms | p99 ms | max ms | failed | CPU ms/payment (Node + PostgreSQL) | target |',
    '|---|---|---|---|---|---|---|---|---|---|',
    row(
      'many users (random payer)',
      record.results.manyUsers,
      `p99 < ${P99_LIMIT_MS} ms: ${record.verdicts.manyUsers ? 'met' : 'NOT met'}`,
    ),
    row('one wallet (every payment the same user)', record.results.oneWallet, 'information'),
    '',
    `After the run: ${v.lines} lines, ${v.entries} entries; reconciliation findings ${v.findings} (query ${v.reconciliationSeconds.toFixed(1)} s), sum of all lines ${v.linesSum}, user accounts below zero ${v.negativeUserAccounts}.`,
    '',
  ].join('\n');
}

export async function runWalletBench() {
  const name = `dsm_bench_wallet_${randomBytes(4).toString('hex')}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const { openPostgres } = await server('db/client.ts');
  const { migrate } = await server('db/migrate.ts');
  const { pay, recordRecharge } = await server('modules/wallet/wallet.service.ts');
  const { reconcileLedger } = await server('modules/wallet/wallet.reconcile.ts');

  await admin(`create database ${name}`);
  let database;
  let closing = false;
  try {
    // The drop below ends the pool's last connections: expected, not worth a line each.
    database = await openPostgres(url.toString(), CONNECTIONS, (err) => {
      if (!closing) console.error(`database: idle connection lost: ${err.message}`);
    });
    const { db } = database;
    await migrate(database);
    const record = {
      date: new Date().toISOString(),
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? '',
      node: process.version,
      postgres: rowsOf(await db.execute(sql`show server_version`))[0].server_version,
      connections: CONNECTIONS,
      seconds: SECONDS,
      targets: { p99Ms: P99_LIMIT_MS },
      loadAverageAtStart: os.loadavg().map((l) => Number(l.toFixed(2))),
    };
    console.log(
      `PostgreSQL ${record.postgres}, scratch database ${name}: seeding ~${LINES} journal lines over ${USERS} users`,
    );
    const seeded = await timed('seed', () => seedLedger(db, sql));
    record.seed = seeded.out;
    record.seedSeconds = seeded.seconds;
    console.log(`  ${record.seed.lines} lines, ${record.seed.entries} entries`);
    const before = await prove(db, sql, reconcileLedger);
    if (before.findings !== 0 || before.linesSum !== 0)
      throw new Error(`the seeded ledger does not reconcile: ${JSON.stringify(before)}`);

    const users = rowsOf(await db.execute(sql`select id from users where email like 'bench%@example.com'`)).map((r) =>
      String(r.id),
    );
    const hot = users[0];
    // The one-wallet scenario spends far more than a seeded wallet holds: a recharge through the service.
    await recordRecharge(db, hot, 1_000_000_000, 0, 'bank', { type: 'recharge', id: 'bench-hot' });
    record.results = {
      manyUsers: await scenario(pay, db, 'many users', () => users[Math.floor(Math.random() * users.length)]),
      oneWallet: await scenario(pay, db, 'one wallet', () => hot),
    };
    record.verdicts = {
      manyUsers:
        record.results.manyUsers.p99 < P99_LIMIT_MS &&
        record.results.manyUsers.attempts === record.results.manyUsers.payments,
    };
    record.verification = await prove(db, sql, reconcileLedger);
    record.loadAverageAtEnd = os.loadavg().map((l) => Number(l.toFixed(2)));
    const v = record.verification;
    if (v.findings !== 0 || v.linesSum !== 0 || v.negativeUserAccounts !== 0)
      throw new Error(`the ledger does not reconcile after the run: ${JSON.stringify(v)}`);

    const dir = path.join(root, 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    const stamp =
      record.date.slice(0, 10) + (process.env.WALLET_BENCH_LABEL ? `-${process.env.WALLET_BENCH_LABEL}` : '');
    writeFileSync(path.join(dir, `wallet-${stamp}.json`), `${JSON.stringify(record, null, 2)}\n`);
    const md = markdown(record);
    writeFileSync(path.join(dir, `wallet-${stamp}.md`), md);
    console.log(`\n${md}`);
    return record;
  } finally {
    closing = true;
    await database?.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runWalletBench();
}
