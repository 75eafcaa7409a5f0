/**
 * The system's map: how the modules react to each other, which background job runs what, and what
 * runs on a schedule. Nothing else subscribes anything: route plugins only serve requests, and a
 * module names its events without knowing who listens. buildApp (app.ts) calls `compose` once per
 * app, so tests, which build the app with buildApp, get the same wiring as production.
 *
 * Reactions run inside the unit of work of the change that caused them, in the order listed here
 * for one event (a reaction that throws rolls the change back). They belong to the database handle
 * the app owns, not to the process (platform/subscribers.ts): every event is emitted inside a unit
 * of work, which knows its root database, so the emitting module finds them with one WeakMap read
 * and nothing has to be passed down the call chain. Two apps on two databases in one process never
 * share subscribers, and a database no app composed (a bare test database, the seed) has none.
 *
 * Job types are named `module.job`; a job runs at least once (decision 0061), so each is safe to
 * run again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { onUserRegistered } from './modules/accounts/accounts.service';
import {
  AFFILIATE_RELEASE_JOB,
  affiliatesJobHandlers,
  affiliatesSchedule,
  onOrderPaid,
  onOrderRefunded,
} from './modules/affiliates/affiliates.commissions';
import { attributeRegistration } from './modules/affiliates/affiliates.service';
import { onCataloguePriceChange, onCatalogueSkuChange } from './modules/catalogue/catalogue.service';
import { checkoutSettings } from './modules/checkout/checkout.confirm.service';
import { onTaxRateChange } from './modules/checkout/checkout.service';
import { ORDER_EXPIRE_JOB, checkoutJobHandlers, stockReactions } from './modules/checkout/checkout.expiry';
import { assignAtRegistration } from './modules/sourcing/sourcing.agents';
import { onConnectionChange, reviewConnections } from './modules/connections/connections.service';
import { onRateChange } from './modules/currency/currency.service';
import { invoiceJobHandlers, invoicesSchedule } from './modules/invoices/invoices.jobs';
import { INVOICE_NUMBER_PENDING_JOB, INVOICE_RENDER_JOB } from './modules/invoices/invoices.service';
import { onOrderChange, type TransitionEvent } from './modules/orders/orders.service';
import type { UnitOfWork } from './platform/unit-of-work';
import {
  BALANCE_REFERENCE_TYPE,
  balanceCompleted,
  bulkDepositRule,
  depositCredited,
  inventoryReactions,
  shipFirstReactions,
} from './modules/inventory/inventory.service';
import { onShippingChange } from './modules/logistics/logistics.service';
import { onPreferenceChange } from './modules/preferred-shipping/preferred-shipping.service';
import {
  ORDER_BALANCE_REFERENCE_TYPE,
  lockWalletOfTwoPartOrder,
  orderBalanceCompleted,
  orderDepositCredited,
  paymentReactions,
  twoPartReactions,
} from './modules/payments/payments.service';
import { cancelDueWithOrder } from './modules/price-differences/price-differences.service';
import { rechargeJobHandlers } from './modules/recharge/recharge.jobs';
import type { PaymentProviders } from './modules/recharge/recharge.providers';
import { onRechargeEvent } from './modules/recharge/recharge.service';
import { RECHARGE_CREDIT_JOB, RECHARGE_EXPIRE_JOB } from './modules/recharge/recharge.state';
import { STORE_TRACKING_PUSH_JOB, trackingChanged } from './modules/store-orders/store-orders.tracking';
import { trackingJobHandlers } from './modules/store-orders/store-orders.tracking.job';
import {
  STORES_PULL_JOB,
  storesExpiryWarningSchedule,
  storesJobHandlers,
  storesPullSchedule,
  storesTokenRefreshSchedule,
} from './modules/stores/stores.jobs';
import { STORE_SYNC_JOB } from './modules/stores/stores.sync';
import { STORES_EXPIRY_WARNING_JOB, STORES_TOKEN_REFRESH_JOB } from './modules/stores/stores.tokens';
import { STORE_WEBHOOK_JOB } from './modules/stores/stores.webhooks';
import { STORE_SUBSCRIBE_JOB } from './modules/stores/stores.woocommerce';
import { STORE_ORDER_WEBHOOK_JOB, STORE_PRIVACY_JOB, onStoreChange } from './modules/stores/stores.service';
import {
  STORE_ORDERS_FEE_CHECK_JOB,
  STORE_ORDERS_PULL_DUE_JOB,
  STORE_ORDERS_PULL_JOB,
  STORE_ORDERS_QUOTE_JOB,
  queueOrderPull,
  queueStoreQuote,
  rejudgeOrdersOfVariants,
  rejudgeStoreOrders,
  requoteOfPreference,
  requoteOfProduct,
  requoteOfRate,
  requoteOfShipping,
  requoteOfTax,
  storeOrdersJobHandlers,
  storeOrdersSchedule,
} from './modules/store-orders/store-orders.service';
import {
  LISTINGS_INVENTORY_SYNC_JOB,
  LISTINGS_PUBLISH_JOB,
  LISTINGS_PUSH_PRICES_JOB,
  LISTINGS_ROLLBACK_JOB,
  LISTINGS_PRICE_FOLLOW_JOB,
  listingsJobHandlers,
  listingsSchedule,
} from './modules/listings/listings.service';
import {
  WALLET_RECONCILE_JOB,
  walletReconcileHandlers,
  walletReconcileSchedule,
} from './modules/wallet/wallet.reconcile';
import { WALLET_SETTLE_HELD_JOB, onHeldPaymentCompleted } from './modules/wallet/wallet.service';
import { walletSettleHandlers } from './modules/wallet/wallet.settle';
import type { FileStore } from './platform/files';
import {
  IDEMPOTENCY_PURGE_JOB,
  idempotencyMaintenanceHandlers,
  idempotencyMaintenanceSchedule,
} from './platform/idempotency/idempotency.maintenance';
import type { RecurringJob } from './platform/jobs/jobs.queue';
import { JOBS_PURGE_JOB, jobsMaintenanceHandlers, jobsMaintenanceSchedule } from './platform/jobs/jobs.maintenance';
import type { JobHandler } from './platform/jobs/jobs.runtime';
import { MAIL_SEND_JOB, type Mailer } from './platform/mail/mailer';

export interface CompositionDeps {
  /** The app's database: the reactions are subscribed on it. */
  db: Db;
  config: Config;
  /** The configuration the stores module runs with (buildApp adds its call log). */
  storesConfig: Config;
  mailer: Mailer;
  files: FileStore;
  payments: PaymentProviders;
  log: FastifyBaseLogger;
}

/** What the job runtime works (a handler per job type, the recurring schedules) and the routes' hooks. */
export interface Composition {
  handlers: Record<string, JobHandler>;
  recurring: RecurringJob[];
  /** The orders routes' step before an operator event locks the order (`OrdersRoutesOptions`). */
  beforeOperatorEvent: (uow: UnitOfWork, orderId: string, event: TransitionEvent) => Promise<void>;
}

export function compose({
  db,
  config,
  storesConfig,
  mailer,
  files,
  payments: providers,
  log,
}: CompositionDeps): Composition {
  // A deposit's PayPal money arrived: inventory pays an inventory order's, payments a catalogue bulk order's (decision 0145).
  const payments = paymentReactions(config, async (uow, payment, order) =>
    order.source === 'inventory'
      ? depositCredited(uow, config, payment, order)
      : orderDepositCredited(uow, config, await bulkDepositRule(uow.tx), payment, order),
  );
  const checkout = stockReactions(checkoutSettings(config));

  // ── Reactions: when something happens in one module → what another module does ──────────────
  // when an order is trashed → checkout gives its lines back to stock
  onOrderChange(db, 'trash', 'checkout.release-stock', checkout.releaseStock);
  // when an order expires unpaid → checkout gives its lines back to stock
  onOrderChange(db, 'expire', 'checkout.release-stock', checkout.releaseStock);
  // when a paid store order is cancelled for a refund to the wallet (before purchasing) → checkout gives its lines back to stock
  onOrderChange(db, 'cancel-refund', 'checkout.release-stock', checkout.releaseStock);
  // when a paid store order is cancelled for a refund to the wallet → price-differences closes a difference still due on it ("cancelled with the order")
  onOrderChange(db, 'cancel-refund', 'price-differences.cancel-with-order', cancelDueWithOrder);
  // when an order is restored from the draft box → checkout reserves its stock again and sets a new pay-by time
  onOrderChange(db, 'restore', 'checkout.reserve-stock', checkout.reserveStockAgain);
  // when a held wallet payment is completed by a top-up → payments marks its orders paid (or gives the money back)
  onHeldPaymentCompleted(db, 'order-payment', payments.heldCompleted);
  // when a top-up completes the held balance of a bulk deposit order → inventory lets it be stocked
  onHeldPaymentCompleted(db, BALANCE_REFERENCE_TYPE, balanceCompleted);
  // when a top-up completes the held balance of a catalogue bulk order paid in two parts → payments lets it ship (decision 0145)
  onHeldPaymentCompleted(db, ORDER_BALANCE_REFERENCE_TYPE, orderBalanceCompleted);
  // when the operator has bought such an order's goods → payments charges its balance from the wallet (held when short)
  onOrderChange(db, 'purchase', 'payments.charge-balance', twoPartReactions.purchased);
  // when such an order is shipped → payments refuses it while the balance is unpaid, else moves the bulk deposit to revenue
  onOrderChange(db, 'ship', 'payments.settle-deposit', twoPartReactions.shipped);
  // when the PayPal recharge of a payment is credited to the wallet → payments pays its orders from it
  //   (a deposit's: inventory pays the deposit of the two-part order from it, decision 0140)
  onRechargeEvent(db, 'credited', 'payments.pay-orders', payments.rechargeCredited);
  // when the PayPal recharge of a payment closes without money → payments marks the payment failed
  onRechargeEvent(db, 'closed', 'payments.recharge-closed', payments.rechargeClosed);
  // when an order is trashed → payments cancels its held payment (a PayPal one fails)
  onOrderChange(db, 'trash', 'payments.cancel-held', payments.orderGone);
  // when an order expires unpaid → payments cancels its held payment (a PayPal one fails)
  onOrderChange(db, 'expire', 'payments.cancel-held', payments.orderGone);
  // when catalogue SKUs are taken down, change options or are removed → connections marks the variants connected to them for review
  onCatalogueSkuChange(db, 'connections.review', reviewConnections);
  // when catalogue SKUs are taken down, put back on sale, change or are removed → store-orders judges the unpaid store orders using them again and re-quotes them
  onCatalogueSkuChange(db, 'store-orders.rejudge', rejudgeStoreOrders);
  // when a seller connects, disconnects or undoes variants → store-orders judges and quotes again the unpaid store orders with those variants
  onConnectionChange(db, 'store-orders.rejudge', rejudgeOrdersOfVariants);
  // when a store is connected, reconnected or reauthorized → store-orders queues its order import at once
  onStoreChange(db, 'connected', 'store-orders.first-import', async (uow, c) => {
    await queueOrderPull(uow, c.storeId);
  });
  // when the owner changes a store's margin guard → store-orders re-quotes that store's unpaid orders against it
  onStoreChange(db, 'margin-guard', 'store-orders.requote', (uow, c) => queueStoreQuote(uow, c.storeId));
  // when the operator edits a product or replaces its bulk tiers → store-orders re-quotes the unpaid store orders using its SKUs
  onCataloguePriceChange(db, 'store-orders.requote', requoteOfProduct);
  // when the operator changes shipping methods, zones, rates or warehouses → store-orders re-quotes the unpaid store orders to those countries
  onShippingChange(db, 'store-orders.requote', requoteOfShipping);
  // when the operator changes a currency's rate → store-orders re-quotes the unpaid store orders sold in it (their margin)
  onRateChange(db, 'store-orders.requote', requoteOfRate);
  // when the operator sets, changes or deletes a country's tax rate → store-orders re-quotes the unpaid store orders to that country
  onTaxRateChange(db, 'store-orders.requote', requoteOfTax);
  // when an owner saves or removes a preferred-shipping rule → store-orders re-quotes their unpaid store orders it covers
  onPreferenceChange(db, 'store-orders.requote', requoteOfPreference);
  // when a store order is shipped → store-orders queues its tracking's push to the store
  onOrderChange(db, 'ship', 'store-orders.push-tracking', trackingChanged);
  // when the operator corrects a shipped store order's tracking → store-orders pushes it again (updating its fulfilment)
  onOrderChange(db, 'update-tracking', 'store-orders.push-tracking', trackingChanged);
  // when a store owner registers with a referral code → affiliates attributes the account to its affiliate, once
  onUserRegistered(db, 'affiliates.attribute', attributeRegistration);
  // when a store owner registers → sourcing gives them an active agent who speaks their language, in turn
  onUserRegistered(db, 'sourcing.assign-agent', assignAtRegistration);
  // when a referred user's order is paid → affiliates records a pending commission on its goods
  onOrderChange(db, 'pay', 'affiliates.commission', onOrderPaid);
  // when an order is refunded (after-sales) → affiliates lowers its commission (a reversing ledger line once paid)
  onOrderChange(db, 'refunded', 'affiliates.refund', onOrderRefunded);
  // when an inventory order is paid → inventory makes it "to be purchased" and shows its pieces as unreceived
  onOrderChange(db, 'pay', 'inventory.order-paid', inventoryReactions.orderPaid);
  // when an unpaid inventory order is trashed or expires → inventory marks it cancelled
  onOrderChange(db, 'trash', 'inventory.order-gone', inventoryReactions.orderGone);
  onOrderChange(db, 'expire', 'inventory.order-gone', inventoryReactions.orderGone);
  // when it is restored from the draft box → inventory has it await payment again
  onOrderChange(db, 'restore', 'inventory.order-restored', inventoryReactions.orderRestored);
  // when an order with lines shipped from the owner's inventory is shipped → inventory takes its frozen units out
  onOrderChange(db, 'ship', 'inventory.ship-frozen', shipFirstReactions.orderShipped);
  // when such an order is trashed, expires unpaid or is cancelled for a refund → inventory makes its frozen units available again
  onOrderChange(db, 'trash', 'inventory.release-frozen', shipFirstReactions.orderCancelled);
  onOrderChange(db, 'expire', 'inventory.release-frozen', shipFirstReactions.orderCancelled);
  onOrderChange(db, 'cancel-refund', 'inventory.release-frozen', shipFirstReactions.orderCancelled);
  // when it is restored from the draft box → inventory reserves its units again (refused when they are gone)
  onOrderChange(db, 'restore', 'inventory.reserve-again', shipFirstReactions.orderRestored);

  // ── Background jobs: job type → the module's handler ───────────────────────────────────────
  const mail = mailer.jobHandlers();
  const recharge = rechargeJobHandlers(providers, log);
  const invoices = invoiceJobHandlers(files, log);
  const stores = storesJobHandlers(storesConfig, mailer);
  const storeOrders = storeOrdersJobHandlers(storesConfig);
  const tracking = trackingJobHandlers(storesConfig);
  const listingJobs = listingsJobHandlers(storesConfig);
  const handlers: Record<string, JobHandler> = {
    // a message waits in the outbox → the mailer sends it
    [MAIL_SEND_JOB]: handlerOf(mail, MAIL_SEND_JOB),
    // the hourly purge → the job queue deletes done jobs older than a week
    [JOBS_PURGE_JOB]: handlerOf(jobsMaintenanceHandlers, JOBS_PURGE_JOB),
    // the hourly purge → idempotency keys older than a day go
    [IDEMPOTENCY_PURGE_JOB]: handlerOf(idempotencyMaintenanceHandlers, IDEMPOTENCY_PURGE_JOB),
    // the hourly check → the wallet compares its ledger with its balances and records what differs
    [WALLET_RECONCILE_JOB]: handlerOf(walletReconcileHandlers, WALLET_RECONCILE_JOB),
    // money came into a wallet that has held payments → the wallet completes those it now covers
    [WALLET_SETTLE_HELD_JOB]: handlerOf(walletSettleHandlers, WALLET_SETTLE_HELD_JOB),
    // a recharge was paid at the provider → recharge credits the wallet once
    [RECHARGE_CREDIT_JOB]: handlerOf(recharge, RECHARGE_CREDIT_JOB),
    // a recharge order reached its expiry time → recharge closes it unless the provider has the money
    [RECHARGE_EXPIRE_JOB]: handlerOf(recharge, RECHARGE_EXPIRE_JOB),
    // an invoice was issued → invoices draws its PDF and keeps it
    [INVOICE_RENDER_JOB]: handlerOf(invoices, INVOICE_RENDER_JOB),
    // the sweep every minute → invoices numbers those whose after-commit numbering did not happen
    [INVOICE_NUMBER_PENDING_JOB]: handlerOf(invoices, INVOICE_NUMBER_PENDING_JOB),
    // an order reached its pay-by time → checkout expires it if it still awaits payment
    [ORDER_EXPIRE_JOB]: handlerOf(checkoutJobHandlers, ORDER_EXPIRE_JOB),
    // a store was connected or its pull is due → stores imports its products
    [STORE_SYNC_JOB]: handlerOf(stores, STORE_SYNC_JOB),
    // a store was connected → stores registers our product webhooks on its platform
    [STORE_SUBSCRIBE_JOB]: handlerOf(stores, STORE_SUBSCRIBE_JOB),
    // a store platform's webhook named a product → stores reads it back (or marks it deleted)
    [STORE_WEBHOOK_JOB]: handlerOf(stores, STORE_WEBHOOK_JOB),
    // a store's webhook named one of its orders → store-orders reads it back and keeps it once
    [STORE_ORDER_WEBHOOK_JOB]: handlerOf(storeOrders, STORE_ORDER_WEBHOOK_JOB),
    // a platform asked to erase or export a buyer's data → store-orders erases it in store orders or keeps a copy for the operator
    [STORE_PRIVACY_JOB]: handlerOf(storeOrders, STORE_PRIVACY_JOB),
    // a store's order pull is due or was asked for → store-orders pages its changed orders to the end
    [STORE_ORDERS_PULL_JOB]: handlerOf(storeOrders, STORE_ORDERS_PULL_JOB),
    // the due check → store-orders queues the pull of every store whose turn it is
    [STORE_ORDERS_PULL_DUE_JOB]: handlerOf(storeOrders, STORE_ORDERS_PULL_DUE_JOB),
    // a store order or its inputs changed → store-orders quotes it again (landed cost, margin guard)
    [STORE_ORDERS_QUOTE_JOB]: handlerOf(storeOrders, STORE_ORDERS_QUOTE_JOB),
    // the 5 minutes' check → store-orders re-quotes the unpaid store orders quoted with another service fee (a restart changed it)
    [STORE_ORDERS_FEE_CHECK_JOB]: handlerOf(storeOrders, STORE_ORDERS_FEE_CHECK_JOB),
    // the scheduled pull → stores queues every connected store's pull and clears old authorizations
    [STORES_PULL_JOB]: handlerOf(stores, STORES_PULL_JOB),
    // the scheduled refresh → stores refreshes access tokens before they run out
    [STORES_TOKEN_REFRESH_JOB]: handlerOf(stores, STORES_TOKEN_REFRESH_JOB),
    // the daily warning → stores e-mails owners whose authorization runs out soon
    [STORES_EXPIRY_WARNING_JOB]: handlerOf(stores, STORES_EXPIRY_WARNING_JOB),
    // a store order was shipped or its tracking corrected → store-orders writes the tracking to the store
    [STORE_TRACKING_PUSH_JOB]: handlerOf(tracking, STORE_TRACKING_PUSH_JOB),
    // the scheduled release → affiliates credits commissions whose hold has passed to the wallets
    [AFFILIATE_RELEASE_JOB]: handlerOf(affiliatesJobHandlers, AFFILIATE_RELEASE_JOB),
    // products were listed or relisted → listings publishes each into its store (a few per store at a time)
    [LISTINGS_PUBLISH_JOB]: handlerOf(listingJobs, LISTINGS_PUBLISH_JOB),
    // a listing was rolled back → listings deletes it in the store and its connections go
    [LISTINGS_ROLLBACK_JOB]: handlerOf(listingJobs, LISTINGS_ROLLBACK_JOB),
    // a re-price was approved → listings writes the approved prices to the store
    [LISTINGS_PUSH_PRICES_JOB]: handlerOf(listingJobs, LISTINGS_PUSH_PRICES_JOB),
    // the minute's check → listings sets the catalogue's stock on listed variants of stores with inventory sync on
    [LISTINGS_INVENTORY_SYNC_JOB]: handlerOf(listingJobs, LISTINGS_INVENTORY_SYNC_JOB),
    // the 5 minutes' check → listings follows catalogue price changes within each store's tolerance, queues the rest for approval
    [LISTINGS_PRICE_FOLLOW_JOB]: handlerOf(listingJobs, LISTINGS_PRICE_FOLLOW_JOB),
  };

  // ── Schedules: what the job runtime enqueues by itself ───────────────────────────────────────
  const recurring: RecurringJob[] = [
    // every hour → jobs.purge
    ...jobsMaintenanceSchedule,
    // every hour → idempotency.purge
    ...idempotencyMaintenanceSchedule,
    // every hour → wallet.reconcile
    ...walletReconcileSchedule,
    // every minute → invoice.number-pending (decision 0101)
    ...invoicesSchedule,
    // every hour, or as the stores configuration says → stores.pull
    ...storesPullSchedule(storesConfig),
    // every minute (or the pull interval when shorter) → store-orders.pull-due; every 5 minutes → store-orders.fee-check
    ...storeOrdersSchedule(storesConfig),
    // every 30 minutes → stores.token-refresh
    ...storesTokenRefreshSchedule,
    // every day → stores.expiry-warning
    ...storesExpiryWarningSchedule,
    // every 5 minutes → affiliates.release-due
    ...affiliatesSchedule,
    // every minute → listings.inventory-sync; every 5 minutes → listings.price-follow
    ...listingsSchedule,
  ];
  // before the operator purchases an order → payments locks the owner's wallet of one paid in two
  //   parts, whose purchase charges the balance: wallet before order, as every payment locks them (decision 0145)
  const beforeOperatorEvent = (uow: UnitOfWork, orderId: string, event: TransitionEvent) =>
    event === 'purchase' ? lockWalletOfTwoPartOrder(uow, orderId) : Promise.resolve();

  return { handlers, recurring, beforeOperatorEvent };
}

/** The handler a module defines for `type`: a module that lost it fails at start, not at its first job. */
function handlerOf(handlers: Record<string, JobHandler>, type: string): JobHandler {
  const handler = handlers[type];
  if (!handler) throw new Error(`no handler for job type ${type}`);
  return handler;
}
