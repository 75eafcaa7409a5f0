import { execSync } from 'node:child_process';
import { type Browser, type Page, chromium } from 'playwright-core';
import { inject } from 'vitest';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? execSync('which chromium').toString().trim();
}

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: FLAGS });
}

export const baseUrl = () => inject('baseUrl');

/** Pages opened by the running test: on a failure, failure-capture.ts records what they showed. */
export const openPages = new Set<Page>();

/** A fresh browser context (own storage) with the interface language preset, at a page. */
export async function openPage(
  browser: Browser,
  route: string,
  opts: { lang?: string; width?: number } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1280, height: 900 } });
  if (opts.lang) {
    await context.addInitScript((lang) => {
      if (!sessionStorage.getItem('__e2e_lang_set')) {
        localStorage.setItem('lang', lang);
        sessionStorage.setItem('__e2e_lang_set', '1');
      }
    }, opts.lang);
  }
  const page = await context.newPage();
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  await page.goto(`${baseUrl()}${route}`);
  return page;
}
