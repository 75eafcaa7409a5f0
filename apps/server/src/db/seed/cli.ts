import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { seedCatalogueProducts } from '../../modules/catalogue/catalogue.seed';
import { openConfiguredDatabase } from '../open';
import { seed } from './index';

// `npm run seed`: migrate and seed the configured database without starting the server.
// `npm run seed -- --products 100000`: also tops the demo catalogue up to that many products
// (for benchmarks; product i is always the same, so running it twice adds nothing).
const { values } = parseArgs({ options: { products: { type: 'string' } } });
const products = values.products === undefined ? undefined : Number(values.products);
if (products !== undefined && !(Number.isInteger(products) && products >= 0 && products <= 5_000_000)) {
  console.error('--products must be a whole number between 0 and 5000000');
  process.exit(2);
}
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const accounts = await seed(database.db, config);
  console.log(`Seeded. Demo user: ${accounts.demo.email}`);
  if (products !== undefined) {
    const result = await seedCatalogueProducts(database.db, products, {
      parallel: database.kind === 'postgres' ? 2 : 1,
      log: (line) => console.log(line),
    });
    console.log(
      `Catalogue: ${result.total} products (${result.created} created) in ${(result.ms / 1000).toFixed(1)} s on ${database.kind}`,
    );
  }
} finally {
  await database.close();
}
