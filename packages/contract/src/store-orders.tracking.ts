import { z } from 'zod';

/**
 * Tracking going back to the store (issue 21, decision 0115): what the owner's order detail and
 * the operator's order page show of a store order's push, and the retry action.
 */

/**
 * `pending`: queued or waiting for a retry; `sent`: the store has it; `failed`: given up (after
 * the retries, or at once when the store refused our authorization or the request); `by-hand`:
 * the merchant had fulfilled the order in the store with other tracking, so we added nothing.
 */
export const TRACKING_PUSH_STATES = ['pending', 'sent', 'failed', 'by-hand'] as const;
export type TrackingPushState = (typeof TRACKING_PUSH_STATES)[number];

/** PayPal refuses longer tracking numbers; the push goes on, flagged (connector-protocols.md §6.4). */
export const PAYPAL_TRACKING_NUMBER_MAX = 25;

/** Why a push failed, in kinds the screens word in the reader's language (the store's own text beside). */
export const TRACKING_PUSH_ERROR_KINDS = [
  'auth',
  'throttled',
  'unavailable',
  'not-found',
  'invalid',
  'protocol',
  'internal',
] as const;
export type TrackingPushErrorKind = (typeof TRACKING_PUSH_ERROR_KINDS)[number];

export const TrackingPushStatusSchema = z.object({
  state: z.enum(TRACKING_PUSH_STATES),
  carrier: z.string(),
  /** The number as pushed: trimmed, inner spaces removed. */
  trackingNumber: z.string(),
  /** `too-long`: longer than PayPal's 25 characters. */
  warning: z.enum(['too-long']).nullable(),
  attempts: z.number().int(),
  /** Why the last attempt failed, in the store's words (safe text), or null. */
  lastError: z.string().nullable(),
  errorKind: z.enum(TRACKING_PUSH_ERROR_KINDS).nullable(),
  /** When the next automatic attempt runs (state pending after a failure), or null. */
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** Whether a retry may be asked now (failed or by-hand). */
  canRetry: z.boolean(),
});
export type TrackingPushStatus = z.infer<typeof TrackingPushStatusSchema>;
