import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import stores from '../src/locales/en-US/stores.json';
import { baseUrl, openPage } from './browser';
import { fillLogIn, type Person } from './people';

/**
 * The sandbox Shopify shop as its merchant uses it in the journeys: install our app from the
 * shop's admin page, logging in on the way (the install flow itself is checked step by step in
 * stores.spec.ts), and wait for a store order to show on /user/storeorder.
 */
export async function installApp(browser: Browser, shop: string, who: Person): Promise<Page> {
  const page = await openPage(browser, `/sandbox/shopify/${shop}/admin`);
  await page.getByRole('button', { name: /^Install app/ }).click();
  await page.waitForURL((url) => url.pathname === '/authlogin');
  await page.getByRole('link', { name: stores.authlogin.login }).click();
  await fillLogIn(page, who);
  await page.waitForURL((url) => url.pathname.endsWith('/admin/oauth/authorize'), { timeout: 15_000 });
  await page.locator('#install').click();
  await page.waitForURL((url) => url.pathname === '/user/shopify', { timeout: 15_000 });
  return page;
}

/** Opens a tab of /user/storeorder until a row naming `product` shows (the list also asks every 15 s). */
export async function waitForStoreOrderIn(page: Page, product: string, tab: 'unrelated' | 'related') {
  const row = page.getByRole('row').filter({ hasText: product });
  await expect
    .poll(
      async () => {
        await page.goto(`${baseUrl()}/user/storeorder?tab=${tab}`);
        await page.getByTestId(`tab-${tab}`).waitFor();
        return row
          .first()
          .waitFor({ timeout: 5_000 })
          .then(() => true)
          .catch(() => false);
      },
      { timeout: 45_000, interval: 1_000 },
    )
    .toBe(true);
  return row.first();
}
