import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import accounts from '../src/locales/en-US/accounts.json';
import cart from '../src/locales/en-US/cart.json';
import catalogue from '../src/locales/en-US/catalogue.json';
import checkout from '../src/locales/en-US/checkout.json';
import orders from '../src/locales/en-US/orders.json';
import pay from '../src/locales/en-US/payments.json';
import { api, escape, template } from './api';
import { baseUrl, launch, openPage } from './browser';

/*
 * Issue 20's journey: the demo store owner, as seeded, puts the first product of the goods list and
 * a China-warehouse product in the cart, checks out with two shipments (one order each, decision
 * 0107), pays both from the wallet in one payment, and the operator, on a 375 px phone, purchases
 * and ships them separately, each with its own carrier and tracking number.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const DEMO = { email: 'demo@example.com', password: 'demo12345' };
async function logInAt(route: string, who: { email: string; password: string }, width = 1280): Promise<Page> {
  const page = await openPage(browser, `/login?redirect=${encodeURIComponent(route)}`, { width });
  await page.getByRole('heading', { name: accounts.login.title }).waitFor();
  await page.getByLabel(accounts.login.email).fill(who.email);
  await page.getByLabel(accounts.login.password).fill(who.password);
  await page.getByRole('button', { name: accounts.login.submit }).click();
  await page.waitForURL((url) => url.pathname === route.split('?')[0]);
  return page;
}

type ListItem = { prodId: number; prodName: string; warehouse?: string };
type Product = {
  prodId: number;
  prodName: string;
  warehouse: string;
  specs: Array<{ name: string; values: string[] }>;
  skuList: Array<{ skuId: number; stocks: number; properties: string }>;
};

/** The operator's console filtered to a state; on a phone each order is a card named by its number. */
async function orderCard(page: Page, state: keyof typeof orders.admin.states, number: string) {
  await page.getByRole('combobox', { name: orders.admin.filter }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(orders.admin.states[state], { exact: true })
    .click();
  const card = page.getByRole('article', { name: number, exact: true });
  await card.waitFor();
  return card;
}

describe('a cart from two warehouses', () => {
  it('the demo user checks out two shipments, pays once, and the operator ships them apart on a phone', async () => {
    const demo = await api<{ accessToken: string }>('POST', '/login', { body: DEMO });
    const page = await logInAt('/goodslist', DEMO);

    // The first product of the goods list, as the demo user sees it, into the cart from its page.
    const firstCard = page.locator('a[href*="/productdetails?prodId="]').first();
    await firstCard.waitFor();
    const firstId = Number(new URL((await firstCard.getAttribute('href'))!, baseUrl()).searchParams.get('prodId'));
    const first = await api<Product>('GET', `/prod/prodInfo?prodId=${firstId}`);
    const sku = first.skuList.find((s) => s.stocks > 0)!;
    await firstCard.click();
    await page.getByRole('heading', { level: 1, name: first.prodName }).waitFor();
    for (const pair of sku.properties.split(';').filter(Boolean)) {
      const [name, value] = pair.split(':') as [string, string];
      const choices = page.getByRole('group', { name: new RegExp(escape(name)) });
      await choices.getByRole('button', { name: value, exact: true }).click();
      await choices.getByRole('button', { name: value, exact: true, pressed: true }).waitFor();
    }
    await page.getByRole('button', { name: catalogue.actions.cart }).click();
    await page.getByText(cart.product.added).last().waitFor();

    // A product from another warehouse — China's, or the US one when the first is Chinese.
    const other = first.warehouse === 'CN' ? 'US' : 'CN';
    const list = await api<{ records: ListItem[] }>('GET', '/prod/search?current=1&size=60');
    const second = list.records.find((p) => p.warehouse === other)!;
    expect(second, `a ${other} product on the first page`).toBeTruthy();
    const secondInfo = await api<Product>('GET', `/prod/prodInfo?prodId=${second.prodId}`);
    const secondSku = secondInfo.skuList.find((s) => s.stocks > 0)!;
    await api('POST', '/p/shopCart', {
      token: demo.accessToken,
      body: { prodId: second.prodId, skuId: secondSku.skuId, count: 1 },
    });

    // The cart's checkout of exactly these two lines.
    const lines = await api<{ lines: Array<{ basketId: number; skuId: number }> }>('GET', '/p/shopCart', {
      token: demo.accessToken,
    });
    const ids = lines.lines.filter((l) => l.skuId === sku.skuId || l.skuId === secondSku.skuId).map((l) => l.basketId);
    expect(ids).toHaveLength(2);
    await page.goto(`${baseUrl()}/user/cartpaylist?basketIds=${ids.join(',')}`);

    // Two shipments, each with its own methods, one chosen; the totals name them.
    const shipments = page.getByRole('region', { name: template(checkout.shipment['title-of']) });
    await expect.poll(() => shipments.count()).toBe(2);
    for (const shipment of await shipments.all()) await shipment.getByRole('radio', { checked: true }).waitFor();
    await shipments.nth(0).getByRole('link').first().waitFor();
    const summary = page.getByRole('region', { name: checkout.totals.title });
    await summary.getByText(checkout.totals['shipping-many'].replace('{{count}}', '2')).waitFor();
    await expect.poll(() => page.getByRole('region', { name: checkout['cannot-ship'].title }).count()).toBe(0);
    await summary.getByRole('button', { name: checkout.submit }).click();

    // Two orders, paid together from the wallet (the demo's credit).
    await page.waitForURL(/\/user\/paymentorder\?orders=/);
    const orderIds = new URL(page.url()).searchParams.get('orders')!.split(',');
    expect(orderIds).toHaveLength(2);
    const placed = await Promise.all(
      orderIds.map((id) =>
        api<{ number: string; shippingMethodName: string; placedWith: Array<{ id: string }> }>(
          'GET',
          `/p/orders/${id}`,
          {
            token: demo.accessToken,
          },
        ),
      ),
    );
    expect(placed[0]!.placedWith.map((o) => o.id)).toEqual([orderIds[1]]);
    await page.getByRole('heading', { level: 1, name: pay['pay-order'].title }).waitFor();
    await page.getByRole('button', { name: pay['pay-order']['pay-wallet'] }).click();
    await page.waitForURL(/\/user\/paystate\?payment=/);
    await page.getByRole('heading', { name: pay['order-pay'].success.title }).waitFor();
    await page.context().close();

    // The operator on a phone: each order is a card with its own buttons.
    const op = await logInAt('/admin/orders', inject('operator'), 375);
    for (const { number } of placed) {
      const card = await orderCard(op, 'pending', number);
      await card.getByRole('button', { name: orders.admin.purchase, exact: true }).click();
      await op.getByRole('dialog').getByRole('button', { name: orders.actions.confirm }).click();
      await op.getByText(orders.admin['done-purchase'].replace('{{number}}', number)).waitFor();
    }
    // The first shipment goes out; the second is still being purchased.
    const trackings = [`TRK${Date.now()}A`, `TRK${Date.now()}B`];
    for (const [i, { number, shippingMethodName }] of placed.entries()) {
      const card = await orderCard(op, 'purchasing', number);
      await card.getByRole('button', { name: orders.admin.ship, exact: true }).click();
      const ship = op.getByRole('dialog', { name: orders.admin['ship-title'].replace('{{number}}', number) });
      // The carrier comes prefilled from the order's method; the operator types the tracking number.
      expect(await ship.getByLabel(orders.detail.carrier).inputValue()).toBe(shippingMethodName);
      await ship.getByLabel(orders.detail.tracking).fill(trackings[i]!);
      await ship.getByRole('button', { name: orders.admin.ship }).click();
      await op.getByText(orders.admin['done-ship'].replace('{{number}}', number)).waitFor();
      if (i === 0) {
        const states = await Promise.all(
          orderIds.map((id) => api<{ state: string }>('GET', `/p/orders/${id}`, { token: demo.accessToken })),
        );
        expect(states.map((s) => s.state)).toEqual(['shipped', 'purchasing']);
      }
    }
    await op.context().close();

    const shipped = await Promise.all(
      orderIds.map((id) =>
        api<{ state: string; trackingNumber: string }>('GET', `/p/orders/${id}`, { token: demo.accessToken }),
      ),
    );
    expect(shipped.map((o) => [o.state, o.trackingNumber])).toEqual([
      ['shipped', trackings[0]],
      ['shipped', trackings[1]],
    ]);
  }, 120_000);
});
