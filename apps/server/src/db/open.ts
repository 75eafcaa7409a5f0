import path from 'node:path';
import type { Config } from '../config';
import { type Database, openPglite, openPostgres } from './client';
import { acquireDataDirLock } from './lock';
import { migrate } from './migrate';

/** Opens the configured database (PostgreSQL by DATABASE_URL, else PGlite in DATA_DIR) and migrates it. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, config.databasePoolSize);
    await migrate(database);
    return database;
  }
  const release = acquireDataDirLock(config.dataDir);
  try {
    const database = await openPglite(path.join(config.dataDir, 'pgdata'));
    await migrate(database);
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}
