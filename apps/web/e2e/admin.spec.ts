import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import admin from '../src/locales/en-US/admin.json';
import common from '../src/locales/en-US/common.json';
import { baseUrl, launch, openPage } from './browser';

/** A 1×1 PNG: the smallest picture the upload accepts. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let operator: Page;

beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Opens `route` (a login-required page), logs in on /login and lands back on it. */
async function logIn(route: string, email: string, password: string): Promise<Page> {
  const page = await openPage(browser, route);
  await page.waitForURL(/\/login\?redirect=/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  return page;
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** The calculator's price of one method for a 0.5 kg parcel from CN to the US. */
async function quote(methodCode: string): Promise<number | undefined> {
  const res = await fetch(`${baseUrl()}/api/logistics/calculate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'parcel',
      from: 'CN',
      to: 'US',
      weight: 0.5,
      length: 10,
      width: 10,
      height: 10,
      attribute: 'general',
    }),
  });
  const body = (await res.json()) as { data: { options: Array<{ code: string; price: number }> } };
  return body.data.options.find((o) => o.code === methodCode)?.price;
}

describe('operator console', () => {
  it('lets the operator in: /admin asks to log in, then shows the console', async () => {
    const { email, password } = inject('operator');
    operator = await logIn('/admin', email, password);
    await operator.waitForURL(/\/admin\/overview$/);
    await operator.getByRole('heading', { level: 1, name: 'Operator console' }).waitFor();
    const nav = operator.getByRole('navigation', { name: common.sidebar['admin-label'] });
    await nav.getByText(common.sidebar['admin-catalogue']).waitFor();
  });

  it('creates a product that visitors then find in search (in English and French), and takes it down', async () => {
    const word = `zq${Date.now().toString(36)}`;
    const english = `Zephyr desk lamp ${word}`;
    const french = `Lampe de bureau Zéphyr ${word}`;

    await operator
      .getByRole('link', { name: /^Products/ })
      .first()
      .click();
    await operator.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await operator.getByRole('link', { name: admin.products.new }).click();
    // The address changes first; the form replaces the list once its chunk is in.
    await operator.getByRole('heading', { level: 1, name: 'New product' }).waitFor();

    // Basics: a category from the tree.
    const category = operator.getByLabel(admin.products.category, { exact: true });
    await category.click();
    await category.fill('Handbags');
    // The search leaves the matching category active: Enter picks it.
    await operator.locator('.ant-select-tree-treenode-active', { hasText: /^Handbags$/ }).waitFor();
    await category.press('Enter');
    await operator.locator('.ant-select-content[title="Handbags"]').waitFor();

    // Texts: English, then French on its own tab.
    await operator
      .getByRole('tabpanel', { name: admin.form['language-required'].replace('{{language}}', 'English') })
      .getByLabel(admin.products.title)
      .fill(english);
    await operator.getByRole('tab', { name: 'French' }).click();
    await operator.getByRole('tabpanel', { name: 'French' }).getByLabel(admin.products.title).fill(french);

    // A picture, uploaded as the API takes it (base64 in JSON).
    const upload = operator.waitForResponse(
      (r) => r.url().endsWith('/api/admin/catalogue/images') && r.status() === 200,
    );
    await operator.locator('input[type=file]').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: PNG });
    await upload;
    await operator.getByRole('img', { name: 'Picture 1' }).waitFor();

    // One SKU.
    await operator.getByLabel('SKU code, SKU 1', { exact: true }).fill(`E2E-${word}`);
    await operator.getByLabel('Price (USD), SKU 1', { exact: true }).fill('12.5');
    await operator.getByLabel('Price (USD), SKU 1', { exact: true }).blur();
    expect(await operator.getByLabel('Price (USD), SKU 1', { exact: true }).inputValue()).toBe('12.50');
    await operator.getByLabel('Weight, SKU 1', { exact: true }).fill('0.4');
    await operator.getByLabel('Stock, SKU 1', { exact: true }).fill('25');
    await operator.getByRole('button', { name: admin.products.create }).click();
    await operator.waitForURL(/\/admin\/products\/\d+$/);
    await toast(operator, admin.products.created);

    // A visitor finds it by the unique word, with its English title…
    const visitor = await openPage(browser, `/goodslist?keyword=${word}`);
    await visitor.getByText(english).waitFor();
    // …and a French visitor with its French title.
    const frenchVisitor = await openPage(browser, `/goodslist?keyword=${word}`, { lang: 'fr-FR' });
    await frenchVisitor.getByText(french).waitFor();
    await frenchVisitor.context().close();

    // Take it down (with a confirmation): search no longer finds it.
    await operator.getByRole('button', { name: admin.products['take-down'] }).click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByRole('button', { name: admin.products['take-down'] }).click();
    await toast(operator, admin.products['taken-down'].replace('{{name}}', english));
    await operator.getByRole('button', { name: admin.products['put-back'] }).waitFor();

    await visitor.reload();
    await visitor.getByRole('heading', { name: 'No products found' }).waitFor();
    expect(await visitor.getByText(english).count()).toBe(0);
    await visitor.context().close();
  });

  it('edits a shipping rate inline, and the calculator charges the new price', async () => {
    expect(await quote('CN_POST_AIR')).toBe(4.2);

    // The sidebar's Shipping section opens to its entries.
    await operator.getByRole('menuitem', { name: common.sidebar['admin-shipping'] }).click();
    await operator.getByRole('link', { name: 'Shipping methods' }).first().click();
    await operator.getByRole('heading', { level: 1, name: 'Shipping methods' }).waitFor();
    await operator.getByRole('link', { name: 'China Post Registered Air Mail', exact: true }).click();
    await operator.getByRole('heading', { level: 1, name: 'China Post Registered Air Mail' }).waitFor();
    const zone = operator.getByRole('region', { name: 'North America' });
    const firstPrice = zone.getByLabel('First price (USD), row 1', { exact: true });
    expect(await firstPrice.inputValue()).toBe('4.20');
    await firstPrice.fill('9.99');
    await zone.getByRole('button', { name: admin.shipping['save-zone'] }).click();
    await toast(operator, admin.shipping['zone-saved'].replace('{{name}}', 'North America'));

    expect(await quote('CN_POST_AIR')).toBe(9.99);
  });

  it('keeps every operator table’s Actions in view at 1280 px without scrolling sideways', async () => {
    expect(operator.viewportSize()?.width).toBe(1280);
    for (const route of [
      '/admin/products',
      '/admin/shipping',
      '/admin/banners',
      '/admin/notices',
      '/admin/currencies',
    ]) {
      await operator.goto(`${baseUrl()}${route}`);
      const row = operator.locator('.ant-table-tbody tr.ant-table-row').first();
      await row.waitFor();
      const actions = row.locator('td').last().locator('button, a');
      await actions.first().waitFor();
      for (const control of await actions.all()) {
        const box = (await control.boundingBox())!;
        const where = `${route}: ${await control.textContent()}`;
        expect(box.x, where).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, where).toBeLessThanOrEqual(1280);
        // Not only inside the window but on top: the click lands on the control itself.
        const hit = await control.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return Boolean(top && (el === top || el.contains(top)));
        });
        expect(hit, where).toBe(true);
      }
      expect(await operator.evaluate(() => window.scrollX), route).toBe(0);
    }
  });

  it('refuses the console to a store owner', async () => {
    const owner = await logIn('/admin', 'demo@example.com', 'demo12345');
    await owner.getByRole('heading', { name: common.forbidden.title }).waitFor();
    expect(new URL(owner.url()).pathname).toBe('/admin');
    await owner.context().close();
    await operator.context().close();
  });
});
