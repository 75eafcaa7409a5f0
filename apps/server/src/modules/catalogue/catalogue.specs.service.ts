import type { AdminSpec, SaveSpecBody } from '@dsm/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { cachesFor, invalidateCatalogue } from './catalogue.cache';
import { properties, propertyTranslations, propertyValueTranslations, propertyValues } from './catalogue.tables';
import { namesByLocale, plainText } from './catalogue.text';
import { type DbOrUow, handleOf, inTransaction } from '../../platform/unit-of-work';

type Names = Array<{ locale: string; name: string }>;

/** All specs and their values with names in every language: a small, hot dictionary. */
export interface SpecDictionary {
  properties: Map<number, { id: number; code: string; position: number; names: Names }>;
  values: Map<number, { id: number; propertyId: number; code: string; position: number; names: Names }>;
  /** `colour` → id; `colour/red` → value id. */
  propertyByCode: Map<string, number>;
  valueByCode: Map<string, number>;
}

/** Read fresh from the database (operator writes validate against this, not the cache). */
export async function loadSpecDictionary(db: Db): Promise<SpecDictionary> {
  // One after another: `db` may be a transaction, which runs one query at a time.
  const props = await db.select().from(properties).orderBy(asc(properties.position), asc(properties.id));
  const propNames = await db.select().from(propertyTranslations);
  const vals = await db.select().from(propertyValues).orderBy(asc(propertyValues.position), asc(propertyValues.id));
  const valNames = await db.select().from(propertyValueTranslations);
  const dict: SpecDictionary = {
    properties: new Map(),
    values: new Map(),
    propertyByCode: new Map(),
    valueByCode: new Map(),
  };
  for (const p of props) {
    dict.properties.set(p.id, { id: p.id, code: p.code, position: p.position, names: [] });
    dict.propertyByCode.set(p.code, p.id);
  }
  for (const n of propNames) dict.properties.get(n.propertyId)?.names.push({ locale: n.locale, name: n.name });
  for (const v of vals) {
    dict.values.set(v.id, { id: v.id, propertyId: v.propertyId, code: v.code, position: v.position, names: [] });
    const prop = dict.properties.get(v.propertyId);
    if (prop) dict.valueByCode.set(`${prop.code}/${v.code}`, v.id);
  }
  for (const n of valNames) dict.values.get(n.valueId)?.names.push({ locale: n.locale, name: n.name });
  return dict;
}

/** Cached with the category tree; operator writes clear it. */
export function specDictionary(db: Db): Promise<SpecDictionary> {
  return cachesFor(db).tree.get('properties', () => loadSpecDictionary(db)) as Promise<SpecDictionary>;
}

function toAdmin(dict: SpecDictionary): AdminSpec[] {
  return [...dict.properties.values()].map((p) => ({
    propertyId: p.id,
    code: p.code,
    names: namesByLocale(p.names),
    values: [...dict.values.values()]
      .filter((v) => v.propertyId === p.id)
      .map((v) => ({ valueId: v.id, code: v.code, names: namesByLocale(v.names) })),
  }));
}

export async function listAdminSpecs(db: Db): Promise<AdminSpec[]> {
  return toAdmin(await loadSpecDictionary(db));
}

/**
 * Creates a spec or updates one with the same code: renames it and upserts its values by code
 * (values are never removed here, SKUs may use them).
 */
export async function saveSpec(db: DbOrUow, body: SaveSpecBody): Promise<AdminSpec> {
  await inTransaction(db, async ({ tx }) => {
    const [existing] = await tx.select({ id: properties.id }).from(properties).where(eq(properties.code, body.code));
    let propertyId = existing?.id;
    if (!propertyId) {
      const [row] = await tx.insert(properties).values({ code: body.code }).returning({ id: properties.id });
      propertyId = row!.id;
    }
    for (const [locale, name] of Object.entries(body.names)) {
      if (!name) continue;
      await tx
        .insert(propertyTranslations)
        .values({ propertyId, locale, name: plainText(name) })
        .onConflictDoUpdate({
          target: [propertyTranslations.propertyId, propertyTranslations.locale],
          set: { name: plainText(name) },
        });
    }
    for (const [i, value] of body.values.entries()) {
      const [row] = await tx
        .insert(propertyValues)
        .values({ propertyId, code: value.code, position: i })
        .onConflictDoUpdate({ target: [propertyValues.propertyId, propertyValues.code], set: { position: i } })
        .returning({ id: propertyValues.id });
      for (const [locale, name] of Object.entries(value.names)) {
        if (!name) continue;
        await tx
          .insert(propertyValueTranslations)
          .values({ valueId: row!.id, locale, name: plainText(name) })
          .onConflictDoUpdate({
            target: [propertyValueTranslations.valueId, propertyValueTranslations.locale],
            set: { name: plainText(name) },
          });
      }
    }
  });
  invalidateCatalogue(db);
  const saved = toAdmin(await loadSpecDictionary(handleOf(db))).find((p) => p.code === body.code);
  if (!saved) throw AppError.notFound('catalogue.property-not-found');
  return saved;
}
