import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client';
import { HOLDS, storedInvariants } from './invariants';
import { rowsOfQuery } from '../test/factories/reads';
import { type Acknowledged, type Shop, prepareShop, writeLoad } from './load';
import { type ServerProcess, call, kill, spawnServer, startServer } from './server-process';

/**
 * The server as a child process on a file-backed embedded database (decision 0097): killed with
 * SIGKILL under a write load 20 times, stopped with SIGTERM once, and a second process on the same
 * data directory. At the end the directory is opened directly and every acknowledged order and
 * payment must be there, with nothing half-written.
 */
const CRASHES = Number(process.env.RELIABILITY_CRASHES ?? 20);
const dataDir = mkdtempSync(path.join(tmpdir(), 'dsm-crash-'));
const env = { DATA_DIR: dataDir };
const acked: Acknowledged = { orders: new Set(), paid: new Set() };
let shop: Shop;
let server: ServerProcess | undefined;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the load has `n` more acknowledged orders (the server serves again). */
async function untilAcked(n: number, timeoutMs = 60_000) {
  const target = acked.orders.size + n;
  const deadline = Date.now() + timeoutMs;
  while (acked.orders.size < target) {
    if (Date.now() > deadline) throw new Error(`no ${n} acknowledged orders in ${timeoutMs} ms:\n${server?.output()}`);
    await sleep(20);
  }
}

const running = (s: ServerProcess | undefined): s is ServerProcess =>
  !!s && s.child.exitCode === null && s.child.signalCode === null;
/** The server on the data directory, started unless running (each test also runs alone with -t). */
async function serving() {
  if (!running(server)) server = await startServer(env);
  return server;
}

beforeAll(async () => {
  server = await startServer(env);
  shop = await prepareShop(server.base);
}, 180_000);
afterAll(async () => {
  if (running(server)) await kill(server);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash and shutdown on the embedded database', () => {
  it(`SIGKILL under a write load, ${CRASHES} times: it restarts on the same data and serves again`, async () => {
    const started = Date.now();
    for (let i = 0; i < CRASHES; i++) {
      const t0 = Date.now();
      await serving();
      const t1 = Date.now();
      const load = writeLoad(server!.base, shop, acked);
      await untilAcked(2);
      if (process.env.RELIABILITY_VERBOSE)
        console.log(`crash ${i + 1}: listening after ${t1 - t0} ms, 2 orders after ${Date.now() - t1} ms`);
      // Somewhere in the middle of the next orders and payments.
      await sleep(50 + Math.floor(Math.random() * 400));
      await kill(server!);
      load.stop();
      await load.done;
      expect(load.notEnvelope).toEqual([]);
    }
    console.log(
      `reliability crash: ${CRASHES} SIGKILLs in ${((Date.now() - started) / 1000).toFixed(1)} s, ${acked.orders.size} orders and ${acked.paid.size} payments acknowledged`,
    );
    // About 5 s a cycle on a quiet 2-core machine; up to 20 s when other work loads it.
  }, 600_000);

  it('SIGTERM under a write load: in-flight requests are answered, refused ones in the envelope, the process exits 0', async () => {
    server = await serving();
    const load = writeLoad(server.base, shop, acked);
    await untilAcked(5);
    load.signalled();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    load.stop();
    await load.done;
    console.log(
      `reliability SIGTERM: answers ${JSON.stringify(Object.fromEntries(load.answers))}, ${load.unanswered} refused without an answer (${load.unansweredInFlight} of them sent before the signal)`,
    );
    expect(exit).toEqual({ code: 0, signal: null });
    expect(load.unansweredInFlight).toBe(0);
    expect(load.notEnvelope).toEqual([]);
    // Anything other than success is the "shutting down" refusal.
    expect([...load.answers.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]);
  });

  it('a second process on the same data directory is refused with a message naming it; the first keeps serving', async () => {
    server = await serving();
    const second = spawnServer(env);
    const exit = await second.exited;
    expect(exit.code).not.toBe(0);
    expect(second.output()).toContain(dataDir);
    expect(second.output()).toMatch(/in use by another server process/);
    const load = writeLoad(server.base, shop, acked, 2);
    await untilAcked(3);
    load.stop();
    await load.done;
    expect((await call(server.base, 'GET', '/api/health/ready')).status).toBe(200);
    await kill(server);
  });

  it('every acknowledged order and payment is stored, nothing half-written', async () => {
    if (running(server)) await kill(server);
    const database = await openPglite(path.join(dataDir, 'pgdata'));
    try {
      const ids = [...acked.orders];
      const stored = await rowsOfQuery(
        database.db,
        sql`
        select o.id, o.state, (select count(*) from order_lines l where l.order_id = o.id) as lines,
          (select count(*) from order_payment_orders p where p.order_id = o.id) as payments
        from orders o where o.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      expect(stored).toHaveLength(ids.length);
      for (const o of stored) expect(Number(o.lines)).toBeGreaterThan(0);
      const paidMissing = stored.filter(
        (o) => acked.paid.has(String(o.id)) && (o.state === 'awaiting-payment' || Number(o.payments) === 0),
      );
      expect(paidMissing).toEqual([]);
      expect(await storedInvariants(database.db)).toEqual(HOLDS);
    } finally {
      await database.close();
    }
  });
});
