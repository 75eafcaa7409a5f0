import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import accounts from '../src/locales/en-US/accounts.json';
import zhAccounts from '../src/locales/zh-CN/accounts.json';
import catalogue from '../src/locales/en-US/catalogue.json';
import listings from '../src/locales/en-US/listings.json';
import zhListings from '../src/locales/zh-CN/listings.json';
import { api, escape } from './api';
import { baseUrl, launch, openPage } from './browser';
import { installApp } from './shopify-sandbox';
import { logInApi, register } from './people';

/*
 * Issue 22 in Chromium against the real server and its sandbox Shopify shop, no mocks: a store
 * owner installs the app on a sandbox shop, sets the shop's rule to 2.5×, lists a catalogue
 * product with two variants from its page → listed → the shop's admin page shows it at that
 * price → the rule goes to 3× → preview → approve → the shop shows the new prices → roll back →
 * gone from the shop.
 *
 * The catalogue product: 524, a bangle in gold and silver (demo seed).
 */
const PRODUCT = 524;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const SHOP = `e2e-list-${stamp}.myshopify.com`;
const ADMIN = () => `${baseUrl()}/sandbox/shopify/${SHOP}/admin`;

type Listed = {
  id: string;
  state: string;
  variants: Array<{ skuCode: string; price: number; platformPrice: number; shipping: number }>;
};
const latest = async (token: string) =>
  (await api<{ page: { records: Listed[] } }>('GET', '/p/listings', { token })).page.records[0];
const shopAdmin = async () => (await fetch(ADMIN())).text();
/** The shop admin's line for a variant: its SKU code and its price in the shop's currency. */
const shows = (html: string, sku: string, price: number) =>
  new RegExp(`<code>${escape(sku)}</code> · <b class="price">${price.toFixed(2)} USD</b>`).test(html);

async function setMultiple(page: Page, multiple: string) {
  await page.goto(`${baseUrl()}/user/listed`);
  await page.getByRole('heading', { name: listings.rule.title }).waitFor();
  const input = page.getByLabel(listings.rule.multiple, { exact: true });
  await input.waitFor();
  await input.fill(multiple);
}

describe('listing', () => {
  it('lists a two-variant product to the sandbox Shopify shop at 2.5×, re-prices it at 3× by preview, and rolls it back', async () => {
    const owner = await register('list', { platform: 'shopify' });
    const who = { ...owner, token: (await logInApi(owner)).accessToken };

    // Install the app on the shop as its merchant, logging in on the way.
    const page = await installApp(browser, SHOP, who);

    // The shop's rule: 2.5×.
    await setMultiple(page, '2.5');
    await page.getByRole('button', { name: listings.rule.save }).click();
    await page.getByText(listings.rule.saved).waitFor();

    // From the product page: "List to my store" → the dialog, both variants, the preview priced.
    await page.goto(`${baseUrl()}/productdetails?prodId=${PRODUCT}`);
    await page.getByRole('button', { name: catalogue.actions.list }).click();
    await page.waitForURL((url) => url.pathname === '/user/listed');
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('quote-price').nth(1).waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: listings.dialog.submit }).click();
    await page.getByText(listings.dialog.queued.replace('{{count}}', '1')).waitFor();

    // Listed, on the page and in the shop, at platform × 2.5 + shipping.
    await page.getByTestId('listing-state').filter({ hasText: listings.states.listed }).waitFor({ timeout: 30_000 });
    const listed = (await latest(who.token))!;
    expect(listed.state).toBe('listed');
    expect(listed.variants).toHaveLength(2);
    for (const v of listed.variants) expect(v.price).toBeCloseTo(v.platformPrice * 2.5 + v.shipping, 2);
    const html = await shopAdmin();
    for (const v of listed.variants) expect(shows(html, v.skuCode, v.price), `${v.skuCode} at ${v.price}`).toBe(true);

    // Lock price on and off by the row's switch: locked, the listing is out of re-pricing.
    type Locked = { lockPrice: boolean };
    const lockSwitch = page.getByTestId('listing-lock').first();
    await lockSwitch.click();
    await page.getByText(listings.lock.on).waitFor();
    expect(((await latest(who.token)) as unknown as Locked).lockPrice).toBe(true);
    await lockSwitch.click();
    await page.getByText(listings.lock.off).waitFor();
    expect(((await latest(who.token)) as unknown as Locked).lockPrice).toBe(false);

    // 3×: preview, approve, the shop shows what the preview showed.
    await setMultiple(page, '3');
    await page.getByRole('button', { name: listings.rule.preview }).click();
    const cells = page.getByTestId('reprice-new');
    await cells.nth(1).waitFor();
    const expected = listed.variants.map((v) => Math.round((v.platformPrice * 3 + v.shipping) * 100) / 100);
    const shown = await cells.allTextContents();
    expect(shown.map((s) => Number(s.replace(/[^0-9.]/g, '')))).toEqual(expected);
    await page.getByRole('button', { name: /^Approve selected/ }).click();
    await page.getByText(listings.rule.approved.replace('{{count}}', '2')).waitFor();
    await expect
      .poll(
        async () => {
          const now = await shopAdmin();
          return listed.variants.every((v, i) => shows(now, v.skuCode, expected[i]!));
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);

    // Roll back: gone from the shop.
    await page.goto(`${baseUrl()}/user/listed`);
    const row = page.getByRole('row').filter({ hasText: listings.states.listed });
    await row.getByRole('button', { name: listings.rollback }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: listings.rollback }).click();
    await expect
      .poll(async () => !(await shopAdmin()).includes(`<code>${listed.variants[0]!.skuCode}</code>`), {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(true);
    await expect.poll(async () => (await latest(who.token))?.state ?? 'gone', { timeout: 15_000 }).not.toBe('listed');

    if (process.env.E2E_SCREENSHOTS) {
      // One more listing, so the page has a row to show.
      const [store] = await api<Array<{ id: string }>>('GET', '/p/stores', { token: who.token });
      await api('POST', '/p/listings', {
        token: who.token,
        body: { storeIds: [store!.id], items: [{ prodId: PRODUCT }] },
      });
      for (const [lang, words, texts] of [
        ['en-US', accounts, listings],
        ['zh-CN', zhAccounts, zhListings],
      ] as const) {
        const shot = await openPage(browser, `/login?redirect=${encodeURIComponent(`/user/listed?list=${PRODUCT}`)}`, {
          lang,
        });
        await shot.getByLabel(words.login.email).fill(who.email);
        await shot.getByLabel(words.login.password).fill(who.password);
        await shot.getByRole('button', { name: words.login.submit }).click();
        await shot.waitForURL((url) => url.pathname === '/user/listed');
        await shot.getByRole('dialog').getByTestId('quote-price').nth(1).waitFor({ timeout: 15_000 });
        await shot.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/listed-dialog-${lang}.png`, fullPage: true });
        await shot.goto(`${baseUrl()}/user/listed`);
        await shot.getByTestId('listing-state').filter({ hasText: texts.states.listed }).waitFor({ timeout: 30_000 });
        await shot.getByRole('button', { name: texts.rule.preview }).click();
        await shot.getByTestId('reprice-new').first().waitFor();
        await shot.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/listed-${lang}.png`, fullPage: true });
      }
    }
  }, 150_000);
});
