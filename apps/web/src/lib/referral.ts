import { api } from './api';

/**
 * The referral code a visitor arrived with (`?ref=CODE`, issue 26): kept 30 days in a first-party
 * cookie (stated on the privacy page), so the registration form can carry it; the click is counted
 * once per visitor per day with a random visitor id that names nobody.
 */
const COOKIE = 'dsm_ref';
const VISITOR = 'dsm_visitor';
const THIRTY_DAYS = 30 * 86_400;
const CODE = /^[A-Za-z0-9]{4,16}$/;

export function referralCode(): string {
  const match = document.cookie.match(/(?:^|;\s*)dsm_ref=([A-Za-z0-9]{4,16})/);
  return match ? match[1]!.toUpperCase() : '';
}

function visitorId(): string {
  try {
    let id = localStorage.getItem(VISITOR);
    if (!id) localStorage.setItem(VISITOR, (id = crypto.randomUUID()));
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

/** Called once per page load: keeps `?ref=` and counts the click; a bad code is ignored. */
export function captureReferral(search: string): void {
  const code = new URLSearchParams(search).get('ref')?.trim() ?? '';
  if (!CODE.test(code)) return;
  document.cookie = `${COOKIE}=${code.toUpperCase()}; Max-Age=${THIRTY_DAYS}; Path=/; SameSite=Lax`;
  void api.post('/affiliate/clicks', { code, visitor: visitorId() }, { noshow: true });
}
