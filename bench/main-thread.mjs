// Main-thread work of a page's load, as Lighthouse's phone would block on it, but measured in CPU
// time so a busy machine does not inflate it (decision 0112). Chromium loads each URL at a phone's
// size, a Chrome trace records the page's main thread, and every task's thread time × 4 (the
// phone's simulated CPU slowdown) over 50 ms is summed. Lighthouse counts wall time instead, and
// only between the first paint and the page going quiet: compare builds with this, judge the
// target with Lighthouse on a quiet machine.
//
//   node bench/main-thread.mjs [--runs N] [--tasks] URL...    (several URLs: runs interleaved)
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values, positionals: urls } = parseArgs({
  options: { runs: { type: 'string', default: '4' }, tasks: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (!urls.length) {
  console.error('usage: node bench/main-thread.mjs [--runs N] [--tasks] URL...');
  process.exit(1);
}

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];
const SLOWDOWN = 4;
const LONG_MS = 50;

/** One load of `url`: the main thread's tasks (start ms after navigation, CPU ms, what ran). */
async function traceLoad(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,loading,blink.user_timing',
      transferMode: 'ReportEvents',
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    await cdp.send('Tracing.end');
    await complete;
    // The renderer thread that navigated to the URL, from its navigation on (the navigation's
    // event is now and then missing from a trace: then the busiest renderer thread, whole).
    const navigations = events.filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
    const nav = navigations.findLast((e) => e.args.data.documentLoaderURL === new URL(url).href);
    const busiest = () => {
      const count = new Map();
      for (const e of events.filter((x) => x.name === 'RunTask'))
        count.set(`${e.pid}:${e.tid}`, (count.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
      const [pid, tid] = [...count]
        .sort((a, b) => b[1] - a[1])[0][0]
        .split(':')
        .map(Number);
      return {
        pid,
        tid,
        ts: Math.min(...events.filter((e) => e.pid === pid && e.tid === tid && e.ts > 0).map((e) => e.ts)),
      };
    };
    const origin = nav ?? busiest();
    const thread = events.filter(
      (e) => e.pid === origin.pid && e.tid === origin.tid && e.ph === 'X' && e.ts >= origin.ts,
    );
    return thread
      .filter((e) => e.name === 'RunTask')
      .map((task) => {
        const end = task.ts + task.dur;
        const inside = thread.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
        const kinds = {};
        for (const e of inside)
          if (
            ['v8.evaluateModule', 'FunctionCall', 'TimerFire', 'Layout', 'UpdateLayoutTree', 'ParseHTML'].includes(
              e.name,
            )
          )
            kinds[e.name] = (kinds[e.name] ?? 0) + (e.tdur ?? e.dur) / 1000;
        return { startMs: (task.ts - origin.ts) / 1000, cpuMs: (task.tdur ?? task.dur) / 1000, kinds };
      });
  } finally {
    await context.close();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: FLAGS,
});
const results = new Map(urls.map((u) => [u, []]));
try {
  for (let run = 0; run < Number(values.runs); run++) {
    for (const url of urls) {
      const tasks = await traceLoad(browser, url);
      const cpu = tasks.reduce((s, t) => s + t.cpuMs, 0);
      const blocking = tasks.reduce((s, t) => s + Math.max(0, t.cpuMs * SLOWDOWN - LONG_MS), 0);
      results.get(url).push({ cpu, blocking });
      console.log(
        `${url} run ${run + 1}: CPU ${cpu.toFixed(0)} ms, ×${SLOWDOWN} over ${LONG_MS} ms ${blocking.toFixed(0)} ms`,
      );
      if (values.tasks)
        for (const t of tasks.filter((x) => x.cpuMs * SLOWDOWN > LONG_MS))
          console.log(
            `  @${t.startMs.toFixed(0)} ms: ${t.cpuMs.toFixed(1)} ms CPU  ${Object.entries(t.kinds)
              .filter(([, ms]) => ms >= 1)
              .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
              .join(', ')}`,
          );
    }
  }
} finally {
  await browser.close();
}
for (const [url, runs] of results)
  console.log(
    `${url}: median CPU ${median(runs.map((r) => r.cpu)).toFixed(0)} ms, ×${SLOWDOWN} over ${LONG_MS} ms ${median(runs.map((r) => r.blocking)).toFixed(0)} ms (${runs.length} runs)`,
  );
