import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import accounts from '../src/locales/en-US/accounts.json';
import text from '../src/locales/en-US/affiliates.json';
import wallet from '../src/locales/en-US/wallet.json';
import { api } from './api';
import { baseUrl, launch, openPage } from './browser';

/*
 * The affiliate programme (issue 26) against the real server: A joins and copies the link; B opens
 * it, registers (the form carries the code) and pays an order; A sees the sign-up and the pending
 * commission; the hold passes (the operator set it to 0 days and runs the release now: the server
 * has no clock to move); A's wallet shows the commission.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const password = 'journey123';
const shots = process.env.E2E_SHOTS;

async function logInApi(email: string, pw: string) {
  return api<{ accessToken: string; userId: string }>('POST', '/login', { body: { email, password: pw } });
}

async function logIn(page: Page, email: string) {
  await page.getByRole('heading', { name: accounts.login.title }).waitFor();
  await page.getByLabel(accounts.login.email).fill(email);
  await page.getByLabel(accounts.login.password).fill(password);
  await page.getByRole('button', { name: accounts.login.submit }).click();
}

/** B's order of one product, paid from the wallet the operator credited (as admin-tables.spec does). */
async function payAnOrder(token: string, userId: string, operator: string) {
  for (const kind of ['consignee', 'billing'] as const) {
    await api('POST', '/p/address', {
      token,
      body: {
        firstName: 'Bea',
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
        emails: `e2e-aff-b-${stamp}@example.com`,
        postCode: '10004',
        kind,
        isDefault: true,
      },
    });
  }
  await api('POST', `/admin/wallets/${userId}/adjustments`, {
    token: operator,
    body: { amount: 500, reason: 'e2e affiliate' },
  });
  const product = await api<{ skuList: Array<{ skuId: number }> }>('GET', '/prod/prodInfo?prodId=524');
  const confirmed = await api<{ confirmToken: string }>('POST', '/p/order/prod/confirm', {
    token,
    body: { prodId: 524, skuId: product.skuList[0]!.skuId, count: 1 },
  });
  const submitted = await api<{ orders?: Array<{ id: string }>; id?: string }>('POST', '/p/order/submit', {
    token,
    body: { confirmToken: confirmed.confirmToken },
  });
  const ids = submitted.orders?.map((o) => o.id) ?? [submitted.id!];
  await api('POST', '/p/order/pay', { token, body: { orderIds: ids, method: 'wallet' } });
}

describe('the affiliate programme in Chromium', () => {
  it('A shares a link, B registers through it and pays, A sees it pending and then in the wallet', async () => {
    const op = inject('operator');
    const operator = (await logInApi(op.email, op.password)).accessToken;
    await api('PUT', '/admin/affiliates/settings', {
      token: operator,
      body: { rateBasisPoints: 500, periodMonths: 12, holdDays: 0, payout: 'cash', enabled: true },
    });

    const aEmail = `e2e-aff-a-${stamp}@example.com`;
    await api('POST', '/register', {
      body: {
        username: `affa${stamp}`,
        firstname: 'Alice',
        lastname: 'Affiliate',
        email: aEmail,
        phoneNumber: '+1 212 555 0100',
        country: 'US',
        password,
        confirmPassword: password,
        platform: 'other',
        channel: 'other',
        userType: 'dropshipping',
        agreement: true,
      },
    });
    const a = await openPage(browser, `/login?redirect=${encodeURIComponent('/user/affiliate')}`);
    await logIn(a, aEmail);
    await a.getByRole('heading', { level: 1, name: text.title }).waitFor();
    await a.getByTestId('affiliate-terms').getByText('5%', { exact: false }).waitFor();
    await a.getByRole('button', { name: text.join }).click();
    const linkInput = a.getByTestId('affiliate-link');
    await linkInput.waitFor();
    const link = await linkInput.inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl()}/\\?ref=[A-Z2-9]{8}$`));
    const code = new URL(link).searchParams.get('ref')!;
    await a.getByRole('button', { name: text.share['copy-link'] }).click();
    await a
      .getByText(new RegExp(`^(${text.copied}|${text['copy-failed']})$`))
      .first()
      .waitFor();
    if (shots) await a.screenshot({ path: `${shots}/affiliate-joined-en.png`, fullPage: true });

    // B follows the link, then registers: the form carries the code from the cookie.
    const b = await openPage(browser, link.replace(baseUrl(), ''));
    await b.waitForLoadState('networkidle');
    await b.goto(`${baseUrl()}/register`);
    const bEmail = `e2e-aff-b-${stamp}@example.com`;
    await b.getByLabel(accounts.fields.username).fill(`affb${stamp}`);
    expect(await b.getByLabel(accounts.fields.ref).inputValue()).toBe(code);
    await b.getByLabel(accounts.fields.firstname).fill('Bea');
    await b.getByLabel(accounts.fields.lastname).fill('Buyer');
    await b.getByLabel(accounts.fields.email).fill(bEmail);
    await b.getByLabel(accounts.fields.phoneNumber).fill('+1 212 555 0199');
    await b.getByRole('combobox', { name: accounts.fields.country }).click();
    await b.keyboard.type('Germ');
    await b.getByRole('option', { name: 'Germany' }).click();
    await b.getByLabel(accounts.fields.userType).selectOption('dropshipping');
    await b.getByLabel(accounts.fields.platform).selectOption('shopify');
    await b.getByLabel(accounts.fields.channel).selectOption('search');
    await b.getByLabel(accounts.fields.password, { exact: true }).fill(password);
    await b.getByLabel(accounts.fields.confirmPassword).fill(password);
    await b.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await b.getByRole('button', { name: accounts.register.submit }).click();
    await b.waitForURL(/\/index$/);
    const bSession = await logInApi(bEmail, password);
    await payAnOrder(bSession.accessToken, bSession.userId, operator);

    // A: one click, one sign-up, one paid order, its commission pending.
    await a.reload();
    await expect.poll(async () => a.getByTestId('affiliate-signUps').textContent()).toBe('1');
    expect(await a.getByTestId('affiliate-clicks').textContent()).toBe('1');
    expect(await a.getByTestId('affiliate-orders').textContent()).toBe('1');
    await a.getByRole('cell', { name: 'Be*** B.' }).waitFor();
    await a.getByText(text.states.pending, { exact: false }).first().waitFor();
    const pending = await a.getByTestId('affiliate-pending').textContent();
    expect(pending).not.toMatch(/^\$?0\.00$/);
    if (shots) await a.screenshot({ path: `${shots}/affiliate-pending-en.png`, fullPage: true });

    // The hold (0 days) has passed: the release runs now; A's wallet has the commission.
    await api('POST', '/admin/affiliates/release', { token: operator, body: {} });
    await a.goto(`${baseUrl()}/user/walletBalance`);
    await a.getByText(wallet.kinds.commission).first().waitFor();
    expect(await a.getByTestId('wallet-available').textContent()).toBe(pending);
    await a.goto(`${baseUrl()}/user/affiliate`);
    await expect.poll(async () => a.getByTestId('affiliate-paid').textContent()).toBe(pending);
    await api('PUT', '/admin/affiliates/settings', {
      token: operator,
      body: { rateBasisPoints: 500, periodMonths: 12, holdDays: 30, payout: 'cash', enabled: true },
    });
    if (shots) {
      // Screenshots for review (E2E_SHOTS=dir): the pages in English and Chinese.
      for (const lang of ['en-US', 'zh-CN']) {
        const tag = lang.slice(0, 2);
        const me = await openPage(browser, `/login?redirect=${encodeURIComponent('/user/affiliate')}`, { lang });
        await me.getByLabel(/./).first().waitFor();
        await me
          .locator('input[type=email], input[autocomplete=email], input[autocomplete=username]')
          .first()
          .fill(aEmail);
        await me.locator('input[type=password]').fill(password);
        await me.locator('button[type=submit]').click();
        await me.getByTestId('affiliate-paid').waitFor();
        await me.screenshot({ path: `${shots}/affiliate-page-${tag}.png`, fullPage: true });
        await me.goto(`${baseUrl()}/affiliate`);
        await me.getByTestId('affiliate-terms').waitFor();
        await me.screenshot({ path: `${shots}/affiliate-terms-${tag}.png`, fullPage: true });
        await me.context().close();
        const console = await openPage(browser, `/login?redirect=${encodeURIComponent('/admin/affiliates')}`, { lang });
        await console
          .locator('input[type=email], input[autocomplete=email], input[autocomplete=username]')
          .first()
          .fill(op.email);
        await console.locator('input[type=password]').fill(op.password);
        await console.locator('button[type=submit]').click();
        await console.getByRole('cell', { name: `affa${stamp}` }).waitFor();
        await console.screenshot({ path: `${shots}/affiliate-admin-${tag}.png`, fullPage: true });
        await console.context().close();
      }
    }
  }, 180_000);
});
