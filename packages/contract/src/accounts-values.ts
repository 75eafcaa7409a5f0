/*
 * The accounts module's plain values (no zod): lists, rules and limits. A web page that needs only
 * these does not pull in the schemas that ./accounts.ts builds from them (decision 0109).
 */

export const PLATFORMS = ['shopify', 'woocommerce', 'aliexpress', 'other'] as const;
export const CHANNELS = ['search', 'social', 'referral', 'other'] as const;
export const USER_TYPES = ['dropshipping', 'bulk'] as const;
/** `agent`: staff who reach only their assigned users' sourcing requests (decision 0127). */
export const ROLES = ['user', 'operator', 'agent'] as const;
/** '1' is an active account (the user menu shows only then), '0' a disabled one. */
export const USER_STATUSES = ['1', '0'] as const;
export const ADDRESS_KINDS = ['billing', 'consignee'] as const;

export type Platform = (typeof PLATFORMS)[number];
export type Channel = (typeof CHANNELS)[number];
export type UserType = (typeof USER_TYPES)[number];
export type Role = (typeof ROLES)[number];
export type UserStatus = (typeof USER_STATUSES)[number];
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/** SPEC §5, §9: longer than 6 characters, with at least one letter and one digit. */
export const PASSWORD_RULE = { minLength: 7, maxLength: 128 } as const;

/** True when a password satisfies the rule (the maximum length is checked separately). */
export function meetsPasswordRule(password: string): boolean {
  return password.length >= PASSWORD_RULE.minLength && /\p{L}/u.test(password) && /[0-9]/.test(password);
}

/**
 * The e-mailed reset code: 6 digits, valid 15 minutes, 5 wrong tries, one new code per minute and
 * at most `maxPerDay` requests per e-mail address in 24 hours (so at most 50 guesses a day).
 */
export const RESET_CODE = { length: 6, ttlMinutes: 15, maxAttempts: 5, resendSeconds: 60, maxPerDay: 10 } as const;

/** Registration attempts per e-mail address per hour (per client address: ADDRESS_REQUESTS_PER_HOUR). */
export const REGISTER_THROTTLE = { perEmailPerHour: 5 } as const;

/**
 * Log-in throttling (decision 0065), all counts of failures within the window: `maxFailures` per
 * account and client address, `perAddress` per client address whatever the account; from
 * `accountUnderAttack` failures on one account (from any addresses) every attempt on it answers
 * no sooner than `slowdownMs`. No count from other addresses ever refuses an account's owner.
 */
export const LOGIN_THROTTLE = {
  maxFailures: 10,
  perAddress: 30,
  accountUnderAttack: 100,
  slowdownMs: 2000,
  windowMinutes: 15,
} as const;
