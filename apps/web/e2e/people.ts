import type { Page } from 'playwright-core';
import accounts from '../src/locales/en-US/accounts.json';
import { api } from './api';

/**
 * The journeys' people: accounts made through the API (signing up through the screens is the
 * accounts spec's journey), the log-in form filled as a person fills it, and sessions for the
 * calls a journey makes around its screens. One place, so every spec signs up and logs in alike.
 */
export interface Person {
  email: string;
  password: string;
}
export interface Session {
  accessToken: string;
  userId: string;
}

const PASSWORD = 'journey123';
// Different on every run, so a journey can run again against the same data directory.
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * A new store owner in the US: `e2e-<handle>-<stamp>@example.com`. `handle` keeps accounts of one
 * run apart (each spec its own prefix).
 */
export async function register(
  handle: string,
  opts: {
    platform?: 'other' | 'shopify' | 'woocommerce';
    userType?: 'dropshipping' | 'bulk';
    phoneNumber?: string;
    firstname?: string;
    lastname?: string;
  } = {},
): Promise<Person> {
  const email = `e2e-${handle}-${stamp}@example.com`;
  await api('POST', '/register', {
    body: {
      username: `${handle.replace(/[^a-z0-9]/gi, '')}${stamp}`,
      firstname: opts.firstname ?? 'Store',
      lastname: opts.lastname ?? 'Owner',
      email,
      phoneNumber: opts.phoneNumber ?? '+1 212 555 0101',
      country: 'US',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      platform: opts.platform ?? 'other',
      channel: 'other',
      userType: opts.userType ?? 'dropshipping',
      agreement: true,
    },
  });
  return { email, password: PASSWORD };
}

/** A session through the API, for the calls a journey makes beside its screens. */
export const logInApi = (who: Person) =>
  api<Session>('POST', '/login', { body: { email: who.email, password: who.password } });

/** The log-in form (the page is already on /login), filled and sent in the language of `texts`. */
export async function fillLogIn(page: Page, who: Person, texts: typeof accounts = accounts) {
  await page.getByRole('heading', { name: texts.login.title }).waitFor();
  await page.getByLabel(texts.login.email).fill(who.email);
  await page.getByLabel(texts.login.password).fill(who.password);
  await page.getByRole('button', { name: texts.login.submit }).click();
}
