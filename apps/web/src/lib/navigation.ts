/**
 * Lets non-React code (the api client) move the user without a page reload. The router
 * registers its navigate function at start; tests register a spy.
 */
type Navigate = (to: string) => void;

let navigateFn: Navigate = (to) => window.location.assign(to);

export function setNavigate(fn: Navigate) {
  navigateFn = fn;
}

export function navigateTo(to: string) {
  navigateFn(to);
}

/** Only same-site paths are followed after login (no open redirect to another site). */
export function safeRedirect(target: string | null | undefined, fallback = '/index'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}

/** /login?redirect=<where the visitor was going>, so login can send them back. */
export function loginPathFor(pathname: string, search = ''): string {
  return `/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
}

/** The log-in page for a session that ended here: back to this page afterwards (not from /login itself). */
export function loginPathFromHere(): string {
  const { pathname, search } = window.location;
  return pathname === '/login' ? '/login' : loginPathFor(pathname, search);
}

/**
 * Leaves the app for another site (a payment provider's checkout page): a full page load, since
 * the provider sends the browser back to one of our addresses. An object so tests can spy on it.
 */
export const leaveSite = {
  to(url: string) {
    window.location.assign(url);
  },
};

/** The store-order payment page for a selection (decision 0118): the store orders list links to it. */
export const storePayLink = (ids: readonly string[]) =>
  `/user/orderpayment?ids=${ids.map(encodeURIComponent).join(',')}`;
