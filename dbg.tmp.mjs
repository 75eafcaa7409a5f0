import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' })).newPage();
await page.goto('http://localhost:3901/login');
await page.waitForTimeout(4000);
await page.screenshot({ path: '/tmp/shots/login.png' });
console.log(await page.evaluate(() => document.body.innerText.slice(0, 300)));
await browser.close();
