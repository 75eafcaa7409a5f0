import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach } from 'vitest';
import { openPages } from './browser';

// When a journey fails, what did the browser show? A screenshot of every page the test still has
// open goes to e2e/artifacts/, and the page's URL and visible text go to the log, so a failure in
// CI can be read without running it again.
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');

beforeEach(() => {
  openPages.clear();
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  mkdirSync(artifacts, { recursive: true });
  const name = ctx.task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
  let n = 0;
  for (const page of openPages) {
    if (page.isClosed()) continue;
    const file = path.join(artifacts, `${name}-${++n}.png`);
    try {
      await page.screenshot({ path: file, fullPage: true });
      const text = (await page.evaluate(() => document.body.innerText)).slice(0, 1500);
      console.log(
        `[e2e failure] ${ctx.task.name}\n  page: ${page.url()}\n  screenshot: ${file}\n  visible text:\n${text}`,
      );
    } catch (err) {
      console.log(`[e2e failure] ${ctx.task.name}: could not capture ${page.url()}: ${String(err)}`);
    }
  }
});
