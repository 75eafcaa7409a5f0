import type { ConfigInfo } from '@dsm/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { configValues } from './config-info.tables';

export async function getPublicConfig(db: Db, code: string): Promise<ConfigInfo> {
  const [row] = await db
    .select({ code: configValues.code, value: configValues.value })
    .from(configValues)
    .where(and(eq(configValues.code, code), eq(configValues.isPublic, true)))
    .limit(1);
  if (!row) throw AppError.notFound('errors.config-not-found');
  return row;
}

export async function listConfig(db: Db): Promise<Array<ConfigInfo & { isPublic: boolean }>> {
  return db
    .select({ code: configValues.code, value: configValues.value, isPublic: configValues.isPublic })
    .from(configValues)
    .orderBy(asc(configValues.code));
}

export async function setConfig(db: Db, code: string, value: string): Promise<ConfigInfo> {
  const [row] = await db
    .insert(configValues)
    .values({ code, value })
    .onConflictDoUpdate({ target: configValues.code, set: { value, updatedAt: new Date() } })
    .returning({ code: configValues.code, value: configValues.value });
  return row!;
}

export async function seedConfig(db: Db): Promise<void> {
  await db
    .insert(configValues)
    .values([
      { code: 'chat-link', value: 'https://wa.me/15550100000' },
      { code: 'support-email', value: 'support@example.com' },
    ])
    .onConflictDoNothing();
}
