/**
 * Recognises a failed lazy load: after a deploy the old chunk names are gone, or the network
 * dropped mid-navigation (SPEC §8: ChunkLoadError, CSS_CHUNK_LOAD_FAILED). The answer is the
 * same in every case: offer to reload the page so the browser fetches the new build.
 */
const CHUNK_MESSAGES = [
  /failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
  /loading (css )?chunk [\w-]+ failed/i, // webpack-style wording
  /unable to preload css/i, // Vite's CSS preload helper
  /vite:preloaderror/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { name?: unknown; code?: unknown; message?: unknown; type?: unknown; payload?: unknown };
  if (e.name === 'ChunkLoadError' || e.code === 'CSS_CHUNK_LOAD_FAILED' || e.type === 'vite:preloadError') return true;
  if (typeof e.message === 'string' && CHUNK_MESSAGES.some((re) => re.test(e.message as string))) return true;
  return e.payload !== undefined && e.payload !== error && isChunkLoadError(e.payload);
}
