import type { Config } from '../../config';
import { type SeededAccounts, seedAccounts } from '../../modules/accounts/accounts.seed';
import { seedConfig } from '../../modules/config-info/config-info.service';
import { seedCurrencies } from '../../modules/currency/currency.service';
import { seedLogistics } from '../../modules/logistics/logistics.seed';
import { seedContent } from '../../modules/content/content.seed';
import { seedCatalogue } from '../../modules/catalogue/catalogue.seed';
import { seedDemoWallet } from '../../modules/wallet/wallet.seed';
import type { Db } from '../client';

/** Reference data and demo accounts. Every step is idempotent: starting twice adds nothing. */
export async function seed(db: Db, config: Pick<Config, 'demoUser' | 'operator'>): Promise<SeededAccounts> {
  await seedCurrencies(db);
  await seedConfig(db);
  await seedLogistics(db);
  await seedContent(db);
  await seedCatalogue(db);
  const accounts = await seedAccounts(db, config);
  if (accounts.demo.userId) await seedDemoWallet(db, accounts.demo.userId);
  return accounts;
}
