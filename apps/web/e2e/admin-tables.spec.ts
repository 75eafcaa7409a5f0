import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import adminEn from '../src/locales/en-US/admin.json';
import inventoryEn from '../src/locales/en-US/inventory.json';
import ordersEn from '../src/locales/en-US/orders.json';
import { api } from './api';
import { baseUrl, launch } from './browser';
import { logInApi, register } from './people';

/*
 * Every operator table at 375 and 1280 px (issue 20, "Operator console on a phone"): no serious
 * axe violation, nothing covered by a fixed Actions column, each order's buttons inside its card on
 * a phone, and a screenshot of each (apps/web/e2e/screenshots/, git-ignored: look at them).
 */

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core');
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const WIDTHS = [375, 1280] as const;
const LANGS = ['en-US', 'zh-CN', 'fr-FR', 'tr-TR'] as const;

let browser: Browser;
let storage: Awaited<ReturnType<BrowserContext['storageState']>>;
let customerId = '';
let methodId = 0;

/** A customer with a US address and money, and two paid orders: rows for the orders console. */
async function seedOrders() {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const who = await register('tables', { firstname: 'Table', lastname: 'Tester' });
  const user = await logInApi(who);
  customerId = user.userId;
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
        emails: who.email,
        postCode: '10004',
        kind,
        isDefault: true,
      },
    });
  }
  const op = inject('operator');
  const operator = await logInApi(op);
  await api('POST', `/admin/wallets/${user.userId}/adjustments`, {
    token: operator.accessToken,
    body: { amount: 500, reason: 'e2e operator tables' },
  });
  const product = await api<{ skuList: Array<{ skuId: number }> }>('GET', '/prod/prodInfo?prodId=524');
  const ids: string[] = [];
  for (const count of [1, 2]) {
    const confirmed = await api<{ confirmToken: string }>('POST', '/p/order/prod/confirm', {
      token: user.accessToken,
      body: { prodId: 524, skuId: product.skuList[0]!.skuId, count },
    });
    const submitted = await api<{ orders?: Array<{ id: string }>; id?: string }>('POST', '/p/order/submit', {
      token: user.accessToken,
      body: { confirmToken: confirmed.confirmToken },
    });
    ids.push(...(submitted.orders?.map((o) => o.id) ?? [submitted.id!]));
  }
  await api('POST', '/p/order/pay', { token: user.accessToken, body: { orderIds: ids, method: 'wallet' } });
  await seedNewTables(user.accessToken, operator.accessToken, product.skuList[0]!.skuId, stamp);
  const methods = await api<Array<{ methodId: number }>>('GET', '/admin/logistics/methods', {
    token: operator.accessToken,
  });
  methodId = methods[0]!.methodId;
}

/**
 * A row in each of the tables added by issues 24–26 (decision 0136): a paid inventory order (the
 * purchase queue and the owner's stock), a sourcing request, and the customer as an affiliate.
 * Privacy requests come only from a store platform's webhook: that list is checked empty.
 */
async function seedNewTables(token: string, operator: string, skuId: number, stamp: string) {
  const confirmed = await api<{ confirmToken: string }>('POST', '/p/private-inventory-order/basket/confirm', {
    token,
    body: { lines: [{ prodId: 524, skuId, count: 2 }] },
  });
  const order = await api<{ id: string }>('POST', '/p/private-inventory-order/submit', {
    token,
    body: { confirmToken: confirmed.confirmToken },
  });
  await api('POST', '/p/order/pay', { token, body: { orderIds: [order.id], method: 'wallet' } });
  await api('POST', '/p/sourcing', {
    token,
    body: {
      url: `https://detail.1688.com/offer/${stamp}.html`,
      title: 'Folding lamp with a long name that has to wrap in its column',
      quantity: 500,
      purchaseType: 'bulk',
      targetPrice: 1.2,
    },
  });
  await api('PUT', '/admin/affiliates/settings', {
    token: operator,
    body: { rateBasisPoints: 500, periodMonths: 12, holdDays: 0, payout: 'cash', enabled: true },
  });
  await api('POST', '/p/affiliate/join', { token, body: {} });
}

beforeAll(async () => {
  browser = await launch();
  await seedOrders();
  const { email, password } = inject('operator');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/login?redirect=%2Fadmin%2Foverview`);
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/\/admin\/overview/);
  storage = await context.storageState();
  await context.close();
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);
afterAll(() => browser?.close());

/**
 * The console's table pages: the lists of AdminListPage or ListTable and the four that draw their
 * own table (a shipping method's rates, a user's wallet, the reconciliation report, the currencies).
 */
const PAGES = (): Array<{ name: string; route: string }> => [
  ...[
    'orders',
    'jobs',
    'products',
    'categories',
    'tags',
    'specials',
    'banners',
    'notices',
    'pages',
    'shipping',
    'warehouses',
    'users',
    'reconciliation',
    'mail-outbox',
    'withdrawals',
    'recharges',
    'price-differences',
    'after-sales',
    'currencies',
    'tax-rates',
    // Added by issues 24–26 (decision 0136).
    'inventory',
    'sourcing',
    'affiliates',
    'privacy-requests',
  ].map((route) => ({ name: route, route })),
  { name: 'shipping-method', route: `shipping/${methodId}` },
  { name: 'user-wallet', route: `users/${customerId}/wallet` },
];

/** A logged-in operator at a width and in a language; CSP bypassed so axe can be injected. */
async function consoleAt(width: number, lang = 'en-US'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    storageState: storage,
    bypassCSP: true,
  });
  await context.addInitScript((l) => localStorage.setItem('lang', JSON.stringify(l)), lang);
  return context.newPage();
}

/** Opens a console page and waits for its list (table, cards or an empty state) to settle. */
async function open(page: Page, route: string) {
  await page.goto(`${baseUrl()}/admin/${route}`);
  await page.locator('main h1').first().waitFor();
  // The report shows a table only when a check found something; its last-run line always.
  await page.locator('.ant-table, .admin-row-cards, .admin-row-cards-empty, .admin-recon-last').first().waitFor();
  await expect.poll(() => page.locator('.ant-spin-spinning, .ant-skeleton').count(), { timeout: 15_000 }).toBe(0);
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

/**
 * What a fixed (sticky) column covers: in each table row, the cells that a fixed cell overlaps.
 * Measured as the page shows, scrolled to its start.
 */
function coveredCells(page: Page) {
  return page.evaluate(() => {
    const covered: string[] = [];
    for (const row of document.querySelectorAll('.ant-table-thead tr, .ant-table-tbody tr.ant-table-row')) {
      const cells = [...row.children] as HTMLElement[];
      const fixed = cells.filter((c) => /ant-table-cell-fix-(end|right|start|left)/.test(c.className));
      const others = cells.filter((c) => !fixed.includes(c) && c.getBoundingClientRect().width > 0);
      for (const f of fixed) {
        const a = f.getBoundingClientRect();
        for (const o of others) {
          const b = o.getBoundingClientRect();
          if (a.left < b.right - 1 && b.left < a.right - 1) covered.push(o.innerText.trim().slice(0, 40));
        }
      }
    }
    return covered;
  });
}

/** Whether anything sticks out sideways: the page itself, or an element out of its card. */
function overflow(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth > window.innerWidth + 1,
    cards: [...document.querySelectorAll<HTMLElement>('.admin-row-card')]
      .filter((c) => c.scrollWidth > c.clientWidth + 1)
      .map((c) => c.querySelector('h2')?.textContent ?? ''),
  }));
}

describe('every operator table at 375 and 1280 px', () => {
  it.each(WIDTHS)(
    'at %i px: no serious axe violation, nothing covered, nothing sticking out, a screenshot each',
    async (width) => {
      const page = await consoleAt(width);
      const found: Record<string, unknown> = {};
      for (const { name, route } of PAGES()) {
        await open(page, route);
        await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
        const problems = { axe: await seriousAxe(page), covered: await coveredCells(page), ...(await overflow(page)) };
        if (problems.axe.length || problems.covered.length || problems.page || problems.cards.length) {
          found[route] = problems;
        }
      }
      expect(found).toEqual({});
      await page.context().close();
    },
    300_000,
  );
});

describe('the orders console', () => {
  it('at 1280 px the Actions column stays clear of Items and Shipping, whose text is in view', async () => {
    const page = await consoleAt(1280);
    await open(page, 'orders');
    const box = async (name: string) => (await page.getByRole('columnheader', { name, exact: true }).boundingBox())!;
    const [items, shipping, actions] = [
      await box(ordersEn.list.items),
      await box(ordersEn.detail.shipping),
      await box(adminEn.actions.label),
    ];
    expect(items.x + items.width).toBeLessThanOrEqual(actions.x + 1);
    expect(shipping.x + shipping.width).toBeLessThanOrEqual(actions.x + 1);
    // The method's name is whole, left of the buttons, in each row.
    for (const row of await page.locator('.ant-table-tbody tr.ant-table-row').all()) {
      const cells = row.locator('td');
      const method = (await cells.nth(4).boundingBox())!;
      const buttons = (await cells.last().boundingBox())!;
      expect(method.x + method.width).toBeLessThanOrEqual(buttons.x + 1);
    }
    await page.context().close();
  });

  it('at 375 px each order is a card holding its own buttons, in every language', async () => {
    for (const lang of LANGS) {
      const page = await consoleAt(375, lang);
      await open(page, 'orders');
      const cards = await page.locator('.admin-row-card').all();
      expect(cards.length, lang).toBeGreaterThanOrEqual(2);
      for (const card of cards) {
        const frame = (await card.boundingBox())!;
        const number = (await card.locator('h2').innerText()).trim();
        const buttons = await card.getByRole('button').all();
        expect(buttons.length, `${lang} ${number}`).toBeGreaterThanOrEqual(2);
        for (const button of buttons) {
          const b = (await button.boundingBox())!;
          expect(b.x, `${lang} ${number}`).toBeGreaterThanOrEqual(frame.x);
          expect(b.x + b.width).toBeLessThanOrEqual(frame.x + frame.width);
          expect(b.y).toBeGreaterThanOrEqual(frame.y);
          expect(b.y + b.height).toBeLessThanOrEqual(frame.y + frame.height);
          // Its name is its text; the order it acts on is its description.
          expect(await button.getAttribute('aria-label')).toBeNull();
          expect(await button.getAttribute('aria-describedby')).toBeTruthy();
        }
      }
      expect(await overflow(page), lang).toEqual({ page: false, cards: [] });
      await page.screenshot({ path: path.join(SHOTS, `orders-375-${lang}.png`), fullPage: true });
      await page.context().close();
    }
  }, 120_000);

  it.each(WIDTHS)(
    'in every language at %i px nothing is covered and nothing sticks out',
    async (width) => {
      const found: Record<string, unknown> = {};
      for (const lang of LANGS) {
        const page = await consoleAt(width, lang);
        for (const route of ['orders', 'jobs', 'products', 'users', 'categories', 'currencies']) {
          await open(page, route);
          const problems = { covered: await coveredCells(page), ...(await overflow(page)) };
          if (problems.covered.length || problems.page || problems.cards.length) found[`${lang} ${route}`] = problems;
          if (route === 'orders' && width === 1280) {
            await page.screenshot({ path: path.join(SHOTS, `orders-1280-${lang}.png`) });
          }
        }
        await page.context().close();
      }
      expect(found).toEqual({});
    },
    240_000,
  );
});

describe('the inventory console on a phone (decision 0136)', () => {
  it('an order is a card holding its button; after the purchase a notice links to where it went', async () => {
    const page = await consoleAt(375);
    await open(page, 'inventory');
    const card = page.locator('.admin-row-card', { hasText: 'e2e-tables-' }).first();
    const number = (await card.locator('h2').innerText()).trim();
    const purchase = card.getByRole('button', { name: inventoryEn.admin.purchase });
    expect(await purchase.getAttribute('aria-describedby')).toBeTruthy();
    await purchase.click();
    const notice = page.getByRole('status').filter({ hasText: number });
    await notice.waitFor();
    // The order left the "To be purchased" list; the notice says so and links to its new list.
    await expect.poll(() => page.locator('.admin-row-card h2', { hasText: number }).count()).toBe(0);
    const show = inventoryEn.admin['show-moved'].replace('{{state}}', inventoryEn.states['ready-to-stock']);
    await notice.getByRole('link', { name: show }).click();
    await page.locator('.admin-row-card h2', { hasText: number }).waitFor();
    expect(await overflow(page)).toEqual({ page: false, cards: [] });
    await page.screenshot({ path: path.join(SHOTS, 'inventory-after-purchase-375.png'), fullPage: true });
    await page.context().close();
  }, 60_000);
});
