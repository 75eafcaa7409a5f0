import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import accountsEn from '../src/locales/en-US/accounts.json';
import accountsFr from '../src/locales/fr-FR/accounts.json';
import accountsTr from '../src/locales/tr-TR/accounts.json';
import catalogueEn from '../src/locales/en-US/catalogue.json';
import catalogueFr from '../src/locales/fr-FR/catalogue.json';
import commonEn from '../src/locales/en-US/common.json';
import commonZh from '../src/locales/zh-CN/common.json';
import { baseUrl, launch, openPage } from './browser';

/*
 * What a browser tour in four languages found (issue 7, part 8), each checked the way a user meets
 * it: at 375 px, in the languages it broke in.
 */

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core');

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function api<T>(method: string, path: string, body?: unknown): Promise<{ code: string; data: T; msg: string }> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: string; data: T; msg: string };
}

/** Logs in on the log-in page, whatever its language. */
async function logIn(page: Page, email: string, password: string) {
  await page.waitForURL(/\/login/);
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('form button[type=submit]').click();
}

/** A store owner with a long e-mail address, the kind that wrapped mid-word in the profile table. */
let owner: { email: string; password: string } | undefined;
async function storeOwner() {
  if (owner) return owner;
  const email = `jane.doe.${stamp}@examplecompanytrading.com`;
  const password = 'journey123';
  const res = await api('POST', '/register', {
    username: `tour${stamp}`,
    firstname: 'Jane',
    lastname: 'Doe',
    email,
    phoneNumber: '+33 1 23 45 67 89',
    country: 'FR',
    password,
    confirmPassword: password,
    platform: 'other',
    channel: 'other',
    userType: 'bulk',
    agreement: true,
  });
  expect(res.code).toBe('00000');
  owner = { email, password };
  return owner;
}

async function axeViolations(page: Page, rules?: string[]) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async (only) => {
    type Result = { violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts?: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, only ? { runOnly: { type: 'rule', values: only } } : undefined);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, rules);
}

const LANDMARK_RULES = [
  'landmark-no-duplicate-main',
  'landmark-main-is-top-level',
  'landmark-one-main',
  'landmark-unique',
];
const NAME_RULES = ['role-img-alt', 'button-name', 'link-name', 'aria-hidden-focus', 'nested-interactive'];

describe('browser tour fixes', () => {
  it("at 375 px the add-address dialog's Save is Save, not the chat button above it", async () => {
    const { email, password } = await storeOwner();
    const page = await openPage(browser, '/user/profile?tab=consignee', { width: 375 });
    await logIn(page, email, password);
    await page.waitForURL(/\/user\/profile/);
    const chat = page.getByRole('link', { name: commonEn.contact.chat });
    await chat.waitFor();
    await page.getByRole('button', { name: accountsEn.address.consignee['add-first'] }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.waitForTimeout(700); // the dialog's opening animation
    // A phone user scrolls the dialog down to its buttons.
    await page.locator('.ant-modal-wrap').evaluate((wrap) => wrap.scrollTo(0, wrap.scrollHeight));
    const save = dialog.getByRole('button', { name: accountsEn.actions.save });
    await expect
      .poll(() =>
        save.evaluate(
          (b) => b.getBoundingClientRect().bottom > 0 && b.getBoundingClientRect().bottom <= window.innerHeight,
        ),
      )
      .toBe(true);

    // The two overlap on a 375 px screen: the one on top is what a tap hits.
    const [saveBox, chatBox] = [await save.boundingBox(), await chat.boundingBox()];
    expect(saveBox && chatBox && saveBox.x + saveBox.width > chatBox.x && saveBox.y + saveBox.height > chatBox.y).toBe(
      true,
    );
    const hit = await save.evaluate((button) => {
      const r = button.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return { onSave: Boolean(top && button.contains(top)), top: top?.outerHTML.slice(0, 60) };
    });
    expect(hit).toEqual({ onSave: true, top: expect.any(String) });
    await page.context().close();
  });

  it.each([
    ['en-US', accountsEn],
    ['fr-FR', accountsFr],
    ['tr-TR', accountsTr],
  ])('shows every profile tab label at 375 px in %s, and wraps the e-mail only at @ or a dot', async (lang, text) => {
    const { email, password } = await storeOwner();
    const page = await openPage(browser, '/user/profile', { lang, width: 375 });
    await logIn(page, email, password);
    await page.waitForURL(/\/user\/profile/);
    await page.getByRole('heading', { name: text.profile['info-title'], level: 2 }).waitFor();
    for (const label of [text.profile['tab-info'], text.profile['tab-consignee'], text.profile['tab-billing']]) {
      const tab = page.getByRole('tab', { name: label });
      expect(await tab.isVisible(), label).toBe(true);
      const box = (await tab.boundingBox())!;
      expect(box.x, label).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, label).toBeLessThanOrEqual(375);
    }
    expect(await page.locator('.ant-tabs-nav-more').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Where the address wraps: each new line starts at "@" or ".", never inside a word.
    const lineStarts = await page.locator('.profile-email').evaluate((el) => {
      const starts: string[] = [];
      let lastTop: number | undefined;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? '').length; i += 1) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          if (lastTop !== undefined && top > lastTop + 4) starts.push(node.textContent![i]!);
          lastTop = top;
        }
      }
      return { starts, text: el.textContent };
    });
    expect(lineStarts.text).toBe(email);
    for (const start of lineStarts.starts) expect(['@', '.']).toContain(start);
    await page.context().close();
  });

  it.each([
    ['en-US', catalogueEn, 'Japan'],
    ['fr-FR', catalogueFr, 'Japon'],
  ])(
    'says on the product page (%s) that no method ships to the country, without an error',
    async (lang, text, japan) => {
      // A product no method of its warehouse ships to Japan (the US warehouse ships to the US and Canada only).
      let found: { prodId: number } | undefined;
      for (let prodId = 1; prodId < 60 && !found; prodId += 1) {
        const product = await api<{ skuList: Array<{ skuId: number }> } | null>(
          'GET',
          `/prod/prodInfo?prodId=${prodId}`,
        );
        const skuId = product.data?.skuList[0]?.skuId;
        if (!skuId) continue;
        const quote = await api<{ options: unknown[] }>('POST', '/logistics/prod/price', {
          prodId,
          skuId,
          count: 1,
          countryCode: 'JP',
        });
        expect(quote.code).toBe('00000');
        if (quote.data.options.length === 0) found = { prodId };
      }
      expect(found).toBeDefined();

      const context = await browser.newContext({ viewport: { width: 375, height: 900 } });
      await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${baseUrl()}/productdetails?prodId=${found!.prodId}`);
      const country = page.getByRole('combobox', { name: text.shipping.country });
      await country.click();
      await country.fill(japan);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/logistics/prod/price'));
      await page.getByRole('option', { name: japan, exact: true }).click();
      expect((await answered).status()).toBe(200);
      await page.getByText(text.shipping['none-to'].replace('{{country}}', japan)).waitFor();
      expect(await page.locator('.shipping-excluded li').count()).toBeGreaterThan(0);
      expect(await page.locator('.toast').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('takes the operator from the account menu to a console with its own header, one <main>, and no English icon names or spaced Chinese buttons', async () => {
    const op = inject('operator');
    const page = await openPage(browser, '/login', { width: 375 });
    await logIn(page, op.email, op.password);
    await page.waitForURL(/\/index$/);
    await page.getByRole('button', { name: commonEn.header['account-menu'] }).click();
    await page.getByRole('link', { name: commonEn['user-menu'].console }).click();
    await page.waitForURL(/\/admin\/overview$/);
    await page.getByRole('heading', { level: 1, name: 'Operator console' }).waitFor();

    const header = page.getByRole('banner');
    await header.getByText(commonEn.console.title, { exact: true }).waitFor();
    expect(await header.getByRole('link', { name: commonEn.console['to-shop'] }).getAttribute('href')).toBe('/index');
    expect(await header.getByRole('combobox', { name: commonEn.header.language }).count()).toBe(1);
    expect(await header.getByRole('combobox', { name: commonEn.header.currency }).count()).toBe(0);
    expect(await header.getByRole('link', { name: commonEn.header.cart }).count()).toBe(0);
    expect(await header.getByRole('link', { name: commonEn.header.store }).count()).toBe(0);
    expect(await page.locator('main').count()).toBe(1);
    // Log out from the console's own account menu.
    await header.getByRole('button', { name: commonEn.header['account-menu'] }).click();
    await header.getByRole('button', { name: commonEn['user-menu'].logout }).waitFor();
    await page.context().close();

    // The same console in Chinese, checked by axe (the CSP would refuse its injected script).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await context.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
    const zh = await context.newPage();
    await zh.goto(`${baseUrl()}/login?redirect=%2Fadmin%2Fbanners`);
    await logIn(zh, op.email, op.password);
    await zh.waitForURL(/\/admin\/banners/);
    await zh.locator('.ant-table').waitFor();
    await zh.locator('.ant-btn').first().waitFor();
    expect(await zh.locator('main').count()).toBe(1);
    const buttons = await zh.locator('.ant-btn').allInnerTexts();
    expect(buttons.filter((b) => /^\p{Script=Han}\s\p{Script=Han}$/u.test(b.trim()))).toEqual([]);
    await expect
      .poll(() =>
        zh.evaluate(() =>
          [...document.querySelectorAll('.anticon')]
            .filter((i) => i.getAttribute('aria-hidden') !== 'true')
            .map((i) => i.getAttribute('aria-label') ?? '')
            .filter((label) => !/\p{Script=Han}/u.test(label)),
        ),
      )
      .toEqual([]);
    expect(await zh.getByRole('banner').getByText(commonZh.console.title, { exact: true }).count()).toBe(1);
    // The landmarks, and the names of icons and icon-only controls.
    expect(await axeViolations(zh, [...LANDMARK_RULES, ...NAME_RULES])).toEqual([]);
    // And nothing serious elsewhere: the status tags' contrast, the account menu's name.
    expect((await axeViolations(zh)).filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await context.close();
  });

  it('has one <main> on a /user page and no serious axe violation on the profile at 375 px in Chinese', async () => {
    const { email, password } = await storeOwner();
    const context = await browser.newContext({ viewport: { width: 375, height: 900 }, bypassCSP: true });
    await context.addInitScript(() => localStorage.setItem('lang', 'zh-CN'));
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/login?redirect=%2Fuser%2Fprofile`);
    await logIn(page, email, password);
    await page.waitForURL(/\/user\/profile/);
    await page.locator('.ant-descriptions').waitFor();
    expect(await page.locator('main').count()).toBe(1);
    expect(await axeViolations(page, [...LANDMARK_RULES, ...NAME_RULES])).toEqual([]);
    expect((await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await context.close();
  });
});
