import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration, signedInUser } from '../../../test/factories';
import { TINY_PNG } from '../../../test/bomb-files';
import { createTestApp, sessionFor } from '../../../test/harness';

/** Agents given automatically by language, in turn (decision 0134), and the agent's card. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp({ fileStore: 'database' });
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(() => ctx.app.close());

type Row = Record<string, unknown>;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });
const put = (token: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, payload, headers: auth(token) });

let serial = 0;
async function agent(name: string, languages: string[], extra: object = {}) {
  const account = await signedInUser(ctx.db);
  const res = await put(operator, '/api/admin/sourcing/agents', {
    email: account.email,
    name,
    languages,
    hoursFrom: '09:00',
    hoursTo: '18:00',
    timeZone: 'Europe/Paris',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; name: string };
}

const emails = new Map<string, string>();
/** A store owner registered through the API with screens in `lang`; returns the token. */
async function register(lang: string): Promise<string> {
  const body = registration(`src${Date.now().toString(36)}${++serial}`);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: body,
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  emails.set(res.json().data.accessToken, body.email);
  return res.json().data.accessToken;
}
const agentName = async (token: string) =>
  ((await get(token, '/api/p/sourcing/agent')).json().data as Row | null)?.name;

async function uploadPhoto(token: string, bytes: Buffer) {
  const boundary = `----ag${crypto.randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/sourcing/images',
    payload,
    headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('automatic agents by language', () => {
  it('gives new store owners the active agents who speak their language in turn; no speaker → none', async () => {
    await agent('Amélie', ['fr-FR']);
    await agent('Bruno', ['en-US', 'fr']);
    await agent('Claire', ['fr-FR'], { active: false });
    await agent('Deniz', ['tr-TR']);

    const french = [];
    for (let i = 0; i < 4; i++) french.push(await agentName(await register('fr-FR')));
    expect(french).toEqual(['Amélie', 'Bruno', 'Amélie', 'Bruno']);
    expect(await agentName(await register('tr-TR'))).toBe('Deniz');
    // Bruno speaks English too: the English user goes to him (the only English speaker).
    expect(await agentName(await register('en-US'))).toBe('Bruno');
    expect(await agentName(await register('zh-CN'))).toBeUndefined();
  });

  it('a user without an agent gets one at their first request, and the request goes to that agent first', async () => {
    const wei = await register('zh-CN');
    expect(await agentName(wei)).toBeUndefined();
    const lina = await agent('Lina', ['zh-CN']);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/p/sourcing',
      headers: auth(wei),
      payload: {
        url: `https://detail.1688.com/offer/${Date.now()}.html`,
        title: '台灯',
        quantity: 10,
        purchaseType: 'bulk',
        haveOrders: false,
        acceptSimilar: true,
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.agent).toMatchObject({ id: lina.id, name: 'Lina' });
    expect(await agentName(wei)).toBe('Lina');
    const linaToken = await sessionFor(ctx.db, (sent.json().data.agent as Row).email as string);
    const queue = (await get(linaToken, '/api/admin/sourcing')).json().data.records as Row[];
    expect(queue.map((r) => r.id)).toEqual([sent.json().data.id]);
  });

  it('the operator still assigns by hand, over the automatic choice', async () => {
    const marc = await register('fr-FR');
    const before = await agentName(marc);
    expect(['Amélie', 'Bruno']).toContain(before);
    const deniz = ((await get(operator, '/api/admin/sourcing/agents')).json().data as Row[]).find(
      (a) => a.name === 'Deniz',
    )!;
    const email = emails.get(marc);
    const res = await put(operator, '/api/admin/sourcing/assignments', { userEmail: email, agentId: deniz.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await agentName(marc)).toBe('Deniz');
  });
});

describe("the agent's card", () => {
  it('shows the photo (an image by its bytes), the languages, the hours and whether the agent takes new users', async () => {
    const photo = (await uploadPhoto(operator, Buffer.concat([TINY_PNG, randomBytes(8)]))).json().data;
    const sami = await agent('Sami', ['tr-TR', 'en-US'], { photo: photo.id, active: false });
    const cards = (await get(operator, '/api/admin/sourcing/agents')).json().data as Row[];
    expect(cards.find((c) => c.id === sami.id)).toMatchObject({
      name: 'Sami',
      photo: `/api/files/sourcing/${photo.id}`,
      languages: ['tr-TR', 'en-US'],
      active: false,
    });
    const fake = await uploadPhoto(operator, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(fake.statusCode).toBe(400);
    const missing = await put(operator, '/api/admin/sourcing/agents', {
      email: (cards.find((c) => c.id === sami.id) as Row).email,
      name: 'Sami',
      languages: ['tr-TR'],
      hoursFrom: '09:00',
      hoursTo: '18:00',
      timeZone: 'Europe/Istanbul',
      photo: `${'a'.repeat(32)}.png`,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data).toEqual([{ field: 'photo', message: expect.any(String) }]);
  });
});
