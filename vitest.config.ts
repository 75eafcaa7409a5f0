import { defineConfig } from 'vitest/config';

// `npm test` runs every project: the contract's rules, the server through app.inject on a real
// database, and the web app's components in jsdom. End-to-end journeys have their own config.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
