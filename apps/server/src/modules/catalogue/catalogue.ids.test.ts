import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;

const names = { 'en-US': 'Ids test', 'zh-CN': '编号', 'fr-FR': 'Ids', 'tr-TR': 'Kimlik' };

async function createCategory(parentId: unknown) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/catalogue/categories',
    payload: { parentId, icon: 'home', names },
    headers: { authorization: operator, 'accept-language': 'en-US' },
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(() => ctx.app.close());

describe('ids in request bodies are integers or digit strings, nothing else', () => {
  it.each([[true], [[1]], [1.5], ['1e0'], ['0x1'], [' '], [{}], [0], [-3]])(
    'parentId %j is refused with A00002',
    async (parentId) => {
      const res = await createCategory(parentId);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'A00002', success: false });
      expect(res.body.data[0].field).toBe('parentId');
    },
  );

  it('an integer and a digit string both name the category', async () => {
    const root = await createCategory(null);
    expect(root.status).toBe(200);
    const rootId: number = root.body.data.categoryId;
    const a = await createCategory(rootId);
    const b = await createCategory(String(rootId));
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.data.parentId).toBe(rootId);
    expect(b.body.data.parentId).toBe(rootId);
  });
});
