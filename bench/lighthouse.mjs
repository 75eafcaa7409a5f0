// Lighthouse (mobile preset, simulated throttling) on every public page of the built app (the
// demo's data), with Debian's Chromium. Writes bench/results/lighthouse-<date>.json and prints
// the median scores per page; exits 1 when a page is under the target.
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { root, startServer } from './server.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** Debian's Chromium with the project's flags, for Lighthouse to drive. */
export async function launchChromium() {
  const chromePath = process.env.CHROMIUM_PATH ?? execSync('which chromium').toString().trim();
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return { chrome, version: execSync(`${chromePath} --version`).toString().trim() };
}

/** One Lighthouse run of `url`: the scores, the metrics and the requests the page made. */
export async function auditPage(chrome, url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  const lhr = result.lhr;
  const metric = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  return {
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    bestPractices: lhr.categories['best-practices'].score,
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue,
    speedIndexMs: metric('speed-index'),
    requests: (lhr.audits['network-requests']?.details?.items ?? []).map((r) => ({
      url: r.url,
      type: r.resourceType,
      transferSize: r.transferSize,
    })),
  };
}

export async function runLighthouse() {
  // Imported here: web.mjs imports this module's Chromium helpers.
  const { pageSubjects, publicPages } = await import('./web.mjs');
  const server = await startServer();
  const { chrome, version } = await launchChromium();
  const pages = {};
  try {
    for (const [name, p] of Object.entries(publicPages(await pageSubjects(server.url)))) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const { requests: _requests, ...run } = await auditPage(chrome, `${server.url}${p}`);
        runs.push(run);
      }
      const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
      pages[name] = { path: p, median, runs };
      console.log(
        `Lighthouse ${name} (mobile), median of ${RUNS}: performance ${median.performance}, accessibility ${median.accessibility}, FCP ${median.fcpMs} ms, LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms, CLS ${median.cls}`,
      );
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }
  const record = {
    date: new Date().toISOString(),
    cores: os.cpus().length,
    preset: 'lighthouse mobile (default formFactor, simulated throttling)',
    lighthouseVersion: (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version,
    chromium: version,
    pages,
  };
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `lighthouse-${record.date.slice(0, 10)}.json`), `${JSON.stringify(record, null, 2)}\n`);
  return record;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rec = await runLighthouse();
  const under = Object.entries(rec.pages).filter(([, p]) => p.median.performance < 0.95);
  if (under.length) {
    console.error(`Lighthouse mobile performance below the 0.95 target: ${under.map(([name]) => name).join(', ')}`);
    process.exitCode = 1;
  }
}
