import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { seed } from './db/seed';
import { SANDBOX_SHOPIFY_SHOP, startSandbox } from './sandbox/sandbox';
import { createFileStore } from './platform/files';
import { importDiskUploads } from './platform/files/import-disk';
import { mailTransportLabel } from './platform/mail/mailer';
import { limitHeapGrowth } from './platform/memory';
import { readableLogStream } from './platform/readable-log';
import { logInLines } from './start-banner';

limitHeapGrowth();

// No PayPal / Stripe credentials: the demo pays against the local emulators (decision 0074).
const sandbox = await startSandbox(loadConfig());
const config = sandbox.config;
const started = Date.now();
const database = await openConfiguredDatabase(config);
const accounts = await seed(database.db, config);
const files = createFileStore(config, database.db);
// Uploads an earlier version kept on this node's disk move into the database store once.
const imported = await importDiskUploads(config.dataDir, files);
const app = await buildApp({
  config,
  database,
  files,
  workJobs: true,
  logger: {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    // In a terminal, one short line per request; piped or redirected, JSON lines for log shippers.
    ...(process.stdout.isTTY ? { stream: readableLogStream(process.stdout) } : {}),
  },
});

sandbox.mount(app);
app.addHook('onClose', () => sandbox.close());

await app.listen({ port: config.port, host: config.host });
const url = config.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
const where =
  database.kind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : 'PostgreSQL server (DATABASE_URL)';
console.log(
  [
    '',
    `  Marketplace is running at ${url}  (ready in ${Date.now() - started} ms)`,
    `  Database: ${where}`,
    ...(['127.0.0.1', 'localhost', '::1'].includes(config.host)
      ? [`  Listening on ${config.host} only: other machines cannot reach it (set HOST=0.0.0.0 to allow them)`]
      : []),
    `  API docs: ${url}/api/docs`,
    `  Mail: ${mailTransportLabel(config)}`,
    `  Payments: ${config.paymentSandbox ? `sandbox (local emulators at ${url}/sandbox/…; set PAYPAL_* / STRIPE_* for real providers)` : 'PayPal and Stripe as configured'}`,
    ...(sandbox.woocommerce
      ? [
          `  Stores: a sandbox WooCommerce store at ${url}/sandbox/woocommerce/wp-admin (its address and keys are shown there)`,
        ]
      : []),
    ...(sandbox.aliexpress
      ? [
          `  AliExpress: sandbox (local emulator; products at ${url}/sandbox/aliexpress/admin; set ALIEXPRESS_APP_KEY / _SECRET for the real platform)`,
        ]
      : []),
    ...(sandbox.shopify
      ? [
          `  Stores: a sandbox Shopify shop at ${url}/sandbox/shopify/${SANDBOX_SHOPIFY_SHOP}/admin (any other *.myshopify.com name works too; set SHOPIFY_* for a real app)`,
        ]
      : []),
    `  Files: ${files.kind === 'database' ? 'in the database' : `on disk in ${config.dataDir}/uploads`}${imported ? ` (${imported} copied from disk)` : ''}`,
  ].join('\n'),
);
// The log-ins last, framed, so they are easy to find above the request lines that follow.
console.log(logInLines(accounts, database.kind));

// Graceful shutdown: stop accepting, let in-flight requests finish, stop claiming jobs and finish
// or hand back the held ones (app close), then close the database.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  });
}
