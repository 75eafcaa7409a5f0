import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import connections from '../src/locales/en-US/connections.json';
import storeOrders from '../src/locales/en-US/store-orders.json';
import { api, escape } from './api';
import { baseUrl, launch } from './browser';
import { installApp, waitForStoreOrderIn } from './shopify-sandbox';
import { register } from './people';

/*
 * Issue 21's first steps in Chromium against the real server and its sandbox Shopify shop, no
 * mocks: a store owner installs the app on a sandbox shop, a buyer's order is placed in the shop
 * (its admin form, which sends `orders/create`), the order arrives on /user/storeorder as
 * unrelated, its line's "Connect" leads to connecting the variant, and the order shows as related.
 *
 * The catalogue product: 524, a bangle in gold and silver (demo seed). The store product: the
 * sandbox shop's "Canvas Tote Bag", Natural.
 */
const CATALOGUE_PRODUCT = 524;
const STORE_PRODUCT = 'Canvas Tote Bag';
const VARIANT = 'Natural';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** A shop of its own: any *.myshopify.com name is a seeded sandbox shop, so other specs' orders stay apart. */
const SHOP = `e2e-so-${stamp}.myshopify.com`;

/** Places an order in the sandbox shop through its admin page's form (two natural tote bags, to France). */
async function placeOrderInShop() {
  const admin = `${baseUrl()}/sandbox/shopify/${SHOP}/admin`;
  const html = await (await fetch(admin)).text();
  const variant = new RegExp(`${escape(`${STORE_PRODUCT} — ${VARIANT}`)}</td>[\\s\\S]*?name="qty_(\\d+)"`).exec(
    html,
  )?.[1];
  expect(variant, 'the variant on the shop admin page').toBeTruthy();
  const form = new URLSearchParams({
    [`qty_${variant}`]: '2',
    firstName: 'Jeanne',
    lastName: 'Martin',
    email: 'jeanne@example.com',
    address1: '12 rue de la Paix',
    city: 'Paris',
    zip: '75002',
    countryCode: 'FR',
    phone: '+33 1 23 45 67 89',
  });
  const res = await fetch(`${admin}/orders`, { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status, await res.text()).toBeLessThan(400);
}

describe('store orders', () => {
  it('an order placed in a sandbox Shopify shop arrives as unrelated, and shows as related once its variant is connected', async () => {
    const who = await register('so', { platform: 'shopify' });
    const bangle = await api<{ prodName: string; skuList: Array<{ skuId: number; skuCode: string }> }>(
      'GET',
      `/prod/prodInfo?prodId=${CATALOGUE_PRODUCT}`,
    );

    // Install the app on the shop as its merchant, logging in on the way.
    const page = await installApp(browser, SHOP, who);
    const card = page.getByRole('article').filter({ hasText: SHOP });
    await card.getByRole('link', { name: /^[1-9]\d* products?$/ }).waitFor({ timeout: 20_000 });

    // A buyer orders in the shop: the order arrives by itself, unrelated (the bag is not connected).
    const placed = Date.now();
    await placeOrderInShop();
    const row = await waitForStoreOrderIn(page, STORE_PRODUCT, 'unrelated');
    // A figure, not a check (the machine is shared): the issue's target is 10 s by webhook.
    console.log(`store order on /user/storeorder ${((Date.now() - placed) / 1000).toFixed(1)} s after it was placed`);
    await row.getByText(storeOrders.list['unconnected-count_one'].replace('{{count}}', '1')).waitFor();
    await row.getByText(/France/).waitFor();
    // The store's freshness: its card (named as the store list names it) with a last successful sync.
    const storeCard = page.getByRole('article', { name: SHOP.replace('.myshopify.com', '') });
    await storeCard.getByText(storeOrders.sync['last-success']).waitFor();
    await storeCard.getByRole('button', { name: storeOrders.sync.now }).waitFor();

    // Its line leads straight to connecting the variant.
    await row.getByRole('button', { name: storeOrders.list['connect-lines'] }).click();
    const line = page.getByRole('listitem').filter({ hasText: STORE_PRODUCT });
    await line.getByText(storeOrders.lines.unconnected, { exact: true }).waitFor();
    await line.getByRole('link', { name: storeOrders.lines.connect, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/user/addconnection');

    await page.getByRole('heading', { name: connections.pick.title }).waitFor();
    const search = page.getByLabel(connections.pick.search, { exact: true });
    await search.fill(bangle.prodName);
    await search.press('Enter');
    await page
      .getByRole('button', { name: `${connections.pick.choose}: ${bangle.prodName}` })
      .first()
      .click();
    await page.getByRole('heading', { name: connections.sku.title }).waitFor();
    await page
      .getByRole('combobox', { name: new RegExp(`^${escape(connections.sku['catalogue-sku'])}: .*${VARIANT}`) })
      .click();
    const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await open
      .locator('.ant-select-item-option')
      .filter({ hasText: new RegExp(escape(bangle.skuList[0]!.skuCode)) })
      .first()
      .click();
    await page.getByRole('button', { name: connections.sku.save }).click();
    await page.waitForURL((url) => url.pathname === '/user/skuconnect');

    // The order re-evaluates by itself: now related, every product connected.
    const related = await waitForStoreOrderIn(page, STORE_PRODUCT, 'related');
    await related.getByText(storeOrders.list['all-connected']).waitFor();
  });
});
