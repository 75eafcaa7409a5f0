import { sql } from 'drizzle-orm';
import type { createTestApp } from '../harness';

/** Test-only helpers shared by the accounts tests. */
export type TestCtx = Awaited<ReturnType<typeof createTestApp>>;

let serial = 0;

/** A valid registration; `seed` makes the e-mail address and user name unique. */
export function registration(seed = `u${Date.now().toString(36)}${++serial}`, overrides: Record<string, unknown> = {}) {
  return {
    username: `${seed}`,
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: `${seed}@example.com`,
    phoneNumber: '+4420 7946 0000',
    country: 'GB',
    password: 'lovelace1843',
    confirmPassword: 'lovelace1843',
    platform: 'shopify',
    channel: 'search',
    userType: 'dropshipping',
    agreement: true,
    ...overrides,
  };
}

/** Registers a new store owner and returns its e-mail, password and session token. */
export async function registerUser(ctx: TestCtx, overrides: Record<string, unknown> = {}) {
  const body = registration(undefined, overrides);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/register', payload: body });
  if (res.statusCode !== 200) throw new Error(`registration failed: ${res.body}`);
  const data = res.json().data as { accessToken: string; userId: string };
  return {
    email: body.email,
    password: body.password,
    username: body.username,
    token: data.accessToken,
    userId: data.userId,
  };
}

export function logIn(
  ctx: TestCtx,
  email: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  return ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, headers, remoteAddress });
}

export async function countRows(ctx: TestCtx, table: string): Promise<number> {
  const res = await ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (res.rows[0] as { n: number }).n;
}

/** `{field: message}` of a validation answer. */
export function fieldMessages(body: { data: Array<{ field: string; message: string }> }): Record<string, string> {
  return Object.fromEntries(body.data.map((f) => [f.field, f.message]));
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });
