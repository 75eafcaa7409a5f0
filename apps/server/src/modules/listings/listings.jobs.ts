import type { Config } from '../../config';
import type { RecurringJob } from '../../platform/jobs/jobs.queue';
import type { JobHandler } from '../../platform/jobs/jobs.runtime';
import { runRollback } from './listings.actions';
import { LISTINGS_INVENTORY_SYNC_JOB, syncInventory } from './listings.inventory';
import { LISTINGS_PUBLISH_JOB, LISTINGS_PUSH_PRICES_JOB, LISTINGS_ROLLBACK_JOB } from './listings.jobs.types';
import { LISTINGS_PRICE_FOLLOW_JOB, followCataloguePrices } from './listings.price-follow';
import { publishListing } from './listings.publish';
import { pushPrices } from './listings.push';

/**
 * The listings module's jobs (decision 0124; at least once, each safe to run again):
 * - `listings.publish`: one listing into its store (a product already made is replaced);
 * - `listings.rollback`: the product removed from the store, its connections with it;
 * - `listings.push-prices`: approved prices written to the store;
 * - `listings.inventory-sync` (every minute): catalogue stock to the stores that switched it on,
 *   and 0 with a mark for SKUs taken down in every store;
 * - `listings.price-follow` (every 5 minutes): catalogue price changes within the store's
 *   tolerance reach listed prices, larger ones wait for the owner (decision 0133).
 */
export function listingsJobHandlers(config: Config): Record<string, JobHandler> {
  return {
    [LISTINGS_PUBLISH_JOB]: async (payload, { db }) => publishListing(db, config, String(payload.listingId)),
    [LISTINGS_ROLLBACK_JOB]: async (payload, { db }) => runRollback(db, config, String(payload.listingId)),
    [LISTINGS_PUSH_PRICES_JOB]: async (payload, { db, finalAttempt }) =>
      pushPrices(db, config, String(payload.listingId), finalAttempt),
    [LISTINGS_INVENTORY_SYNC_JOB]: async (_payload, { db }) => {
      await syncInventory(db, config);
    },
    [LISTINGS_PRICE_FOLLOW_JOB]: async (_payload, { db }) => {
      await followCataloguePrices(db);
    },
  };
}

export const listingsSchedule: RecurringJob[] = [
  { key: LISTINGS_INVENTORY_SYNC_JOB, type: LISTINGS_INVENTORY_SYNC_JOB, everySeconds: 60 },
  // Catalogue prices move rarely and by the operator's hand: every 5 minutes is soon enough.
  { key: LISTINGS_PRICE_FOLLOW_JOB, type: LISTINGS_PRICE_FOLLOW_JOB, everySeconds: 300 },
];
