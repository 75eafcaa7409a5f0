import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { seed } from './db/seed';
import { mailTransportLabel } from './platform/mail/mailer';

const config = loadConfig();
const started = Date.now();
const database = await openConfiguredDatabase(config);
const accounts = await seed(database.db, config);
const app = await buildApp({
  config,
  database,
  workJobs: true,
  logger: {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  },
});

await app.listen({ port: config.port, host: config.host });
const url = config.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
const where = database.kind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : 'PostgreSQL server (DATABASE_URL)';
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
