import type { Config } from '../../config';
import type { JobHandler } from '../../platform/jobs/jobs.runtime';
import { runRollback } from './listings.actions';
import { LISTINGS_PUBLISH_JOB, LISTINGS_PUSH_PRICES_JOB, LISTINGS_ROLLBACK_JOB } from './listings.jobs.types';
import { publishListing } from './listings.publish';
import { pushPrices } from './listings.push';

/**
 * The listings module's jobs (decision 0124; at least once, each safe to run again):
 * - `listings.publish`: one listing into its store (a product already made is replaced);
 * - `listings.rollback`: the product removed from the store, its connections with it;
 * - `listings.push-prices`: approved prices written to the store.
 */
export function listingsJobHandlers(config: Config): Record<string, JobHandler> {
  return {
    [LISTINGS_PUBLISH_JOB]: async (payload, { db }) => publishListing(db, config, String(payload.listingId)),
    [LISTINGS_ROLLBACK_JOB]: async (payload, { db }) => runRollback(db, config, String(payload.listingId)),
    [LISTINGS_PUSH_PRICES_JOB]: async (payload, { db, finalAttempt }) =>
      pushPrices(db, config, String(payload.listingId), finalAttempt),
  };
}
