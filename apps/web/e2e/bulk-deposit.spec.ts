import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import payments from '../src/locales/en-US/payments.json';
import { api } from './api';
import { baseUrl, launch, openPage } from './browser';
import { fillLogIn, logInApi, register } from './people';

/*
 * A catalogue bulk order paid in two parts (issue 24, decision 0145) against the real server and
 * the demo catalogue: a store owner places a bulk order, chooses "Pay 30 % now" on the pay step
 * (the rule after purchase is stated there) and lands on the order, which shows the deposit paid
 * and the balance due; the operator marks the goods purchased, which charges the balance from
 * the wallet; the order then shows nothing due and the wallet's bulk deposit holds the whole
 * order until it ships. Screenshots in apps/web/e2e/screenshots/ (git-ignored).
 */
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

const address = (kind: 'consignee' | 'billing', email: string) => ({
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
  emails: email,
  postCode: '10001',
  kind,
  isDefault: true,
});

const amount = (usd: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(usd);

describe('a catalogue bulk order in two parts, in Chromium', () => {
  it('pays 30 % now, the balance when the goods are purchased, and shows both parts on the order', async () => {
    const who = await register('bulkdep');
    const { accessToken: token, userId } = await logInApi(who);
    for (const kind of ['consignee', 'billing'] as const)
      await api('POST', '/p/address', { token, body: address(kind, who.email) });
    const op = inject('operator');
    const { accessToken: opToken } = await logInApi(op);
    // Two parts from $1 on, 30 % now: any bulk order is above the amount.
    await api('PUT', '/admin/inventory/settings', {
      token: opToken,
      body: { handlingFeePerUnit: 0.3, depositFrom: 1, depositPercent: 30 },
    });
    await api('POST', `/admin/wallets/${userId}/adjustments`, {
      token: opToken,
      body: { amount: 5000, reason: 'e2e bulk order budget' },
    });
    const product = await api<{ skuList: Array<{ skuId: number; stocks: number }> }>(
      'GET',
      '/prod/prodInfo?prodId=524',
    );
    const sku = product.skuList.find((s) => s.stocks >= 20)!;
    const confirmed = await api<{ confirmToken: string }>('POST', '/p/order/prod/confirm', {
      token,
      body: { prodId: 524, skuId: sku.skuId, count: 20, purchaseType: 'bulk' },
    });
    const placed = await api<{ orders: Array<{ id: string }> }>('POST', '/p/order/submit', {
      token,
      body: { confirmToken: confirmed.confirmToken },
    });
    const orderId = placed.orders[0]!.id;
    const offer = (
      await api<{ offer: { deposit: number; balance: number } }>('GET', `/p/order/${orderId}/two-parts`, { token })
    ).offer;

    // The pay step: in full is the default; the buyer chooses 30 % now and reads the rule.
    const page = await openPage(
      browser,
      `/login?redirect=${encodeURIComponent(`/user/paymentorder?orders=${orderId}`)}`,
    );
    await fillLogIn(page, who);
    const now = page.getByRole('radio', { name: /Pay 30 % now/ });
    await now.waitFor();
    await now.check();
    await page.getByText(payments.choice.rules).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'bulk-deposit-choice-en.png'), fullPage: true });
    await page.getByRole('button', { name: payments.choice.pay }).click();
    await page.waitForURL((u) => u.pathname === '/user/storeorder' && u.searchParams.get('order') === orderId);

    // The order shows both parts: the deposit paid, the balance due at purchase.
    const parts = page.getByTestId('two-parts');
    await parts.waitFor();
    await expect.poll(() => page.getByTestId('two-parts-due').innerText()).toContain(amount(offer.balance));
    expect(await parts.innerText()).toContain(payments['two-parts']['balance-due-at-purchase']);
    await page.screenshot({ path: path.join(SHOTS, 'bulk-deposit-order-en.png'), fullPage: true });

    // The operator marks the goods purchased: the balance is charged from the wallet.
    await api('POST', `/admin/orders/${orderId}/purchase`, { token: opToken });
    const wallet = await api<{ balance: number; deposit: number }>('GET', '/p/wallet', { token });
    expect(Math.round(wallet.deposit * 100)).toBe(Math.round((offer.deposit + offer.balance) * 100));
    await page.reload();
    await expect.poll(() => page.getByTestId('two-parts-due').innerText()).toContain('0.00');
    await page.goto(`${baseUrl()}/user/walletbalance`);
    await expect
      .poll(() => page.getByTestId('wallet-deposit').innerText())
      .toContain(amount(offer.deposit + offer.balance));
  }, 180_000);
});
