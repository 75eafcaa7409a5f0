import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import text from '../src/locales/en-US/preferred-shipping.json';
import { launch, openPage } from './browser';
import { fillLogIn, register } from './people';

/*
 * Preferred shipping (decision 0116) against the real server and the demo data: a new store
 * owner adds a preference for one catalogue product found by search, to the United States, by a
 * method the server offers with its price; the list shows it; it is deleted. At 1280 px every
 * column and the row's buttons are in view, and at 375 px nothing scrolls sideways.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('preferred shipping in Chromium', () => {
  for (const width of [1280, 375]) {
    it(`adds a preference for a product found by search, sees it listed, deletes it (${width} px)`, async () => {
      const who = await register(`pref-${width}`);
      const page = await openPage(browser, `/login?redirect=${encodeURIComponent('/user/prefershipping')}`, { width });
      await fillLogIn(page, who);
      await page.getByText(text.empty).waitFor();

      await page.getByRole('button', { name: text.add }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(text.form['one-product']).click();
      await dialog.getByRole('combobox', { name: text.form.search }).click();
      await page.keyboard.type('sweatshirt');
      await page.locator('.ant-select-item-option').first().click();
      await dialog.getByRole('combobox', { name: text.form.country }).click();
      await page.keyboard.type('(US)');
      await page.locator('.ant-select-item-option').filter({ hasText: '(US)' }).first().click();
      // The first method offered (available ones come first, cheapest first), with its price.
      const offered = dialog.locator('.ps-methods label:not(.ant-radio-wrapper-disabled)', { hasText: /\$\d/ }).first();
      await offered.waitFor();
      const name = (await offered.locator('.ps-method-name').innerText()).trim();
      expect(await offered.innerText()).toMatch(/\$\d+\.\d\d/);
      await offered.click();
      await dialog.getByRole('button', { name: text.form.save }).click();
      await page.getByText(text.saved).waitFor();

      const row = page.locator('.ps-page tr', { hasText: name });
      await row.waitFor();
      expect(await row.innerText()).toContain('United States');
      if (width === 1280) {
        // Every column, the row's buttons included, is in view without scrolling sideways, and the
        // price is not under the actions (a fixed Actions column over a wide table hid it).
        const button = await row.getByRole('button', { name: text.delete }).boundingBox();
        const price = await row.locator('td').nth(3).boundingBox();
        expect(button!.x + button!.width).toBeLessThanOrEqual(1280);
        expect(price!.x + price!.width).toBeLessThanOrEqual(button!.x);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await row.getByRole('button', { name: text.delete }).click();
      await page.getByRole('tooltip').getByRole('button', { name: text.delete }).click();
      await page.getByText(text.empty).waitFor();
      await page.context().close();
    });
  }
});
