import { vi } from 'vitest';

/**
 * Makes width media queries answer as on a 375 px phone (jsdom has no layout): `max-width`
 * queries match, `min-width` ones do not. Undo with `vi.unstubAllGlobals()`.
 */
export function phoneScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width/.test(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
