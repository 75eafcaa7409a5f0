import type { Db } from '../../db/client';
import { type SeedResult, seedDemoCatalogue } from '../../db/seed/demo/seed-catalogue';

/** Size of the demo catalogue created at first start. */
export const DEFAULT_DEMO_PRODUCTS = 600;

/**
 * First start only: the demo catalogue (18 categories with subcategories, specs, tags and
 * DEFAULT_DEMO_PRODUCTS products). Once any category exists this does nothing.
 */
export function seedCatalogue(db: Db): Promise<SeedResult> {
  return seedDemoCatalogue(db, { products: DEFAULT_DEMO_PRODUCTS, firstStartOnly: true });
}

/**
 * `npm run seed -- --products N`: tops the catalogue up to N demo products (idempotent).
 * `parallel` batches are written at a time (use 2+ on PostgreSQL, 1 on PGlite).
 */
export function seedCatalogueProducts(
  db: Db,
  products: number,
  options: { parallel?: number; log?: (line: string) => void } = {},
): Promise<SeedResult> {
  return seedDemoCatalogue(db, { products, ...options });
}
