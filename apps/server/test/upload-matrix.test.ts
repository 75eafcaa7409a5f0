import { readdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AFTER_SALES_IMAGE_MAX_BYTES,
  EXCEL_IMPORT_MAX_MB,
  MAX_IMAGE_BYTES,
  SLIP_MAX_BYTES,
  SOURCING_IMAGE_MAX_BYTES,
} from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer } from './factories';
import { TINY_PNG, pngDeclaring, xlsxBomb } from './bomb-files';
import { createTestApp, sessionFor } from './harness';

/*
 * Every upload route (issue 10), found in the OpenAPI document at run time: a multipart body, or
 * a JSON body carrying a file as {contentType, data}. Each gets the same hostile files: the wrong
 * type under a right name and declared type, one byte over its limit, zero bytes, a picture whose
 * header declares enormous dimensions, and a zip bomb. Each must be refused with a localized field
 * error in the envelope, and leave nothing behind: no file in the store's directory, no new row
 * in any table. A new upload route without an entry in UPLOADS fails the first test.
 */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let dataDir: string;
let user: string;
let operator: string;

interface Upload {
  /** Who may upload there. */
  as: () => string;
  /** The largest file the route keeps. */
  maxBytes: number;
  /** The URL to post to (making whatever the route attaches the file to). */
  url: () => Promise<string>;
  /** The rest of a valid JSON body around the file (JSON routes only). */
  body?: () => Record<string, unknown>;
  /** A file the route keeps, when it takes something else than a picture. */
  valid?: () => Promise<Buffer>;
}

const banner = () => ({ link: '/goodslist', text: { 'en-US': { title: 'Sale', alt: '' } }, seq: 0 });
const UPLOADS: Record<string, Upload> = {
  'POST /api/p/recharges/{id}/slip': {
    as: () => user,
    maxBytes: SLIP_MAX_BYTES,
    url: async () =>
      `/api/p/recharges/${(await send(user, 'POST', '/api/p/recharges', { amount: 100, method: 'bank' })).json().data.id}/slip`,
  },
  'POST /api/p/after-sales/images': {
    as: () => user,
    maxBytes: AFTER_SALES_IMAGE_MAX_BYTES,
    url: async () => '/api/p/after-sales/images',
  },
  'POST /api/p/sourcing/images': {
    as: () => user,
    maxBytes: SOURCING_IMAGE_MAX_BYTES,
    url: async () => '/api/p/sourcing/images',
  },
  'POST /api/admin/sourcing/images': {
    as: () => operator,
    maxBytes: SOURCING_IMAGE_MAX_BYTES,
    url: async () => '/api/admin/sourcing/images',
  },
  // Spreadsheets, not pictures: the accepted file is the route's own template (a header row and an
  // example row), which previews without error; the hostile files are the same as everyone's.
  'POST /api/p/excel-imports': {
    as: () => user,
    maxBytes: EXCEL_IMPORT_MAX_MB * 1024 * 1024,
    url: async () => '/api/p/excel-imports',
    valid: async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/p/excel-imports/template',
          headers: { authorization: `Bearer ${user}` },
        })
      ).rawPayload,
  },
  'POST /api/admin/catalogue/images': {
    as: () => operator,
    maxBytes: MAX_IMAGE_BYTES,
    url: async () => '/api/admin/catalogue/images',
  },
  'POST /api/admin/content/banners': {
    as: () => operator,
    maxBytes: MAX_IMAGE_BYTES,
    url: async () => '/api/admin/content/banners',
    body: banner,
  },
  'PUT /api/admin/content/banners/{id}': {
    as: () => operator,
    maxBytes: MAX_IMAGE_BYTES,
    url: async () => {
      const made = await send(operator, 'POST', '/api/admin/content/banners', {
        ...banner(),
        imgUrl: 'https://cdn.example.com/a.png',
      });
      return `/api/admin/content/banners/${made.json().data.imgId}`;
    },
    body: banner,
  },
};

/** The hostile files: each is a real file of its kind (see bomb-files.ts). */
const CASES: Record<string, (max: number) => Buffer> = {
  'wrong type, right extension': () => Buffer.from('just some text, named .png and declared image/png'),
  'one byte over the limit': (max) => Buffer.concat([TINY_PNG, Buffer.alloc(max + 1 - TINY_PNG.length)]),
  'zero bytes': () => Buffer.alloc(0),
  'a picture declaring 100,000 × 100,000 pixels': () => pngDeclaring(100_000, 100_000),
  'a zip bomb (20 MB of zeros in a few kB)': () => xlsxBomb(20),
};

interface Found {
  key: string;
  method: string;
  /** Where the {contentType, data} object sits in a JSON body; null for multipart. */
  filePath: string[] | null;
}

type Schema = { type?: string; properties?: Record<string, Schema> };
/** The property path of a {contentType, data} object in a JSON body schema, if any. */
function fileObjectPath(schema: Schema | undefined, at: string[] = []): string[] | null {
  if (!schema?.properties) return null;
  if (schema.properties.contentType && schema.properties.data) return at;
  for (const [name, sub] of Object.entries(schema.properties)) {
    const found = fileObjectPath(sub, [...at, name]);
    if (found) return found;
  }
  return null;
}

async function uploadRoutes(): Promise<Found[]> {
  type Op = { requestBody?: { content?: Record<string, { schema?: Schema }> } };
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Op>>;
  };
  return Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).flatMap(([m, op]): Found[] => {
      const content = op.requestBody?.content ?? {};
      const key = `${m.toUpperCase()} ${p}`;
      if (content['multipart/form-data']) return [{ key, method: m.toUpperCase(), filePath: null }];
      const at = fileObjectPath(content['application/json']?.schema);
      return at ? [{ key, method: m.toUpperCase(), filePath: at }] : [];
    }),
  );
}

let keys = 0;
function send(token: string, method: string, url: string, body: object, extra: Record<string, string> = {}) {
  return ctx.app.inject({
    method: method as 'POST',
    url,
    payload: body,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `up-${++keys}-${Math.random()}`, ...extra },
  });
}

function upload(
  route: Found,
  token: string,
  url: string,
  bytes: Buffer,
  lang: string,
  base: Record<string, unknown> = {},
) {
  const headers = { 'accept-language': lang };
  if (route.filePath) {
    const file = { contentType: 'image/png', data: bytes.toString('base64') };
    const body = structuredClone(base);
    if (route.filePath.length === 0) return send(token, route.method, url, { ...body, ...file }, headers);
    let at: Record<string, unknown> = body;
    for (const part of route.filePath.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    at[route.filePath.at(-1)!] = file;
    return send(token, route.method, url, body, headers);
  }
  const boundary = `----up${crypto.randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="picture.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: route.method as 'POST',
    url,
    payload,
    headers: {
      ...headers,
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'idempotency-key': `up-${++keys}`,
    },
  });
}

/** Files under the store's directory, and the row count of every table: what a refusal must not change. */
async function stored() {
  const files = (dir: string): string[] => {
    try {
      return readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name));
    } catch {
      return [];
    }
  };
  // One statement counting every table (one round trip per snapshot, not one per table).
  const counts = ((await ctx.db.execute(countAll!)) as unknown as { rows: Array<Record<string, number>> }).rows[0]!;
  return { files: files(path.join(dataDir, 'uploads')).sort(), counts };
}

let routes: Found[];
let countAll: ReturnType<typeof sql> | undefined;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'dsm-uploads-'));
  // The disk store, in both database passes: "nothing stored" is then also "no file on disk".
  ctx = await createTestApp({ dataDir, fileStore: 'disk' });
  user = (await buyer(ctx)).token;
  operator = await sessionFor(ctx.db, 'operator@example.com');
  routes = await uploadRoutes();
  const tables = (await ctx.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as {
    rows: Array<{ table_name: string }>;
  };
  countAll = sql`select ${sql.join(
    tables.rows.map(
      ({ table_name: t }) => sql`(select count(*)::int from ${sql.identifier(t)}) as ${sql.identifier(t)}`,
    ),
    sql`, `,
  )}`;
}, 120_000);
afterAll(() => ctx.app.close());

describe('every upload route refuses hostile files and stores nothing', () => {
  it('knows every upload route (a new one without an entry fails here)', () => {
    expect(routes.length).toBeGreaterThanOrEqual(5);
    expect(routes.map((r) => r.key).filter((k) => !UPLOADS[k])).toEqual([]);
    expect(Object.keys(UPLOADS).filter((k) => !routes.some((r) => r.key === k))).toEqual([]);
  });

  it('accepts a real picture on each (so the refusals below are about the file)', async () => {
    for (const route of routes) {
      const u = UPLOADS[route.key]!;
      const file = u.valid ? await u.valid() : Buffer.concat([TINY_PNG, Buffer.from(route.key)]);
      const res = await upload(route, u.as(), await u.url(), file, 'en-US', u.body?.());
      expect(res.json().code, `${route.key}: ${res.body.slice(0, 200)}`).toBe('00000');
    }
  });

  it('refuses each hostile file with a localized field error, and nothing is stored', async () => {
    const wrong: string[] = [];
    let cases = 0;
    for (const route of routes) {
      const u = UPLOADS[route.key]!;
      const url = await u.url();
      for (const [name, make] of Object.entries(CASES)) {
        const bytes = make(u.maxBytes);
        const before = await stored();
        const answers = [];
        for (const lang of ['en-US', 'fr-FR']) answers.push(await upload(route, u.as(), url, bytes, lang, u.body?.()));
        cases++;
        const [en, fr] = answers.map((r) => ({
          status: r.statusCode,
          json: r.json() as { code: string; success: boolean; data: Array<{ field: string; message: string }> },
        }));
        const message = (x: typeof en) => (Array.isArray(x!.json.data) ? x!.json.data[0]?.message : undefined);
        const problem =
          en!.status !== 400 || en!.json.code !== 'A00002' || en!.json.success !== false
            ? `${en!.status} ${JSON.stringify(en!.json).slice(0, 160)}`
            : !message(en) || /^[a-z-]+\.[a-z.-]+$/.test(message(en)!) || message(en) === message(fr)
              ? `not a localized field error: en ${message(en)} / fr ${message(fr)}`
              : JSON.stringify(await stored()) !== JSON.stringify(before)
                ? 'something was stored'
                : null;
        if (problem) wrong.push(`${route.key}, ${name}: ${problem}`);
      }
    }
    console.info(
      `upload matrix: ${routes.length} upload routes × ${Object.keys(CASES).length} hostile files = ${cases} cases (each in en-US and fr-FR)`,
    );
    expect(wrong).toEqual([]);
  }, 120_000);
});
