import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Locale } from '@dsm/contract';
import type { Db } from '../../db/client';
import { describeShippingMethod } from '../logistics/logistics.service';
import type { Rule } from './preferred-shipping.choice';
import { preferredShippingRules } from './preferred-shipping.tables';

export type RuleRow = typeof preferredShippingRules.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's own rule, or undefined (also for an id that is not a uuid: the same 404). */
export async function ownRule(db: Db, userId: string, id: string, lock = false): Promise<RuleRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const query = db
    .select()
    .from(preferredShippingRules)
    .where(and(eq(preferredShippingRules.id, id), eq(preferredShippingRules.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Every rule of a user, the last changed first. */
export function rulesOf(db: Db, userId: string): Promise<RuleRow[]> {
  return db
    .select()
    .from(preferredShippingRules)
    .where(eq(preferredShippingRules.userId, userId))
    .orderBy(desc(preferredShippingRules.updatedAt), desc(preferredShippingRules.id));
}

/** The rules that may apply to these products going to this country, with their methods as they are now. */
export async function rulesForPricing(
  db: Db,
  userId: string,
  prodIds: number[],
  country: string,
  locale: Locale,
): Promise<Rule[]> {
  const rows = await db
    .select()
    .from(preferredShippingRules)
    .where(
      and(
        eq(preferredShippingRules.userId, userId),
        or(isNull(preferredShippingRules.prodId), inArray(preferredShippingRules.prodId, [...new Set(prodIds)])),
        or(isNull(preferredShippingRules.country), eq(preferredShippingRules.country, country)),
      ),
    );
  const rules: Rule[] = [];
  for (const row of rows) {
    const method = await describeShippingMethod(db, row.methodId, locale);
    if (!method) continue;
    rules.push({
      id: row.id,
      prodId: row.prodId,
      country: row.country,
      methodId: row.methodId,
      method: { code: method.code, name: method.name, warehouse: method.warehouse.code, active: method.active },
    });
  }
  return rules;
}
