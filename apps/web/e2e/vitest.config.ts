import { defineConfig } from 'vitest/config';

// End-to-end journeys: the built app served by the real server on a free port with a fresh
// data directory, driven in Debian's Chromium by playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.spec.ts'],
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['./failure-capture.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
