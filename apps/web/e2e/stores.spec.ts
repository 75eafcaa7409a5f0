import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import connections from '../src/locales/en-US/connections.json';
import stores from '../src/locales/en-US/stores.json';
import { api, escape } from './api';
import { baseUrl, launch, openPage } from './browser';
import { fillLogIn, register } from './people';

/*
 * Issue 11's store journeys against the real server and its sandbox platforms (decision 0100), no
 * mocks: a WooCommerce store connected by key and secret, its products brought in by the import
 * job, one product's variants connected to catalogue SKUs, the change undone and made again; and a
 * Shopify store connected through the install flow by a visitor who logs in on the way.
 *
 * The catalogue product: 524, a bangle in gold and silver (demo seed), so two SKUs to choose from.
 * The store product: the sandbox store's "Enamel camping mug" in White, Green and Blue.
 */
const CATALOGUE_PRODUCT = 524;
const STORE_PRODUCT = 'Enamel camping mug';
/** The sandbox Shopify shop (`npm start` seeds it with products when no Shopify app is configured). */
const SHOPIFY_SHOP = 'demo-shop.myshopify.com';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** The fixed text of a locale string before its first placeholder ("{{count}} of …" → ""). */
const head = (text: string) => text.split('{{')[0]!.trim();

/** The sandbox WooCommerce store's address and seeded key, as its admin page shows them to a newcomer. */
async function sandboxWoo() {
  const html = await (await fetch(`${baseUrl()}/sandbox/woocommerce/wp-admin`)).text();
  const cell = (id: string) => new RegExp(`<code id="${id}">([^<]+)</code>`).exec(html)?.[1] ?? '';
  return { address: `${baseUrl()}/sandbox/woocommerce`, key: cell('consumer-key'), secret: cell('consumer-secret') };
}

/** Chooses an option of an antd Select by its visible text. */
async function choose(page: Page, label: RegExp, option: RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await open.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  // The next Select's list must not be confused with this one while it closes.
  await open.waitFor({ state: 'detached' });
}

describe('stores', () => {
  it('connects a sandbox WooCommerce store by key and secret, connects a product’s variants, undoes it and connects again', async () => {
    const who = await register('woo');
    const woo = await sandboxWoo();
    expect(woo.key).toMatch(/^ck_/);
    const bangle = await api<{ prodName: string; skuList: Array<{ skuId: number; skuCode: string }> }>(
      'GET',
      `/prod/prodInfo?prodId=${CATALOGUE_PRODUCT}`,
    );

    const page = await openPage(browser, `/login?redirect=${encodeURIComponent('/user/woocommerce')}`);
    await fillLogIn(page, who);
    await page.getByRole('heading', { name: stores.woo.title }).waitFor();

    // The store refuses a wrong secret: the reason is shown and nothing is saved.
    await page.getByLabel(stores.woo.name).fill(`Mugs ${stamp}`);
    await page.getByLabel(stores.woo.address).fill(woo.address);
    await page.getByLabel(stores.woo['consumer-key']).fill(woo.key);
    await page.getByLabel(stores.woo['consumer-secret']).fill('cs_notthesecret00000000');
    await page.getByRole('button', { name: stores.woo.connect }).click();
    await page.getByRole('alert').filter({ hasText: stores.woo.refused }).waitFor();

    await page.getByLabel(stores.woo['consumer-secret']).fill(woo.secret);
    await page.getByRole('button', { name: stores.woo.connect }).click();
    await page.waitForURL((url) => url.pathname === '/user/shopify');

    // The store list: the store, marked sandbox, its import polled until its products are counted.
    const card = page.getByRole('article', { name: `Mugs ${stamp}` });
    await card.getByText(stores.card.sandbox, { exact: true }).waitFor();
    await card.getByText(stores.status.connected, { exact: true }).waitFor();
    const products = card.getByRole('link', { name: /^[1-9]\d* products$/ });
    await products.waitFor({ timeout: 15_000 });
    await products.click();

    // Its products at /user/connection?store=<id>: the mug is there, unconnected.
    await page.waitForURL((url) => url.pathname === '/user/connection' && url.searchParams.has('store'));
    const row = page.getByRole('row').filter({ hasText: STORE_PRODUCT });
    await row
      .getByText(connections.list['connected-of'].replace('{{connected}}', '0').replace('{{total}}', '3'))
      .waitFor();
    await row.getByRole('link', { name: connections.list.connect, exact: true }).click();

    // Pick the catalogue product by searching for it, then a SKU for two of the three variants.
    async function connectTwo() {
      await page.getByRole('heading', { name: connections.pick.title }).waitFor();
      const search = page.getByLabel(connections.pick.search, { exact: true });
      await search.fill(bangle.prodName);
      await search.press('Enter');
      await page
        .getByRole('button', { name: `${connections.pick.choose}: ${bangle.prodName}` })
        .first()
        .click();
      await page.getByRole('heading', { name: connections.sku.title }).waitFor();
      const [gold, silver] = bangle.skuList;
      await choose(
        page,
        new RegExp(`^${escape(connections.sku['catalogue-sku'])}: .*White`),
        new RegExp(escape(gold!.skuCode)),
      );
      await choose(
        page,
        new RegExp(`^${escape(connections.sku['catalogue-sku'])}: .*Green`),
        new RegExp(escape(silver!.skuCode)),
      );
      await page.getByRole('button', { name: connections.sku.save }).click();
      await page.waitForURL((url) => url.pathname === '/user/skuconnect');
      await page.getByRole('heading', { name: connections.detail.title }).waitFor();
    }
    const connectedTags = () => page.locator('.ant-table').getByText(connections.detail.connected, { exact: true });
    await connectTwo();
    await expect.poll(() => connectedTags().count()).toBeGreaterThanOrEqual(2);

    // Undo the connection: the history keeps it, marked undone, and no variant is connected.
    await page.getByRole('button', { name: connections.detail.undo, exact: true }).click();
    await page.getByText(connections.detail['undone-tag'], { exact: true }).waitFor();
    await expect.poll(() => connectedTags().count()).toBe(0);
    await expect
      .poll(() => page.locator('.ant-table').getByText(connections.detail['not-connected'], { exact: true }).count())
      .toBe(3);

    // And connect again.
    await page.getByRole('link', { name: connections.detail.change }).click();
    await connectTwo();
    await expect.poll(() => connectedTags().count()).toBeGreaterThanOrEqual(2);
    await page
      .getByRole('listitem')
      .filter({ hasText: head(connections.detail.actions.connect) })
      .first()
      .waitFor();
  });

  it('connects a sandbox Shopify store through the install flow while logged out, then logging in', async () => {
    const who = await register('shop');
    // The sandbox shop's admin, as a merchant who installs the app from Shopify's side.
    const page = await openPage(browser, `/sandbox/shopify/${SHOPIFY_SHOP}/admin`);
    await page.getByRole('button', { name: /^Install app/ }).click();

    // Our App URL gets the signed query; not logged in → /authlogin, and the install continues afterwards.
    await page.waitForURL((url) => url.pathname === '/authlogin');
    expect(decodeURIComponent(new URL(page.url()).search)).toContain('/redirectShopify?');
    await page.getByRole('heading', { name: stores.authlogin.title }).waitFor();
    await page.getByRole('link', { name: stores.authlogin.login }).click();
    await fillLogIn(page, who);

    // /redirectShopify → the server checks the signed query → /externalJump → the shop's consent page.
    await page.waitForURL((url) => url.pathname.endsWith('/admin/oauth/authorize'), { timeout: 15_000 });
    await page.locator('#install').click();

    // /authensuccess hands the callback to the server, then the store list shows the store.
    await page.waitForURL((url) => url.pathname === '/user/shopify', { timeout: 15_000 });
    const card = page.getByRole('article').filter({ hasText: SHOPIFY_SHOP });
    await card.getByText(stores.platforms.shopify, { exact: true }).waitFor();
    await card.getByText(stores.card.sandbox, { exact: true }).waitFor();
    await card.getByText(stores.status.connected, { exact: true }).waitFor();
    await card.getByRole('link', { name: /^[1-9]\d* products?$/ }).waitFor({ timeout: 15_000 });
  });
});
