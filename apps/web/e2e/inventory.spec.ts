import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import accounts from '../src/locales/en-US/accounts.json';
import accountsZh from '../src/locales/zh-CN/accounts.json';
import text from '../src/locales/en-US/inventory.json';
import textZh from '../src/locales/zh-CN/inventory.json';
import catalogue from '../src/locales/en-US/catalogue.json';
import { api } from './api';
import { baseUrl, launch, openPage } from './browser';

/*
 * Private inventory (issue 24) against the real server and the demo catalogue: a store owner buys
 * 20 pieces into inventory from the product page (priced with the handling fee), pays from the
 * wallet; the operator marks the order purchased and receives it in the console; the owner's
 * inventory shows 20 available with its log, in English and in Chinese, and the download opens as
 * a spreadsheet. Screenshots in apps/web/e2e/screenshots/ (git-ignored).
 */
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function logIn(page: Page, who: { email: string; password: string }, texts = accounts) {
  await page.getByRole('heading', { name: texts.login.title }).waitFor();
  await page.getByLabel(texts.login.email).fill(who.email);
  await page.getByLabel(texts.login.password).fill(who.password);
  await page.getByRole('button', { name: texts.login.submit }).click();
}

describe('private inventory in Chromium', () => {
  it('buys 20 pieces into inventory; the operator purchases and receives them; the inventory shows and downloads them', async () => {
    const who = { email: `e2e-inv-${stamp}@example.com`, password: 'journey123' };
    await api('POST', '/register', {
      body: {
        username: `inv${stamp}`,
        firstname: 'Store',
        lastname: 'Owner',
        email: who.email,
        phoneNumber: '+1 212 555 0101',
        country: 'US',
        password: who.password,
        confirmPassword: who.password,
        platform: 'other',
        channel: 'other',
        userType: 'dropshipping',
        agreement: true,
      },
    });
    const { accessToken: token, userId } = await api<{ accessToken: string; userId: string }>('POST', '/login', {
      body: { email: who.email, password: who.password },
    });
    await api('POST', '/p/address', {
      token,
      body: {
        firstName: 'Store',
        lastName: 'Owner',
        country: 'US',
        company: 'Owner LLC',
        companyID: 'C-1',
        vatnumber: 'V-1',
        province: 'NY',
        city: 'New York',
        street: 'Broadway',
        houseNo: '1',
        address: 'Suite 2',
        phoneNumber: '+1 212 555 0101',
        emails: who.email,
        postCode: '10001',
        kind: 'billing',
        isDefault: true,
      },
    });
    const op = inject('operator');
    const { accessToken: opToken } = await api<{ accessToken: string }>('POST', '/login', { body: op });
    await api('PUT', '/admin/inventory/settings', { token: opToken, body: { handlingFeePerUnit: 0.3 } });
    await api('POST', `/admin/wallets/${userId}/adjustments`, {
      token: opToken,
      body: { amount: 5000, reason: 'e2e inventory budget' },
    });
    const product = await api<{ skuList: Array<{ skuId: number; stocks: number }> }>(
      'GET',
      '/prod/prodInfo?prodId=524',
    );
    const sku = product.skuList.find((s) => s.stocks >= 20)!;

    // The owner buys 20 pieces from the product page.
    const page = await openPage(
      browser,
      `/login?redirect=${encodeURIComponent(`/productdetails?prodId=524&skuId=${sku.skuId}`)}`,
    );
    await logIn(page, who);
    const quantity = page.locator('input.quantity-field');
    await quantity.waitFor();
    await quantity.fill('20');
    await page.getByRole('button', { name: catalogue.actions.inventory }).click();
    await page.waitForURL(/\/user\/inventoryorders\?buy=/);
    await page.getByRole('button', { name: text.buy.confirm }).click();
    await page.getByText(text.buy.handling.replace('{{fee}}', '$0.30')).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'inventory-buy-en.png'), fullPage: true });
    await page.getByRole('button', { name: text.buy.submit }).click();
    await page.waitForURL(/\/user\/paymentorder\?orders=/);
    const orderId = new URL(page.url()).searchParams.get('orders')!;
    const paid = await api<{ outcome: string }>('POST', '/p/order/pay', {
      token,
      body: { orderIds: [orderId], method: 'wallet' },
    });
    expect(paid.outcome).toBe('success');

    // The operator purchases and receives it in the console.
    const console = await openPage(browser, `/login?redirect=${encodeURIComponent('/admin/inventory')}`, {
      width: 1280,
    });
    await logIn(console, op);
    const row = console.getByRole('row', { name: new RegExp(who.email.replace(/[.+]/g, '\\$&')) });
    await row.getByRole('button', { name: text.admin.purchase }).click();
    await row.waitFor({ state: 'detached' });
    await console.getByRole('combobox', { name: text.orders.state }).click();
    await console.locator('.ant-select-item-option', { hasText: text.states['ready-to-stock'] }).click();
    const ready = console.getByRole('row', { name: new RegExp(who.email.replace(/[.+]/g, '\\$&')) });
    await ready.getByRole('button', { name: text.admin.receive }).click();
    await console.screenshot({ path: path.join(SHOTS, 'inventory-admin-receive-en.png'), fullPage: true });
    await console.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await console.getByRole('dialog').waitFor({ state: 'detached' });

    // The owner sees 20 available, their log, and the download is a spreadsheet.
    await page.goto(`${baseUrl()}/user/myinventory`);
    const item = page.locator('.ant-table-row').first();
    await item.waitFor();
    // Total 20, frozen 0, available 20, unreceived 0.
    expect((await item.locator('td').allInnerTexts()).slice(2, 6).map((c) => c.trim())).toEqual(['20', '0', '20', '0']);
    await page.screenshot({ path: path.join(SHOTS, 'inventory-list-en.png'), fullPage: true });
    await page.getByRole('link', { name: text.details }).first().click();
    await page.getByText(text.reasons.received, { exact: true }).first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'inventory-details-en.png'), fullPage: true });
    const href = await page.evaluate(() => '/api/p/privateInventory/download?lang=zh-CN');
    const download = await page.request.get(`${baseUrl()}${href}`);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toContain('spreadsheetml');
    expect((await download.body()).subarray(0, 2).toString()).toBe('PK');

    // The same pages in Chinese.
    const zh = await openPage(browser, `/login?redirect=${encodeURIComponent('/user/myinventory')}`, { lang: 'zh-CN' });
    await logIn(zh, who, accountsZh);
    await zh.getByText(textZh.intro).waitFor();
    await zh.screenshot({ path: path.join(SHOTS, 'inventory-list-zh.png'), fullPage: true });
    await zh.goto(`${baseUrl()}/user/inventoryorders`);
    await zh.getByText(textZh.states['in-stock']).first().waitFor();
    await zh.screenshot({ path: path.join(SHOTS, 'inventory-orders-zh.png'), fullPage: true });
  }, 180_000);
});
