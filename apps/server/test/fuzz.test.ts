import { ERRORS, ERROR_BY_CODE, resolveLocale, translate } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FuzzCase, casesFor } from './fuzz-cases';
import { createFingerprinter } from './fuzz-fingerprint';
import { unlocalized } from './fuzz-locale';
import { createTestApp, sessionFor } from './harness';
import { type ApiRoute, readApiRoutes } from './openapi-routes';

/*
 * Issue 10, "Bad input": every route of the OpenAPI document, read at run time, gets FUZZ_RUNS
 * requests built by fast-check from its own schema — fitting values with hostile ones mixed in
 * (wrong types, huge and deep values, boundary and absurd amounts, NUL, right-to-left marks, SQL
 * and script text, prototype keys), in the four languages, as a user on /api/p/, the operator on
 * /api/admin/, a visitor elsewhere. Every answer: below 500, in the envelope, a refusal in the
 * caller's language with a known code (A00002 when the schema refuses the request), and nothing
 * stored changed by a refused request. FUZZ_SEED reproduces a run (decision 0098).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);

/** Routes the fuzzer does not send to, with the reason. A listed route that is gone fails the test. */
const SKIPPED: Record<string, string> = {};

/** Routes whose success is a file, not the envelope (their refusals are still checked). */
const FILE_ANSWERS: Record<string, string> = {
  'GET /api/p/invoices/{id}/pdf': 'the invoice as a PDF',
  'GET /api/p/wallet/statement.csv': 'the statement as CSV',
  'GET /api/p/affiliate/export': 'the affiliate’s referred orders as .xlsx or CSV',
  'GET /api/p/privateInventory/download': 'the inventory as an .xlsx workbook',
  'GET /api/p/excel-imports/template': 'the order import template as an .xlsx workbook',
  'GET /api/p/excel-imports/{id}/original': 'the uploaded spreadsheet',
  'GET /api/p/excel-imports/{id}/errors': 'the rows with errors as an .xlsx workbook',
  'GET /api/p/after-sales/{id}/images/{image}': "a picture of the user's request",
  'GET /api/admin/after-sales/{id}/images/{image}': 'a picture of a request',
  'GET /api/admin/recharges/{id}/slip': 'the transfer slip the user uploaded',
};

/** Codes a request with the right credentials may be refused with, besides A00002. */
const CLIENT_CODES = new Set<string>([
  ERRORS.BUSINESS.code,
  ERRORS.VALIDATION.code,
  ERRORS.NOT_FOUND.code,
  ERRORS.CONFLICT.code,
  ERRORS.RATE_LIMITED.code,
  ERRORS.PAYLOAD_TOO_LARGE.code,
  ERRORS.INSUFFICIENT_BALANCE.code,
  ERRORS.FORBIDDEN.code,
]);

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let routes: ApiRoute[];
const tokens = { user: '', admin: '' };

beforeAll(async () => {
  ctx = await createTestApp();
  routes = await readApiRoutes(ctx.app);
  tokens.user = await sessionFor(ctx.db, 'demo@example.com');
  tokens.admin = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(() => ctx?.app.close());

/** Seeds per route, so adding a route does not change what the others are sent. */
function seedOf(key: string): number {
  let h = SEED | 0;
  for (const ch of key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/** String ids in a successful answer (`id`, `orderId`, `addrId` …), newest kept. */
const knownIds: string[] = [];
function harvestIds(value: unknown, key = ''): void {
  if (typeof value === 'string') {
    if (/^(id|\w+Id)$/.test(key) && value.length > 0 && value.length <= 64 && !knownIds.includes(value)) {
      knownIds.push(value);
      if (knownIds.length > 200) knownIds.shift();
    }
  } else if (Array.isArray(value)) value.slice(0, 20).forEach((v) => harvestIds(v, key));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) harvestIds(v, k);
}

/** What is wrong with an answer, or nothing. */
function problemsOf(
  route: ApiRoute,
  c: FuzzCase,
  status: number,
  headers: Record<string, unknown>,
  body: string,
): string[] {
  if (status >= 500) return [`${status}: ${body.slice(0, 200)}`];
  const contentType = String(headers['content-type'] ?? '');
  if (status < 300 && FILE_ANSWERS[route.key] && !contentType.includes('json')) return [];
  let envelope: { code?: unknown; data?: unknown; msg?: unknown; success?: unknown };
  try {
    envelope = JSON.parse(body);
  } catch {
    return [`${status} not JSON (${contentType}): ${body.slice(0, 120)}`];
  }
  const keys = envelope && typeof envelope === 'object' ? Object.keys(envelope).sort().join(',') : '';
  if (keys !== 'code,data,msg,success') return [`${status} not the envelope: ${body.slice(0, 160)}`];
  const problems: string[] = [];
  const { code, msg, success, data } = envelope;
  if (success !== (code === ERRORS.OK.code) || success !== status < 300)
    problems.push(`${status} with code ${String(code)}, success ${String(success)}`);
  if (success) {
    if (c.refused) problems.push(`accepted a request its schema refuses: ${body.slice(0, 120)}`);
    return problems;
  }
  if (typeof code !== 'string' || !ERROR_BY_CODE[code]) problems.push(`unknown code ${String(code)}`);
  else if (ERROR_BY_CODE[code]!.status !== status) problems.push(`code ${code} with status ${status}`);
  if (c.refused && code !== ERRORS.VALIDATION.code && code !== ERRORS.PAYLOAD_TOO_LARGE.code)
    problems.push(`schema refuses it, answered ${String(code)} (not A00002): ${String(msg)}`);
  if (!c.refused && typeof code === 'string' && !CLIENT_CODES.has(code) && route.area !== 'public')
    problems.push(`refused with ${code}: ${String(msg)}`);
  const locale = resolveLocale(c.acceptLanguage);
  const bad = unlocalized(locale, msg);
  if (bad) problems.push(`msg: ${bad}`);
  if (code === ERRORS.VALIDATION.code && Array.isArray(data)) {
    for (const field of data as Array<{ field?: unknown; message?: unknown }>) {
      const wrong = unlocalized(locale, field?.message);
      if (wrong) problems.push(`field ${String(field?.field)}: ${wrong}`);
    }
  }
  return problems;
}

describe('every route of the OpenAPI document, fuzzed', () => {
  it('lists its skipped routes explicitly, and every one of them still exists', () => {
    const keys = new Set(routes.map((r) => r.key));
    expect([...Object.keys(SKIPPED), ...Object.keys(FILE_ANSWERS)].filter((k) => !keys.has(k))).toEqual([]);
    expect(routes.length).toBeGreaterThan(100);
  });

  it('its checks can fail: an English message in French, a bare key, a write the fingerprint must see', async () => {
    expect(unlocalized('fr-FR', translate('en-US', 'validation.too-deep', { field: 'prodId', max: 32 }))).toMatch(
      /English/,
    );
    expect(unlocalized('tr-TR', 'errors.A00002')).toMatch(/key/);
    expect(
      unlocalized('zh-CN', translate('zh-CN', 'validation.too-deep', { field: 'prodId', max: 32 })),
    ).toBeUndefined();
    const fingerprint = await createFingerprinter(ctx.db);
    await ctx.db.execute(sql`update currencies set rate = rate where code = 'USD'`);
    expect(await fingerprint.since({ compare: true })).toEqual(['currencies']);
    await ctx.db.execute(sql`delete from tax_rates where false`);
    expect(await fingerprint.since({ compare: true })).toEqual([]);
  });

  it('never a 5xx, always the envelope, refusals localized with a known code, nothing stored by a refusal', {
    timeout: 300_000,
  }, async () => {
    const started = Date.now();
    const cpuStarted = process.cpuUsage();
    const fingerprint = await createFingerprinter(ctx.db);
    const failures = new Map<string, string[]>();
    let cases = 0;
    const answers = new Map<string, number>();
    let injectMs = 0;
    let fingerprintMs = 0;
    const fuzzed = routes.filter((r) => !SKIPPED[r.key]);
    for (const route of fuzzed) {
      const samples = fc.sample(casesFor(route, [...knownIds]), { seed: seedOf(route.key), numRuns: RUNS });
      for (const c of samples) {
        cases++;
        const token = route.area === 'user' ? tokens.user : route.area === 'admin' ? tokens.admin : undefined;
        const t0 = performance.now();
        const res = await ctx.app.inject({
          method: route.method,
          url: c.url,
          headers: {
            'accept-language': c.acceptLanguage,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(c.contentType ? { 'content-type': c.contentType } : {}),
            ...(c.idempotencyKey !== undefined ? { 'idempotency-key': c.idempotencyKey } : {}),
          },
          ...(c.payload !== undefined ? { payload: c.payload } : {}),
        });
        const t1 = performance.now();
        injectMs += t1 - t0;
        const code = res.statusCode < 300 ? '2xx' : (/"code":"(\w+)"/.exec(res.body)?.[1] ?? String(res.statusCode));
        answers.set(code, (answers.get(code) ?? 0) + 1);
        const problems = problemsOf(route, c, res.statusCode, res.headers, res.body);
        if (res.statusCode < 300 && String(res.headers['content-type']).includes('json'))
          harvestIds((JSON.parse(res.body) as { data?: unknown }).data);
        const changed = await fingerprint.since({ compare: res.statusCode >= 400 });
        fingerprintMs += performance.now() - t1;
        if (changed.length) problems.push(`refused (${res.statusCode}) yet changed ${changed.join(', ')}`);
        if (({} as Record<string, unknown>).polluted !== undefined) problems.push('Object.prototype polluted');
        if (problems.length) {
          const list = failures.get(route.key) ?? [];
          if (list.length < 3)
            list.push(
              `${problems.join('; ')}\n      ${c.url} [${c.acceptLanguage}] ${c.notes.join(', ')}${c.payload ? `\n      body: ${c.payload.slice(0, 200)}` : ''}`,
            );
          failures.set(route.key, list);
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    // This process's CPU time too: wall time on a busy machine says little (PGlite runs in-process).
    const cpu = process.cpuUsage(cpuStarted);
    const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
    console.log(
      `fuzz: ${fuzzed.length} routes (${routes.length} in the document, ${Object.keys(SKIPPED).length} skipped), ${cases} cases, FUZZ_RUNS=${RUNS} FUZZ_SEED=${SEED}, ${seconds} s (${cpuSeconds} s CPU in this process), ${fingerprint.tables} tables fingerprinted`,
    );
    console.log(
      `fuzz: answers ${[...answers]
        .sort()
        .map(([k, n]) => `${k} ×${n}`)
        .join(
          ', ',
        )}; ${(injectMs / 1000).toFixed(1)} s in requests, ${(fingerprintMs / 1000).toFixed(1)} s in fingerprints`,
    );
    const report = [...failures].map(([key, list]) => `${key}\n    ${list.join('\n    ')}`);
    expect(
      report,
      `${report.length} routes failed (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} reproduces):\n${report.join('\n')}`,
    ).toEqual([]);
  });
});
