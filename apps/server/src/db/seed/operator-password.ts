import type { Config } from '../../config';
import { resetOperatorPassword } from '../../modules/accounts/accounts.operator-password';
import { openConfiguredDatabase } from '../open';

/**
 * Opens the configured database (DATABASE_URL, else the embedded one in DATA_DIR, which a running
 * server holds: its lock refuses us then), resets the operator's password and ends its sessions.
 */
export async function runOperatorPasswordReset(config: Config): Promise<{ email: string; password: string }> {
  const database = await openConfiguredDatabase(config);
  try {
    return await resetOperatorPassword(database.db, config);
  } finally {
    await database.close();
  }
}
