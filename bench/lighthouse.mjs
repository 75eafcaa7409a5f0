// Lighthouse (mobile preset, simulated throttling) on /index of the built app, with Debian's
// Chromium. Writes bench/results/lighthouse-<date>.json and prints the scores.
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
  const server = await startServer();
  const { chrome, version } = await launchChromium();
  const runs = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const { requests: _requests, ...run } = await auditPage(chrome, `${server.url}/index`);
      runs.push(run);
    }
  } finally {
    await chrome.kill();
    await server.stop();
  }
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor(sorted.length / 2)];
  const record = {
    date: new Date().toISOString(),
    cores: os.cpus().length,
    page: '/index',
    preset: 'lighthouse mobile (default formFactor, simulated throttling)',
    lighthouseVersion: (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version,
    chromium: version,
    median,
    runs,
  };
  const dir = path.join(root, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `lighthouse-${record.date.slice(0, 10)}.json`), `${JSON.stringify(record, null, 2)}\n`);
  console.log(
    `Lighthouse /index (mobile), median of ${RUNS}: performance ${median.performance}, accessibility ${median.accessibility}, FCP ${median.fcpMs} ms, LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms, CLS ${median.cls}`,
  );
  return record;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rec = await runLighthouse();
  if (rec.median.performance < 0.95) {
    console.error('Lighthouse mobile performance below the 0.95 target');
    process.exitCode = 1;
  }
}
