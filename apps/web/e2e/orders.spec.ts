import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import accounts from '../src/locales/en-US/accounts.json';
import cart from '../src/locales/en-US/cart.json';
import catalogue from '../src/locales/en-US/catalogue.json';
import checkout from '../src/locales/en-US/checkout.json';
import common from '../src/locales/en-US/common.json';
import invoices from '../src/locales/en-US/invoices.json';
import orders from '../src/locales/en-US/orders.json';
import pay from '../src/locales/en-US/payments.json';
import adminRoutes from '../src/locales/en-US/routes-admin.json';
import accountsZh from '../src/locales/zh-CN/accounts.json';
import catalogueZh from '../src/locales/zh-CN/catalogue.json';
import checkoutZh from '../src/locales/zh-CN/checkout.json';
import invoicesZh from '../src/locales/zh-CN/invoices.json';
import ordersZh from '../src/locales/zh-CN/orders.json';
import payZh from '../src/locales/zh-CN/payments.json';
import accountsFr from '../src/locales/fr-FR/accounts.json';
import catalogueFr from '../src/locales/fr-FR/catalogue.json';
import checkoutFr from '../src/locales/fr-FR/checkout.json';
import invoicesFr from '../src/locales/fr-FR/invoices.json';
import ordersFr from '../src/locales/fr-FR/orders.json';
import payFr from '../src/locales/fr-FR/payments.json';
import accountsTr from '../src/locales/tr-TR/accounts.json';
import catalogueTr from '../src/locales/tr-TR/catalogue.json';
import checkoutTr from '../src/locales/tr-TR/checkout.json';
import invoicesTr from '../src/locales/tr-TR/invoices.json';
import ordersTr from '../src/locales/tr-TR/orders.json';
import payTr from '../src/locales/tr-TR/payments.json';
import { api, escape, template } from './api';
import { baseUrl, launch, openPage } from './browser';

/*
 * The order journeys of issue 9 against the real server, no mocks. English: header search →
 * product → two variants into the cart → checkout → pay from the wallet → pending → the operator
 * purchases, ships with a tracking number, the user sees it shipped and downloads the invoice PDF,
 * the operator delivers. Chinese, French and Turkish: product → Buy now → pay from the wallet →
 * pending, with the invoice page and its PDF in that language. Then a wallet too small for the
 * order: the payment locks what there is and says what is missing.
 *
 * The product: 524, a bangle in gold and silver shipped from the US warehouse, so a US address
 * has shipping methods (demo seed).
 */
const PRODUCT_ID = 524;

/** The texts of the buy-now journey in each other language. */
const TEXTS = {
  'zh-CN': {
    accounts: accountsZh,
    catalogue: catalogueZh,
    checkout: checkoutZh,
    invoices: invoicesZh,
    orders: ordersZh,
    pay: payZh,
  },
  'fr-FR': {
    accounts: accountsFr,
    catalogue: catalogueFr,
    checkout: checkoutFr,
    invoices: invoicesFr,
    orders: ordersFr,
    pay: payFr,
  },
  'tr-TR': {
    accounts: accountsTr,
    catalogue: catalogueTr,
    checkout: checkoutTr,
    invoices: invoicesTr,
    orders: ordersTr,
    pay: payTr,
  },
};
type Lang = keyof typeof TEXTS;

interface Sku {
  skuId: number;
  price: number;
  stocks: number;
  properties: string;
}
interface Product {
  prodId: number;
  prodName: string;
  skuList: Sku[];
  specs: Array<{ name: string; values: string[] }>;
}
interface Who {
  email: string;
  password: string;
  token: string;
  userId: string;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** The longest fixed part of a locale string with placeholders: what a filled-in text surely contains. */
const longestPart = (text: string) =>
  text.split(/\{\{\w+\}\}/).reduce((a, b) => (b.trim().length > a.length ? b.trim() : a), '');
/** "$26.99" → "26.99" */
const digits = (text: string) => text.replace(/[^\d.]/g, '');

async function logInApi(email: string, password: string): Promise<Who> {
  const r = await api<{ accessToken: string; userId: string }>('POST', '/login', { body: { email, password } });
  return { email, password, token: r.accessToken, userId: r.userId };
}

/**
 * A new user with a US consignee and billing address and `money` dollars in the wallet (an
 * operator adjustment: the recharge journeys are the wallet spec's).
 */
async function customer(tag: string, money: number, lang = 'en-US'): Promise<Who> {
  const email = `e2e-${tag}-${stamp}@example.com`;
  const password = 'journey123';
  await api('POST', '/register', {
    body: {
      username: `${tag}${stamp}`,
      firstname: 'Ord',
      lastname: 'Er',
      email,
      phoneNumber: '+1 212 555 0101',
      country: 'US',
      password,
      confirmPassword: password,
      platform: 'other',
      channel: 'other',
      userType: 'dropshipping',
      agreement: true,
    },
    lang,
  });
  const who = await logInApi(email, password);
  for (const kind of ['consignee', 'billing'] as const) {
    await api('POST', '/p/address', {
      token: who.token,
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
        emails: email,
        postCode: '10004',
        kind,
        isDefault: true,
      },
    });
  }
  if (money > 0) {
    const op = inject('operator');
    const operator = await logInApi(op.email, op.password);
    await api('POST', `/admin/wallets/${who.userId}/adjustments`, {
      token: operator.token,
      body: { amount: money, reason: `e2e orders ${tag}` },
    });
  }
  return who;
}

/** Opens a login-required page in a fresh context and logs in through the form. */
async function logInAt(
  route: string,
  who: { email: string; password: string },
  opts: { lang?: string } = {},
): Promise<Page> {
  const texts = opts.lang && opts.lang in TEXTS ? TEXTS[opts.lang as Lang].accounts : accounts;
  const page = await openPage(browser, `/login?redirect=${encodeURIComponent(route)}`, opts);
  await page.getByRole('heading', { name: texts.login.title }).waitFor();
  await page.getByLabel(texts.login.email).fill(who.email);
  await page.getByLabel(texts.login.password).fill(who.password);
  await page.getByRole('button', { name: texts.login.submit }).click();
  await page.waitForURL((url) => url.pathname === route.split('?')[0]);
  return page;
}

/** The value next to a label in a <dl> of the page ("Total" → "$31.47"). */
async function definition(scope: Locator, term: string | RegExp): Promise<string> {
  const row = scope.locator('dl > div').filter({ has: scope.page().locator('dt', { hasText: term }) });
  return (await row.locator('dd').innerText()).trim();
}

/** The order id from /user/paymentorder?orders=<id>. */
const orderIdOf = (page: Page) => new URL(page.url()).searchParams.get('orders')!.split(',')[0]!;

/** Reloads the orders page at a tab until the order shows there (a job may still be running). */
async function orderInTab(page: Page, tab: string, tabName: string, number: string) {
  await page.goto(`${baseUrl()}/user/storeorder?tab=${tab}`);
  await page.getByRole('tab', { name: new RegExp(`^${escape(tabName)}`), selected: true }).waitFor();
  await page.getByRole('button', { name: new RegExp(escape(number)) }).waitFor();
}

/** The operator's orders console filtered to a state, then a row's action and its confirmation. */
async function operatorStep(page: Page, state: keyof typeof orders.admin.states, number: string) {
  const filter = page.getByRole('combobox', { name: orders.admin.filter });
  await filter.click();
  // antd renders its options for screen readers in a hidden list; the visible ones carry a title.
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle(orders.admin.states[state], { exact: true })
    .click();
  return page.getByRole('row', { name: new RegExp(escape(number)) });
}

/** Download PDF on the invoice page, as the user clicks it: the saved file's bytes and text. */
async function invoicePdf(page: Page, label: string) {
  const link = page.getByRole('link', { name: label });
  // The PDF is drawn in the language the page is read in (decision 0105), which the link names.
  const lang = await page.evaluate(() => document.documentElement.lang);
  expect(await link.getAttribute('href')).toMatch(new RegExp(`/api/p/invoices/[^/]+/pdf\\?lang=${lang}$`));
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-invoice-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    await download.saveAs(file);
    const bytes = readFileSync(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    return { bytes, text };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('orders', () => {
  it('search → two variants into the cart → checkout → wallet payment → purchased, shipped, invoice PDF, delivered', async () => {
    const product = await api<Product>('GET', `/prod/prodInfo?prodId=${PRODUCT_ID}`);
    const spec = product.specs[0]!;
    expect(spec.values.length).toBeGreaterThanOrEqual(2);
    const user = await customer('orders', 500);
    const page = await logInAt('/user/storeorder', user);

    // Search the header for the product and open it.
    const search = page.getByRole('searchbox', { name: common.header['search-label'] });
    await search.fill(product.prodName);
    await search.press('Enter');
    await page.waitForURL(/\/goodslist\?keyword=/);
    await page.getByRole('link', { name: product.prodName, exact: true }).first().click();
    await page.waitForURL(`**/productdetails?prodId=${PRODUCT_ID}**`);
    await page.getByRole('heading', { level: 1, name: product.prodName }).waitFor();

    // Two variants, each added to the cart.
    for (const value of spec.values.slice(0, 2)) {
      const choices = page.getByRole('group', { name: new RegExp(escape(spec.name)) });
      await choices.getByRole('button', { name: value, exact: true }).click();
      await choices.getByRole('button', { name: value, exact: true, pressed: true }).waitFor();
      await page.getByRole('button', { name: catalogue.actions.cart }).click();
      await page.getByText(cart.product.added).last().waitFor();
    }

    // The cart: both lines, both selected.
    await page.goto(`${baseUrl()}/user/shoppingcart`);
    await page.getByRole('heading', { level: 1, name: cart.cart.title }).waitFor();
    const lines = page.getByRole('checkbox', { name: cart.cart['select-line'].replace('{{name}}', product.prodName) });
    await expect.poll(() => lines.count()).toBe(2);
    for (const line of await lines.all()) expect(await line.isChecked()).toBe(true);
    await page.getByText(cart.cart['selected-summary'].replace('{{count}}', '2')).waitFor();
    await page.getByRole('button', { name: cart.cart.checkout }).click();

    // Checkout: the two lines, shipping, service fee, tax and the total that adds up.
    await page.waitForURL(/\/user\/cartpaylist/);
    const summary = page.getByRole('region', { name: checkout.totals.title });
    await summary.getByText(checkout.totals.total, { exact: true }).waitFor();
    // Both variants ship from the product's warehouse: one shipment, headed by where it ships from.
    const products = page.getByRole('region', { name: template(checkout.shipment.title) });
    await expect.poll(() => products.getByRole('link', { name: product.prodName }).count()).toBe(2);
    const shippingMethod = products.getByRole('radio', { checked: true });
    await shippingMethod.waitFor({ state: 'attached' });
    const amounts = {
      goods: Number(digits(await definition(summary, checkout.totals.goods))),
      shipping: Number(
        digits(await definition(summary, new RegExp(`^${escape(checkout.totals.shipping.split('(')[0]!)}`))),
      ),
      fee: Number(
        digits(await definition(summary, new RegExp(`^${escape(checkout.totals['service-fee'].split('(')[0]!)}`))),
      ),
      tax: Number(digits(await definition(summary, new RegExp(`^${escape(checkout.totals.tax.split('(')[0]!)}`)))),
    };
    const totalText = await definition(summary, new RegExp(`^${escape(checkout.totals.total)}$`));
    const total = digits(totalText);
    const twoSkus = product.skuList.filter((s) =>
      spec.values.slice(0, 2).some((v) => s.properties === `${spec.name}:${v}`),
    );
    expect(amounts.goods).toBeCloseTo(
      twoSkus.reduce((sum, s) => sum + s.price, 0),
      2,
    );
    expect(amounts.shipping).toBeGreaterThan(0);
    expect(amounts.goods + amounts.shipping + amounts.fee + amounts.tax).toBeCloseTo(Number(total), 2);

    await summary.getByRole('button', { name: checkout.submit }).click();
    await page.waitForURL(/\/user\/paymentorder\?orders=/);
    const orderId = orderIdOf(page);
    const order = await api<{ number: string; total: number }>('GET', `/p/orders/${orderId}`, { token: user.token });
    expect(order.total.toFixed(2)).toBe(total);

    // Pay from the wallet.
    await page.getByRole('heading', { level: 1, name: pay['pay-order'].title }).waitFor();
    await page.getByRole('button', { name: pay['pay-order']['pay-wallet'] }).click();
    await page.waitForURL(/\/user\/paystate\?payment=/);
    await page.getByRole('heading', { name: pay['order-pay'].success.title }).waitFor();
    await page.getByText(pay['order-pay'].success.text.replace('{{amount}}', `$${total}`)).waitFor();

    await orderInTab(page, 'pending', orders.tabs.pending, order.number);

    // The operator: purchase, then ship with a carrier and a tracking number.
    const op = await logInAt('/admin/orders', inject('operator'));
    await op.getByRole('heading', { level: 1, name: adminRoutes['admin-orders'] }).waitFor();
    let row = await operatorStep(op, 'pending', order.number);
    // A button's name is its text; the row says which order it is for.
    await row.getByRole('button', { name: orders.admin.purchase, exact: true }).click();
    await op.getByRole('dialog').getByRole('button', { name: orders.actions.confirm }).click();
    await op.getByText(orders.admin['done-purchase'].replace('{{number}}', order.number)).waitFor();

    const tracking = `1Z${stamp.toUpperCase()}`;
    row = await operatorStep(op, 'purchasing', order.number);
    await row.getByRole('button', { name: orders.admin.ship, exact: true }).click();
    const ship = op.getByRole('dialog', { name: orders.admin['ship-title'].replace('{{number}}', order.number) });
    await ship.getByLabel(orders.detail.carrier).fill('UPS');
    await ship.getByLabel(orders.detail.tracking).fill(tracking);
    await ship.getByRole('button', { name: orders.admin.ship }).click();
    await op.getByText(orders.admin['done-ship'].replace('{{number}}', order.number)).waitFor();

    // The user sees it shipped with the tracking number, and its invoice.
    await orderInTab(page, 'shipped', orders.tabs.shipped, order.number);
    await page.getByRole('button', { name: orders.list.open.replace('{{number}}', order.number) }).click();
    const drawer = page.getByRole('dialog', { name: orders.detail.title.replace('{{number}}', order.number) });
    await drawer.getByText(tracking).waitFor();
    await drawer.getByRole('link', { name: orders.detail.invoice }).click();
    await page.waitForURL(/\/user\/orderinvoice\?order=/);
    await page.getByRole('heading', { level: 1, name: invoices.invoice.title }).waitFor();
    await page.getByText(product.prodName).first().waitFor();
    const pdf = await invoicePdf(page, invoices.invoice['download-pdf']);
    expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(pdf.text).toContain(product.prodName);
    expect(pdf.text).toContain(total);
    expect(pdf.text).toContain(order.number);
    expect(pdf.text, 'no discount is 0.00, not -0.00').not.toMatch(/-0\.00/);
    // The invoice list names the order by its number too.
    await page.goto(`${baseUrl()}/user/downloadinvoice`);
    await page.getByRole('heading', { level: 1, name: invoices.list.title }).waitFor();
    await page
      .getByRole('row', { name: new RegExp(escape(order.number)) })
      .getByText(new RegExp(escape(total)))
      .waitFor();

    // The operator delivers it; the user sees it delivered.
    row = await operatorStep(op, 'shipped', order.number);
    await row.getByRole('button', { name: orders.admin.deliver, exact: true }).click();
    await op.getByRole('dialog').getByRole('button', { name: orders.actions.confirm }).click();
    await op.getByText(orders.admin['done-deliver'].replace('{{number}}', order.number)).waitFor();
    await op.context().close();

    await orderInTab(page, 'delivered', orders.tabs.delivered, order.number);
    await page.context().close();
  }, 120_000);

  // The buy-now path in Chinese, and the same in French and Turkish: each invoice in its language.
  it.each(Object.keys(TEXTS) as Lang[])(
    'buys now in %s: product → Buy now → wallet payment → pending, invoice and PDF in that language',
    async (lang) => {
      const { catalogue: cat, checkout: co, invoices: inv, orders: ord, pay: py } = TEXTS[lang];
      const product = await api<Product>('GET', `/prod/prodInfo?prodId=${PRODUCT_ID}`, { lang });
      const user = await customer(`buy${lang.slice(0, 2)}`, 200, lang);
      const page = await logInAt(`/productdetails?prodId=${PRODUCT_ID}`, user, { lang });
      await page.getByRole('heading', { level: 1, name: product.prodName }).waitFor();
      await page.getByRole('button', { name: cat.actions.buy }).click();

      await page.waitForURL(/\/user\/paynoworder/);
      await page.getByRole('heading', { level: 1, name: co.title }).waitFor();
      const summary = page.getByRole('region', { name: co.totals.title });
      await summary.getByText(co.totals.total, { exact: true }).waitFor();
      await page
        .getByRole('region', { name: template(co.shipment.title) })
        .getByRole('link', { name: product.prodName })
        .waitFor();
      await summary.getByRole('button', { name: co.submit }).click();

      await page.waitForURL(/\/user\/paymentorder\?orders=/);
      const order = await api<{ number: string; total: number }>('GET', `/p/orders/${orderIdOf(page)}`, {
        token: user.token,
      });
      await page.getByRole('heading', { level: 1, name: py['pay-order'].title }).waitFor();
      await page.getByRole('button', { name: py['pay-order']['pay-wallet'] }).click();
      await page.waitForURL(/\/user\/paystate\?payment=/);
      await page.getByRole('heading', { name: py['order-pay'].success.title }).waitFor();
      await page.getByText(longestPart(py['order-pay'].success.text)).waitFor();

      await orderInTab(page, 'pending', ord.tabs.pending, order.number);
      await page.getByRole('button', { name: ord.list.open.replace('{{number}}', order.number) }).click();
      const drawer = page.getByRole('dialog', { name: ord.detail.title.replace('{{number}}', order.number) });
      await drawer.getByRole('link', { name: ord.detail.invoice }).click();
      await page.waitForURL(/\/user\/orderinvoice\?order=/);
      await page.getByRole('heading', { level: 1, name: inv.invoice.title }).waitFor();
      for (const label of [inv.invoice['bill-to'], inv.invoice.payable, inv.methods.wallet, order.number]) {
        await page.getByText(label, { exact: true }).first().waitFor();
      }
      const pdf = await invoicePdf(page, inv.invoice['download-pdf']);
      expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
      expect(pdf.text).toContain(inv.invoice.payable);
      expect(pdf.text).toContain(product.prodName);
      expect(pdf.text).toContain(order.number);
      // The payable amount as the language writes it (18,77 in French and Turkish).
      expect(pdf.text).toContain(
        new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(order.total),
      );
      await page.context().close();
    },
    60_000,
  );

  it('locks a wallet too small for the order and says what is missing', async () => {
    const product = await api<Product>('GET', `/prod/prodInfo?prodId=${PRODUCT_ID}`);
    const user = await customer('short', 5);
    const page = await logInAt(`/productdetails?prodId=${PRODUCT_ID}`, user);
    await page.getByRole('heading', { level: 1, name: product.prodName }).waitFor();
    await page.getByRole('button', { name: catalogue.actions.buy }).click();
    await page.waitForURL(/\/user\/paynoworder/);
    const summary = page.getByRole('region', { name: checkout.totals.title });
    await summary.getByText(checkout.totals.total, { exact: true }).waitFor();
    const total = Number(digits(await definition(summary, new RegExp(`^${escape(checkout.totals.total)}$`))));
    await summary.getByRole('button', { name: checkout.submit }).click();
    await page.waitForURL(/\/user\/paymentorder\?orders=/);
    const shortfall = (total - 5).toFixed(2);
    await page.getByText(pay['pay-order'].short.replace('{{amount}}', `$${shortfall}`)).waitFor();
    await page.getByRole('button', { name: pay['pay-order']['pay-wallet'] }).click();
    await page.waitForURL(/\/user\/paystate\?payment=/);
    await page.getByRole('heading', { name: pay['order-pay'].insufficient.title }).waitFor();
    await page
      .getByText(
        pay['order-pay'].insufficient.text.replace('{{locked}}', '$5.00').replace('{{shortfall}}', `$${shortfall}`),
      )
      .waitFor();
    await page
      .getByRole('link', { name: pay['order-pay'].links.recharge.replace('{{amount}}', `$${shortfall}`) })
      .waitFor();
    await page.context().close();
  });
});
