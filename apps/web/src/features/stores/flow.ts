import { useEffect, useRef } from 'react';
import { safeRedirect } from '../../lib/navigation';

/**
 * The store authorization flows' small rules (decision 0100): where a visitor who is not logged
 * in goes, and how the browser is sent to a platform through /externalJump.
 */

/** sessionStorage: the last platform address this tab was sent to by our own screens. */
const JUMP_KEY = 'stores.jump';

/** /authlogin?redirect=<this page with its query>: log in first, then the flow continues. */
export function authLoginPath(pathname: string, search: string): string {
  return `/authlogin?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
}

/** The page /authlogin continues to: only a path of this site (no open redirect). */
export function continueTo(redirect: string | null): string {
  return safeRedirect(redirect, '/user/shopify');
}

/**
 * A destination /externalJump may open: an absolute http(s) URL, or a path of this site (the
 * demo's sandbox platforms are served under /sandbox/…). Anything else (javascript:, data:…) → null.
 */
export function jumpTarget(raw: string | null, origin: string = window.location.origin): URL | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The /externalJump path for a platform's page, remembered for this tab: the interstitial goes on
 * by itself only to an address our own screens asked for; a link made elsewhere waits for a click.
 */
export function jumpPath(url: string): string {
  try {
    sessionStorage.setItem(JUMP_KEY, url);
  } catch {
    /* storage refused (private mode): the page then asks for a click */
  }
  return `/externalJump?to=${encodeURIComponent(url)}`;
}

/** Whether this tab's own screens asked to go to `url` (and forgets it: one jump per request). */
export function takeExpectedJump(url: string): boolean {
  try {
    const expected = sessionStorage.getItem(JUMP_KEY);
    if (expected === null) return false;
    const matches = jumpTarget(expected)?.href === jumpTarget(url)?.href;
    if (matches) sessionStorage.removeItem(JUMP_KEY);
    return matches;
  } catch {
    return false;
  }
}

/** The query of a platform's return as a plain record, passed to the API untouched. */
export function queryRecord(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) out[k] = v;
  return out;
}

/**
 * Runs `work` once per mount even under StrictMode's double effects: a platform's code or nonce
 * is good for one use, so the callback must not be posted twice.
 */
export function useOnce(work: () => void, ready = true) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !ready) return;
    done.current = true;
    work();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once by design
  }, [ready]);
}
