import { defineConfig } from 'drizzle-kit';

// drizzle-kit is used for `generate` only; migrations are applied in-process at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
