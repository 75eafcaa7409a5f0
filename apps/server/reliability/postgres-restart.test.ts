import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { translate } from '@dsm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Acknowledged, type Shop, prepareShop, writeLoad } from './load';
import { type PrivatePostgres, createPrivatePostgres } from './private-postgres';
import { type ServerProcess, call, kill, startServer } from './server-process';

/**
 * The PostgreSQL server goes away under load and comes back (decision 0097): meanwhile the API
 * answers 503 in the envelope with a localized message and the process stays up; afterwards it
 * serves again without being restarted. On a private PostgreSQL, never the machine's shared one.
 */
let pg: PrivatePostgres;
let server: ServerProcess;
let shop: Shop;
const dataDir = mkdtempSync(path.join(tmpdir(), 'dsm-pgrestart-'));
const acked: Acknowledged = { orders: new Set(), paid: new Set() };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function untilAcked(n: number, timeoutMs: number) {
  const target = acked.orders.size + n;
  const deadline = Date.now() + timeoutMs;
  while (acked.orders.size < target) {
    if (Date.now() > deadline) throw new Error(`no ${n} acknowledged orders in ${timeoutMs} ms:\n${server.output()}`);
    await sleep(20);
  }
}

beforeAll(async () => {
  pg = await createPrivatePostgres();
  server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: pg.url });
  shop = await prepareShop(server.base);
}, 180_000);
afterAll(async () => {
  if (server && server.child.exitCode !== null)
    console.log(`server exited with ${server.child.exitCode}:\n${server.output()}`);
  if (server && server.child.exitCode === null && server.child.signalCode === null) await kill(server);
  pg?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('PostgreSQL restarted under load', () => {
  it('while it is down: 503 in the envelope, localized, no crash; once it is back the API serves again by itself', async () => {
    const load = writeLoad(server.base, shop, acked, 4);
    await untilAcked(3, 60_000);
    pg.stop();
    const downAt = Date.now();
    await sleep(1500);
    const probe = await call(server.base, 'GET', '/api/p/orders', undefined, {
      authorization: `Bearer ${shop.buyer.token}`,
      'accept-language': 'fr-FR',
    });
    expect(probe.status).toBe(503);
    expect(probe.json).toMatchObject({
      code: 'A00005',
      success: false,
      msg: translate('fr-FR', 'errors.service-unavailable'),
    });
    expect(server.child.exitCode).toBeNull();
    pg.start();
    const upAt = Date.now();
    await untilAcked(3, 30_000);
    const recovered = Date.now() - upAt;
    load.stop();
    await load.done;
    console.log(
      `reliability PostgreSQL restart: down ${upAt - downAt} ms, serving again ${recovered} ms after it was back; answers ${JSON.stringify(Object.fromEntries(load.answers))}`,
    );
    expect(load.notEnvelope).toEqual([]);
    expect(load.unanswered).toBe(0);
    // Nothing but successes and "unavailable": no 500 for a database that is away.
    expect([...load.answers.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect((await call(server.base, 'GET', '/api/health/ready')).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
