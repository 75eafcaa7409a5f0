import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Two files at once: most of a server test's time is spent waiting on its database, so two
    // workers finish the suite about a third sooner on a 2-core machine (vitest's default there is 1).
    maxWorkers: 2,
    // A project with its own worker count runs as its own group, after the contract and web tests.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./test/global-setup.ts'],
  },
});
