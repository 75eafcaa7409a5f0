import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import accounts from '../src/locales/en-US/accounts.json';
import admin from '../src/locales/en-US/admin.json';
import pay from '../src/locales/en-US/recharge.json';
import adminRoutes from '../src/locales/en-US/routes-admin.json';
import wallet from '../src/locales/en-US/wallet.json';
import withdraw from '../src/locales/en-US/withdrawals.json';
import accountsFr from '../src/locales/fr-FR/accounts.json';
import payFr from '../src/locales/fr-FR/recharge.json';
import { baseUrl, launch, openPage } from './browser';

/*
 * The wallet journey of issue 8 against the real server, no mocks: a bank transfer with a slip
 * that the operator approves, a PayPal recharge through the server's own PayPal emulator
 * (/sandbox/paypal), a withdrawal to a Turkish bank that the operator pays out, and the wallet
 * page's balances, history and chart after all three. Then the recharge page's fee preview in French.
 */

/** A 1×1 PNG: the transfer slip. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A Turkish IBAN with valid check digits (the contract's own test uses it). */
const TR_IBAN = 'TR33 0006 1005 1978 6457 8413 26';
const NUMBER = /R\d{8}-\d{6}/;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Registers a store owner through the API (the accounts journey covers the form). */
async function register(tag: string): Promise<{ email: string; password: string }> {
  const email = `e2e-${tag}-${stamp}@example.com`;
  const password = 'journey123';
  const res = await fetch(`${baseUrl()}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `${tag}${stamp}`,
      firstname: 'Wal',
      lastname: 'Let',
      email,
      phoneNumber: '+90 212 555 0101',
      country: 'TR',
      password,
      confirmPassword: password,
      platform: 'other',
      channel: 'other',
      userType: 'dropshipping',
      agreement: true,
    }),
  });
  expect(((await res.json()) as { code: string }).code).toBe('00000');
  return { email, password };
}

/**
 * Opens a login-required page in a fresh context and logs in through the form. The form is
 * filled only once the log-in heading shows (before its chunk loads, another page's fields may
 * still be on screen).
 */
async function logInAt(
  route: string,
  who: { email: string; password: string },
  opts: { lang?: string } = {},
): Promise<Page> {
  const texts = opts.lang === 'fr-FR' ? accountsFr : accounts;
  const page = await openPage(browser, `/login?redirect=${encodeURIComponent(route)}`, opts);
  await page.getByRole('heading', { name: texts.login.title }).waitFor();
  await page.getByLabel(texts.login.email).fill(who.email);
  await page.getByLabel(texts.login.password).fill(who.password);
  await page.getByRole('button', { name: texts.login.submit }).click();
  await page.waitForURL((url) => url.pathname === route.split('?')[0]);
  return page;
}

/** The text before the first placeholder of a locale string, for matching a filled-in message. */
const lead = (text: string) => text.split('{{')[0]!;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A locale string as a pattern, each {{placeholder}} a capture group: "Withdrawal (\S+) requested…". */
const template = (text: string) =>
  new RegExp(
    `^${text
      .split(/\{\{\w+\}\}/)
      .map(escape)
      .join('(\\S+)')}$`,
  );
const card = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });
/** An amount shown on its own ("$90.00"), not as the tail of a larger one ("$190.00"). */
const money = (amount: string) => new RegExp(`^\\D*${escape(amount)}$`);

/**
 * Reloads the wallet page until the Available card shows `amount` (the credit after an approval
 * is a job the server runs within a second or two). Bounded: about 20 s.
 */
async function walletShows(page: Page, amount: string) {
  const available = card(page, wallet.cards.available);
  for (let i = 0; ; i += 1) {
    await page.getByRole('heading', { level: 1, name: wallet.title }).waitFor();
    try {
      await available.getByText(money(amount)).waitFor({ timeout: 2_000 });
      return;
    } catch (err) {
      if (i >= 9)
        throw new Error(`the wallet did not show ${amount}; it shows ${await available.innerText()}`, { cause: err });
    }
    await page.reload();
  }
}

/** /user/recharge: amount and method, Continue; lands on /user/payment and returns the order's number. */
async function startRecharge(page: Page, amount: string, method: string): Promise<string> {
  await page.goto(`${baseUrl()}/user/recharge`);
  await page.getByRole('heading', { level: 1, name: pay.recharge.title }).waitFor();
  await page.getByLabel(pay.recharge.amount).fill(amount);
  await page.getByRole('radio', { name: new RegExp(`^${method}`) }).check();
  await page.getByRole('button', { name: pay.recharge.continue }).click();
  await page.waitForURL(/\/user\/payment\?recharge=/);
  await page.getByRole('heading', { level: 1, name: pay.payment.title }).waitFor();
  const number = await page.getByText(NUMBER).first().innerText();
  return NUMBER.exec(number)![0];
}

describe('wallet', () => {
  it('recharges by bank transfer and PayPal, withdraws to a Turkish bank, and shows all three in the history and the chart', async () => {
    const op = inject('operator');
    const user = await register('wallet');
    const page = await logInAt('/user/walletBalance', user);
    await walletShows(page, '0.00');

    // 1. Bank transfer of 100 with a slip.
    const bankNumber = await startRecharge(page, '100', pay.method.bank);
    await page.getByRole('button', { name: pay.payment['pay-bank'] }).click();
    await page.waitForURL(/\/user\/paymoney\?recharge=/);
    await page.getByRole('heading', { level: 2, name: pay.paymoney.instructions }).waitFor();
    await page.getByText(pay.paymoney['reference-warning'].replace('{{reference}}', bankNumber)).waitFor();
    await page
      .getByLabel(pay.slip.file, { exact: true })
      .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: pay.slip.submit }).click();
    await page.waitForURL(/\/user\/payconfirmation\?recharge=/);
    await page.getByRole('heading', { name: pay.outcome.pending.title }).waitFor();
    await page.getByText(pay.outcome.pending['text-bank']).waitFor();
    await page.getByText(pay.outcome.order.replace('{{number}}', bankNumber)).waitFor();

    // The operator finds it in the review queue by its number and approves it.
    const operator = await logInAt('/admin/recharges', op);
    await operator.getByRole('heading', { level: 1, name: adminRoutes['admin-recharges'] }).waitFor();
    const row = operator.getByRole('row', { name: new RegExp(escape(bankNumber)) });
    await row.getByRole('link', { name: admin.recharges['open-slip'].replace('{{number}}', bankNumber) }).waitFor();
    await row.getByRole('button', { name: admin.recharges['approve-named'].replace('{{number}}', bankNumber) }).click();
    const approveDialog = operator.getByRole('dialog', {
      name: admin.recharges['approve-title'].replace('{{number}}', bankNumber),
    });
    await approveDialog.getByRole('button', { name: admin.recharges.approve, exact: true }).click();
    await operator.getByText(admin.recharges.approved.replace('{{number}}', bankNumber)).waitFor();

    await page.goto(`${baseUrl()}/user/walletBalance`);
    await walletShows(page, '100.00');

    // 2. PayPal recharge of 50 through the server's PayPal emulator (its approve link).
    await startRecharge(page, '50', pay.method.paypal);
    const atPaypal = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/sandbox/paypal/checkoutnow' && r.isNavigationRequest(),
    );
    await page.getByRole('button', { name: pay.payment['pay-paypal'] }).click();
    await atPaypal;
    // The emulator's approve link approves on GET and redirects back (it has no button to press,
    // decision 0071); then /paypalstatus captures and /user/paystate waits for the credit.
    await page.waitForURL(/\/user\/payconfirmation\?recharge=/, { timeout: 30_000 });
    await page.getByRole('heading', { name: pay.outcome.success.title }).waitFor();
    await page.getByText(pay.outcome.success.text.replace('{{amount}}', '$50.00')).waitFor();
    await page.goto(`${baseUrl()}/user/walletBalance`);
    await walletShows(page, '150.00');

    // 3. Withdraw 60 to a Turkish bank.
    await page.getByRole('button', { name: wallet.withdraw }).click();
    await page.waitForURL(/\/user\/withdraw$/);
    await page.getByRole('heading', { level: 1, name: withdraw.title }).waitFor();
    await page.getByRole('status', { name: withdraw.withdrawable }).getByText(money('150.00')).waitFor();
    await page.getByRole('radio', { name: withdraw.methods['turkish-bank'] }).check();
    await page.getByRole('textbox', { name: withdraw.fields.amount }).fill('60');
    await page.getByRole('textbox', { name: withdraw.fields.beneficiaryName }).fill('Ayşe Yılmaz');
    await page.getByRole('textbox', { name: withdraw.fields.bankName }).fill('Ziraat Bankası');
    await page.getByRole('textbox', { name: withdraw.fields.iban }).fill(TR_IBAN);
    await page.getByRole('button', { name: withdraw.continue }).click();
    const confirm = page.getByRole('dialog', { name: withdraw.confirm.title });
    await confirm.getByText('TR330006100519786457841326').waitFor();
    await confirm.getByText(money('60.00')).waitFor();
    await confirm.getByRole('button', { name: withdraw.confirm.submit }).click();
    const created = page.getByText(template(withdraw.created));
    await created.waitFor();
    const withdrawalNumber = template(withdraw.created).exec(await created.innerText())![1]!;
    const request = page.getByRole('row', { name: new RegExp(escape(withdrawalNumber)) });
    await request.getByText(withdraw.states.pending, { exact: true }).waitFor();
    await page.getByRole('status', { name: withdraw.withdrawable }).getByText(money('90.00')).waitFor();

    await page.goto(`${baseUrl()}/user/walletBalance`);
    await walletShows(page, '90.00');
    await card(page, wallet.cards.locked).getByText(money('60.00')).waitFor();

    // The operator pays it out with a reference.
    await operator.goto(`${baseUrl()}/admin/withdrawals`);
    await operator.getByRole('heading', { level: 1, name: admin.withdrawals.title }).waitFor();
    await operator
      .getByRole('button', { name: admin.withdrawals['approve-label'].replace('{{number}}', withdrawalNumber) })
      .click();
    const payout = operator.getByRole('dialog', {
      name: admin.withdrawals['approve-title'].replace('{{number}}', withdrawalNumber),
    });
    await payout.getByLabel(admin.withdrawals['payout-reference']).fill(`ZIRAAT-${stamp}`);
    await payout.getByRole('button', { name: admin.withdrawals['approve-ok'] }).click();
    await operator.getByText(admin.withdrawals.approved.replace('{{number}}', withdrawalNumber)).waitFor();
    await operator.context().close();

    // The wallet: 90.00 available, nothing locked, the three movements, the chart.
    await page.reload();
    await walletShows(page, '90.00');
    await card(page, wallet.cards.locked).getByText(money('0.00')).waitFor();
    const history = page.getByRole('region', { name: wallet.history.title });
    const lines = history.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => lines.count(), { timeout: 10_000 }).toBe(3);
    const rows = await lines.allInnerTexts();
    const recharges = rows.filter((r) => r.includes(wallet.kinds.recharge) && r.includes('+'));
    expect(recharges.map((r) => /\+\D*([\d.,]+)/.exec(r)?.[1]).sort()).toEqual(['100.00', '50.00']);
    const withdrawals = rows.filter((r) => r.includes(wallet.kinds.withdrawal));
    expect(withdrawals.length).toBe(1);
    expect(withdrawals[0]).toMatch(/−\D*60\.00/);
    // Each line names what the user knows it by: the recharge order's and the withdrawal's numbers.
    expect(rows.some((r) => r.includes(bankNumber))).toBe(true);
    expect(withdrawals[0]).toContain(withdrawalNumber);
    // The filter agrees: income has the two recharges, consumption the withdrawal.
    const kinds = async () => (await lines.locator('.wallet-kind').allInnerTexts()).sort();
    await history.getByText(wallet.history.income, { exact: true }).click();
    await page.waitForURL(/type=income/);
    await expect.poll(kinds, { timeout: 10_000 }).toEqual([wallet.kinds.recharge, wallet.kinds.recharge]);
    await history.getByText(wallet.history.consume, { exact: true }).click();
    await page.waitForURL(/type=consume/);
    await expect.poll(kinds, { timeout: 10_000 }).toEqual([wallet.kinds.withdrawal]);

    const chart = page.getByRole('img', { name: new RegExp(`^${lead(wallet.chart.label)}`) });
    await chart.waitFor();
    expect(await chart.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    expect(await chart.getAttribute('aria-label')).toMatch(/\$90\.00$/);
    const points = chart.locator('circle');
    expect(await points.count()).toBeGreaterThan(0);
    // Today's point, the last one, is the balance after all three.
    expect(await points.last().locator('title').textContent()).toMatch(/: \$90\.00$/);

    // The user's withdrawal shows it was paid, with the operator's reference.
    await page.goto(`${baseUrl()}/user/withdraw`);
    const paid = page.getByRole('row', { name: new RegExp(escape(withdrawalNumber)) });
    await paid.getByText(withdraw.states.approved, { exact: true }).waitFor();
    await paid.getByText(withdraw.history['payout-reference'].replace('{{reference}}', `ZIRAAT-${stamp}`)).waitFor();
    await page.context().close();
  }, 120_000);

  it('previews the PayPal fee in French on the recharge page', async () => {
    const user = await register('frwallet');
    const page = await logInAt('/user/recharge', user, { lang: 'fr-FR' });
    await page.getByRole('heading', { level: 1, name: payFr.recharge.title }).waitFor();
    await page.getByText(payFr.recharge['preview-empty']).waitFor();
    await page.getByLabel(payFr.recharge.amount).fill('100');
    await page.getByRole('radio', { name: new RegExp(`^${payFr.method.paypal}`) }).check();
    // 4,4 % + 0,30 $ of 100: 4,70 in French digits, total 104,70.
    await page.getByRole('radio', { name: /4,4\s?%/ }).waitFor();
    const preview = page.getByRole('region', { name: payFr.recharge.preview });
    await preview.getByText(payFr.summary.fee, { exact: true }).waitFor();
    await preview.getByText(/^4,70\s?\$/).waitFor();
    await preview.getByText(payFr.summary['total-to-pay'], { exact: true }).waitFor();
    await preview.getByText(/^104,70\s?\$/).waitFor();
    await page.context().close();
  });
});
