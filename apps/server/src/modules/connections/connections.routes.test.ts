import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { createTestCategories, newUser, productBody, storeProduct } from '../../../test/factories';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
let categoryId: number;
let keys = 0;

const call = async (
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  lang = 'en-US',
  key?: string,
) => {
  const res = await ctx.app.inject({
    method,
    url,
    payload: payload as object | undefined,
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': lang,
      ...(method === 'GET' ? {} : { 'idempotency-key': key ?? `cx-${++keys}-${Math.random()}` }),
    },
  });
  return { status: res.statusCode, body: res.json() };
};

/** A catalogue product made by the operator: "Linen Summer Dress" in red and blue, size M. */
async function dress(codePrefix: string) {
  const body = productBody(
    categoryId,
    {
      'en-US': { title: 'Linen Summer Dress', brief: '', description: '' },
      'fr-FR': { title: "Robe d'été en lin", brief: '', description: '' },
    },
    {
      skus: [
        {
          skuCode: `${codePrefix}-RED-M`,
          price: 12.5,
          specs: [
            { property: 'cx-colour', value: 'red' },
            { property: 'cx-size', value: 'm' },
          ],
        },
        {
          skuCode: `${codePrefix}-BLUE-M`,
          price: 13,
          specs: [
            { property: 'cx-colour', value: 'blue' },
            { property: 'cx-size', value: 'm' },
          ],
        },
      ],
    },
  );
  const res = await call(operator, 'POST', '/api/admin/catalogue/products', body);
  expect(res.status).toBe(200);
  const data = res.body.data as { prodId: number; skus: Array<{ skuId: number; skuCode: string }> };
  return {
    prodId: data.prodId,
    red: String(data.skus[0]!.skuId),
    blue: String(data.skus[1]!.skuId),
    body,
    saved: data,
  };
}

async function seller() {
  const s = await newUser(ctx.db);
  return { ...s, token: await sessionFor(ctx.db, s.email) };
}

/** A store product like the dress, with a red and a blue variant; the red one carries the catalogue's code. */
async function storeDress(userId: string, redSku: string | null) {
  return storeProduct(ctx.db, userId, {
    title: 'Summer dress in linen',
    variants: [
      {
        title: 'Red / M',
        sku: redSku,
        options: [
          { name: 'Colour', value: 'Red' },
          { name: 'Size', value: 'M' },
        ],
      },
      {
        title: 'Blue / M',
        options: [
          { name: 'Color', value: 'Bleu' },
          { name: 'Size', value: 'M' },
        ],
      },
    ],
  });
}

const changeRows = async (productId: string) =>
  (
    (await ctx.db.execute(
      sql`select action, actor_type, undone_by from connection_changes where store_product_id = ${productId} order by at`,
    )) as unknown as {
      rows: Array<{ action: string; actor_type: string; undone_by: string | null }>;
    }
  ).rows;

beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
  categoryId = (await createTestCategories(ctx.db, 'Connections')).childId;
  for (const spec of [
    {
      code: 'cx-colour',
      names: { 'en-US': 'Colour', 'fr-FR': 'Couleur' },
      values: [
        { code: 'red', names: { 'en-US': 'Red', 'fr-FR': 'Rouge' } },
        { code: 'blue', names: { 'en-US': 'Blue', 'fr-FR': 'Bleu' } },
      ],
    },
    {
      code: 'cx-size',
      names: { 'en-US': 'Size', 'fr-FR': 'Taille' },
      values: [
        { code: 'm', names: { 'en-US': 'M' } },
        { code: 'l', names: { 'en-US': 'L' } },
      ],
    },
  ]) {
    expect((await call(operator, 'POST', '/api/admin/catalogue/specs', spec)).status).toBe(200);
  }
});
afterAll(() => ctx.app.close());

describe('store products: list, detail, suggestions, ownership', () => {
  it('lists the caller’s store products by filter and search, suggests SKUs by code, title and options, hides other users’ rows', async () => {
    const cat = await dress('SG1');
    const a = await seller();
    const p = await storeDress(a.userId, 'sg1-red-m');
    const other = await storeProduct(ctx.db, a.userId, {
      title: 'Garden hose',
      storeId: p.storeId,
      variants: [{ title: 'Default', sku: 'HOSE-1' }],
    });

    const all = await call(a.token, 'GET', '/api/p/store-products?filter=unconnected');
    expect(all.body.data.total).toBe(2);
    const bySku = await call(a.token, 'GET', '/api/p/store-products?q=hose-1');
    expect(bySku.body.data.records.map((r: { id: string }) => r.id)).toEqual([other.productId]);
    const detail = await call(a.token, 'GET', `/api/p/store-products/${p.productId}`);
    expect(detail.body.data).toMatchObject({
      storeName: 'My Woo shop',
      platform: 'woocommerce',
      connectedCount: 0,
      canUndo: false,
    });
    expect(detail.body.data.variants).toHaveLength(2);

    const sugg = await call(a.token, 'GET', `/api/p/store-products/${p.productId}/suggestions`);
    expect(sugg.status).toBe(200);
    const [red, blue] = p.variantIds.map(
      (id) => sugg.body.data.find((s: { variantId: string }) => s.variantId === id).candidates,
    );
    expect(red[0]).toMatchObject({
      skuId: cat.red,
      productId: String(cat.prodId),
      title: 'Linen Summer Dress',
      specs: 'Colour: Red, Size: M',
      price: 12.5,
    });
    expect(red[0].matchedBy).toEqual(expect.arrayContaining(['sku', 'title', 'options']));
    // "Color: Bleu" matches the French value of the blue SKU (half for the name spelt differently).
    expect(blue[0]).toMatchObject({ skuId: cat.blue });
    expect(blue[0].matchedBy).toEqual(expect.arrayContaining(['title', 'options']));
    expect(blue[0].score).toBeLessThan(red[0].score);

    // Another user: not found, in every route, and nothing changes.
    const b = await seller();
    for (const [method, url, body] of [
      ['GET', `/api/p/store-products/${p.productId}`],
      ['GET', `/api/p/store-products/${p.productId}/suggestions`],
      ['GET', `/api/p/store-products/${p.productId}/history`],
      [
        'POST',
        `/api/p/store-products/${p.productId}/connections`,
        { links: [{ variantId: p.variantIds[0], skuId: cat.red }] },
      ],
      ['POST', `/api/p/store-products/${p.productId}/disconnect`, { variantIds: [p.variantIds[0]] }],
      ['POST', `/api/p/store-products/${p.productId}/undo`, { changeId: '00000000-0000-0000-0000-000000000000' }],
      ['GET', '/api/p/store-products/not-a-uuid'],
    ] as const) {
      const res = await call(b.token, method, url, body);
      expect(res.status, url).toBe(404);
      expect(res.body.code).toBe('A00006');
    }
    expect((await call(b.token, 'GET', '/api/p/store-products')).body.data.total).toBe(0);
    expect(await changeRows(p.productId)).toEqual([]);
    expect((await call(a.token, 'GET', `/api/p/store-products/${p.productId}`)).body.data.connectedCount).toBe(0);
  });
});

describe('connect, already associated, disconnect, history, undo', () => {
  it('connects idempotently, refuses a second SKU for a connected variant, records and undoes the last change', async () => {
    const cat = await dress('CN1');
    const a = await seller();
    const p = await storeDress(a.userId, null);
    const [vRed, vBlue] = p.variantIds as [string, string];
    const url = `/api/p/store-products/${p.productId}`;

    const key = `connect-${Math.random()}`;
    const links = {
      links: [
        { variantId: vRed, skuId: cat.red },
        { variantId: vBlue, skuId: cat.blue },
      ],
    };
    const first = await call(a.token, 'POST', `${url}/connections`, links, 'en-US', key);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ connectedCount: 2, reviewCount: 0, canUndo: true });
    const replay = await call(a.token, 'POST', `${url}/connections`, links, 'en-US', key);
    expect(replay.body).toEqual(first.body);
    expect(await changeRows(p.productId)).toHaveLength(1);
    expect((await call(a.token, 'GET', '/api/p/store-products?filter=connected')).body.data.total).toBe(1);

    // Already associated: in words, with the reason and the SKU it is connected to; nothing written.
    const taken = await call(a.token, 'POST', `${url}/connections`, { links: [{ variantId: vRed, skuId: cat.blue }] });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'A00007',
      data: { reason: 'already-associated', variantId: vRed, sku: { skuId: cat.red } },
    });
    expect(taken.body.msg).toBe(
      'The selected product is already associated: Red / M is connected to Linen Summer Dress (CN1-RED-M)',
    );
    const fr = await call(
      a.token,
      'POST',
      `${url}/connections`,
      { links: [{ variantId: vRed, skuId: cat.blue }] },
      'fr-FR',
    );
    expect(fr.body.msg).toContain('Le produit sélectionné est déjà associé');
    expect(await changeRows(p.productId)).toHaveLength(1);

    // Unknown SKU and a foreign variant: field errors; a SKU off sale: a clear business error.
    const bad = await call(a.token, 'POST', `${url}/connections`, {
      links: [{ variantId: 'nope', skuId: '999999999' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.map((f: { field: string }) => f.field)).toEqual(['links.0.variantId', 'links.0.skuId']);
    const off = await dress('CN1OFF');
    expect(
      (await call(operator, 'PUT', `/api/admin/catalogue/products/${off.prodId}/status`, { status: 'off' })).status,
    ).toBe(200);
    await call(a.token, 'POST', `${url}/disconnect`, { variantIds: [vBlue] });
    const notOnSale = await call(a.token, 'POST', `${url}/connections`, {
      links: [{ variantId: vBlue, skuId: off.blue }],
    });
    expect(notOnSale.status).toBe(422);
    expect(notOnSale.body).toMatchObject({ code: 'A00001', data: { reason: 'taken-down' } });
    expect(notOnSale.body.msg).toBe('Linen Summer Dress (CN1OFF-BLUE-M) is not on sale: choose another catalogue SKU');

    // One unit of work: a fine link before a refused one leaves nothing behind.
    const mixed = await call(a.token, 'POST', `${url}/connections`, {
      links: [
        { variantId: vBlue, skuId: cat.blue },
        { variantId: vRed, skuId: cat.blue },
      ],
    });
    expect(mixed.status).toBe(409);
    const now = (await call(a.token, 'GET', url)).body.data;
    expect(now.variants.find((v: { id: string }) => v.id === vBlue).connection).toBeNull();

    // History: newest first, who and what, in the caller's language.
    const history = (await call(a.token, 'GET', `${url}/history`)).body.data;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['disconnect', 'connect']);
    expect(history[0]).toMatchObject({
      actorType: 'user',
      actorName: a.username,
      undone: false,
      variants: [{ variantId: vBlue, variantTitle: 'Blue / M', after: null }],
    });
    expect(history[0].variants[0].before).toMatchObject({ skuId: cat.blue, specs: 'Colour: Blue, Size: M' });
    const frHistory = (await call(a.token, 'GET', `${url}/history`, undefined, 'fr-FR')).body.data;
    expect(frHistory[0].variants[0].before).toMatchObject({
      title: "Robe d'été en lin",
      specs: 'Couleur: Bleu, Taille: M',
    });

    // Undo: only the last change; a stale id is refused; undoing applies `before` as a new change.
    const stale = await call(a.token, 'POST', `${url}/undo`, { changeId: history[1].id });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      data: { reason: 'undo-stale' },
      msg: 'This is no longer the last change: reload the history',
    });
    const undone = await call(a.token, 'POST', `${url}/undo`, { changeId: history[0].id });
    expect(undone.status).toBe(200);
    expect(undone.body.data.variants.find((v: { id: string }) => v.id === vBlue).connection.sku.skuId).toBe(cat.blue);
    const after = (await call(a.token, 'GET', `${url}/history`)).body.data;
    expect(after.map((h: { action: string; undone: boolean }) => [h.action, h.undone])).toEqual([
      ['undo', false],
      ['disconnect', true],
      ['connect', false],
    ]);
    expect(after[0]).toMatchObject({
      note: history[0].id,
      variants: [{ variantId: vBlue, before: null, after: { skuId: cat.blue } }],
    });
    // The undo is itself the last change: undoing it disconnects again.
    expect((await call(a.token, 'POST', `${url}/undo`, { changeId: after[0].id })).body.data.connectedCount).toBe(1);

    // A product with no change has nothing to undo.
    const fresh = await storeDress(a.userId, null);
    const nothing = await call(a.token, 'POST', `/api/p/store-products/${fresh.productId}/undo`, {
      changeId: after[0].id,
    });
    expect(nothing.status).toBe(409);
    expect(nothing.body).toMatchObject({ data: { reason: 'nothing-to-undo' }, msg: 'There is nothing to undo' });
    // Disconnecting a variant that is not connected names it.
    const notConnected = await call(a.token, 'POST', `/api/p/store-products/${fresh.productId}/disconnect`, {
      variantIds: [fresh.variantIds[0]],
    });
    expect(notConnected.status).toBe(400);
    expect(notConnected.body.data[0].message).toBe('Red / M is not connected');
  });
});

describe('two connects at once', () => {
  it('connects a variant once: the other request is told it is already associated', async () => {
    const cat = await dress('CC1');
    const a = await seller();
    const p = await storeDress(a.userId, null);
    const url = `/api/p/store-products/${p.productId}/connections`;
    const answers = await Promise.all([
      call(a.token, 'POST', url, { links: [{ variantId: p.variantIds[0], skuId: cat.red }] }),
      call(a.token, 'POST', url, { links: [{ variantId: p.variantIds[0], skuId: cat.blue }] }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.data.reason).toBe('already-associated');
    expect(await changeRows(p.productId)).toHaveLength(1);
  });
});

describe('needs review when the catalogue changes under a connection', () => {
  it('marks connections on take-down and on changed options, by the system; connecting the same SKU again confirms; a removed SKU lets go', async () => {
    const cat = await dress('RV1');
    const a = await seller();
    const p = await storeDress(a.userId, null);
    const [vRed, vBlue] = p.variantIds as [string, string];
    const url = `/api/p/store-products/${p.productId}`;
    await call(a.token, 'POST', `${url}/connections`, {
      links: [
        { variantId: vRed, skuId: cat.red },
        { variantId: vBlue, skuId: cat.blue },
      ],
    });

    expect(
      (await call(operator, 'PUT', `/api/admin/catalogue/products/${cat.prodId}/status`, { status: 'off' })).status,
    ).toBe(200);
    const reviewed = (await call(a.token, 'GET', url)).body.data;
    expect(reviewed.reviewCount).toBe(2);
    expect(
      reviewed.variants.map((v: { connection: { state: string; reviewReason: string } }) => [
        v.connection.state,
        v.connection.reviewReason,
      ]),
    ).toEqual([
      ['needs-review', 'taken-down'],
      ['needs-review', 'taken-down'],
    ]);
    expect(
      (await call(a.token, 'GET', '/api/p/store-products?filter=needs-review')).body.data.records.map(
        (r: { id: string }) => r.id,
      ),
    ).toEqual([p.productId]);
    const history = (await call(a.token, 'GET', `${url}/history`, undefined, 'fr-FR')).body.data;
    expect(history[0]).toMatchObject({ action: 'review', actorType: 'system', actorName: null });
    expect(history[0].note).toBe('le produit du catalogue a été retiré');
    // The system's mark is not the seller's to undo: undo still names the seller's connect.
    const undoReview = await call(a.token, 'POST', `${url}/undo`, { changeId: history[0].id });
    expect(undoReview.body.data?.reason).toBe('undo-stale');

    // Back on sale: still to review until the seller confirms by connecting the same SKU again.
    await call(operator, 'PUT', `/api/admin/catalogue/products/${cat.prodId}/status`, { status: 'on' });
    expect((await call(a.token, 'GET', url)).body.data.reviewCount).toBe(2);
    const confirmed = await call(a.token, 'POST', `${url}/connections`, {
      links: [
        { variantId: vRed, skuId: cat.red },
        { variantId: vBlue, skuId: cat.blue },
      ],
    });
    expect(confirmed.body.data).toMatchObject({ connectedCount: 2, reviewCount: 0 });

    // The red SKU's size changes: its connection needs review; the blue one is untouched.
    const edited = structuredClone(cat.body);
    edited.skus = cat.saved.skus.map((s, i) => ({ ...edited.skus[i]!, skuId: s.skuId }));
    edited.skus[0]!.specs = [
      { property: 'cx-colour', value: 'red' },
      { property: 'cx-size', value: 'l' },
    ];
    expect((await call(operator, 'PUT', `/api/admin/catalogue/products/${cat.prodId}`, edited)).status).toBe(200);
    let variants = (await call(a.token, 'GET', url)).body.data.variants as Array<{
      id: string;
      connection: { state: string; reviewReason: string | null } | null;
    }>;
    expect(variants.find((v) => v.id === vRed)!.connection).toMatchObject({
      state: 'needs-review',
      reviewReason: 'options-changed',
    });
    expect(variants.find((v) => v.id === vBlue)!.connection).toMatchObject({ state: 'connected', reviewReason: null });

    // The blue SKU is removed from the product: its connection goes, and the history says why.
    const without = structuredClone(edited);
    without.skus = [edited.skus[0]!];
    expect((await call(operator, 'PUT', `/api/admin/catalogue/products/${cat.prodId}`, without)).status).toBe(200);
    variants = (await call(a.token, 'GET', url)).body.data.variants;
    expect(variants.find((v) => v.id === vBlue)!.connection).toBeNull();
    const last = (await call(a.token, 'GET', `${url}/history`)).body.data[0];
    expect(last).toMatchObject({
      action: 'review',
      actorType: 'system',
      note: 'the catalogue product was taken down',
      variants: [{ variantId: vBlue, after: null }],
    });
    expect(last.variants[0].before.title).toBe('A catalogue SKU that no longer exists');
    expect((await changeRows(p.productId)).map((c) => c.action)).toEqual([
      'connect',
      'review',
      'connect',
      'review',
      'review',
    ]);
  });
});
