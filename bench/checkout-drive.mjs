// The load side of the checkout benchmark (decision 0091): requests as the seeded users, pools
// filled outside the window, autocannon windows, and the CPU each request cost.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export const CONNECTIONS = 32;

/** CPU seconds (user + system) a process has used, from /proc; 0 once it is gone. */
function procCpu(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU used so far by the server process and by the PostgreSQL backends serving the scratch
 * database (the database server runs on this machine; PGlite runs inside the server process).
 * Where a request's time goes: with the cores shared, this tells cost from queueing.
 */
export function cpuMeter(serverPid, backendPids) {
  return async () => {
    const backends = await backendPids();
    return { node: procCpu(serverPid), pg: new Map(backends.map((pid) => [pid, procCpu(pid)])) };
  };
}

/** Milliseconds of CPU per request between two meter readings (a backend new in between counts whole). */
export function cpuPerRequest(before, after, requests) {
  let pgSeconds = 0;
  for (const [pid, s] of after.pg) pgSeconds += s - (before.pg.get(pid) ?? 0);
  const per = (seconds) => Number(((seconds * 1000) / Math.max(requests, 1)).toFixed(2));
  return { node: per(after.node - before.node), postgres: after.pg.size ? per(pgSeconds) : null };
}

// No token: a visitor's request (the catalogue), with no Authorization header at all.
export const headers = (token, idempotent) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...(idempotent ? { 'idempotency-key': randomUUID() } : {}),
});

/** One call outside the measured window (pools, probes); returns { status, body }. */
export async function call(url, p, token, body, idempotent = false) {
  const res = await fetch(`${url}${p}`, {
    method: 'POST',
    headers: headers(token, idempotent),
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** `count` results of `make(i)` with CONNECTIONS calls in flight; a failed make throws. */
export async function fill(count, make) {
  const out = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      out[i] = await make(i);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return out;
}

/**
 * Warm-up then the measured window of one scenario. `build(i)` → { path, token, body, idempotent,
 * headers (extra, e.g. Accept-Language) } for the i-th request (counting on across warm-up and window). A pooled scenario passes
 * `poolSize`: autocannon then sends at most what is left of the pool (`amount`) and is stopped at
 * the window's end, so no pool item is ever sent twice; a window the pool cannot fill ends early
 * and says so (`poolRanOut`, `seconds`).
 */
export async function drive(url, o, build, meter, poolSize, accept) {
  let i = 0;
  let sample = null;
  let refused = 0;
  // `share`: the part of what is left of a pool this run may use (the warm-up leaves the window its part).
  const once = (seconds, share = 1) =>
    new Promise((resolve, reject) => {
      const left = poolSize === undefined ? undefined : Math.floor((poolSize - i) * share);
      if (left !== undefined && left < CONNECTIONS) return reject(new Error(`the pool is spent (${poolSize} items)`));
      let timer;
      const inst = autocannon(
        {
          url,
          connections: o.connections ?? CONNECTIONS,
          ...(left === undefined ? { duration: seconds } : { amount: left }),
          requests: [
            {
              setupRequest: (req) => {
                const r = build(i++);
                const method = r.body === undefined ? 'GET' : 'POST';
                const body = r.body === undefined ? undefined : JSON.stringify(r.body);
                return {
                  ...req,
                  method,
                  path: r.path,
                  headers: { ...headers(r.token, r.idempotent), ...r.headers },
                  body,
                };
              },
              onResponse: (status, body) => {
                // A 200 that is not what was asked (a payment not made) counts as an error too.
                const bad = status < 300 && accept && !accept(body);
                if (bad) refused++;
                if ((status >= 300 || bad) && !sample) sample = `${status} ${String(body).slice(0, 300)}`;
              },
            },
          ],
        },
        (err, result) => {
          clearTimeout(timer);
          if (err) reject(err);
          else resolve(result);
        },
      );
      if (left !== undefined) timer = setTimeout(() => inst.stop(), seconds * 1000);
    });
  await once(o.warmup, o.warmup / (o.warmup + o.seconds));
  sample = null;
  refused = 0;
  const before = await meter();
  const r = await once(o.seconds);
  const after = await meter();
  return {
    cpuMsPerRequest: cpuPerRequest(before, after, r.requests.total),
    requests: r.requests.total,
    seconds: r.duration,
    rps: Math.round(r.requests.total / Math.max(r.duration, 0.001)),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts + (r.non2xx ?? 0) + refused,
    refused,
    statusCodes: r.statusCodeStats,
    firstError: sample,
    // The meter may also sample the server's memory (bench/run.mjs): its peak in the window.
    peakRssMb: after.peakRssMb ?? null,
    poolRanOut: poolSize !== undefined && i >= poolSize,
  };
}
