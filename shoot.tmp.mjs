import { chromium } from 'playwright-core';
const [, , email, password, lang, outPrefix, ...routes] = process.argv;
const W = Number(process.env.W ?? 1280);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
const ctx = await browser.newContext({ viewport: { width: W, height: 900 }, locale: 'en-US' });
const page = await ctx.newPage();
await page.goto('http://localhost:3901/login');
await page.getByLabel('Email').fill(email);
await page.getByLabel('Password', { exact: true }).fill(password);
await page.getByRole('button', { name: 'Log in' }).click();
await page.waitForURL((u) => !u.pathname.startsWith('/login'));
await page.evaluate((l) => localStorage.setItem('lang', l), lang);
let i = 0;
for (const r of routes) {
  const [route, click] = r.split('|');
  await page.goto(`http://localhost:3901${route}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  if (click) { await page.getByRole('button', { name: new RegExp(click) }).first().click(); await page.waitForTimeout(800); }
  const w = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.screenshot({ path: `${outPrefix}-${i++}.png`, fullPage: true });
  console.log(route, 'scrollWidth', w);
}
await browser.close();
