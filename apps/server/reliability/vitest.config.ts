import { defineConfig } from 'vitest/config';

// `npm run test:reliability` (decision 0097): races on both databases, crashes, a PostgreSQL
// restart and a second process on one data directory. Its own config so `npm test` (which runs
// apps/server/vitest.config.ts: src/ and test/) does not run these slow files a second time.
export default defineConfig({
  test: {
    name: 'reliability',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    // Two files at once: the crash file mostly waits on its child server, the races on the database.
    maxWorkers: 2,
    testTimeout: 240_000,
    hookTimeout: 120_000,
    // The races load the migrated PGlite template like the ordinary server tests.
    globalSetup: ['../test/global-setup.ts'],
  },
});
