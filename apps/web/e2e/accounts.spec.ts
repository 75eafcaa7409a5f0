import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '../src/locales/en-US/accounts.json';
import fr from '../src/locales/fr-FR/accounts.json';
import { baseUrl, launch, openPage } from './browser';

/*
 * Accounts journeys against the real server: registration, log-out / log-in, the profile with
 * consignee and billing addresses (default marker), the guard after log-out, the password reset
 * by e-mailed code (read from the development outbox), the operator console, and French texts.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** The user created by the first journey (the reset journey creates one if that one failed). */
let account: { email: string; username: string; password: string } | undefined;

async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ code: string; data: T; msg: string }> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: string; data: T; msg: string };
}

async function operatorToken(): Promise<string> {
  const op = inject('operator');
  const res = await api<{ accessToken: string }>('POST', '/login', op);
  expect(res.code).toBe('00000');
  return res.data.accessToken;
}

/** The newest reset code mailed to an address, from GET /api/admin/mail-outbox (development outbox). */
async function resetCodeFor(email: string): Promise<string> {
  const token = await operatorToken();
  for (let i = 0; i < 20; i += 1) {
    const res = await api<{ records: Array<{ to: string; text: string }> }>(
      'GET',
      '/admin/mail-outbox?size=50',
      undefined,
      token,
    );
    const mail = res.data.records.find((r) => r.to.toLowerCase() === email.toLowerCase());
    const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no reset code was mailed to ${email}`);
}

/**
 * Fills and sends the log-in form once the log-in page shows. Until its chunk has loaded, the
 * page before stays on screen, and an e-mail field there (register, reset) would take the text.
 */
async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('heading', { name: en.login.title }).waitFor();
  await page.getByLabel(en.login.email).fill(email);
  await page.getByLabel(en.login.password).fill(password);
  await page.getByRole('button', { name: en.login.submit }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(/\/login$/);
}

/** Fills the address dialog (every field is required) and saves it. */
async function addAddress(page: Page, first: string, last: string, opts: { makeDefault?: boolean } = {}) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const values: Array<[string, string]> = [
    [en.fields.firstName, first],
    [en.fields.lastName, last],
    [en.fields.company, `${last} Trading`],
    [en.fields.companyID, 'HRB 12345'],
    [en.fields.vatnumber, 'DE123456789'],
    [en.fields.province, 'Berlin'],
    [en.fields.city, 'Berlin'],
    [en.fields.street, 'Hauptstraße'],
    [en.fields.houseNo, '5'],
    [en.fields.address, '2nd floor'],
    [en.fields.postCode, '10115'],
    [en.fields.phoneNumber, '+49 30 123456'],
    [en.fields.emails, `${first.toLowerCase()}@example.com`],
  ];
  for (const [label, value] of values) await dialog.getByLabel(label, { exact: true }).fill(value);
  const country = dialog.getByLabel(en.fields.country, { exact: true });
  await country.click();
  await country.fill('Germ');
  await page.keyboard.press('Enter');
  if (opts.makeDefault) await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: en.actions.save }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const card = (page: Page, name: string): Locator => page.getByRole('listitem', { name });
const defaultTag = (scope: Locator) => scope.getByText(en.address.default, { exact: true });

describe('accounts', () => {
  it('registers, logs out and in, manages consignee and billing addresses, and guards the profile after log-out', async () => {
    const email = `e2e-${stamp}@example.com`;
    const username = `e2e${stamp}`;
    const password = 'journey123';
    const page = await openPage(browser, '/register');

    // Every field of the API; inputs are trimmed.
    await page.getByLabel(en.fields.username).fill(` ${username} `);
    await page.getByLabel(en.fields.firstname).fill('Jane');
    await page.getByLabel(en.fields.lastname).fill('Doe');
    await page.getByLabel(en.fields.email).fill(email);
    await page.getByLabel(en.fields.phoneNumber).fill('+49 30 987654');
    await page.getByRole('combobox', { name: en.fields.country }).click();
    await page.keyboard.type('Germ');
    await page.getByRole('option', { name: 'Germany' }).click();
    await page.getByLabel(en.fields.userType).selectOption('dropshipping');
    await page.getByLabel(en.fields.platform).selectOption('shopify');
    await page.getByLabel(en.fields.channel).selectOption('search');
    await page.getByLabel(en.fields.password, { exact: true }).fill(password);
    await page.getByLabel(en.fields.confirmPassword).fill('journey124');
    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await page.getByRole('button', { name: en.register.submit }).click();
    // The same rules as the server, before any call.
    await page.getByText(en.errors['password-mismatch']).waitFor();
    await page.getByLabel(en.fields.confirmPassword).fill(password);
    await page.getByRole('button', { name: en.register.submit }).click();

    // Logged in (token + status '1': the header shows the account menu with the user name).
    await page.waitForURL(/\/index$/);
    await page.getByRole('button', { name: 'Account menu' }).getByText(username).waitFor();
    account = { email, username, password };

    await logOut(page);
    await page.getByRole('heading', { name: en.login.title }).waitFor();
    await logIn(page, email, password);
    await page.waitForURL(/\/index$/);

    // Account → /user/profile through the header menu.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL(/\/user\/profile/);
    await page.getByRole('heading', { name: en.profile['info-title'] }).waitFor();
    await page.getByText(email).waitFor();

    // A first consignee: empty state, then the card with the default marker.
    await page.getByRole('tab', { name: en.profile['tab-consignee'] }).click();
    await page.getByRole('button', { name: en.address.consignee['add-first'] }).click();
    await addAddress(page, 'Jane', 'Doe');
    await card(page, 'Jane Doe').waitFor();
    await defaultTag(card(page, 'Jane Doe')).waitFor();
    await card(page, 'Jane Doe').getByText('Germany').waitFor();

    // A billing address.
    await page.getByRole('tab', { name: en.profile['tab-billing'] }).click();
    await page.getByRole('button', { name: en.address.billing['add-first'] }).click();
    await addAddress(page, 'Bill', 'Payer');
    await defaultTag(card(page, 'Bill Payer')).waitFor();

    // A second consignee: not the default until asked, then the marker moves.
    await page.getByRole('tab', { name: en.profile['tab-consignee'] }).click();
    await page.getByRole('button', { name: en.address.consignee.add }).click();
    await addAddress(page, 'John', 'Roe');
    await card(page, 'John Roe').waitFor();
    expect(await defaultTag(card(page, 'John Roe')).count()).toBe(0);
    await defaultTag(card(page, 'Jane Doe')).waitFor();
    await card(page, 'John Roe').getByRole('button', { name: 'Set the address of John Roe as default' }).click();
    await defaultTag(card(page, 'John Roe')).waitFor();
    await expect.poll(() => defaultTag(card(page, 'Jane Doe')).count()).toBe(0);
    expect(await page.getByText(en.address.default, { exact: true }).count()).toBe(1);

    // After log-out the profile is behind the log-in page again.
    await logOut(page);
    await page.goto(`${baseUrl()}/user/profile`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/user/profile');
    await page.context().close();
  });

  it('resets the password with the e-mailed code, then logs in with the new one', async () => {
    if (!account) {
      const email = `e2e-reset-${stamp}@example.com`;
      const body = {
        username: `reset${stamp}`,
        firstname: 'Re',
        lastname: 'Set',
        email,
        phoneNumber: '1',
        country: 'FR',
        password: 'journey123',
        confirmPassword: 'journey123',
        platform: 'other',
        channel: 'other',
        userType: 'bulk',
        agreement: true,
      };
      expect((await api('POST', '/register', body)).code).toBe('00000');
      account = { email, username: body.username, password: body.password };
    }
    const { email } = account;
    const page = await openPage(browser, '/resetpassword');
    await page.getByLabel(en.fields.email).fill(email);
    await page.getByRole('button', { name: en.reset['send-code'] }).click();
    await page.getByLabel(en.fields.emailCode).waitFor();
    // One new code per minute (the server's rule): the resend button counts down.
    expect(await page.getByRole('button', { name: /Resend in \d+ s/ }).isDisabled()).toBe(true);

    // A wrong code: the server's "Verification failed" under the code field.
    const newPassword = 'renewed456';
    await page.getByLabel(en.fields.emailCode).fill('000000');
    await page.getByLabel(en.reset['new-password'], { exact: true }).fill(newPassword);
    await page.getByLabel(en.reset['confirm-password']).fill(newPassword);
    const code = await resetCodeFor(email);
    if (code !== '000000') {
      await page.getByRole('button', { name: en.reset.submit }).click();
      await page.getByText('Verification failed').waitFor();
    }

    await page.getByLabel(en.fields.emailCode).fill(code);
    await page.getByRole('button', { name: en.reset.submit }).click();
    await page.getByRole('heading', { name: en.reset['done-title'] }).waitFor();
    await page.getByRole('link', { name: en.reset['to-login'] }).click();
    await page.waitForURL(/\/login$/);

    // The old password no longer works; the new one does.
    await logIn(page, email, account.password);
    await page.getByRole('alert').getByText('Incorrect email or password').waitFor();
    await logIn(page, email, newPassword);
    await page.waitForURL(/\/index$/);
    account.password = newPassword;
    await page.context().close();
  });

  it('lets the operator read the outbox and disable a user, whose session ends at once', async () => {
    expect(account).toBeDefined();
    const { email, password } = account!;

    // The user is logged in on their own device.
    const userPage = await openPage(browser, '/login');
    await logIn(userPage, email, password);
    await userPage.waitForURL(/\/index$/);

    const op = inject('operator');
    const page = await openPage(browser, '/login?redirect=%2Fadmin%2Fmail-outbox');
    await logIn(page, op.email, op.password);
    await page.waitForURL(/\/admin\/mail-outbox/);
    await page.getByRole('heading', { name: en.admin.outbox.title }).waitFor();
    const mail = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).first();
    await mail.getByRole('button', { name: /^View/ }).click();
    await page
      .getByRole('dialog')
      .getByText(/Your verification code is \d{6}/)
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // Users: search, disable with confirmation.
    await page
      .getByRole('navigation', { name: 'Operator console sections' })
      .getByRole('link', { name: 'Users' })
      .click();
    await page.waitForURL(/\/admin\/users/);
    await page.getByRole('searchbox', { name: en.admin.users['search-label'] }).fill(email);
    await page.locator('#main').getByRole('button', { name: en.admin.users.search }).click();
    await page.waitForURL(/keyword=/);
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await row.getByRole('button', { name: `Disable ${email}` }).click();
    await page.getByRole('tooltip').getByRole('button', { name: en.admin.users.disable }).click();
    await row.getByText(en.admin.users.disabled, { exact: true }).waitFor();

    // The user's session has ended: the next account page sends them to log in, and log-in says why.
    await userPage.goto(`${baseUrl()}/user/profile`);
    await userPage.waitForURL(/\/login/);
    await logIn(userPage, email, password);
    await userPage.getByRole('alert').getByText('This account has been disabled, please contact us').waitFor();

    // Enabled again, the user can log in.
    await row.getByRole('button', { name: `Enable ${email}` }).click();
    await page.getByRole('tooltip').getByRole('button', { name: en.admin.users.enable }).click();
    await row.getByText(en.admin.users.active, { exact: true }).waitFor();
    await logIn(userPage, email, password);
    // Back where they were going when the session ended.
    await userPage.waitForURL(/\/user\/profile$/);
    await userPage.getByRole('heading', { name: en.profile['info-title'] }).waitFor();
    await userPage.context().close();
    await page.context().close();
  });

  it('speaks French: validation messages on the register page and the server message on log-in', async () => {
    const page = await openPage(browser, '/register', { lang: 'fr-FR' });
    await page.getByRole('heading', { name: fr.register.title }).waitFor();
    await page.getByRole('button', { name: fr.register.submit }).click();
    await page.getByText(fr.required.firstname).waitFor();
    await page.getByText(fr.errors['agreement-required']).waitFor();

    await page.getByLabel(fr.fields.email).fill('marie@exemple');
    await page.getByLabel(fr.fields.password, { exact: true }).fill('abcdefgh');
    await page.getByLabel(fr.fields.firstname).click();
    await page.getByText(fr.errors.email).waitFor();
    await page.getByText(fr.errors['password-rule']).waitFor();

    // The server answers in the interface language too.
    await page.getByRole('link', { name: fr.register.login }).click();
    await page.getByRole('heading', { name: fr.login.title }).waitFor(); // not the register page's field
    await page.getByLabel(fr.login.email).fill('personne@exemple.fr');
    await page.getByLabel(fr.login.password).fill('mauvais1');
    await page.getByRole('button', { name: fr.login.submit }).click();
    await page.getByRole('alert').getByText('Adresse e-mail ou mot de passe incorrect').waitFor();
    await page.context().close();
  });
});
