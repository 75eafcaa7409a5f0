import type { QueryClient } from '@tanstack/react-query';

/**
 * A page's first requests, started by its route's loader while the page's chunks are still
 * arriving, instead of after its first render (decision 0112): on a phone the search or the
 * product answered about a round trip and a render later, and the first picture (the largest
 * paint) waited for it. The loader does not wait for the answer, so nothing else changes: the
 * page's own query finds the request under way, or its answer, under the same key.
 */
let client: QueryClient | null = null;

/** The app's cache (main.tsx); without one (tests render pages on their own) loaders do nothing. */
export function setPrefetchClient(queryClient: QueryClient | null): void {
  client = queryClient;
}

/**
 * Runs `start` with the app's cache (it calls `prefetchQuery`, not awaited); a loader's answer
 * (`null`: the page takes nothing from its loader).
 */
export function prefetch(start: (queryClient: QueryClient) => void): null {
  if (client) start(client);
  return null;
}
