import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import accounts from '../src/locales/en-US/accounts.json';
import text from '../src/locales/en-US/excel-imports.json';
import invoicesText from '../src/locales/en-US/invoices.json';
import pay from '../src/locales/en-US/payments.json';
import soText from '../src/locales/en-US/store-orders.json';
import { api, template } from './api';
import { baseUrl, launch, openPage } from './browser';
import { fillLogIn, logInApi, register } from './people';

/*
 * Issue 23 in Chromium against the real (bundled) server, no mocks: a store owner downloads the
 * template from /user/excelorderhistory, fills two orders in it (one with a SKU nobody has), uploads
 * it, sees the preview (1 valid, 1 with an error), imports the valid one, finds it in store orders,
 * and downloads the error file with the reason. Screenshots of the page in English and Chinese.
 *
 * The catalogue product: 524 (demo seed); its first SKU's code is what the valid order names.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The bytes of what a click on `link` downloads. */
async function download(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFile((await file.path())!);
}

describe('Excel order import in Chromium', () => {
  it('template → two orders filled → preview 1 valid, 1 error → import → in store orders → the error file says why', async () => {
    const product = await api<{ skuList: Array<{ skuCode: string }> }>('GET', '/prod/prodInfo?prodId=524');
    const sku = product.skuList[0]!.skuCode;
    const who = await register('xl-en');
    const page = await openPage(browser, `/login?redirect=${encodeURIComponent('/user/excelorderhistory')}`);
    await fillLogIn(page, who);
    await page.getByText(text.empty).waitFor();
    await page.screenshot({ path: '/tmp/xl-e2e-en-empty.png', fullPage: true });

    // The template, filled with the library as a spreadsheet program would: the example row replaced by two orders.
    const templateBytes = await download(page, () =>
      page.getByRole('link', { name: text['download-template'] }).click(),
    );
    const wb = XLSX.read(templateBytes);
    const ws = wb.Sheets[wb.SheetNames[0]!]!;
    const [header] = XLSX.utils.sheet_to_json<string[]>(ws, { header: 1 });
    expect(header!.slice(0, 3)).toEqual(['Order number*', 'SKU*', 'Quantity*']);
    const row = (n: string, code: string) => {
      const byLabel: Record<string, string | number> = {
        'Order number*': n,
        'SKU*': code,
        'Quantity*': 2,
        'Consignee*': 'Ann Lee',
        'Phone*': '+1 415 555 0100',
        'Country*': 'United States',
        'State/Province': 'TX',
        'City*': 'Austin',
        'Address*': '1 Main St',
        Postcode: '73301',
      };
      return header!.map((h) => byLabel[h] ?? '');
    };
    XLSX.utils.sheet_add_aoa(ws, [row(`E2E-${stamp}-1`, sku), row(`E2E-${stamp}-2`, 'NO-SUCH-SKU')], { origin: 'A2' });
    const filled = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

    await page.setInputFiles('#xl-file', {
      name: 'my-orders.xlsx',
      mimeType: 'application/octet-stream',
      buffer: filled,
    });
    await page.getByRole('button', { name: text.upload }).click();
    const preview = page.getByRole('region', { name: text['preview-title'] });
    await expect.poll(() => preview.getByTestId('xl-valid').textContent()).toBe('1 order will be created');
    expect(await preview.getByTestId('xl-errors').textContent()).toBe('1 row has errors');
    await preview.getByRole('cell', { name: 'NO-SUCH-SKU' }).waitFor();
    await page.screenshot({ path: '/tmp/xl-e2e-en-preview.png', fullPage: true });

    // The error file, from the preview: the second order's row with the reason in the "Error" column.
    const errorBytes = await download(page, () => preview.getByRole('link', { name: text['download-errors'] }).click());
    const errorRows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(errorBytes).Sheets['Orders']!, { header: 1 });
    expect(errorRows[0]!.at(-1)).toBe('Error');
    expect(errorRows[1]![0]).toBe(`E2E-${stamp}-2`);
    expect(errorRows[1]!.at(-1)).toBe('SKU: No connected store SKU or catalogue SKU has this code (NO-SUCH-SKU)');

    await preview.getByRole('button', { name: text['import-valid_one'] }).click();
    await page.getByText(template(text.imported_one)).waitFor();
    const history = page.getByRole('region', { name: text.history });
    const record = history.getByRole('row').filter({ hasText: 'my-orders.xlsx' });
    await record.getByText(text.state.imported).waitFor();
    await page.screenshot({ path: '/tmp/xl-e2e-en-history.png', fullPage: true });

    // In store orders, related (its line is matched to the catalogue SKU), ready to pay.
    await page.goto(page.url().replace('/user/excelorderhistory', '/user/storeorder?tab=related'));
    await page.getByText(`E2E-${stamp}-1`).waitFor();
    expect(await page.getByText(`E2E-${stamp}-2`).count()).toBe(0);
    // Quoted after the import like any store order: its row shows our landed cost and the margin.
    const orderRow = page.locator('tr', { hasText: `E2E-${stamp}-1` });
    const landed = orderRow.getByTestId('landed').getByText(soText.list.landed.split(' {{')[0]!);
    for (let i = 0; i < 20 && !(await landed.count()); i++) {
      await page.waitForTimeout(500);
      await page.reload();
      await page.getByText(`E2E-${stamp}-1`).waitFor();
    }
    await landed.waitFor();
    // An Excel order (decision 0132): the file and the import's time where a store's order shows its
    // sync, no "sync now"; no price column filled, so no margin rather than a loss.
    await orderRow
      .getByText(soText.sync['imported-from'].replace('{{file}}', 'my-orders.xlsx'), { exact: true })
      .waitFor();
    expect(await orderRow.getByText(soText.sync.arrived).count()).toBe(0);
    expect(await orderRow.getByRole('button', { name: soText.sync.now }).count()).toBe(0);
    expect(await orderRow.getByTestId('no-margin').textContent()).toBe(
      `${soText.list['margin-none']} · ${soText.list['no-store-price']}`,
    );
    await page.screenshot({ path: '/tmp/xl-e2e-en-storeorders.png', fullPage: true });

    // Paid from the wallet (an operator's adjustment puts the money there), then on the store invoices page.
    const op = inject('operator');
    const operator = await logInApi(op);
    const me = await logInApi(who);
    await api('POST', `/admin/wallets/${me.userId}/adjustments`, {
      token: operator.accessToken,
      body: { amount: 500, reason: 'e2e excel import' },
    });
    await orderRow.getByRole('checkbox', { name: soText.list.select.replace('{{number}}', `E2E-${stamp}-1`) }).check();
    await page.getByRole('button', { name: soText.actions['pay-selected'] }).click();
    await page.waitForURL((url) => url.pathname === '/user/orderpayment');
    expect(await page.getByTestId('margin').textContent()).toBe(pay['store-pay']['no-store-price']);
    await page.screenshot({ path: '/tmp/xl-e2e-en-pay.png', fullPage: true });
    await page.getByRole('button', { name: pay['pay-order']['pay-wallet'] }).click();
    await page.waitForURL(/\/user\/paystate\?payment=/);
    await page.getByText(pay['order-pay'].success.title).waitFor();
    await page.goto(`${baseUrl()}/user/storedownloadinvoice`);
    const invoiceRow = page.locator('tr', { hasText: `E2E-${stamp}-1` });
    await invoiceRow.waitFor();
    expect(await invoiceRow.getByText(invoicesText['store-list'].excel).count()).toBe(1);
    // The invoice is written after the payment commits (a job): the page shows it once it is there.
    const pdf = invoiceRow.getByRole('link', { name: /INV-/ });
    for (let i = 0; i < 20 && !(await pdf.count()); i++) {
      await page.waitForTimeout(500);
      await page.reload();
      await invoiceRow.waitFor();
    }
    await pdf.first().waitFor();
    await page.screenshot({ path: '/tmp/xl-e2e-en-invoices.png', fullPage: true });
  }, 180_000);

  it('the page in Chinese', async () => {
    const who = await register('xl-zh');
    const page = await openPage(browser, `/login?redirect=${encodeURIComponent('/user/excelorderhistory')}`, {
      lang: 'zh-CN',
    });
    await page.getByRole('button').first().waitFor();
    await page.getByLabel('邮箱').or(page.getByLabel(accounts.login.email)).first().fill(who.email);
    await page.locator('input[type="password"]').fill(who.password);
    await page.keyboard.press('Enter');
    await page.getByText('还没有 Excel 导入').waitFor();
    await page.setInputFiles('#xl-file', {
      name: '订单.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('%PDF-1.4 not a workbook'),
    });
    await page.getByRole('button', { name: '上传并预览' }).click();
    await page.getByRole('alert').filter({ hasText: '文件格式不正确' }).waitFor();
    await page.screenshot({ path: '/tmp/xl-e2e-zh.png', fullPage: true });

    // Chinese headers and a Chinese country name; the unknown SKU explained in Chinese.
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      wb,
      XLSX.utils.aoa_to_sheet([
        ['订单号*', 'SKU*', '数量*', '收件人*', '电话*', '国家*', '城市*', '地址*'],
        ['ZH-1', '不存在', 1, '张伟', '13800138000', '中国', '深圳市', '科技园路 1 号'],
      ]),
      '订单',
    );
    await page.setInputFiles('#xl-file', {
      name: '订单.xlsx',
      mimeType: 'application/octet-stream',
      buffer: XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    });
    await page.getByRole('button', { name: '上传并预览' }).click();
    await page.getByText('没有已关联的店铺 SKU 或商品库 SKU 使用此编码').waitFor();
    expect(await page.getByTestId('xl-valid').textContent()).toBe('将创建 0 个订单');
    await page.screenshot({ path: '/tmp/xl-e2e-zh-preview.png', fullPage: true });
  }, 60_000);
});
