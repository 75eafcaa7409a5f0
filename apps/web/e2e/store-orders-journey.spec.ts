import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import connections from '../src/locales/en-US/connections.json';
import orders from '../src/locales/en-US/orders.json';
import pay from '../src/locales/en-US/payments.json';
import storeOrders from '../src/locales/en-US/store-orders.json';
import storeOrdersZh from '../src/locales/zh-CN/store-orders.json';
import { api, escape, template } from './api';
import { baseUrl, launch, openPage } from './browser';
import { installApp, waitForStoreOrderIn } from './shopify-sandbox';
import { fillLogIn, logInApi, register } from './people';

/*
 * Issue 21's whole journey in Chromium against the real server and its sandbox Shopify shop, no
 * mocks: the merchant installs the app, a buyer's order is placed on the shop's admin page, it
 * arrives on /user/storeorder as unrelated, its variant is connected, it is related, the owner pays
 * it from the wallet on /user/orderpayment, the operator purchases and ships it with a tracking
 * number in the console, and the tracking comes back: the shop's admin page shows the fulfilment
 * with that number (made by the app), and the owner's order says the tracking was sent.
 *
 * The catalogue product: 524, a bangle (demo seed); the store product: the shop's "Canvas Tote Bag".
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
/** A shop of its own (any *.myshopify.com name is a seeded sandbox shop), so other specs' orders stay apart. */
const SHOP = `e2e-soj-${stamp}.myshopify.com`;
const SHOP_ADMIN = `/sandbox/shopify/${SHOP}/admin`;
/** Where the screenshots go (looked at by hand; not compared). */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp';

interface Who {
  email: string;
  password: string;
  token: string;
  userId: string;
}

/** A store owner with `money` dollars in the wallet (an operator's adjustment: recharging is the wallet spec's). */
async function storeOwner(money: number): Promise<Who> {
  const person = await register('soj', { platform: 'shopify' });
  const session = await logInApi(person);
  const operator = await logInApi(inject('operator'));
  await api('POST', `/admin/wallets/${session.userId}/adjustments`, {
    token: operator.accessToken,
    body: { amount: money, reason: 'e2e store orders journey' },
  });
  return { ...person, token: session.accessToken, userId: session.userId };
}

/** The operator's console filtered to a state, and the row of an order. */
async function operatorRow(page: Page, state: keyof typeof orders.admin.states, number: string) {
  await page.getByRole('combobox', { name: orders.admin.filter }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(orders.admin.states[state], { exact: true })
    .click();
  return page.getByRole('row', { name: new RegExp(escape(number)) });
}

describe('store orders, the whole journey', () => {
  it('a Shopify sandbox order: arrives unrelated → connected → paid from the wallet → shipped by the operator → tracking in the shop and "sent"; the buyer’s data request on the operator’s privacy page', async () => {
    const who = await storeOwner(500);
    const bangle = await api<{ prodName: string; skuList: Array<{ skuId: number; skuCode: string }> }>(
      'GET',
      `/prod/prodInfo?prodId=${CATALOGUE_PRODUCT}`,
    );

    // The merchant installs the app on the shop, logging in on the way.
    const page = await installApp(browser, SHOP, who);
    await page
      .getByRole('article')
      .filter({ hasText: SHOP })
      .getByRole('link', { name: /^[1-9]\d* products?$/ })
      .waitFor({ timeout: 20_000 });

    // A buyer's order, placed on the shop's admin page (its form sends orders/create).
    const shop = await openPage(browser, SHOP_ADMIN);
    await shop.getByLabel(`Quantity of ${STORE_PRODUCT} ${VARIANT}`).fill('2');
    await shop.getByLabel('Buyer first name').fill('Jeanne');
    await shop.getByLabel('Buyer last name').fill('Martin');
    // The address the sandbox's privacy webhooks name: the data request at the end finds this order.
    await shop.getByLabel('E-mail').fill('john@example.com');
    await shop.getByRole('button', { name: 'Place order' }).click();
    await shop.getByText(`2 × ${STORE_PRODUCT} — ${VARIANT}`).waitFor();

    // It arrives by itself, unrelated; its line leads to connecting the variant.
    const row = await waitForStoreOrderIn(page, STORE_PRODUCT, 'unrelated');
    await row.getByText(storeOrders.list['unconnected-count_one'].replace('{{count}}', '1')).waitFor();
    await row.getByRole('button', { name: storeOrders.list['connect-lines'] }).click();
    const line = page.getByRole('listitem').filter({ hasText: STORE_PRODUCT });
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
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: new RegExp(escape(bangle.skuList[0]!.skuCode)) })
      .first()
      .click();
    await page.getByRole('button', { name: connections.sku.save }).click();
    await page.waitForURL((url) => url.pathname === '/user/skuconnect');

    // Related now: selected and paid from the wallet.
    const related = await waitForStoreOrderIn(page, STORE_PRODUCT, 'related');
    await related.getByText(storeOrders.list['all-connected']).waitFor();
    const [storeOrder] = (
      await api<{ records: Array<{ id: string; number: string }> }>('GET', '/p/store-orders?tab=related', {
        token: who.token,
      })
    ).records;
    expect(storeOrder, 'the related store order').toBeTruthy();
    await related
      .getByRole('checkbox', { name: storeOrders.list.select.replace('{{number}}', storeOrder!.number) })
      .check();
    await page.getByRole('button', { name: storeOrders.actions['pay-selected'] }).click();
    await page.waitForURL((url) => url.pathname === '/user/orderpayment');
    await page.getByRole('button', { name: pay['pay-order']['pay-wallet'] }).click();
    await page.waitForURL(/\/user\/paystate\?payment=/);
    await page.getByText(pay['order-pay'].success.title).waitFor();

    const [paid] = (
      await api<{ records: Array<{ id: string; order: { number: string } | null }> }>(
        'GET',
        '/p/store-orders?tab=paid',
        { token: who.token },
      )
    ).records;
    const number = paid?.order?.number;
    expect(number, 'the marketplace order the store order became').toBeTruthy();

    // The operator purchases it, then ships it with a carrier and a tracking number.
    const op = await openPage(browser, `/login?redirect=${encodeURIComponent('/admin/orders')}`);
    await fillLogIn(op, inject('operator'));
    await op.waitForURL((url) => url.pathname === '/admin/orders');
    let opRow = await operatorRow(op, 'pending', number!);
    await opRow.getByRole('button', { name: orders.admin.purchase, exact: true }).click();
    await op.getByRole('dialog').getByRole('button', { name: orders.actions.confirm }).click();
    await op.getByText(orders.admin['done-purchase'].replace('{{number}}', number!)).waitFor();
    const tracking = `1Z${stamp.toUpperCase()}`;
    opRow = await operatorRow(op, 'purchasing', number!);
    await opRow.getByRole('button', { name: orders.admin.ship, exact: true }).click();
    const ship = op.getByRole('dialog', { name: orders.admin['ship-title'].replace('{{number}}', number!) });
    await ship.getByLabel(orders.detail.carrier).fill('UPS');
    // Spaces as a person pastes them: the store gets the number without them.
    await ship.getByLabel(orders.detail.tracking).fill(` ${tracking.slice(0, 4)} ${tracking.slice(4)} `);
    await ship.getByRole('button', { name: orders.admin.ship }).click();
    await op.getByText(orders.admin['done-ship'].replace('{{number}}', number!)).waitFor();
    const shipped = Date.now();

    // The shop's admin page shows the fulfilment the app made, with that number.
    await expect
      .poll(
        async () => {
          await shop.reload();
          return shop
            .getByText(new RegExp(`tracking UPS ${escape(tracking)} \\(by app`))
            .count()
            .catch(() => 0);
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
    // A figure, not a check (the machine is shared): the target is 1 minute.
    console.log(`tracking in the shop ${((Date.now() - shipped) / 1000).toFixed(1)} s after shipping`);

    // The owner's order, in the shipped tab, says the tracking was sent to the store.
    await page.goto(`${baseUrl()}/user/storeorder?tab=shipped`);
    await page.getByRole('button', { name: orders.list.open.replace('{{number}}', number!) }).click();
    const drawer = page.getByRole('dialog', { name: orders.detail.title.replace('{{number}}', number!) });
    await drawer.getByTestId('tracking-push').getByText(template(orders['tracking-push'].sent)).waitFor();
    await page.screenshot({ path: `${SHOTS}/store-orders-journey-sent.png` });
    await shop.screenshot({ path: `${SHOTS}/store-orders-journey-shop.png`, fullPage: true });

    // The buyer asks the shop for their data: the operator sees the request, done, with its export.
    await shop.getByRole('button', { name: 'Send customers/data_request' }).click();
    await op.goto(`${baseUrl()}/admin/privacy-requests`);
    await op.getByRole('heading', { name: storeOrders['privacy-admin'].title }).waitFor();
    const request = op.getByRole('row').filter({ hasText: SHOP });
    await expect
      .poll(
        async () => {
          await op.reload();
          return request
            .getByText(storeOrders['privacy-admin']['done-export_one'].replace('{{count}}', '1'))
            .waitFor({ timeout: 3_000 })
            .then(() => true)
            .catch(() => false);
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    await request.getByText(storeOrders['privacy-admin'].topics['customers/data_request']).waitFor();
    await request.getByRole('button', { name: template(storeOrders['privacy-admin']['export-label_one']) }).click();
    await op.getByRole('dialog').getByText('Jeanne Martin').waitFor();
    await op.screenshot({ path: `${SHOTS}/privacy-requests-export-en.png` });
    await op.keyboard.press('Escape');
    await op.getByRole('dialog').waitFor({ state: 'hidden' });
    await op.screenshot({ path: `${SHOTS}/privacy-requests-en.png`, fullPage: true });
    await op.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await op.reload();
    await op.getByRole('heading', { name: storeOrdersZh['privacy-admin'].title }).waitFor();
    await op.getByText(storeOrdersZh['privacy-admin'].topics['customers/data_request']).first().waitFor();
    await op.screenshot({ path: `${SHOTS}/privacy-requests-zh.png`, fullPage: true });
    for (const p of [page, shop, op]) await p.context().close();
  }, 240_000);
});
