import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import accountsZh from '../src/locales/zh-CN/accounts.json';
import text from '../src/locales/en-US/inventory.json';
import textZh from '../src/locales/zh-CN/inventory.json';
import catalogue from '../src/locales/en-US/catalogue.json';
import payText from '../src/locales/en-US/payments.json';
import checkoutText from '../src/locales/en-US/checkout.json';
import * as XLSX from '@e965/xlsx';
import { api } from './api';
import { baseUrl, launch, openPage } from './browser';
import { fillLogIn, logInApi, register } from './people';

/*
 * Private inventory (issue 24) against the real server and the demo catalogue: a store owner buys
 * 20 pieces into inventory from the product page (priced with the handling fee), pays from the
 * wallet; the operator marks the order purchased and receives it in the console; the owner's
 * inventory shows 20 available with its log, in English and in Chinese, and the download opens as
 * a spreadsheet. Then a store order for 2 of those pieces (imported from a spreadsheet) is paid on
 * /user/orderpayment with its goods at 0 (decision 0129), and the inventory shows 18 available and
 * 2 frozen. Last, a buy-now of 3 more from the product page shows the goods at 0 ("from your
 * inventory", decision 0139); once the operator ships that order the inventory holds 17.
 * Screenshots in apps/web/e2e/screenshots/ (git-ignored).
 */
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

describe('private inventory in Chromium', () => {
  it('buys 20 pieces into inventory; the operator purchases and receives them; the inventory shows and downloads them', async () => {
    const who = await register('inv');
    const { accessToken: token, userId } = await logInApi(who);
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
    const { accessToken: opToken } = await logInApi(op);
    await api('PUT', '/admin/inventory/settings', { token: opToken, body: { handlingFeePerUnit: 0.3 } });
    await api('POST', `/admin/wallets/${userId}/adjustments`, {
      token: opToken,
      body: { amount: 5000, reason: 'e2e inventory budget' },
    });
    const product = await api<{ skuList: Array<{ skuId: number; skuCode: string; stocks: number }> }>(
      'GET',
      '/prod/prodInfo?prodId=524',
    );
    const sku = product.skuList.find((s) => s.stocks >= 20)!;

    // The owner buys 20 pieces from the product page.
    const page = await openPage(
      browser,
      `/login?redirect=${encodeURIComponent(`/productdetails?prodId=524&skuId=${sku.skuId}`)}`,
    );
    await fillLogIn(page, who);
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
    await fillLogIn(console, op);
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

    // A store order for 2 of those pieces (imported from the order template) ships from the
    // inventory: the pay page says so and charges no goods; paid, 2 are frozen and 18 available.
    const auth = { authorization: `Bearer ${token}`, 'accept-language': 'en-US' };
    const templateBytes = await (
      await fetch(`${baseUrl()}/api/p/excel-imports/template?lang=en-US`, { headers: auth })
    ).arrayBuffer();
    const wb = XLSX.read(Buffer.from(templateBytes));
    const ws = wb.Sheets[wb.SheetNames[0]!]!;
    const [header] = XLSX.utils.sheet_to_json<string[]>(ws, { header: 1 });
    const number = `E2E-INV-${stamp}`;
    const cells: Record<string, string | number> = {
      'Order number*': number,
      'SKU*': sku.skuCode,
      'Quantity*': 2,
      'Consignee*': 'Ann Lee',
      'Phone*': '+1 415 555 0100',
      'Country*': 'United States',
      'State/Province': 'TX',
      'City*': 'Austin',
      'Address*': '1 Main St',
      Postcode: '73301',
    };
    XLSX.utils.sheet_add_aoa(ws, [header!.map((h) => cells[h] ?? '')], { origin: 'A2' });
    const form = new FormData();
    form.append('file', new Blob([XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer]), 'so.xlsx');
    const uploaded = await fetch(`${baseUrl()}/api/p/excel-imports`, { method: 'POST', headers: auth, body: form });
    const previewed = ((await uploaded.json()) as { data: { id: string } }).data;
    await api('POST', `/p/excel-imports/${previewed.id}/import`, { token, body: {} });
    const related = await api<{ records: Array<{ id: string; number: string }> }>(
      'GET',
      '/p/store-orders?tab=related&current=1&size=20',
      { token },
    );
    const storeOrder = related.records.find((r) => r.number === number)!;
    expect(storeOrder, 'the imported store order').toBeTruthy();
    await page.goto(`${baseUrl()}/user/orderpayment?ids=${storeOrder.id}`);
    await page.getByText(payText['store-pay']['from-inventory']).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'inventory-store-order-pay-en.png'), fullPage: true });
    await page.getByRole('button', { name: payText['pay-order']['pay-wallet'] }).click();
    await page.waitForURL(/\/user\/paystate\?payment=/);
    await page.getByText(payText['order-pay'].success.title).waitFor();
    await page.goto(`${baseUrl()}/user/myinventory`);
    const after = page.locator('.ant-table-row').first();
    await after.waitFor();
    // Total 20 = frozen 2 + available 18; nothing unreceived.
    expect((await after.locator('td').allInnerTexts()).slice(2, 6).map((c) => c.trim())).toEqual([
      '20',
      '2',
      '18',
      '0',
    ]);
    await page.screenshot({ path: path.join(SHOTS, 'inventory-after-store-order-en.png'), fullPage: true });

    // A catalogue order (buy now) of 3 held pieces: the checkout says they come from the inventory
    // and charges no goods; submitted, paid and shipped by the operator, they leave the inventory.
    await api('POST', '/p/address', {
      token,
      body: {
        firstName: 'Ann',
        lastName: 'Lee',
        country: 'US',
        company: 'Lee Goods',
        companyID: 'C-2',
        vatnumber: 'V-2',
        province: 'TX',
        city: 'Austin',
        street: 'Main St',
        houseNo: '1',
        address: 'Unit 3',
        phoneNumber: '+1 415 555 0100',
        emails: who.email,
        postCode: '73301',
        kind: 'consignee',
        isDefault: true,
      },
    });
    await page.goto(`${baseUrl()}/productdetails?prodId=524&skuId=${sku.skuId}`);
    await page.locator('input.quantity-field').fill('3');
    await page.getByRole('button', { name: catalogue.actions.buy }).click();
    await page.waitForURL(/\/user\/paynoworder/);
    await page.getByText(checkoutText.lines['from-inventory']).waitFor();
    await page.getByText(checkoutText.lines.quantity.replace('{{price}}', '$0.00').replace('{{count}}', '3')).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'inventory-buy-now-en.png'), fullPage: true });
    const summary = page.getByRole('region', { name: checkoutText.totals.title });
    await summary.getByRole('button', { name: checkoutText.submit }).click();
    await page.waitForURL(/\/user\/paymentorder\?orders=/);
    const buyNowId = new URL(page.url()).searchParams.get('orders')!;
    const buyNowPaid = await api<{ outcome: string }>('POST', '/p/order/pay', {
      token,
      body: { orderIds: [buyNowId], method: 'wallet' },
    });
    expect(buyNowPaid.outcome).toBe('success');
    await api('POST', `/admin/orders/${buyNowId}/purchase`, { token: opToken, body: {} });
    await api('POST', `/admin/orders/${buyNowId}/ship`, {
      token: opToken,
      body: { carrier: 'YunExpress', trackingNumber: `YT${stamp}` },
    });
    await page.goto(`${baseUrl()}/user/myinventory`);
    const shipped = page.locator('.ant-table-row').first();
    await shipped.waitFor();
    // Total 17 = frozen 2 (the store order) + available 15: the 3 shipped left.
    expect((await shipped.locator('td').allInnerTexts()).slice(2, 6).map((c) => c.trim())).toEqual([
      '17',
      '2',
      '15',
      '0',
    ]);

    // The same pages in Chinese.
    const zh = await openPage(browser, `/login?redirect=${encodeURIComponent('/user/myinventory')}`, { lang: 'zh-CN' });
    await fillLogIn(zh, who, accountsZh);
    await zh.getByText(textZh.intro).waitFor();
    await zh.screenshot({ path: path.join(SHOTS, 'inventory-list-zh.png'), fullPage: true });
    await zh.goto(`${baseUrl()}/user/inventoryorders`);
    await zh.getByText(textZh.states['in-stock']).first().waitFor();
    await zh.screenshot({ path: path.join(SHOTS, 'inventory-orders-zh.png'), fullPage: true });
  }, 180_000);
});
