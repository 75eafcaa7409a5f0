import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerCluster, createTestApp, createTestDatabase, sessionFor } from '../../../test/harness';
import { type Config, loadConfig } from '../../config';
import { AppError } from '../app-error';
import type { App } from '../types';
import type { Database } from '../../db/client';
import { importDiskUploads } from './import-disk';
import {
  FILE_AREAS,
  type FileArea,
  type FileStore,
  createFileStore,
  missingFiles,
  saveFile,
  sniffType,
} from '../files';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'dsm-files-'));

/** A small valid PNG (1×1, transparent) and a variant with other bytes (other name). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const pngOf = (tag: string) => Buffer.concat([PNG, Buffer.from(tag)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
/** A minimal real workbook (one sheet) and a Word document, both zips (made with Python's zipfile). */
const fixture = (file: string) =>
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', file));
const XLSX = fixture('workbook.xlsx');
const ZIP = fixture('letter.docx');

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return {
    kind: (err as AppError).kind,
    fields: (err as AppError).data as Array<{ field: string; messageKey: string; params?: object }>,
  };
}

describe.each(['disk', 'database'] as const)('the %s backend', (kind) => {
  let database: Database;
  let store: FileStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = createFileStore({ fileStore: kind, dataDir: tempDir() }, database.db);
  });
  afterAll(() => database.close());

  it('puts, gets, has and deletes a file; a second put of the same name succeeds', async () => {
    const name = `${randomBytes(16).toString('hex')}.png`;
    expect(store.kind).toBe(kind);
    expect(await store.has('catalogue', name)).toBe(false);
    expect(await store.get('catalogue', name)).toBeNull();
    await store.put({ area: 'catalogue', name, contentType: 'image/png', bytes: PNG });
    await store.put({ area: 'catalogue', name, contentType: 'image/png', bytes: PNG });
    expect(await store.has('catalogue', name)).toBe(true);
    expect(await store.has('content', name)).toBe(false);
    const got = await store.get('catalogue', name);
    expect(got?.contentType).toBe('image/png');
    expect(Buffer.compare(got!.bytes, PNG)).toBe(0);
    expect(await store.delete('catalogue', name)).toBe(true);
    expect(await store.get('catalogue', name)).toBeNull();
    expect(await store.delete('catalogue', name)).toBe(false);
  });

  it('saveFile names a file by its content: the same bytes twenty times at once are one file', async () => {
    const bytes = pngOf(`same-${kind}`);
    const saved = await Promise.all(Array.from({ length: 20 }, () => saveFile(store, 'sourcing', bytes)));
    expect(new Set(saved.map((s) => s.url)).size).toBe(1);
    expect(saved[0]!.url).toMatch(/^\/api\/files\/sourcing\/[a-f0-9]{32}\.png$/);
    expect(Buffer.compare((await store.get('sourcing', saved[0]!.name))!.bytes, bytes)).toBe(0);
  });

  it('stores a PDF and an .xlsx in the areas that take them, with their real type', async () => {
    const pdf = await saveFile(store, 'documents', PDF);
    expect(pdf).toMatchObject({ contentType: 'application/pdf', url: expect.stringMatching(/\.pdf$/) });
    const xlsx = await saveFile(store, 'imports', XLSX);
    expect(xlsx.url).toMatch(/^\/api\/files\/imports\/[a-f0-9]{32}\.xlsx$/);
    expect((await store.get('imports', xlsx.name))?.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });
});

describe('FILE_STORE', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), SECRET_KEY: 'k'.repeat(32), ...env });
  it('defaults to the disk when embedded and to the database with DATABASE_URL; either may be chosen', () => {
    expect(load({}).fileStore).toBe('disk');
    expect(load({ DATABASE_URL: 'postgres://db/x' }).fileStore).toBe('database');
    expect(load({ DATABASE_URL: 'postgres://db/x', FILE_STORE: 'disk' }).fileStore).toBe('disk');
    expect(load({ FILE_STORE: 'database' }).fileStore).toBe('database');
    expect(() => load({ FILE_STORE: 's3' })).toThrow(/FILE_STORE/);
  });
});

describe('moving to the database store', () => {
  it('copies the uploads an earlier version kept on disk, once, and serves them', async () => {
    const dataDir = tempDir();
    const disk = createFileStore({ fileStore: 'disk', dataDir }, undefined as never);
    const old = await saveFile(disk, 'catalogue', pngOf('kept on disk'));
    const banner = await saveFile(disk, 'content', pngOf('banner on disk'));
    await writeFile(path.join(dataDir, 'uploads', 'catalogue', `${'c'.repeat(32)}.png`), 'not a png');

    const ctx = await createTestApp({ dataDir, fileStore: 'database' });
    try {
      const store = createFileStore({ fileStore: 'database', dataDir }, ctx.db);
      expect((await ctx.app.inject({ method: 'GET', url: old.url })).statusCode).toBe(404);
      expect(await importDiskUploads(dataDir, store)).toBe(2);
      expect(await importDiskUploads(dataDir, store)).toBe(0);
      for (const url of [old.url, banner.url])
        expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      expect(await store.has('catalogue', `${'c'.repeat(32)}.png`)).toBe(false);
    } finally {
      await ctx.app.close();
    }
  });
});

describe('types by magic bytes and limits per area', () => {
  const store = createFileStore({ fileStore: 'disk', dataDir: tempDir() }, undefined as never);

  it('tells types by their first bytes, never by a name', () => {
    expect(sniffType(PNG)).toBe('image/png');
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffType(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(sniffType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffType(PDF)).toBe('application/pdf');
    expect(sniffType(XLSX)).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(sniffType(ZIP)).toBeNull(); // a zip that is not a workbook (a .docx here)
    expect(
      sniffType(Buffer.concat([XLSX.subarray(0, 40), Buffer.from('xl/workbook.xml [Content_Types].xml')])),
    ).toBeNull(); // names, no directory
    expect(sniffType(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'image/svg+xml',
    );
    expect(sniffType(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(sniffType(Buffer.from('hello'))).toBeNull();
  });

  it.each([
    ['a PDF as a product image', 'catalogue', PDF],
    ['an SVG as a banner', 'content', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>')],
    ['a workbook as a transfer slip', 'slips', XLSX],
    ['a PDF as an import', 'imports', PDF],
    ['a docx as an import', 'imports', ZIP],
    ['a PNG as a generated document', 'documents', PNG],
  ] as const)('refuses %s (A00002, type)', async (_, area, bytes) => {
    const { kind, fields } = await refusal(saveFile(store, area as FileArea, bytes, { field: 'file' }));
    expect(kind).toBe('VALIDATION');
    expect(fields).toEqual([{ field: 'file', messageKey: 'files.type', params: { types: `files.types.${area}` } }]);
  });

  it('refuses a declared type the bytes do not have, under the type field', async () => {
    const { fields } = await refusal(
      saveFile(store, 'catalogue', PNG, { field: 'data', declaredType: 'image/jpeg', typeField: 'contentType' }),
    );
    expect(fields).toEqual([
      { field: 'contentType', messageKey: 'files.type', params: { types: 'files.types.catalogue' } },
    ]);
  });

  it('holds each area to its own size limit', async () => {
    for (const area of ['content', 'slips', 'sourcing'] as const) {
      const max = FILE_AREAS[area].maxBytes;
      const fits = Buffer.concat([PNG, Buffer.alloc(max - PNG.length)]);
      expect((await saveFile(store, area, fits)).bytes).toBe(max);
      const { fields } = await refusal(saveFile(store, area, Buffer.concat([fits, Buffer.alloc(1)])));
      expect(fields).toEqual([{ field: 'data', messageKey: 'files.too-large', params: { mb: max / 1024 / 1024 } }]);
    }
    expect(FILE_AREAS.content.maxBytes).toBe(2 * 1024 * 1024);
    expect(FILE_AREAS.sourcing.maxBytes).toBe(5 * 1024 * 1024);
    const { fields } = await refusal(saveFile(store, 'content', Buffer.alloc(0)));
    expect(fields).toEqual([{ field: 'data', messageKey: 'files.empty' }]);
  });
});

describe.each(['disk', 'database'] as const)('uploads through the API, %s backend', (fileStore) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let operator: string;
  beforeAll(async () => {
    ctx = await createTestApp({ dataDir: tempDir(), fileStore });
    operator = await sessionFor(ctx.db, 'operator@example.com');
  });
  afterAll(() => ctx.app.close());

  const upload = (bytes: Buffer, contentType = 'image/png', lang = 'en-US') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/images',
      headers: { authorization: operator, 'accept-language': lang },
      payload: { contentType, data: bytes.toString('base64') },
    });

  it('10 parallel uploads of one image all succeed with the same URL, served by the one route', async () => {
    const bytes = pngOf(`parallel-${fileStore}-${randomBytes(4).toString('hex')}`);
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(bytes)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const urls = new Set(answers.map((a) => a.json().data.url));
    expect(urls.size).toBe(1);
    const [url] = [...urls] as string[];
    expect(url).toMatch(/^\/api\/files\/catalogue\/[a-f0-9]{32}\.png$/);

    const file = await ctx.app.inject({ method: 'GET', url: url! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);

    const again = await ctx.app.inject({
      method: 'GET',
      url: url!,
      headers: { 'if-none-match': file.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('refuses bytes that are not an allowed image, whatever the declared type, in the caller language', async () => {
    const res = await upload(PDF, 'image/png', 'fr-FR');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'A00002',
      success: false,
      data: [
        {
          field: 'contentType',
          message: 'Le format du fichier est incorrect : utilisez une image PNG, JPEG, WebP ou SVG',
        },
      ],
    });
  });

  it('serves a generated PDF as a download; an uploaded workbook (buyers’ addresses) is private', async () => {
    const store = createFileStore(ctx.config, ctx.db);
    const saved = await saveFile(store, 'documents', PDF);
    const res = await ctx.app.inject({ method: 'GET', url: saved.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${saved.name}"`);
    expect(Buffer.compare(res.rawPayload, PDF)).toBe(0);
    // The excel-imports module serves each workbook to its owner only (decision 0125).
    const workbook = await saveFile(store, 'imports', XLSX);
    expect((await ctx.app.inject({ method: 'GET', url: workbook.url })).statusCode).toBe(404);
  });

  it('answers 404 in the envelope for an unknown name, area or shape, in the caller language', async () => {
    for (const url of [
      `/api/files/catalogue/${'0'.repeat(32)}.png`,
      `/api/files/elsewhere/${'0'.repeat(32)}.png`,
      '/api/files/catalogue/..%2F..%2Fsecret-key',
      '/api/files/catalogue/x.exe',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'tr-TR' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'A00006', success: false, msg: 'Dosya bulunamadı' });
      expect(res.headers['cache-control']).not.toBe('public, max-age=31536000, immutable');
    }
  });

  it('keeps the URLs stored rows already use: uploaded banners and products, bundled banners, demo pictures', async () => {
    const banner = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/content/banners',
      headers: { authorization: operator },
      payload: {
        text: { 'en-US': { title: 'Kept' } },
        image: { contentType: 'image/png', data: pngOf('banner').toString('base64') },
      },
    });
    const bannerUrl = banner.json().data.imgUrl as string;
    expect(bannerUrl).toMatch(/^\/api\/files\/content\/[a-f0-9]{32}\.png$/);
    const seeded = (await ctx.app.inject({ method: 'GET', url: '/api/indexImgs' })).json().data as Array<{
      imgUrl: string;
    }>;
    const detail = (await ctx.app.inject({ method: 'GET', url: '/api/prod/prodInfo?prodId=1' })).json().data;
    for (const url of [bannerUrl, ...seeded.map((b) => b.imgUrl), detail.pic as string]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    // Every picture address the seed wrote is one a product may be saved with again.
    const { rows } = await ctx.db.execute<{ url: string }>(
      sql`select url from product_images union select image as url from skus where image <> '' union select img_url as url from banners`,
    );
    expect(rows.length).toBeGreaterThan(10);
    expect([
      ...(await missingFiles(
        createFileStore(ctx.config, ctx.db),
        rows.map((r) => r.url),
      )),
    ]).toEqual([]);
  });
});

/**
 * Two API nodes on one PostgreSQL server, each with a DATA_DIR of its own (as on two machines):
 * with the database store an image uploaded through one is served by the other.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL', () => {
  let cluster: Awaited<ReturnType<typeof createServerCluster>>;
  const node = async (overrides: Partial<Config>) => (await cluster.node(overrides)).app;

  beforeAll(async () => {
    cluster = await createServerCluster();
    await node({ fileStore: 'database' });
  });
  afterAll(() => cluster?.close());

  async function uploadThrough(app: App, bytes: Buffer) {
    const token = await sessionFor(cluster.nodes[0]!.database.db, 'operator@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/images',
      headers: { authorization: token },
      payload: { contentType: 'image/png', data: bytes.toString('base64') },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.url as string;
  }

  it('database store: an image uploaded through one node is served by the other', async () => {
    const [a, b] = [cluster.nodes[0]!.app, await node({ fileStore: 'database' })];
    const bytes = pngOf(`two-nodes-${randomBytes(4).toString('hex')}`);
    const url = await uploadThrough(a, bytes);
    const served = await b.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
    // And parallel uploads of one image through both nodes at once all succeed.
    const other = pngOf(`both-${randomBytes(4).toString('hex')}`);
    const urls = await Promise.all(Array.from({ length: 10 }, (_, i) => uploadThrough(i % 2 ? a : b, other)));
    expect(new Set(urls).size).toBe(1);
  });

  it('disk store on two machines (what FILE_STORE=database replaces): the other node cannot serve it', async () => {
    const [a, b] = [await node({ fileStore: 'disk' }), await node({ fileStore: 'disk' })];
    const url = await uploadThrough(a, pngOf(`disk-${randomBytes(4).toString('hex')}`));
    expect((await a.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await b.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
