import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './static';

// A web build in miniature: the landing page and the product page's own copy (decision 0109).
describe('the web app is served with the page the path needs', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'dsm-web-'));
    mkdirSync(path.join(dist, 'routes'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<p>landing</p>');
    writeFileSync(path.join(dist, 'routes', 'productdetails.html'), '<p>product</p>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'x');
    app = Fastify();
    await registerWebApp(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('a public page with a page of its own gets it, whatever the case of its path', async () => {
    for (const url of ['/productdetails?prodId=7', '/ProductDetails?prodId=7', '/productdetails/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      // Revalidated on every visit, so a deploy's new page is seen at once.
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe('<p>product</p>');
    }
  });

  it('every other page of the app gets the landing page', async () => {
    for (const url of ['/index', '/', '/user/profile', '/productdetailsx', '/admin/orders?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe('<p>landing</p>');
    }
  });

  it('hashed assets are cached for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect([res.statusCode, res.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
  });

  it('a missing asset is still a 404, not a page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
  });
});
