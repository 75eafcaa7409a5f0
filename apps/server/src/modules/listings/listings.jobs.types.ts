/** The listings module's job types (decision 0124); composition.ts maps each to its handler. */
export const LISTINGS_PUBLISH_JOB = 'listings.publish';
export const LISTINGS_ROLLBACK_JOB = 'listings.rollback';
export const LISTINGS_PUSH_PRICES_JOB = 'listings.push-prices';
