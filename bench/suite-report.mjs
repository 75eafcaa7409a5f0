// Targets and the Markdown table of `npm run bench` (decision 0095; issue 10).
import { SCENARIOS } from './suite-scenarios.mjs';
import { FIRST_LOAD_TARGET_KB, LIGHTHOUSE_TARGET } from './web.mjs';

export const TARGETS = {
  detailShare: 0.3, // product detail ≥ 30 % of the baseline's req/s
  searchNewShare: 0.03, // search with a new keyword or price range every request ≥ 3 % …
  searchNewP99Ms: 100, // … and p99 < 100 ms
  checkoutP99Ms: 150, // cart, confirm, submit, wallet pay
  peakRssMb: 300, // the server's resident memory at its highest over the whole run
  storeOrderImportRssMb: 300, // the server's peak while importing 10,000 store orders
  storeOrderAnswerP99Ms: 5000, // Shopify counts a slower answer as failed and delivers again
  excelPreviewSeconds: 3, // a 10,000-row .xlsx previewed (issue 23) …
  excelImportSeconds: 10, // … and imported, the server's peak RSS meanwhile < 300 MB
  excelRssMb: 300,
  listingRssMb: 300,
  inventoryP99Ms: 50, // the inventory page and an item's log at 1,000 SKUs × 3 warehouses (issue 24)
};

/** The target a scenario has, as text, and whether result `r` meets it; null: information. */
export function judge(name, r, baselineRps) {
  if (!r || r.missing) return { target: null, met: null };
  // A window in which nothing was answered is no figure: every pending request is a failure.
  const clean = r.errors === 0 && r.requests > 0;
  const share = r.rps / baselineRps;
  switch (name) {
    case 'detail':
      return { target: `≥ ${TARGETS.detailShare * 100} % of baseline`, met: clean && share >= TARGETS.detailShare };
    case 'search-new':
      return {
        target: `≥ ${TARGETS.searchNewShare * 100} % of baseline, p99 < ${TARGETS.searchNewP99Ms} ms`,
        met: clean && share >= TARGETS.searchNewShare && r.p99 < TARGETS.searchNewP99Ms,
      };
    case 'cart':
    case 'confirm':
    case 'submit':
    case 'pay':
      return { target: `p99 < ${TARGETS.checkoutP99Ms} ms`, met: clean && r.p99 < TARGETS.checkoutP99Ms };
    case 'inventory-page':
    case 'inventory-log':
      return { target: `p99 < ${TARGETS.inventoryP99Ms} ms`, met: clean && r.p99 < TARGETS.inventoryP99Ms };
    case 'store-orders-import':
      return {
        target: `every order kept, peak RSS < ${TARGETS.storeOrderImportRssMb} MB`,
        met: r.kept === r.orders && r.errors === 0 && r.peakRssMb < TARGETS.storeOrderImportRssMb,
      };
    case 'store-orders-burst':
      return {
        target: `p99 < ${TARGETS.storeOrderAnswerP99Ms} ms, every order once`,
        met: r.errors === 0 && r.exactlyOnce && r.p99 !== null && r.p99 < TARGETS.storeOrderAnswerP99Ms,
      };
    case 'excel-import':
      return {
        target: `preview < ${TARGETS.excelPreviewSeconds} s, import < ${TARGETS.excelImportSeconds} s, every order in, peak RSS < ${TARGETS.excelRssMb} MB`,
        met:
          r.errors === 0 &&
          r.previewSeconds < TARGETS.excelPreviewSeconds &&
          r.importSeconds < TARGETS.excelImportSeconds &&
          r.peakRssMb < TARGETS.excelRssMb,
      };
    case 'listings-publish':
      // Every product listed, each once in the shop, the server's memory in bounds (decision 0138).
      return {
        target: `every listing listed, peak RSS < ${TARGETS.listingRssMb} MB`,
        met: r.errors === 0 && r.listed === r.listings && r.peakRssMb < TARGETS.listingRssMb,
      };
    default:
      return { target: null, met: null };
  }
}

const verdict = (met) => (met === null ? 'information' : met ? 'met' : '**NOT met**');
const pct = (x) => `${(x * 100).toFixed(x < 0.1 ? 2 : 1)} %`;

export function markdown(record) {
  const { baseline } = record;
  const lines = [
    `# Benchmark ${record.date} (${record.database}${record.quick ? ', quick' : ''})`,
    '',
    `\`${record.command}\``,
    '',
    `${record.cores} cores (${record.cpu}), Node ${record.node}; ${record.connections} connections, ${record.warmup} s warm-up then ${record.seconds} s per scenario.`,
    `Data: ${record.seed.counts.products} products, ${record.seed.counts.users} users, ${record.seed.counts.orders} orders (${record.seed.counts.orderLines} lines), ${record.seed.counts.ledgerLines} ledger lines; seeded in ${record.seed.seconds} s.`,
    `Load average (1/5/15 min) at start ${record.loadAverageAtStart.join(' / ')}, at end ${record.loadAverageAtEnd.join(' / ')}: other work on the machine shares the cores.`,
    `Baseline (Fastify hello world, own process, same run): ${baseline.rps} req/s (${baseline.runs.map((b) => b.rps).join(' before, ')} after), p99 ${baseline.p99} ms.`,
    '',
    '| scenario | req/s | of baseline | p50 ms | p99 ms | errors | CPU ms/req (server + PostgreSQL) | peak RSS MB | target | verdict |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const s of SCENARIOS) {
    const r = record.results[s.name];
    if (!r) continue;
    if (r.missing) {
      lines.push(`| ${s.name} | — | — | — | — | — | — | — | — | endpoint missing |`);
      continue;
    }
    const { target, met } = record.verdicts[s.name];
    const cpu = `${r.cpuMsPerRequest.node} + ${r.cpuMsPerRequest.postgres ?? '—'}`;
    const note =
      (r.poolRanOut ? ` (pool spent after ${r.seconds} s)` : '') +
      (r.requests ? '' : ' (nothing answered in the window)');
    lines.push(
      `| ${s.name}${s.connections ? ` (${s.connections} conn.)` : ''} | ${r.rps} | ${pct(r.rps / baseline.rps)} | ${r.p50 ?? '—'} | ${r.p99 ?? '—'} | ${r.errors} | ${cpu} | ${r.peakRssMb ?? '—'} | ${target ?? '—'} | ${verdict(met)}${note} |`,
    );
  }
  // Scenarios timed to their end rather than in a window say what their row means.
  const details = SCENARIOS.filter((s) => record.results[s.name]?.detail);
  const rss = record.verdicts.peakRss;
  lines.push(
    `| server peak RSS (whole run) | | | | | | | ${record.serverPeakRssMb} | < ${TARGETS.peakRssMb} MB | ${verdict(rss.met)} |`,
  );
  if (details.length)
    lines.push(
      '',
      ...details.map(
        (s) => `- ${s.name} (req/s = orders, deliveries or rows a second): ${record.results[s.name].detail}`,
      ),
    );
  if (record.web) {
    lines.push(
      '',
      `Front end (built web app served by this server; Lighthouse mobile, median and lowest of ${record.web.runs} finished runs, failed runs retried; ${record.web.chromium}):`,
      '',
      '| page | performance (median) | min | runs | LCP ms | TBT ms | CLS | first load gzip kB | of it JS / CSS / HTML | target |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...Object.entries(record.web.pages).map(([name, p]) => {
        const f = p.firstLoad;
        if (!f) return `| ${name} | no run finished | | | | | | | | ${verdict(false)} |`;
        // Records written before decision 0109 have no total: JS + CSS + HTML.
        const total = f.totalGzipKb ?? Number((f.jsCssGzipKb + f.htmlGzipKb).toFixed(1));
        // Records before decision 0144 have no minimum: the median stands for it.
        const min = p.performanceMin ?? p.performance;
        const met = min >= LIGHTHOUSE_TARGET && total <= FIRST_LOAD_TARGET_KB;
        const retried = p.failures?.length ? ` (${p.failures.length} retried)` : '';
        return `| ${name} | ${p.performance} | ${min} | ${(p.performanceRuns ?? []).join(', ')}${retried} | ${p.lcpMs} | ${p.tbtMs} | ${p.cls?.toFixed(3) ?? ''} | ${total} | ${f.jsGzipKb} / ${f.cssGzipKb} / ${f.htmlGzipKb} | every run ≥ ${LIGHTHOUSE_TARGET}, first load ≤ ${FIRST_LOAD_TARGET_KB} kB: ${verdict(met)} |`;
      }),
    );
  }
  const failed = Object.entries(record.verdicts)
    .filter(([, v]) => v.met === false)
    .map(([k]) => k);
  lines.push('', failed.length ? `Targets not met: ${failed.join(', ')}.` : 'Every target met.', '');
  return lines.join('\n');
}
