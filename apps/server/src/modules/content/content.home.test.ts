import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { seedContent } from './content.seed';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
let user: string;
beforeAll(async () => {
  ctx = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'dsm-content-')) });
  operator = await sessionFor(ctx.db, 'operator@example.com');
  user = await sessionFor(ctx.db, 'demo@example.com');
});
afterAll(() => ctx.app.close());

const get = (url: string, lang = 'en-US') =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = operator) =>
  ctx.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

/** A 1×1 transparent PNG. */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const banner = (over: Record<string, unknown> = {}) => ({
  imgUrl: 'https://cdn.example.com/summer.png',
  link: '/goodslist?categoryId=3',
  text: { 'en-US': { title: 'Summer sale', alt: 'Beach things' }, 'fr-FR': { title: 'Soldes d’été', alt: '' } },
  seq: 0,
  ...over,
});

describe('GET /api/indexImgs', () => {
  it('lists the three demo banners in order, titles in the caller language, pictures served', async () => {
    const res = await get('/api/indexImgs', 'zh-CN');
    expect(res.statusCode).toBe(200);
    const banners = res.json().data;
    expect(banners.map((b: { seq: number }) => b.seq)).toEqual([1, 2, 3]);
    expect(banners[0]).toEqual({
      imgId: expect.any(Number),
      imgUrl: '/api/content/images/banner-sourcing.svg',
      link: '/goodslist',
      title: '以出厂价采购海量商品',
      alt: '堆叠好的待发货纸箱',
      seq: 1,
    });
    for (const b of banners) {
      const img = await get(b.imgUrl);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toContain('image/svg+xml');
      // No text baked into the picture: the title is localized beside it.
      expect(img.body).not.toContain('<text');
    }
    expect((await get('/api/content/images/..%2F..%2Fcontent.seed.ts')).statusCode).toBe(404);
  });

  it('shows only active banners inside their period, title falling back to English', async () => {
    const ids: Record<string, number> = {};
    const create = async (name: string, over: Record<string, unknown>) => {
      const res = await admin('POST', '/api/admin/content/banners', banner(over));
      expect(res.statusCode, name).toBe(200);
      ids[name] = res.json().data.imgId;
    };
    const day = 86_400_000;
    await create('first', { seq: 0 });
    await create('inactive', { active: false });
    await create('future', { startsAt: new Date(Date.now() + day).toISOString() });
    await create('expired', {
      startsAt: new Date(Date.now() - 2 * day).toISOString(),
      endsAt: new Date(Date.now() - day).toISOString(),
    });

    const shown = (await get('/api/indexImgs', 'tr-TR')).json().data as Array<{
      imgId: number;
      title: string;
      alt: string;
    }>;
    const shownIds = shown.map((b) => b.imgId);
    expect(shownIds[0]).toBe(ids.first);
    expect(shownIds).not.toContain(ids.inactive);
    expect(shownIds).not.toContain(ids.future);
    expect(shownIds).not.toContain(ids.expired);
    expect(shown[0]).toMatchObject({ title: 'Summer sale', alt: 'Beach things' });
    // An empty alt text falls back to the title.
    const fr = (await get('/api/indexImgs', 'fr-FR')).json().data[0];
    expect(fr).toMatchObject({ title: 'Soldes d’été', alt: 'Soldes d’été' });

    // Switching one off removes it; deleting removes it from the operator list too.
    const off = await admin('PUT', `/api/admin/content/banners/${ids.first}`, {
      ...banner({ active: false }),
      imgUrl: undefined,
    });
    expect(off.json().data).toMatchObject({ active: false, imgUrl: 'https://cdn.example.com/summer.png' });
    expect((await get('/api/indexImgs')).json().data.map((b: { imgId: number }) => b.imgId)).not.toContain(ids.first);
    expect((await admin('DELETE', `/api/admin/content/banners/${ids.first}`)).json()).toMatchObject({ code: '00000' });
    const list = (await admin('GET', '/api/admin/content/banners')).json().data as Array<{ imgId: number }>;
    expect(list.map((b) => b.imgId)).not.toContain(ids.first);
    expect((await admin('DELETE', `/api/admin/content/banners/${ids.first}`)).statusCode).toBe(404);
  });

  it('stores an uploaded picture under DATA_DIR/uploads and serves it', async () => {
    const res = await admin('POST', '/api/admin/content/banners', {
      ...banner(),
      imgUrl: undefined,
      image: { contentType: 'image/png', data: `data:image/png;base64,${PNG_1PX}` },
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().data.imgUrl as string;
    expect(url).toMatch(/^\/api\/files\/content\/[a-f0-9]{32}\.png$/);
    const img = await get(url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);
  });

  it('refuses pictures that are not what they claim, SVG uploads, and bad links', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
      'base64',
    );
    for (const image of [
      { contentType: 'image/png', data: Buffer.from('not an image').toString('base64') },
      { contentType: 'image/svg+xml', data: svg },
    ]) {
      const res = await admin(
        'POST',
        '/api/admin/content/banners',
        { ...banner(), imgUrl: undefined, image },
        operator,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().data).toEqual([
        { field: 'image', message: 'The file format is incorrect: use a PNG, JPEG or WebP image' },
      ]);
    }
    const ghost = await admin(
      'POST',
      '/api/admin/content/banners',
      banner({ imgUrl: `/api/files/content/${'b'.repeat(32)}.png` }),
    );
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().data).toEqual([{ field: 'imgUrl', message: 'This file is not stored here: upload it again' }]);
    const link = await admin('POST', '/api/admin/content/banners', banner({ link: 'javascript:alert(1)' }));
    expect(link.json().data).toEqual([
      { field: 'link', message: 'The link must be a path on this site (starting with /) or an http(s) address' },
    ]);
    const none = await admin('POST', '/api/admin/content/banners', { ...banner(), imgUrl: undefined });
    expect(none.json().data).toEqual([{ field: 'imgUrl', message: 'Please give an image address or upload an image' }]);
  });
});

describe('GET /api/shop/notice/topNoticeList', () => {
  it('puts pinned notices first, then the newest, in the caller language', async () => {
    const res = await get('/api/shop/notice/topNoticeList', 'fr-FR');
    expect(res.statusCode).toBe(200);
    const notices = res.json().data as Array<{ title: string; pinned: boolean; body: string }>;
    expect(notices.map((n) => [n.pinned, n.title])).toEqual([
      [true, 'Bienvenue ! Commencez à vendre en trois étapes'],
      [false, 'Notre entrepôt européen de Francfort est ouvert'],
      [false, 'Période des fêtes : commandez tôt pour être livré à temps'],
    ]);
  });

  it('adds new notices by the same rule, hides scheduled ones, sanitizes bodies', async () => {
    const created = await admin('POST', '/api/admin/content/notices', {
      text: {
        'en-US': {
          title: 'Maintenance tonight',
          body: '<p>Short downtime.</p><img src=x onerror="alert(1)"><script>x()</script>',
        },
      },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data.text['en-US'].body).toBe('<p>Short downtime.</p><img src="x" />');
    await admin('POST', '/api/admin/content/notices', {
      text: { 'en-US': { title: 'Pinned older', body: '<p>Old but pinned</p>' } },
      pinned: true,
      publishedAt: new Date(Date.now() - 30 * 86_400_000).toISOString(),
    });
    await admin('POST', '/api/admin/content/notices', {
      text: { 'en-US': { title: 'Next week', body: '<p>Not yet</p>' } },
      publishedAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });

    const titles = (await get('/api/shop/notice/topNoticeList', 'zh-CN'))
      .json()
      .data.map((n: { title: string }) => n.title);
    expect(titles).toEqual([
      '欢迎！三步开始销售',
      'Pinned older', // pinned, English fallback
      'Maintenance tonight', // newest unpinned
      '法兰克福欧洲仓正式启用',
      '节日旺季：请提前下单以便准时送达',
    ]);
    expect((await get('/api/shop/notice/topNoticeList?limit=2')).json().data).toHaveLength(2);

    // The operator sees the scheduled one too.
    const page = (await admin('GET', '/api/admin/content/notices?current=1&size=10')).json().data;
    expect(page.total).toBe(6);
    expect(page.records.map((n: { text: Record<string, { title: string }> }) => n.text['en-US']!.title)).toContain(
      'Next week',
    );
  });

  it('edits and deletes a notice; a deleted or scheduled notice is not found', async () => {
    const { id } = (
      await admin('POST', '/api/admin/content/notices', { text: { 'en-US': { title: 'Draft', body: '<p>a</p>' } } })
    ).json().data;
    const edited = await admin('PUT', `/api/admin/content/notices/${id}`, {
      text: { 'en-US': { title: 'Final', body: '<p>b</p>' }, 'tr-TR': { title: 'Son', body: '<p>c</p>' } },
      pinned: false,
    });
    expect(edited.json().data.text).toEqual({
      'en-US': { title: 'Final', body: '<p>b</p>' },
      'tr-TR': { title: 'Son', body: '<p>c</p>' },
    });
    expect((await get(`/api/shop/notice/info/${id}`, 'tr-TR')).json().data).toMatchObject({
      title: 'Son',
      body: '<p>c</p>',
    });
    await admin('DELETE', `/api/admin/content/notices/${id}`);
    const gone = await get(`/api/shop/notice/info/${id}`, 'tr-TR');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe('Bu duyuru mevcut değil');
  });
});

describe('operator only', () => {
  it.each([
    ['GET', '/api/admin/content/banners'],
    ['POST', '/api/admin/content/banners'],
    ['DELETE', '/api/admin/content/banners/1'],
    ['GET', '/api/admin/content/notices'],
    ['PUT', '/api/admin/content/notices/1'],
  ] as const)('%s %s: 401 without a session, 403 for a store owner', async (method, url) => {
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
    expect((await ctx.app.inject({ method, url, payload })).statusCode).toBe(401);
    const denied = await admin(method, url, payload, user);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('A00003');
  });
});

describe('seeding', () => {
  it('adds nothing on a second start and does not bring back what the operator deleted', async () => {
    const count = async () =>
      (
        await ctx.db.execute(
          sql`select (select count(*) from banners)::int as banners, (select count(*) from notices)::int as notices, (select count(*) from page_translations)::int as pages`,
        )
      ).rows[0];
    const seeded = (await get('/api/indexImgs')).json().data.find((b: { seq: number }) => b.seq === 2);
    await admin('DELETE', `/api/admin/content/banners/${seeded.imgId}`);
    const before = await count();
    await seedContent(ctx.db);
    expect(await count()).toEqual(before);
    expect(before).toMatchObject({ pages: 44 });
  });
});
