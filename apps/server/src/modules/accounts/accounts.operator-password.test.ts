import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../../test/harness';
import { auth, logIn, registerUser, type TestCtx } from '../../../test/factories';
import { runOperatorPasswordReset } from '../../db/seed/operator-password';
import { resetOperatorPassword } from './accounts.operator-password';

let ctx: TestCtx;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const info = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/p/user/info', headers: auth(token) });
const tokenOf = async (email: string, password: string) => {
  const res = await logIn(ctx, email, password);
  expect(res.statusCode).toBe(200);
  return res.json().data.accessToken as string;
};

describe('npm run operator-password', () => {
  it('sets a new random password: the old one fails, the new one works, open sessions end', async () => {
    const email = ctx.config.operator.email;
    const before = await tokenOf(email, 'operator123');
    expect((await info(before)).json().code).toBe('00000');

    const result = await resetOperatorPassword(ctx.db, { operator: { email } });
    expect(result.email).toBe(email);
    expect(result.password).toMatch(/^[A-Za-z0-9_-]{12}$/);

    expect((await logIn(ctx, email, 'operator123')).statusCode).toBe(422);
    expect((await info(before)).statusCode).toBe(401);
    const after = await tokenOf(email, result.password);
    expect((await info(after)).json().data.email).toBe(email);

    const again = await resetOperatorPassword(ctx.db, { operator: { email } });
    expect(again.password).not.toBe(result.password);
  });

  it('uses OPERATOR_PASSWORD when it is set', async () => {
    const email = ctx.config.operator.email;
    await resetOperatorPassword(ctx.db, { operator: { email, password: 'chosen-by-me-42' } });
    await tokenOf(email, 'chosen-by-me-42');
  });

  it('refuses an address that is not an operator account, and changes nothing', async () => {
    const user = await registerUser(ctx);
    await expect(resetOperatorPassword(ctx.db, { operator: { email: user.email } })).rejects.toThrow(
      new RegExp(`no operator account ${user.email}`),
    );
    await tokenOf(user.email, user.password);
    expect((await info(user.token)).json().code).toBe('00000');
  });

  it('refuses while a running server holds the embedded data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'operator-password-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(path.join(dataDir, 'server.lock'), String(holder.pid));
      await expect(
        runOperatorPasswordReset(
          testConfig({ dataDir, databaseUrl: undefined, operator: { email: 'operator@example.com' } }),
        ),
      ).rejects.toThrow(/in use by another server process \(pid \d+\)\. Stop it first/);
    } finally {
      holder.kill();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
