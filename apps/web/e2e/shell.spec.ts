import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enUS from '../src/locales/en-US/common.json';
import frFR from '../src/locales/fr-FR/common.json';
import trTR from '../src/locales/tr-TR/common.json';
import zhCN from '../src/locales/zh-CN/common.json';
import { launch, openPage } from './browser';

const CATALOGUES = { 'en-US': enUS, 'zh-CN': zhCN, 'fr-FR': frFR, 'tr-TR': trTR } as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('the shell', () => {
  it.each(Object.keys(CATALOGUES) as Array<keyof typeof CATALOGUES>)(
    'renders home with header and footer in %s',
    async (lang) => {
      const t = CATALOGUES[lang];
      const page = await openPage(browser, '/index', { lang });
      const header = page.locator('header').first();
      await header.getByRole('link', { name: t.header.login }).waitFor();
      const footer = page.locator('footer').first();
      await footer.getByRole('link', { name: t.footer.about }).waitFor();
      await footer.getByRole('link', { name: t.footer['shipping-policy'] }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      await page.context().close();
    },
  );

  it('sends a visitor from /user/profile to /login and remembers where they were going', async () => {
    const page = await openPage(browser, '/user/profile');
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/user/profile');
    await page.context().close();
  });

  it('sends an unknown path to /404', async () => {
    const page = await openPage(browser, '/no-such-page');
    await page.waitForURL(/\/404$/);
    await page.getByRole('link', { name: enUS['not-found'].home }).waitFor();
    await page.context().close();
  });

  it('switches language in place: header text changes and the next API call speaks it', async () => {
    const page = await openPage(browser, '/index', { lang: 'en-US' });
    const header = page.locator('header').first();
    await header.getByRole('link', { name: enUS.header.login }).waitFor();
    const search = page
      .getByRole('searchbox', { name: enUS.header['search-label'] })
      .or(page.getByLabel(enUS.header['search-label']))
      .first();
    await search.fill('lamp');

    // The switch refetches server data (localized answers) with the new language.
    const next = page.waitForRequest(
      (req) => req.url().includes('/api/') && req.headers()['accept-language'] === 'fr-FR',
      {
        timeout: 15_000,
      },
    );
    await page.getByRole('combobox', { name: enUS.header.language }).click();
    await page.getByRole('option', { name: /Français/ }).click();
    await header.getByRole('link', { name: frFR.header.login }).waitFor();
    // Switching did not reload the page: what the visitor typed is still there.
    expect(await page.getByLabel(frFR.header['search-label']).first().inputValue()).toBe('lamp');
    const request = await next;
    expect(request.headers()['accept-language']).toBe('fr-FR');
    await page.context().close();
  });
});
