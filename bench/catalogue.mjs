// Catalogue load scenarios (autocannon, 32 connections, 15 s after a warm-up), each beside a
// Fastify hello-world baseline measured in the same run:
// - PostgreSQL with 100,000 demo products (BENCH_DATABASE_URL, default a scratch database
//   dsm_bench_catalogue on the local server, created and seeded when missing);
// - embedded PGlite with 10,000 demo products (a fresh DATA_DIR).
// Targets: product detail ≥ 30 % of the baseline's requests/s, goods-list search ≥ 10 %,
// category tree ≥ 50 %, p99 < 100 ms each. Writes bench/results/catalogue-<date>.{json,md}.
// Run alone: node bench/catalogue.mjs   (CATALOGUE_BENCH_SECONDS, CATALOGUE_BENCH_SKIP_PGLITE=1,
// CATALOGUE_BENCH_ONLY=<scenario,…>, BENCH_RESULT_SUFFIX=-before)
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMeter, cpuPerRequest } from './checkout-drive.mjs';
import { root, startBaseline, startServer } from './server.mjs';

const SECONDS = Number(process.env.CATALOGUE_BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
const CONNECTIONS = 32;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dsm_bench_catalogue';
const TARGETS = { detail: 0.3, search: 0.1, tree: 0.5, searchVaried: 0.03 };
const P99_LIMIT_MS = 100;
const BURST_CONNECTIONS = 50;
// CATALOGUE_BENCH_ONLY=searchUncached,searchVaried runs some scenarios (a partial run).
const ONLY = process.env.CATALOGUE_BENCH_ONLY?.split(',');

// Goods-list keywords as visitors type them, in the four languages (Chinese without spaces).
const KEYWORDS = [
  'dress',
  'leather',
  'cotton',
  'watch',
  'backpack',
  'waterproof tent',
  'silver ring',
  'linen shirt',
  'robe',
  'cuir',
  'montre',
  'coussin',
  'chemise en lin',
  'sac à dos',
  'elbise',
  'deri',
  'saat',
  'çanta',
  'gümüş yüzük',
  'keten gömlek',
  '连衣裙',
  '双肩包',
  '纯棉',
  '手表',
  '帆布包',
  '电动牙刷',
];
const SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'sales'];
let variedSeq = 0;

/**
 * Request i of the varied search: keyword i mod 26 (a quarter also in a category), one of five
 * sorts, a page from 1 to 50, and a price range that no earlier request had (the minimum moves
 * by one cent per request), so neither the response cache nor the count cache can answer it.
 */
function variedSearchPath(categoryId) {
  const i = variedSeq++;
  const keyword = encodeURIComponent(KEYWORDS[i % KEYWORDS.length]);
  const sort = SORTS[Math.floor(i / KEYWORDS.length) % SORTS.length];
  const page = 1 + ((i * 7) % 50);
  const min = ((i % 10_000) / 100).toFixed(2);
  const max = i % 3 === 0 ? '&maxPrice=400' : '';
  const category = i % 4 === 0 ? `&categoryId=${categoryId}` : '';
  return `/api/prod/search?keyword=${keyword}&sort=${sort}&current=${page}&size=20&minPrice=${min}${max}${category}`;
}

function run(url, requests, connections = CONNECTIONS) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: SECONDS, requests }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

function warm(url, requests, connections = CONNECTIONS) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: WARMUP_SECONDS, requests }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/** `meter` (optional): reads the CPU of the server and its PostgreSQL backends (checkout-drive). */
async function measure(url, requests, connections = CONNECTIONS, meter = null) {
  await warm(url, requests, connections);
  const cpuBefore = meter && (await meter());
  const r = await run(url, requests, connections);
  const cpuAfter = meter && (await meter());
  return {
    ...(meter ? { cpuMsPerRequest: cpuPerRequest(cpuBefore, cpuAfter, r.requests.total) } : {}),
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + (r.non2xx ?? 0),
    total: r.requests.total,
  };
}

function seedCli(env, products) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let out = '';
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'apps/server/src/db/seed/cli.ts'), '--products', String(products)],
      {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`seed exited with ${code}`));
      const line = out.trim().split('\n').pop();
      console.log(`  ${line}`);
      resolve({ seconds: (Date.now() - started) / 1000, line });
    });
  });
}

async function ensureDatabase(url) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await admin.query(`create database ${name.replace(/[^a-z0-9_]/gi, '')}`);
  await admin.end();
}

/** The scenarios against one running server; product ids rotate over `productCount` products. */
async function scenarios(url, productCount, meter) {
  const tree = await (await fetch(`${url}/api/category/categories`)).json();
  const ladies = tree.data.find((c) => c.icon === 'ladies');
  const ids = Array.from({ length: 2000 }, (_, i) => 1 + ((i * 7919) % productCount));
  let next = 0;
  const detail = [
    {
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: `/api/prod/prodInfo?prodId=${ids[next++ % ids.length]}` }),
    },
  ];
  const search = (current) => [
    {
      method: 'GET',
      path: `/api/prod/search?keyword=dress&categoryId=${ladies.categoryId}&sort=price_asc&current=${current}&size=20`,
    },
  ];
  // Not a target: every request a different page, so no cached page helps (the database path).
  let page = 0;
  const searchUncached = [
    {
      method: 'GET',
      setupRequest: (req) => ({
        ...req,
        path: `/api/prod/search?keyword=dress&categoryId=${ladies.categoryId}&sort=price_asc&current=${1 + (page++ % 80)}&size=20&minPrice=${(page % 997) / 100}`,
      }),
    },
  ];
  const varied = [{ method: 'GET', setupRequest: (req) => ({ ...req, path: variedSearchPath(ladies.categoryId) }) }];
  const check = await (await fetch(`${url}${search(50)[0].path}`)).json();
  const out = {};
  const plan = {
    detail: () => measure(url, detail),
    searchPage1: () => measure(url, search(1)),
    searchPage50: () => measure(url, search(50)),
    categoryTree: () => measure(url, [{ method: 'GET', path: '/api/category/categories' }]),
    searchUncached: () => measure(url, searchUncached, CONNECTIONS, meter),
    // The app's own cheapest call: what every route pays for the platform (helmet, hooks, logger).
    appHealth: () => measure(url, [{ method: 'GET', path: '/api/health' }]),
    // Issue 10: a new keyword or price range on every request (no response or count cache hit),
    // at 32 connections, then as a burst of 50.
    searchVaried: () => measure(url, varied, CONNECTIONS, meter),
    searchVariedBurst: () => measure(url, varied, BURST_CONNECTIONS, meter),
  };
  for (const [name, scenario] of Object.entries(plan)) {
    if (!ONLY || ONLY.includes(name)) out[name] = await scenario();
  }
  out.searchMatches = check.data.total;
  return out;
}

function verdicts(results, baselineRps) {
  const share = (s) => s.rps / baselineRps;
  const ok = (s, target) => share(s) >= target && s.p99 < P99_LIMIT_MS && s.errors === 0;
  return {
    detail: results.detail && ok(results.detail, TARGETS.detail),
    searchPage1: results.searchPage1 && ok(results.searchPage1, TARGETS.search),
    searchPage50: results.searchPage50 && ok(results.searchPage50, TARGETS.search),
    categoryTree: results.categoryTree && ok(results.categoryTree, TARGETS.tree),
    searchVaried: results.searchVaried && ok(results.searchVaried, TARGETS.searchVaried),
  };
}

function markdown(record) {
  const rows = [];
  const line = (db, name, s, target) =>
    s &&
    rows.push(
      `| ${db} | ${name} | ${s.rps} | ${((s.rps / record.baseline.rps) * 100).toFixed(1)} % | ${target ? `≥ ${target * 100} %` : '—'} | ${s.p50} | ${s.p99} | ${s.errors} | ${s.cpuMsPerRequest ? `${s.cpuMsPerRequest.node} + ${s.cpuMsPerRequest.postgres ?? '—'}` : ''} |`,
    );
  for (const [db, r] of Object.entries(record.databases)) {
    line(db, 'product detail', r.results.detail, TARGETS.detail);
    line(db, 'search p1 (keyword + category + sort)', r.results.searchPage1, TARGETS.search);
    line(db, 'search p50', r.results.searchPage50, TARGETS.search);
    line(db, 'category tree', r.results.categoryTree, TARGETS.tree);
    line(db, 'search, every request uncached (info)', r.results.searchUncached, null);
    line(db, 'GET /api/health of the same server (info)', r.results.appHealth, null);
    line(db, 'search, new keyword/price range per request', r.results.searchVaried, TARGETS.searchVaried);
    line(db, `the same, burst of ${BURST_CONNECTIONS} connections`, r.results.searchVariedBurst, null);
  }
  return [
    `# Catalogue benchmark ${record.date}`,
    '',
    `${record.cores} cores (${record.cpu}), Node ${record.node}, ${record.connections} connections, ${record.seconds} s per scenario after a ${WARMUP_SECONDS} s warm-up.`,
    `Load average (1/5/15 min) at start ${record.loadAverageAtStart.join(' / ')}, at end ${record.loadAverageAtEnd.join(' / ')}: other work on the machine shares the cores.`,
    `Baseline (Fastify hello world, own process): ${record.baseline.rps} req/s (mean of ${record.baselineRuns.map((b) => b.rps).join(' before and ')} after), p99 ${record.baseline.p99} ms, ${record.baseline.cpuMsPerRequest} ms CPU per request.`,
    'CPU ms/request is what one request cost the server process and its PostgreSQL backends, whatever else ran: on a busy machine it tells cost from queueing (baseline CPU ÷ that CPU ≈ the share of the baseline the route would reach on idle cores).',
    '',
    '| database | scenario | req/s | of baseline | target | p50 ms | p99 ms | errors | CPU ms/request (server + PostgreSQL) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...Object.entries(record.databases).map(
      ([db, r]) =>
        `${db}: ${r.products} products (${r.seed.line}); search matches ${r.results.searchMatches}; targets met: ${JSON.stringify(r.verdicts)}`,
    ),
    '',
  ].join('\n');
}

export async function runCatalogueBench() {
  const record = {
    date: new Date().toISOString(),
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? '',
    node: process.version,
    connections: CONNECTIONS,
    seconds: SECONDS,
    targets: { ...TARGETS, p99Ms: P99_LIMIT_MS },
    loadAverageAtStart: os.loadavg().map((l) => Number(l.toFixed(2))),
    databases: {},
  };

  // The baseline is measured before and after the scenarios (the machine may be shared, and its
  // load drifts); ratios use the mean of the two.
  const baseline = await startBaseline();
  const measureBaseline = async (when) => {
    const b = await measure(
      baseline.url,
      [{ method: 'GET', path: '/' }],
      CONNECTIONS,
      cpuMeter(baseline.pid, async () => []),
    );
    console.log(
      `baseline (${when}): Fastify hello world ${b.rps} req/s, p99 ${b.p99} ms, CPU ms/request ${b.cpuMsPerRequest.node}`,
    );
    return b;
  };
  const before = await measureBaseline('before');

  console.log('PostgreSQL, 100,000 products');
  await ensureDatabase(PG_URL);
  const pgDataDir = mkdtempSync(path.join(os.tmpdir(), 'dsm-bench-pg-'));
  const pgSeed = await seedCli({ DATABASE_URL: PG_URL, DATA_DIR: pgDataDir }, 100_000);
  const pgServer = await startServer({ DATABASE_URL: PG_URL, DATA_DIR: pgDataDir });
  try {
    const dbName = new URL(PG_URL).pathname.slice(1);
    const backends = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      const { rows } = await c.query(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [dbName],
      );
      await c.end();
      return rows.map((r) => r.pid);
    };
    const results = await scenarios(pgServer.url, 100_000, cpuMeter(pgServer.pid, backends));
    record.databases.postgres = { products: 100_000, seed: pgSeed, results };
  } finally {
    await pgServer.stop();
    rmSync(pgDataDir, { recursive: true, force: true });
  }

  if (!process.env.CATALOGUE_BENCH_SKIP_PGLITE) {
    console.log('PGlite, 10,000 products');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dsm-bench-pglite-'));
    try {
      const seed = await seedCli({ DATA_DIR: dataDir }, 10_000);
      const server = await startServer({ DATA_DIR: dataDir });
      try {
        const results = await scenarios(
          server.url,
          10_000,
          cpuMeter(server.pid, async () => []),
        );
        record.databases.pglite = { products: 10_000, seed, results };
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const after = await measureBaseline('after');
  await baseline.stop();
  record.baselineRuns = [before, after];
  record.baseline = {
    rps: Math.round((before.rps + after.rps) / 2),
    p50: Math.max(before.p50, after.p50),
    p99: Math.max(before.p99, after.p99),
    errors: before.errors + after.errors,
    cpuMsPerRequest: Number(((before.cpuMsPerRequest.node + after.cpuMsPerRequest.node) / 2).toFixed(3)),
  };
  for (const db of Object.values(record.databases)) db.verdicts = verdicts(db.results, record.baseline.rps);
  record.loadAverageAtEnd = os.loadavg().map((l) => Number(l.toFixed(2)));
  const dir = path.join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = `${record.date.slice(0, 10)}${process.env.BENCH_RESULT_SUFFIX ?? ''}`;
  writeFileSync(path.join(dir, `catalogue-${stamp}.json`), `${JSON.stringify(record, null, 2)}\n`);
  const md = markdown(record);
  writeFileSync(path.join(dir, `catalogue-${stamp}.md`), md);
  console.log(`\n${md}`);
  return record;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runCatalogueBench();
}
