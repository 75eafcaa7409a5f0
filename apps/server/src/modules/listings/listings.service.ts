/**
 * The listings module's public face (issue 22, decision 0124): composition.ts maps its job types
 * to `listingsJobHandlers`; app.ts registers `listingsRoutes`. Nothing else reads its tables.
 */
export { listingsJobHandlers, listingsSchedule } from './listings.jobs';
export { LISTINGS_INVENTORY_SYNC_JOB } from './listings.inventory';
export { LISTINGS_PRICE_FOLLOW_JOB } from './listings.price-follow';
export { LISTINGS_PUBLISH_JOB, LISTINGS_PUSH_PRICES_JOB, LISTINGS_ROLLBACK_JOB } from './listings.jobs.types';
