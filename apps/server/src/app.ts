import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { compose } from './composition';
import type { Config } from './config';
import type { Database } from './db/client';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { setSessionCookie } from './modules/accounts/accounts.session-cookie';
import { resolveSession } from './modules/accounts/accounts.session.service';
import { configInfoRoutes } from './modules/config-info/config-info.routes';
import { currencyRoutes } from './modules/currency/currency.routes';
import { healthRoutes } from './modules/health/health.routes';
import { logisticsRoutes } from './modules/logistics/logistics.routes';
import { contentRoutes } from './modules/content/content.routes';
import { catalogueAdminRoutes } from './modules/catalogue/catalogue.admin.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { countProductsInWarehouse, getSkuShippingFacts } from './modules/catalogue/catalogue.service';
import { affiliatesAdminRoutes } from './modules/affiliates/affiliates.admin.routes';
import { affiliatesRoutes } from './modules/affiliates/affiliates.routes';
import { walletAdminRoutes } from './modules/wallet/wallet.admin.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { trackingPushOf } from './modules/store-orders/store-orders.tracking';
import { storeOrdersTrackingRoutes } from './modules/store-orders/store-orders.tracking.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { connectionsRoutes } from './modules/connections/connections.routes';
import { storeOrdersPayRoutes } from './modules/store-orders/store-orders.pay.routes';
import { storeOrdersRoutes } from './modules/store-orders/store-orders.routes';
import { excelImportsRoutes } from './modules/excel-imports/excel-imports.routes';
import { inventoryAdminRoutes } from './modules/inventory/inventory.admin.routes';
import { inventoryRoutes } from './modules/inventory/inventory.routes';
import { bulkDepositRule } from './modules/inventory/inventory.service';
import { priceDifferencesRoutes } from './modules/price-differences/price-differences.routes';
import { preferredShippingRoutes } from './modules/preferred-shipping/preferred-shipping.routes';
import { listingsRoutes } from './modules/listings/listings.routes';
import { priceTiersRoutes } from './modules/catalogue/catalogue.price-tiers.routes';
import { rechargeAdminRoutes } from './modules/recharge/recharge.admin.routes';
import { type PaymentProviders, createPaymentProviders } from './modules/recharge/recharge.providers';
import { rechargeRoutes } from './modules/recharge/recharge.routes';
import { rechargeWebhookRoutes } from './modules/recharge/recharge.webhooks.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { afterSalesRoutes } from './modules/after-sales/after-sales.routes';
import { sourcingDeskRoutes } from './modules/sourcing/sourcing.desk.routes';
import { sourcingRoutes } from './modules/sourcing/sourcing.routes';
import { storesRoutes } from './modules/stores/stores.routes';
import { aliexpressStoreRoutes } from './modules/stores/stores.aliexpress.routes';
import { storesWebhookRoutes } from './modules/stores/stores.webhooks.routes';
import { shopifyStoreRoutes, shopifyWebhookRoutes } from './modules/stores/stores.shopify.routes';
import { authPlugin } from './platform/auth.plugin';
import { type FileStore, createFileStore } from './platform/files';
import { filesRoutes } from './platform/files/files.routes';
import { installErrorHandler } from './platform/error-handler';
import { clientErrorHandler, frameworkErrorHandler, requestTimeouts } from './platform/framework-errors';
import { acceptEmptyJsonBodies } from './platform/json-body';
import { localePlugin } from './platform/locale.plugin';
import { refuseWhileClosing } from './platform/closing';
import { type Mailer, createMailer } from './platform/mail/mailer';
import { adminJobsRoutes } from './platform/jobs/jobs.routes';
import { JobRuntime, type JobRuntimeOptions } from './platform/jobs/jobs.runtime';
import { setAfterCommitErrorReporter } from './platform/unit-of-work';
import { mailOutboxRoutes } from './platform/mail/outbox.routes';
import { registerOpenApi } from './platform/openapi';
import { computeSecurityHeaders, registerSecurityHeaders, securityHeaderOptions } from './platform/security-headers';
import { requestLogController } from './platform/first-answers';
import { registerWebApp } from './platform/static';
import { catalogueFirstRequests } from './modules/catalogue/catalogue.first-answers';
import { contentFirstRequests } from './modules/content/content.first-answers';
import type { App } from './platform/types';
import { zodValidatorCompiler } from './platform/validation';

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Tests may pass their own; by default SMTP when SMTP_URL is set, else the development outbox. */
  mailer?: Mailer;
  /** By default the store FILE_STORE names (disk under DATA_DIR, or the database). */
  files?: FileStore;
  /**
   * Work background jobs in this process once the app is ready (main.ts: every server process
   * does). Off by default so tests stay deterministic: they call `app.jobs.drain()` or
   * `app.jobs.start()` themselves.
   */
  workJobs?: boolean;
  /** Runtime settings tests tighten (poll, lease, retry delay). */
  jobOptions?: Partial<Omit<JobRuntimeOptions, 'db' | 'handlers'>>;
  /** PayPal and Stripe clients; by default built from `config.paypal` / `config.stripe`. */
  payments?: PaymentProviders;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job runtime (decision 0061). */
    jobs: JobRuntime;
  }
}

/** GETs of the web app's shell and shared lists, global data the same for every visitor. */
const SHELL_FIRST_REQUESTS = [
  { path: '/countries' },
  { path: '/logistics/warehouse' },
  { path: '/currency/rates' },
  { path: '/config-info/chat-link' },
];

/** Builds the whole API (and the web app when built). No side effects: tests build it freely. */
export async function buildApp({
  config,
  database,
  logger = false,
  mailer = createMailer(config),
  files = createFileStore(config, database.db),
  workJobs = false,
  jobOptions,
  payments = createPaymentProviders(config),
}: AppDeps) {
  const securityHeaders = computeSecurityHeaders(securityHeaderOptions(config.publicUrl));
  const app = Fastify({
    logger,
    // The server's own lookups for a page's first answers are not logged as requests (decision 0136).
    logController: requestLogController(),
    bodyLimit: config.bodyLimitBytes,
    // Framework errors in the envelope, with our headers (decision 0063).
    frameworkErrors: frameworkErrorHandler(securityHeaders),
    clientErrorHandler: clientErrorHandler(securityHeaders),
    ...requestTimeouts(config.requestTimeoutMs),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    // Refusals while closing come from refuseWhileClosing, in the envelope.
    return503OnClosing: false,
  }).withTypeProvider() as unknown as App;
  acceptEmptyJsonBodies(app);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // Set when the request arrives, so every answer carries it, errors included (a callback hook:
  // no promise per request on the hottest path).
  app.addHook('onRequest', (req, reply, next) => {
    reply.header('x-request-id', req.id);
    next();
  });

  registerSecurityHeaders(app, securityHeaders);
  await app.register(cookie);
  await app.register(localePlugin);
  refuseWhileClosing(app);
  const { db } = database;
  // Stores (decision 0100): one log line per call to a store platform (method, URL without its
  // query, status, time), never a key or a signature.
  const storesConfig: Config = {
    ...config,
    stores: {
      allowPrivateAddresses: false,
      pullEverySeconds: 3600,
      ...config.stores,
      http: { log: (line) => app.log.info(line, 'store platform call'), ...config.stores?.http },
    },
  };
  setAfterCommitErrorReporter((err) => app.log.error({ err }, 'after-commit work failed'));
  // Every cross-module reaction, job handler and schedule (the system's map: composition.ts).
  const { handlers, recurring, beforeOperatorEvent } = compose({
    db,
    config,
    storesConfig,
    mailer,
    files,
    payments,
    log: app.log,
  });
  const jobs = new JobRuntime({
    db,
    handlers,
    recurring,
    concurrency: config.jobsConcurrency,
    leaseMs: config.jobsLeaseSeconds === undefined ? undefined : config.jobsLeaseSeconds * 1000,
    logger: app.log,
    ...jobOptions,
  });
  app.decorate('jobs', jobs);
  await app.register(authPlugin, {
    resolve: (token) => resolveSession(db, token, config.sessionTtlSeconds),
    renewCookie: (reply, token) => setSessionCookie(reply, token, config.sessionTtlSeconds, config),
    trustedOrigins: config.publicUrl ? [new URL(config.publicUrl).origin] : [],
  });
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      const scoped = api as unknown as App;
      await scoped.register(healthRoutes, { database });
      await scoped.register(currencyRoutes, { db });
      await scoped.register(configInfoRoutes, { db });
      // Logistics reads products through the catalogue's functions (the catalogue depends on logistics, not back).
      const catalogue = { skuShippingFacts: getSkuShippingFacts, productsInWarehouse: countProductsInWarehouse };
      await scoped.register(logisticsRoutes, { db, catalogue });
      await scoped.register(filesRoutes, { files });
      await scoped.register(contentRoutes, { db, files });
      await scoped.register(catalogueRoutes, { db });
      await scoped.register(catalogueAdminRoutes, { db, files });
      await scoped.register(accountsRoutes, { db, config, mailer });
      await scoped.register(mailOutboxRoutes, { db });
      await scoped.register(adminJobsRoutes, { db });
      await scoped.register(walletRoutes, { db });
      await scoped.register(withdrawalsRoutes, { db, config, mailer });
      await scoped.register(walletAdminRoutes, { db });
      await scoped.register(affiliatesRoutes, { db });
      await scoped.register(affiliatesAdminRoutes, { db });
      await scoped.register(rechargeRoutes, { db, files, config, providers: payments });
      await scoped.register(rechargeAdminRoutes, { db, files });
      await scoped.register(rechargeWebhookRoutes, { db, providers: payments });
      await scoped.register(ordersRoutes, {
        db,
        trackingPushOf,
        beforeOperatorEvent,
      });
      await scoped.register(storeOrdersTrackingRoutes, { db });
      await scoped.register(checkoutRoutes, { db, config, mailer });
      await scoped.register(invoicesRoutes, { db, files });
      await scoped.register(afterSalesRoutes, { db, files });
      await scoped.register(sourcingRoutes, { db, config, files, mailer });
      await scoped.register(sourcingDeskRoutes, { db, config, mailer });
      await scoped.register(cartRoutes, { db });
      await scoped.register(paymentsRoutes, { db, config, providers: payments, depositRule: bulkDepositRule });
      await scoped.register(priceDifferencesRoutes, { db });
      await scoped.register(priceTiersRoutes, { db });
      await scoped.register(connectionsRoutes, { db });
      await scoped.register(preferredShippingRoutes, { db });
      await scoped.register(storesRoutes, { db, config: storesConfig });
      await scoped.register(aliexpressStoreRoutes, { db, config: storesConfig });
      await scoped.register(storesWebhookRoutes, { db, config: storesConfig });
      await scoped.register(shopifyStoreRoutes, { db, config: storesConfig });
      await scoped.register(shopifyWebhookRoutes, { db, config: storesConfig });
      await scoped.register(storeOrdersRoutes, { db, config: storesConfig });
      await scoped.register(storeOrdersPayRoutes, { db, config, providers: payments });
      await scoped.register(excelImportsRoutes, { db, files });
      await scoped.register(listingsRoutes, { db });
      await scoped.register(inventoryRoutes, { db, config, providers: payments });
      await scoped.register(inventoryAdminRoutes, { db });
    },
    { prefix: '/api' },
  );

  // The catalogue and content pages carry their first answers in their HTML (decisions 0122, 0147).
  await registerWebApp(app, config.webDist, {
    firstRequests: (route, url) => {
      const catalogue = catalogueFirstRequests(route, url);
      // The lists the catalogue pages' ships-from notes, country picker, currency and contact
      // button ask for after the first render: in the HTML, their answers come in the same tick,
      // so the page draws them in one render instead of one per answer (decision 0147).
      return catalogue.length ? [...catalogue, ...SHELL_FIRST_REQUESTS] : contentFirstRequests(route);
    },
    firstAnswersWaitMs: config.firstAnswersWaitMs,
  });
  if (workJobs) app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', async () => {
    // Stop claiming and finish or hand back held jobs before the database goes.
    await jobs.stop();
    mailer.close();
    await database.close();
  });
  return app;
}
