import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import text from '../src/locales/en-US/inventory.json';
import invoiceText from '../src/locales/en-US/invoices.json';
import catalogue from '../src/locales/en-US/catalogue.json';
import { api } from './api';
import { baseUrl, launch, openPage } from './browser';
import { fillLogIn, logInApi, register } from './people';

/*
 * Bulk deposit (issue 24, decisions 0130 and 0140) against the real server and the demo
 * catalogue: a store owner buys 20 pieces into inventory, an order above the operator's amount,
 * and pays the deposit from the confirm screen; the wallet shows it as bulk deposit; the operator
 * marks the goods purchased in the console, which charges the balance; the invoice shows both
 * parts with their dates and nothing due; receiving the goods empties the bulk deposit to 0.
 * Screenshots of the wallet and the invoice in apps/web/e2e/screenshots/ (git-ignored).
 */
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

const usd = (minor: number) => `$${(minor / 100).toFixed(2)}`;

interface Wallet {
  balance: number;
  deposit: number;
}

describe('bulk deposit in Chromium', () => {
  it('pays the deposit, the balance when the goods are bought, and the bulk deposit empties as they arrive', async () => {
    const who = await register('dep', { firstname: 'Bulk', lastname: 'Buyer', phoneNumber: '+1 212 555 0102' });
    const { accessToken: token, userId } = await logInApi(who);
    await api('POST', '/p/address', {
      token,
      body: {
        firstName: 'Bulk',
        lastName: 'Buyer',
        country: 'US',
        company: 'Bulk LLC',
        companyID: 'C-9',
        vatnumber: 'V-9',
        province: 'NY',
        city: 'New York',
        street: 'Broadway',
        houseNo: '9',
        address: 'Suite 9',
        phoneNumber: '+1 212 555 0102',
        emails: who.email,
        postCode: '10001',
        kind: 'billing',
        isDefault: true,
      },
    });
    const op = inject('operator');
    const { accessToken: opToken } = await logInApi(op);
    // Two parts from $1 on, 30 % now: any 20 pieces are above the amount.
    await api('PUT', '/admin/inventory/settings', {
      token: opToken,
      body: { handlingFeePerUnit: 0.3, depositFrom: 1, depositPercent: 30 },
    });
    await api('POST', `/admin/wallets/${userId}/adjustments`, {
      token: opToken,
      body: { amount: 5000, reason: 'e2e bulk deposit budget' },
    });
    const product = await api<{ skuList: Array<{ skuId: number; stocks: number }> }>(
      'GET',
      '/prod/prodInfo?prodId=524',
    );
    const sku = product.skuList.find((s) => s.stocks >= 20)!;

    // The owner buys 20 pieces; the confirm screen states both parts and the rule, then pays the deposit.
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
    await page.getByText(text.deposit.rules).waitFor();
    await page.getByRole('button', { name: text.deposit.submit }).click();
    await page.waitForURL((u) => u.pathname === '/user/inventoryorders' && !u.searchParams.has('buy'));

    const orders = await api<{
      records: Array<{ id: string; deposit: { state: string; deposit: number; balance: number } | null }>;
    }>('GET', '/p/private-inventory-order/page?size=10', { token });
    const order = orders.records[0]!;
    expect(order.deposit?.state).toBe('deposit-paid');
    const depositMinor = Math.round(order.deposit!.deposit * 100);
    const totalMinor = depositMinor + Math.round(order.deposit!.balance * 100);
    await page.getByText(text.states['to-be-purchased']).first().waitFor();

    // The wallet shows the deposit as bulk deposit.
    await page.goto(`${baseUrl()}/user/walletbalance`);
    await expect.poll(() => page.getByTestId('wallet-deposit').innerText()).toContain(usd(depositMinor));
    await page.screenshot({ path: path.join(SHOTS, 'deposit-wallet-after-deposit-en.png'), fullPage: true });

    // The operator marks the goods purchased in the console: the balance is charged from the wallet.
    const console = await openPage(browser, `/login?redirect=${encodeURIComponent('/admin/inventory')}`, {
      width: 1280,
    });
    await fillLogIn(console, op);
    const row = console.getByRole('row', { name: new RegExp(who.email.replace(/[.+]/g, '\\$&')) });
    await row.getByRole('button', { name: text.admin.purchase }).click();
    await row.waitFor({ state: 'detached' });
    const charged = await api<Wallet>('GET', '/p/wallet', { token });
    expect(Math.round(charged.deposit * 100)).toBe(totalMinor);
    expect(Math.round(charged.balance * 100)).toBe(500_000 - totalMinor);
    await page.reload();
    await expect.poll(() => page.getByTestId('wallet-deposit').innerText()).toContain(usd(totalMinor));

    // The invoice: both parts with their dates, nothing still due.
    await page.goto(`${baseUrl()}/user/orderinvoice?order=${order.id}`);
    const parts = page.getByRole('region', { name: invoiceText.invoice.parts });
    await parts.waitFor();
    await expect.poll(() => page.getByTestId('invoice-due').innerText()).toContain('0.00');
    expect(await parts.innerText()).toContain(invoiceText.invoice['part-deposit']);
    expect(await parts.innerText()).not.toContain(invoiceText.invoice['part-due']);
    await page.screenshot({ path: path.join(SHOTS, 'deposit-invoice-en.png'), fullPage: true });

    // The goods are received: the bulk deposit goes to 0.
    await console.getByRole('combobox', { name: text.orders.state }).click();
    await console.locator('.ant-select-item-option', { hasText: text.states['ready-to-stock'] }).click();
    const ready = console.getByRole('row', { name: new RegExp(who.email.replace(/[.+]/g, '\\$&')) });
    await ready.getByRole('button', { name: text.admin.receive }).click();
    await console.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await console.getByRole('dialog').waitFor({ state: 'detached' });
    await page.goto(`${baseUrl()}/user/walletbalance`);
    await expect.poll(() => page.getByTestId('wallet-deposit').innerText()).toContain(usd(0));
    await page.screenshot({ path: path.join(SHOTS, 'deposit-wallet-after-receipt-en.png'), fullPage: true });
    const after = await api<Wallet>('GET', '/p/wallet', { token });
    expect(after.deposit).toBe(0);
    expect(Math.round(after.balance * 100)).toBe(500_000 - totalMinor);
  }, 180_000);
});
