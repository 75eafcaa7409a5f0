import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { seed } from './db/seed';
import { SANDBOX_SHOPIFY_SHOP, startSandbox } from './sandbox/sandbox';
import { createFileStore } from './platform/files';
import { importDiskUploads } from './platform/files/import-disk';
import { mailTransportLabel } from './platform/mail/mailer';
import { limitHeapGrowth } from './platform/memory';

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
  },
});

sandbox.mount(app);
app.addHook('onClose', () => sandbox.close());

await app.listen({ port: config.port, host: config.host });
const url = config.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
const where =
  database.kind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : 'PostgreSQL server (DATABASE_URL)';
const operatorLine = accounts.operator.password
  ? `${accounts.operator.email} / ${accounts.operator.password}`
  : `${accounts.operator.email} (password as printed at first start, or OPERATOR_PASSWORD)`;
console.log(
  [
    '',
    `  Marketplace is running at ${url}  (ready in ${Date.now() - started} ms)`,
    `  Database: ${where}`,
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
    `  Demo store owner: ${accounts.demo.email} / ${accounts.demo.password}`,
    `  Operator:         ${operatorLine}`,
    '',
  ].join('\n'),
);

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
