import type { Locale, PreferredShippingRule, SavePreferredShippingBody } from '@dsm/contract';
import { translate } from '@dsm/contract';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import { type DbOrUow, type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import { describeShippingMethod } from '../logistics/logistics.service';
import { runPreferenceChange } from './preferred-shipping.hooks';
import { ownRule } from './preferred-shipping.queries';
import { listRules, methodsFor } from './preferred-shipping.read';
import { preferredShippingRules } from './preferred-shipping.tables';

/**
 * A rule must name a method the owner could pick on the page: active, from the warehouse the
 * product ships from, and — when a country is named — one that carries the product (or, for all
 * products, reaches the country). Else A00002 under `methodId` with the calculator's reason.
 */
async function checkMethod(uow: UnitOfWork, body: SavePreferredShippingBody, locale: Locale): Promise<void> {
  const method = await describeShippingMethod(uow.tx, body.methodId, locale);
  if (!method?.active)
    throw AppError.invalid([{ field: 'methodId', messageKey: 'preferred-shipping.method-not-found' }]);
  const choices = await methodsFor(uow.tx, body.prodId, body.country, locale);
  const choice = choices.find((m) => m.methodId === body.methodId);
  if (!choice)
    throw AppError.invalid([
      {
        field: 'methodId',
        messageKey: 'preferred-shipping.method-not-from-product',
        params: { method: method.name, warehouse: method.warehouse.name },
      },
    ]);
  if (!choice.available) {
    const key = body.prodId === null ? 'method-not-to-country' : 'method-cannot-carry';
    throw AppError.invalid([
      {
        field: 'methodId',
        messageKey: `preferred-shipping.${key}`,
        params: { method: method.name, reason: choice.reason ?? translate(locale, 'logistics.not-found') },
      },
    ]);
  }
}

/** The unique key of (user, product-or-all, country-or-all) said as a conflict the owner can act on. */
function isDuplicate(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const exists = () => AppError.conflict('preference-exists', 'preferred-shipping.rule-exists');

async function answer(uow: UnitOfWork, userId: string, id: string, locale: Locale): Promise<PreferredShippingRule> {
  const [rule] = await listRules(uow.tx, userId, locale, id);
  if (!rule) throw AppError.notFound('preferred-shipping.rule-not-found');
  return rule;
}

/** POST /api/p/preferred-shipping: a new rule; one already covering the same product and country → 409. */
export async function createRule(
  db: DbOrUow,
  userId: string,
  body: SavePreferredShippingBody,
  locale: Locale,
): Promise<PreferredShippingRule> {
  return inTransaction(db, async (uow) => {
    await checkMethod(uow, body, locale);
    const [row] = await uow.tx
      .insert(preferredShippingRules)
      .values({ userId, prodId: body.prodId, country: body.country, methodId: body.methodId })
      .onConflictDoNothing()
      .returning();
    if (!row) throw exists();
    const after = { prodId: row.prodId, country: row.country, methodId: row.methodId };
    await runPreferenceChange(uow, { userId, ruleId: row.id, kind: 'saved', before: null, after });
    return answer(uow, userId, row.id, locale);
  });
}

/** PUT /api/p/preferred-shipping/:id: the caller's rule now covers this product and country by this method. */
export async function updateRule(
  db: DbOrUow,
  userId: string,
  id: string,
  body: SavePreferredShippingBody,
  locale: Locale,
): Promise<PreferredShippingRule> {
  return inTransaction(db, async (uow) => {
    const before = await ownRule(uow.tx, userId, id, true);
    if (!before) throw AppError.notFound('preferred-shipping.rule-not-found');
    await checkMethod(uow, body, locale);
    try {
      await uow.tx
        .update(preferredShippingRules)
        .set({ prodId: body.prodId, country: body.country, methodId: body.methodId, updatedAt: new Date() })
        .where(eq(preferredShippingRules.id, id));
    } catch (err) {
      // Another of the caller's rules already covers that product and country: the unit rolls back.
      if (isDuplicate(err)) throw exists();
      throw err;
    }
    await runPreferenceChange(uow, {
      userId,
      ruleId: id,
      kind: 'saved',
      before: { prodId: before.prodId, country: before.country, methodId: before.methodId },
      after: { prodId: body.prodId, country: body.country, methodId: body.methodId },
    });
    return answer(uow, userId, id, locale);
  });
}

/** DELETE /api/p/preferred-shipping/:id: the caller's rule goes; their store orders fall back to the next rule. */
export async function removeRule(db: DbOrUow, userId: string, id: string): Promise<void> {
  await inTransaction(db, async (uow) => {
    const before = await ownRule(uow.tx, userId, id, true);
    if (!before) throw AppError.notFound('preferred-shipping.rule-not-found');
    await uow.tx.delete(preferredShippingRules).where(eq(preferredShippingRules.id, id));
    await runPreferenceChange(uow, {
      userId,
      ruleId: id,
      kind: 'removed',
      before: { prodId: before.prodId, country: before.country, methodId: before.methodId },
      after: null,
    });
  });
}
