import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderIn, signedInUser } from '../../../test/factories';
import { createTestApp, sessionFor } from '../../../test/harness';

/**
 * The agent's desk (decision 0137): an agent reaches the orders and thread of the users assigned
 * to them only; the operator reaches every user; a user reaches their own thread only.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(() => ctx.app.close());

type Row = Record<string, unknown>;
const rows = async (q: ReturnType<typeof sql>) => ((await ctx.db.execute(q)) as unknown as { rows: Row[] }).rows;
const auth = (token: string, lang = 'en-US') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });
const get = (token: string, url: string, lang?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: auth(token, lang) });
const send = (method: 'POST' | 'PUT', token: string, url: string, payload: object, lang?: string) =>
  ctx.app.inject({ method, url, payload, headers: auth(token, lang) });

/** An agent account with a card; returns its session and id. */
async function newAgent(name: string) {
  const account = await signedInUser(ctx.db);
  const res = await send('PUT', operator, '/api/admin/sourcing/agents', {
    email: account.email,
    name,
    languages: ['de-DE'], // nobody registers in German here: no automatic assignment interferes
    hoursFrom: '09:00',
    hoursTo: '18:00',
    timeZone: 'Europe/Paris',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: String(res.json().data.id), token: await sessionFor(ctx.db, account.email) };
}

describe('agent desk', () => {
  let agent: Awaited<ReturnType<typeof newAgent>>;
  let mine: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  let myOrder: { id: string; number: string };
  let otherOrder: { id: string; number: string };

  beforeAll(async () => {
    agent = await newAgent('Nora Stein');
    mine = await signedInUser(ctx.db, { locale: 'fr-FR' });
    other = await signedInUser(ctx.db);
    const assign = await send('PUT', operator, '/api/admin/sourcing/assignments', {
      userEmail: mine.email,
      agentId: agent.id,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    myOrder = await orderIn(ctx.db, mine.userId, 'shipped');
    otherOrder = await orderIn(ctx.db, other.userId, 'pending');
  });

  it('lists the agent their assigned users only, with their order count', async () => {
    const res = await get(agent.token, '/api/admin/desk/users');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.records).toEqual([
      expect.objectContaining({ id: mine.userId, email: mine.email, agentName: 'Nora Stein', orderCount: 1 }),
    ]);
    // The operator sees every assigned user, this one included.
    const all = (await get(operator, '/api/admin/desk/users?size=100')).json().data.records as Row[];
    expect(all.map((r) => r.id)).toContain(mine.userId);
  });

  it("shows an assigned user's orders and one order's detail read-only; anyone else's → 404", async () => {
    const list = await get(agent.token, `/api/admin/desk/users/${mine.userId}/orders`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.records.map((r: Row) => r.number)).toEqual([myOrder.number]);
    expect(
      (await get(agent.token, `/api/admin/desk/users/${mine.userId}/orders?source=inventory`)).json().data.total,
    ).toBe(0);

    const detail = await get(agent.token, `/api/admin/desk/users/${mine.userId}/orders/${myOrder.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const order = detail.json().data;
    expect(order).toMatchObject({ number: myOrder.number, state: 'shipped', actions: [] });
    expect(order.lines.length).toBeGreaterThan(0);
    expect(order.events.map((e: Row) => e.toState)).toContain('shipped');
    expect(order.trackingNumber).toBeTruthy();

    // Unassigned user, another user's order under an assigned user, a malformed id → 404.
    for (const url of [
      `/api/admin/desk/users/${other.userId}/orders`,
      `/api/admin/desk/users/${other.userId}/orders/${otherOrder.id}`,
      `/api/admin/desk/users/${mine.userId}/orders/${otherOrder.id}`,
      `/api/admin/desk/users/${other.userId}/messages`,
      '/api/admin/desk/users/not-a-uuid/orders',
    ]) {
      const res = await get(agent.token, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().success).toBe(false);
    }
    expect(
      (await send('POST', agent.token, `/api/admin/desk/users/${other.userId}/messages`, { text: 'hi' })).statusCode,
    ).toBe(404);
    // The operator reaches any store owner; a user reaches no desk route.
    expect((await get(operator, `/api/admin/desk/users/${other.userId}/orders/${otherOrder.id}`)).statusCode).toBe(200);
    expect((await get(mine.token, '/api/admin/desk/users')).statusCode).toBe(403);
    // The order's own operator actions stay refused to an agent.
    expect((await send('POST', agent.token, `/api/admin/orders/${myOrder.id}/deliver`, {})).statusCode).toBe(403);
    expect((await get(agent.token, `/api/admin/orders/${myOrder.id}`)).statusCode).toBe(403);
  });

  it('threads: the agent writes about an order, the user reads and answers, one e-mail in their language', async () => {
    const empty = await send(
      'POST',
      agent.token,
      `/api/admin/desk/users/${mine.userId}/messages`,
      { text: '  ' },
      'fr-FR',
    );
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Écrivez un message');
    const foreign = await send('POST', agent.token, `/api/admin/desk/users/${mine.userId}/messages`, {
      text: 'x',
      orderId: otherOrder.id,
    });
    expect(foreign.statusCode).toBe(404);

    const res = await send('POST', agent.token, `/api/admin/desk/users/${mine.userId}/messages`, {
      text: 'Your parcel left the warehouse.',
      orderId: myOrder.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ fromStaff: true, authorName: 'Nora Stein', orderNumber: myOrder.number });

    const seen = (await get(mine.token, '/api/p/agent-messages')).json().data as Row[];
    expect(seen).toEqual([expect.objectContaining({ text: 'Your parcel left the warehouse.', orderId: myOrder.id })]);
    expect((await get(other.token, '/api/p/agent-messages')).json().data).toEqual([]);
    const answer = await send('POST', mine.token, '/api/p/agent-messages', { text: 'Merci !' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.fromStaff).toBe(false);
    // A user cannot name someone else's order.
    expect(
      (await send('POST', mine.token, '/api/p/agent-messages', { text: 'x', orderId: otherOrder.id })).statusCode,
    ).toBe(404);

    const thread = (await get(agent.token, `/api/admin/desk/users/${mine.userId}/messages`)).json().data as Row[];
    expect(thread.map((m) => m.text)).toEqual(['Your parcel left the warehouse.', 'Merci !']);
    const users = (await get(agent.token, '/api/admin/desk/users')).json().data.records as Row[];
    expect(users[0]).toMatchObject({ unanswered: 1 });

    // Only the staff message mailed the user, once, in French; the user's answer mails nobody.
    const mails = await rows(sql`select subject, text, locale from mail_outbox where "to" = ${mine.email}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ locale: 'fr-FR' });
    expect(String(mails[0]!.subject)).toContain('Nora Stein');
    expect(String(mails[0]!.text)).toContain('Your parcel left the warehouse.');
  });
});
