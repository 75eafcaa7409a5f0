import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SaveAddressBody } from '@dsm/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from './accounts.tables';
import { createAddress, listAddresses } from './accounts.address.service';
import { hashPassword } from './accounts.password';

export interface SeededAccounts {
  /** `userId`: the demo store owner's account (absent only if it could not be made). */
  demo: { email: string; password: string; userId?: string };
  /** The operator's password, known only when this run created the account. */
  operator: { email: string; password?: string; created: boolean };
}

async function idOf(db: Db, email: string): Promise<string | undefined> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows[0]?.id;
}

const exists = async (db: Db, email: string) => (await idOf(db, email)) !== undefined;

/** The demo store owner's default consignee and billing addresses. */
const DEMO_ADDRESS: Omit<SaveAddressBody, 'kind' | 'emails'> = {
  firstName: 'Demo',
  lastName: 'Seller',
  country: 'US',
  company: 'Demo Store LLC',
  companyID: 'DS-100200',
  vatnumber: 'US123456789',
  province: 'California',
  city: 'San Francisco',
  street: 'Market Street',
  houseNo: '100',
  address: 'Suite 200',
  phoneNumber: '+15550100001',
  postCode: '94105',
  isDefault: true,
};

async function seedDemoAddresses(db: Db, userId: string, email: string): Promise<void> {
  for (const kind of ['consignee', 'billing'] as const) {
    if ((await listAddresses(db, userId, kind)).length === 0) {
      await createAddress(db, userId, { ...DEMO_ADDRESS, emails: email, kind });
    }
  }
}

/**
 * One demo store owner (with a default consignee and a default billing address) and one operator.
 * Idempotent. Without OPERATOR_PASSWORD the operator gets a random password that is printed once,
 * at the start that creates it.
 */
export async function seedAccounts(db: Db, config: Pick<Config, 'demoUser' | 'operator'>): Promise<SeededAccounts> {
  if (!(await exists(db, config.demoUser.email))) {
    await db
      .insert(users)
      .values({
        email: config.demoUser.email,
        username: 'demo',
        firstName: 'Demo',
        lastName: 'Seller',
        phoneNumber: '+15550100001',
        country: 'US',
        passwordHash: await hashPassword(config.demoUser.password),
        role: 'user',
        userType: 'dropshipping',
        platform: 'shopify',
        channel: 'search',
      })
      .onConflictDoNothing();
  }
  const demoId = await idOf(db, config.demoUser.email);
  if (demoId) await seedDemoAddresses(db, demoId, config.demoUser.email);
  let operatorPassword = config.operator.password;
  let created = false;
  if (!(await exists(db, config.operator.email))) {
    operatorPassword ??= randomBytes(9).toString('base64url');
    await db
      .insert(users)
      .values({
        email: config.operator.email,
        username: 'operator',
        firstName: 'Market',
        lastName: 'Operator',
        passwordHash: await hashPassword(operatorPassword),
        role: 'operator',
      })
      .onConflictDoNothing();
    created = true;
  }
  return {
    demo: { ...config.demoUser, ...(demoId ? { userId: demoId } : {}) },
    operator: {
      email: config.operator.email,
      password: created ? operatorPassword : config.operator.password,
      created,
    },
  };
}
