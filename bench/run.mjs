// `npm run bench`: the one benchmark command (issue 10, decision 0095). Generates the data, starts
// the real server on a free port on a scratch PGlite data directory and/or PostgreSQL database,
// runs every scenario beside a Fastify hello-world baseline measured in the same run, measures
// the front end, prints a Markdown table with the targets met or not, writes
// bench/results/<date>-<db>.{json,md}, and removes everything it made (also on Ctrl-C or failure).
// Options: see bench/README.md (`npm run bench -- --help`).
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { CONNECTIONS, cpuMeter, drive } from './checkout-drive.mjs';
import { residentMb, root, rssSampler, startBaseline, startServer } from './server.mjs';
import { TARGETS, judge, markdown } from './suite-report.mjs';
import { startShopify } from './store-orders.mjs';
import { AREAS, SCENARIOS, SHOPIFY_STEPS, lookAround, runScenarios } from './suite-scenarios.mjs';
import { seedSuite } from './suite-seed.mjs';
import { ensureWebBuild, FIRST_LOAD_TARGET_KB, LIGHTHOUSE_TARGET, runWeb } from './web.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const HELP = `npm run bench -- [options] [catalogue|checkout|wallet|accounts|lighthouse …]
  --db pglite|postgres|both   database(s) (default pglite; postgres: a scratch database on
                              BENCH_DATABASE_URL, default ${ADMIN_URL})
  --products N --users N --orders N --ledger N
                              data (default 100000 / 1000 / 100000 / 1000000; --quick 2000 / 200 / 10000 / 100000)
  --duration S --warmup S     measured window and warm-up per scenario (15 and 3; --quick 3 and 1)
  --quick                     small data, short windows (a few minutes at most)
  --scenarios a,b             some of: ${SCENARIOS.map((s) => s.name).join(', ')}, web
                              (the area names catalogue, checkout, wallet, accounts, store-orders, excel-imports, lighthouse select theirs)
  --store-orders N            orders in the store-orders-import shop (10000; --quick 1000)
  --store-order-burst N       orders/create deliveries in store-orders-burst (1000; --quick 200)
  --excel-rows N              data rows of the excel-import spreadsheet (10000, --quick too: the target's size)
  --lighthouse-runs N         Lighthouse runs per page (3; --quick 1)
  --label TEXT                a suffix for the result files (e.g. before / after)`;

function options() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      db: { type: 'string', default: 'pglite' },
      quick: { type: 'boolean', default: false },
      products: { type: 'string' },
      users: { type: 'string' },
      orders: { type: 'string' },
      ledger: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      scenarios: { type: 'string' },
      'lighthouse-runs': { type: 'string' },
      'store-orders': { type: 'string' },
      'store-order-burst': { type: 'string' },
      'excel-rows': { type: 'string' },
      label: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    process.exit(0);
  }
  const q = values.quick;
  const whole = (name, v, dflt, min = 1) => {
    const n = Number(v ?? dflt);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number of at least ${min}`);
    return n;
  };
  // Names select scenarios: a scenario's own, an old benchmark's (its area), `web`/`lighthouse`.
  const names = [...(values.scenarios?.split(',') ?? []), ...positionals].map((s) => s.trim()).filter(Boolean);
  const scenarios = new Set();
  for (const n of names) {
    if (n === 'web' || n === 'lighthouse') scenarios.add('web');
    else if (AREAS.includes(n)) for (const s of SCENARIOS.filter((x) => x.area === n)) scenarios.add(s.name);
    else if (SCENARIOS.some((s) => s.name === n)) scenarios.add(n);
    else throw new Error(`unknown scenario "${n}"\n${HELP}`);
  }
  if (!names.length) for (const s of [...SCENARIOS.map((x) => x.name), 'web']) scenarios.add(s);
  const o = {
    dbs: values.db === 'both' ? ['pglite', 'postgres'] : [values.db],
    quick: q,
    products: whole('products', values.products, q ? 2_000 : 100_000, 20),
    users: whole('users', values.users, q ? 200 : 1_000, 40),
    orders: whole('orders', values.orders, q ? 10_000 : 100_000),
    ledger: whole('ledger', values.ledger, q ? 100_000 : 1_000_000),
    seconds: whole('duration', values.duration, q ? 3 : 15),
    warmup: whole('warmup', values.warmup, q ? 1 : 3, 0),
    storeOrders: whole('store-orders', values['store-orders'], q ? 1_000 : 10_000),
    storeOrderBurst: whole('store-order-burst', values['store-order-burst'], q ? 200 : 1_000),
    excelRows: whole('excel-rows', values['excel-rows'], 10_000),
    lighthouseRuns: whole('lighthouse-runs', values['lighthouse-runs'], q ? 1 : 3),
    scenarios: [...scenarios],
    label: values.label,
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  };
  if (!o.dbs.every((d) => ['pglite', 'postgres'].includes(d))) throw new Error('--db must be pglite, postgres or both');
  return o;
}

// Everything started or made is undone in reverse order, on success, failure and Ctrl-C alike.
const undo = [];
const later = (fn) => {
  const entry = { fn };
  undo.push(entry);
  return async () => {
    const i = undo.indexOf(entry);
    if (i >= 0) undo.splice(i, 1);
    await fn();
  };
};
async function undoAll() {
  while (undo.length) {
    const { fn } = undo.pop();
    await fn().catch((err) => console.error(`cleaning up: ${err.message}`));
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    console.error(`\n${signal}: stopping what the benchmark started`);
    await undoAll();
    process.exit(130);
  });
}

let registered = false;
const server = (p) => {
  if (!registered) register();
  registered = true;
  return import(pathToFileURL(path.join(root, 'apps/server/src', p)).href);
};

async function admin(text, params) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Seeds a scratch database of kind `db`, serves it, runs the scenarios; returns its record. */
async function runOn(db, o, withWeb) {
  const { migrate } = await server('db/migrate.ts');
  const { openPglite, openPostgres } = await server('db/client.ts');
  const name = `dsm_bench_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dsm-bench-'));
  const removeDir = later(async () => rmSync(dataDir, { recursive: true, force: true }));
  let env;
  let database;
  let dropDb = async () => {};
  if (db === 'postgres') {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    await admin(`create database ${name}`);
    dropDb = later(() => admin(`drop database if exists ${name} with (force)`));
    env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
    database = await openPostgres(url.toString(), 4);
  } else {
    // An empty DATABASE_URL means the embedded database, whatever the caller's shell has set.
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    database = await openPglite(path.join(dataDir, 'pgdata'));
  }
  const closeDb = later(() => database.close());
  await migrate(database);
  const version = (await database.db.execute(sql`show server_version`)).rows[0].server_version;
  const label = `${db === 'postgres' ? 'PostgreSQL' : 'PGlite'} ${version}`;
  console.log(
    `\n== ${label}: seeding ${o.products} products, ${o.users} users, ${o.orders} orders, ${o.ledger} ledger lines`,
  );
  const started = Date.now();
  const seeded = await seedSuite(database.db, server, { ...o, db });
  const seedSeconds = Number(((Date.now() - started) / 1000).toFixed(1));
  console.log(`  seeded in ${seedSeconds} s: ${JSON.stringify(seeded.counts)}`);
  await closeDb();

  // Log-ins come from many addresses, as real ones do (X-Forwarded-For): the per-address
  // throttle would otherwise refuse 32 parallel log-ins from 127.0.0.1.
  // The seeded users submit many orders they pay only later: the unpaid-order cap (decision 0106)
  // stays on, so its lock and count are measured, but far above what they reach.
  // The store-order scenarios' Shopify: the emulator on its own port, the server configured to it.
  const shopify = o.scenarios.some((s) => SHOPIFY_STEPS.includes(s)) ? await startShopify(server) : null;
  if (shopify) later(shopify.stop);
  const app = await startServer({
    ...env,
    ...shopify?.env,
    TRUST_PROXY: 'true',
    CHECKOUT_MAX_UNPAID_ORDERS: '100000',
  });
  const stopApp = later(() => app.stop());
  const rss = rssSampler(app.pid);
  const cpu = cpuMeter(app.pid, async () =>
    db === 'postgres'
      ? (await admin('select pid from pg_stat_activity where datname = $1', [name])).map((r) => r.pid)
      : [],
  );
  // Read before and after each window: the peak memory is the window's.
  const meter = async () => ({ ...(await cpu()), peakRssMb: rss.take(), rssMb: residentMb(app.pid) });
  // The embedded database belongs to the server process: only PostgreSQL's jobs can be counted from here.
  const jobsLeft = db === 'postgres' ? () => jobsOf(env.DATABASE_URL) : null;
  let record;
  try {
    const ctx = { ...seeded, ...(await lookAround(app.url)), shopify };
    const results = await runScenarios(app.url, o, ctx, meter, jobsLeft);
    const serverPeakRssMb = residentMb(app.pid, 'VmHWM');
    const web = withWeb
      ? (console.log('  front end'),
        await runWeb(app.url, {
          runs: o.lighthouseRuns,
          productId: seeded.productIds[0],
          categoryId: ctx.rootCategoryId,
        }))
      : null;
    record = {
      db,
      database: label,
      seed: { counts: seeded.counts, seconds: seedSeconds },
      results,
      serverPeakRssMb,
      web,
    };
  } finally {
    rss.stop();
    await stopApp();
    await dropDb();
    await removeDir();
  }
  return record;
}

/** Jobs due and not yet worked in the scratch database (the checkout pools enqueue e-mails). */
async function jobsOf(connectionString) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (
      await client.query(`select count(*)::int as n from jobs where state in ('queued', 'running') and run_at <= now()`)
    ).rows[0].n;
  } finally {
    await client.end();
  }
}

async function measureBaseline(baseline, o, when) {
  const b = await drive(
    baseline.url,
    o,
    () => ({ path: '/' }),
    cpuMeter(baseline.pid, async () => []),
  );
  console.log(`baseline (${when}): Fastify hello world ${b.rps} req/s, p50 ${b.p50} ms, p99 ${b.p99} ms`);
  return b;
}

async function main() {
  const o = options();
  const wallStarted = Date.now();
  const withWeb = o.scenarios.includes('web');
  o.scenarios = o.scenarios.filter((s) => s !== 'web');
  if (withWeb && ensureWebBuild()) console.log('  built');
  const loadAverageAtStart = os.loadavg().map((l) => Number(l.toFixed(2)));
  const baseline = await startBaseline();
  const stopBaseline = later(() => baseline.stop());
  const before = await measureBaseline(baseline, o, 'before');
  const perDb = [];
  for (const [i, db] of o.dbs.entries()) perDb.push(await runOn(db, o, withWeb && i === 0));
  const after = await measureBaseline(baseline, o, 'after');
  await stopBaseline();
  // The machine may be shared and its load drifts: ratios use the mean of before and after.
  const base = {
    rps: Math.round((before.rps + after.rps) / 2),
    p50: Math.max(before.p50, after.p50),
    p99: Math.max(before.p99, after.p99),
    runs: [before, after],
  };
  const loadAverageAtEnd = os.loadavg().map((l) => Number(l.toFixed(2)));
  const dir = path.join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const date = new Date().toISOString();
  const failed = [];
  for (const r of perDb) {
    const verdicts = Object.fromEntries(Object.entries(r.results).map(([k, v]) => [k, judge(k, v, base.rps)]));
    verdicts.peakRss = {
      target: `< ${TARGETS.peakRssMb} MB`,
      met: r.serverPeakRssMb !== null && r.serverPeakRssMb < TARGETS.peakRssMb,
    };
    for (const [page, p] of Object.entries(r.web?.pages ?? {})) {
      // Issue 20: the target holds in every run, so the lowest of the page's runs is judged.
      verdicts[`lighthouse ${page}`] = {
        target: `every run ≥ ${LIGHTHOUSE_TARGET}`,
        met: p.performanceMin !== null && p.performanceMin >= LIGHTHOUSE_TARGET,
      };
      verdicts[`first load ${page}`] = {
        target: `≤ ${FIRST_LOAD_TARGET_KB} kB`,
        met: p.firstLoad ? p.firstLoad.totalGzipKb <= FIRST_LOAD_TARGET_KB : false,
      };
    }
    const record = {
      date,
      command: o.command,
      quick: o.quick,
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? '',
      node: process.version,
      connections: CONNECTIONS,
      seconds: o.seconds,
      warmup: o.warmup,
      targets: TARGETS,
      loadAverageAtStart,
      loadAverageAtEnd,
      baseline: base,
      ...r,
      verdicts,
      wallSeconds: Math.round((Date.now() - wallStarted) / 1000),
    };
    const stem = `${date.slice(0, 10)}-${r.db}${o.quick ? '-quick' : ''}${o.label ? `-${o.label}` : ''}`;
    writeFileSync(path.join(dir, `${stem}.json`), `${JSON.stringify(record, null, 2)}\n`);
    const md = markdown(record);
    writeFileSync(path.join(dir, `${stem}.md`), md);
    console.log(`\n${md}`);
    console.log(`(bench/results/${stem}.json and .md)`);
    failed.push(
      ...Object.entries(verdicts)
        .filter(([, v]) => v.met === false)
        .map(([k]) => `${r.db}: ${k}`),
    );
  }
  console.log(`Whole run: ${Math.round((Date.now() - wallStarted) / 1000)} s.`);
  // Not met is a finding, not a failure of the command: the exit code says whether it ran.
  if (failed.length) console.log(`Targets not met: ${failed.join('; ')}`);
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await undoAll();
}
