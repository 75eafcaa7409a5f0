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

/** Extra attempts a page gets, over all its runs, for runs Lighthouse did not finish. */
const RETRIES = Number(process.env.LIGHTHOUSE_RETRIES ?? 4);

/**
 * `runs` finished Lighthouse runs of `url`. A run that throws (Chromium lost the page, a protocol
 * timeout on a loaded machine) or comes back without a performance score (a metric Lighthouse
 * could not compute, e.g. NO_LCP) is retried, and said so, so a page's median and minimum are
 * over as many runs as the others' and one failure no longer reads as a score of 0 or null. After
 * `RETRIES` extra attempts the page keeps the runs it has; `failures` says what went wrong.
 */
export async function auditRuns(chrome, url, runs, { label = url, log = console.log } = {}) {
  const done = [];
  const failures = [];
  for (let attempt = 1; done.length < runs && attempt <= runs + RETRIES; attempt++) {
    try {
      const run = await auditPage(chrome, url);
      if (typeof run.performance === 'number') {
        done.push(run);
        continue;
      }
      failures.push(`no performance score (LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms)`);
    } catch (err) {
      failures.push(String(err?.message ?? err).split('\n')[0]);
    }
    log(`  ${label}: run ${attempt} failed (${failures.at(-1)}); retrying`);
  }
  if (done.length < runs) log(`  ${label}: only ${done.length} of ${runs} runs finished`);
  return { runs: done, failures };
}

/** The median run by performance (the lower middle of an even count) and the lowest score. */
export function summarize(runs) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)] ?? null, min: sorted[0]?.performance ?? null };
}

export async function runLighthouse() {
  // Imported here: web.mjs imports this module's Chromium helpers.
  const { pageSubjects, publicPages } = await import('./web.mjs');
  const server = await startServer();
  const { chrome, version } = await launchChromium();
  const pages = {};
  try {
    for (const [name, p] of Object.entries(publicPages(await pageSubjects(server.url)))) {
      const done = await auditRuns(chrome, `${server.url}${p}`, RUNS, { label: name });
      const runs = done.runs.map(({ requests: _requests, ...run }) => run);
      const { median, min } = summarize(runs);
      pages[name] = { path: p, median, min, runs, failures: done.failures };
      console.log(
        median
          ? `Lighthouse ${name} (mobile), median of ${runs.length}: performance ${median.performance} (min ${min}), accessibility ${median.accessibility}, FCP ${median.fcpMs} ms, LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms, CLS ${median.cls}`
          : `Lighthouse ${name} (mobile): no run finished`,
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
  // The target holds in every run: the lowest score is judged, not the median.
  const under = Object.entries(rec.pages).filter(([, p]) => !(p.min >= 0.95));
  if (under.length) {
    console.error(`Lighthouse mobile performance below the 0.95 target: ${under.map(([name]) => name).join(', ')}`);
    process.exitCode = 1;
  }
}
