import { useSyncExternalStore } from 'react';

/**
 * Below antd's `md` breakpoint (768 px) a table does not fit beside its Actions: the
 * lists turn into cards there. A media query, not the content's width, so every list on a screen
 * switches at the same point; false where matchMedia is missing (jsdom, server rendering).
 */
export const NARROW_QUERY = '(max-width: 767.98px)';

export function useNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(NARROW_QUERY);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY).matches : false),
    () => false,
  );
}
