import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import adminRoutes from '../src/locales/en-US/routes-admin.json';
import text from '../src/locales/en-US/sourcing.json';
import { api } from './api';
import { baseUrl, launch, openPage } from './browser';
import { fillLogIn, logInApi, register } from './people';

/*
 * The personal agent's desk (issue 25, decision 0137) against the real server: an agent opens
 * "My users", an assigned user's paid order (read-only) and writes to the user about it; the
 * user reads it in the account area and answers; the agent sees the answer. The desk's pages
 * pass axe (no serious violation) at 375 and 1280 px. Screenshots in e2e/screenshots/.
 */
const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core');
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

/** A new account with a session (the agent is made one by the operator below). */
async function account(name: string, phoneNumber: string) {
  const desk = name === 'desk-agent';
  const who = await register(name, {
    phoneNumber,
    firstname: desk ? 'Hanna' : 'Store',
    lastname: desk ? 'Desk' : 'Owner',
  });
  return { ...who, ...(await logInApi(who)) };
}

/** A paid catalogue order of the demo product 524, with both addresses and wallet money. */
async function paidOrder(user: { accessToken: string; userId: string; email: string }, operator: string) {
  for (const kind of ['consignee', 'billing'] as const) {
    await api('POST', '/p/address', {
      token: user.accessToken,
      body: {
        firstName: 'Jane',
        lastName: 'Buyer',
        country: 'US',
        company: 'Buyer LLC',
        companyID: 'C-1',
        vatnumber: 'US-123',
        province: 'NY',
        city: 'New York',
        street: 'Broadway',
        houseNo: '1',
        address: '1 Broadway',
        phoneNumber: '+1 212 555 0101',
        emails: user.email,
        postCode: '10004',
        kind,
        isDefault: true,
      },
    });
  }
  await api('POST', `/admin/wallets/${user.userId}/adjustments`, {
    token: operator,
    body: { amount: 300, reason: 'e2e agent desk' },
  });
  const product = await api<{ skuList: Array<{ skuId: number }> }>('GET', '/prod/prodInfo?prodId=524');
  const confirmed = await api<{ confirmToken: string }>('POST', '/p/order/prod/confirm', {
    token: user.accessToken,
    body: { prodId: 524, skuId: product.skuList[0]!.skuId, count: 1 },
  });
  const submitted = await api<{ orders?: Array<{ id: string; number: string }>; id?: string; number?: string }>(
    'POST',
    '/p/order/submit',
    { token: user.accessToken, body: { confirmToken: confirmed.confirmToken } },
  );
  const order = submitted.orders?.[0] ?? { id: submitted.id!, number: submitted.number! };
  await api('POST', '/p/order/pay', { token: user.accessToken, body: { orderIds: [order.id], method: 'wallet' } });
  return order;
}

async function seriousAxe(page: Page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    type Result = { violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> };
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<Result> } }).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} ×${v.nodes.length}: ${v.nodes[0]?.target.join(' ')}`);
  });
}

const settled = async (page: Page) => {
  await page.locator('main h1').first().waitFor();
  await page.locator('.ant-table, .admin-row-cards, .admin-row-cards-empty').first().waitFor();
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton').count(), { timeout: 15_000 }).toBe(0);
};

describe("a personal agent's desk", () => {
  it("the agent opens an assigned user's order and writes to them; the user reads it and answers", async () => {
    const op = inject('operator');
    const operator = (await logInApi(op)).accessToken;
    const user = await account('desk-user', '+1 212 555 0111');
    const agent = await account('desk-agent', '+1 212 555 0112');
    // An agent speaking only German: no other journey's new user is given them automatically.
    const card = await api<{ id: string }>('PUT', '/admin/sourcing/agents', {
      token: operator,
      body: {
        email: agent.email,
        name: `Hanna Desk ${stamp}`,
        languages: ['de-DE'],
        hoursFrom: '09:00',
        hoursTo: '17:00',
        timeZone: 'Europe/Berlin',
      },
    });
    await api('PUT', '/admin/sourcing/assignments', {
      token: operator,
      body: { userEmail: user.email, agentId: card.id },
    });
    const order = await paidOrder(user, operator);

    // "My users": the assigned user, then their orders, then the order itself (no action buttons).
    const desk = await openPage(browser, `/login?redirect=${encodeURIComponent('/admin/desk')}`);
    await fillLogIn(desk, agent);
    await desk.getByRole('heading', { name: adminRoutes['admin-desk'] }).waitFor();
    await settled(desk);
    await desk.getByText(user.email).waitFor();
    await desk.screenshot({ path: path.join(SHOTS, 'desk-users-1280.png'), fullPage: true });
    await desk.getByRole('link', { name: text.desk.open }).click();
    await desk.getByRole('heading', { name: adminRoutes['admin-desk-user'] }).waitFor();
    await settled(desk);
    await desk.getByRole('link', { name: text.desk['view-order'] }).click();
    await desk.getByRole('heading', { name: new RegExp(order.number) }).waitFor();
    expect(
      await desk
        .locator('main')
        .getByRole('button', { name: /ship|deliver|purchase/i })
        .count(),
    ).toBe(0);

    const words = `Your order ${order.number} is being bought today (${stamp}).`;
    await desk.getByLabel(text.desk['placeholder-order'].replace('{{number}}', order.number)).fill(words);
    await desk.getByRole('button', { name: text.thread.send }).click();
    await desk.getByText(words).waitFor();
    await desk.screenshot({ path: path.join(SHOTS, 'desk-order-1280.png'), fullPage: true });

    // The user reads it in the account area and answers.
    const mine = await openPage(browser, `/login?redirect=${encodeURIComponent('/user/profile')}`);
    await fillLogIn(mine, user);
    const thread = mine.getByRole('region', { name: text.desk['my-thread-title'] });
    await thread.getByText(words).waitFor();
    await thread.getByText(text.desk['about-order'].replace('{{number}}', order.number)).waitFor();
    await thread.getByLabel(text.thread.placeholder).fill('Thank you!');
    await thread.getByRole('button', { name: text.thread.send }).click();
    await thread.getByText('Thank you!').waitFor();
    await mine.screenshot({ path: path.join(SHOTS, 'desk-user-profile.png'), fullPage: true });

    // The agent sees the answer on the user's page.
    await desk.getByRole('link', { name: `← ${adminRoutes['admin-desk-user']}` }).click();
    await desk.getByText('Thank you!').waitFor();

    // axe on the desk's pages at a phone's and a laptop's width (CSP bypassed so axe can be injected).
    const storageState = await desk.context().storageState();
    const found: Record<string, string[]> = {};
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, storageState, bypassCSP: true });
      const page = await context.newPage();
      for (const [name, route] of [
        ['desk', '/admin/desk'],
        ['desk-user', `/admin/desk/${user.userId}`],
      ] as const) {
        await page.goto(`${baseUrl()}${route}`);
        await settled(page);
        await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
        const problems = await seriousAxe(page);
        if (problems.length) found[`${route} @${width}`] = problems;
      }
      await context.close();
    }
    expect(found).toEqual({});
  }, 240_000);
});
