import type {
  AdminCategory,
  CategoryNode,
  CreateCategoryBody,
  Locale,
  LocalizedNames,
  MoveCategoryBody,
  UpdateCategoryBody,
} from '@dsm/contract';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { cachesFor, invalidateCatalogue } from './catalogue.cache';
import { categories, categoryTranslations, products } from './catalogue.tables';
import { pickLocalized } from '../../platform/localized';
import { namesByLocale, plainText } from './catalogue.text';
import { type DbOrUow, handleOf, inTransaction } from '../../platform/unit-of-work';

interface CategoryRow {
  id: number;
  parentId: number | null;
  icon: string;
  position: number;
  names: Array<{ locale: string; name: string }>;
}

/** All categories with their names, in tree order (position, then id). The table is small. */
async function loadCategories(db: Db): Promise<CategoryRow[]> {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      icon: categories.icon,
      position: categories.position,
      locale: categoryTranslations.locale,
      name: categoryTranslations.name,
    })
    .from(categories)
    .leftJoin(categoryTranslations, eq(categoryTranslations.categoryId, categories.id))
    .orderBy(asc(categories.position), asc(categories.id));
  const byId = new Map<number, CategoryRow>();
  for (const r of rows) {
    let c = byId.get(r.id);
    if (!c) {
      c = { id: r.id, parentId: r.parentId, icon: r.icon, position: r.position, names: [] };
      byId.set(r.id, c);
    }
    if (r.locale && r.name !== null) c.names.push({ locale: r.locale, name: r.name });
  }
  return [...byId.values()];
}

/** Parent → children ids, for subtree filters. Cached with the tree. */
interface CategoryIndex {
  rows: CategoryRow[];
  children: Map<number | null, number[]>;
}

function categoryIndex(db: Db): Promise<CategoryIndex> {
  return cachesFor(db).tree.get('index', async () => {
    const rows = await loadCategories(db);
    const children = new Map<number | null, number[]>();
    for (const r of rows) {
      const list = children.get(r.parentId) ?? [];
      list.push(r.id);
      children.set(r.parentId, list);
    }
    return { rows, children };
  }) as Promise<CategoryIndex>;
}

/** The ids of a category and everything under it; empty when the category does not exist. */
export async function categorySubtreeIds(db: Db, categoryId: number): Promise<number[]> {
  const { rows, children } = await categoryIndex(db);
  if (!rows.some((r) => r.id === categoryId)) return [];
  const out: number[] = [];
  const stack = [categoryId];
  while (stack.length) {
    const id = stack.pop()!;
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/**
 * GET /api/category/categories: the tree in the caller's language (fallback requested → en-US
 * → any), or the subtrees under `parentId`. Cached per language; operator writes clear it.
 */
export async function getCategoryTree(db: Db, locale: Locale, parentId?: number): Promise<CategoryNode[]> {
  const tree = (await cachesFor(db).tree.get(`tree:${locale}`, async () => {
    const { rows } = await categoryIndex(db);
    const nodes = new Map<number, CategoryNode>();
    for (const r of rows) {
      nodes.set(r.id, {
        categoryId: r.id,
        parentId: r.parentId,
        categoryName: pickLocalized(r.names, locale)?.name ?? '',
        icon: r.icon,
        position: r.position,
        children: [],
      });
    }
    const roots: CategoryNode[] = [];
    for (const r of rows) {
      const node = nodes.get(r.id)!;
      const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return { roots, nodes };
  })) as { roots: CategoryNode[]; nodes: Map<number, CategoryNode> };
  if (parentId === undefined) return tree.roots;
  const node = tree.nodes.get(parentId);
  if (!node) throw AppError.notFound('catalogue.category-not-found');
  return node.children;
}

// ---------------------------------------------------------------- operator

async function productCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ categoryId: products.categoryId, n: count() })
    .from(products)
    .groupBy(products.categoryId);
  return new Map(rows.map((r) => [r.categoryId, Number(r.n)]));
}

function toAdmin(r: CategoryRow, counts: Map<number, number>): AdminCategory {
  return {
    categoryId: r.id,
    parentId: r.parentId,
    icon: r.icon,
    position: r.position,
    names: namesByLocale(r.names),
    productCount: counts.get(r.id) ?? 0,
  };
}

/** Every category, flat, with all its names and how many products sit directly in it. */
export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  const [rows, counts] = await Promise.all([loadCategories(db), productCounts(db)]);
  return rows.map((r) => toAdmin(r, counts));
}

async function getAdminCategory(db: Db, id: number): Promise<AdminCategory> {
  const rows = await loadCategories(db);
  const row = rows.find((r) => r.id === id);
  if (!row) throw AppError.notFound('catalogue.category-not-found');
  const [n] = await db.select({ n: count() }).from(products).where(eq(products.categoryId, id));
  return toAdmin(row, new Map([[id, Number(n?.n ?? 0)]]));
}

async function writeNames(db: Db, categoryId: number, names: LocalizedNames): Promise<void> {
  for (const [locale, name] of Object.entries(names)) {
    if (!name) continue;
    await db
      .insert(categoryTranslations)
      .values({ categoryId, locale, name: plainText(name) })
      .onConflictDoUpdate({
        target: [categoryTranslations.categoryId, categoryTranslations.locale],
        set: { name: plainText(name) },
      });
  }
}

async function requireCategory(db: Db, id: number, field: string): Promise<void> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  if (!row) throw AppError.invalid([{ field, messageKey: 'catalogue.category-not-found' }]);
}

export async function createCategory(db: DbOrUow, body: CreateCategoryBody): Promise<AdminCategory> {
  const id = await inTransaction(db, async ({ tx }) => {
    if (body.parentId) await requireCategory(tx, body.parentId, 'parentId');
    const [row] = await tx
      .insert(categories)
      .values({ parentId: body.parentId ?? null, icon: body.icon, position: body.position ?? 0 })
      .returning({ id: categories.id });
    await writeNames(tx, row!.id, body.names);
    return row!.id;
  });
  invalidateCatalogue(db);
  return getAdminCategory(handleOf(db), id);
}

export async function updateCategory(db: DbOrUow, id: number, body: UpdateCategoryBody): Promise<AdminCategory> {
  await inTransaction(db, async ({ tx }) => {
    const [row] = await tx
      .update(categories)
      .set({
        ...(body.icon ? { icon: body.icon } : {}),
        ...(body.position !== undefined ? { position: body.position } : {}),
        updatedAt: new Date(),
      })
      .where(eq(categories.id, id))
      .returning({ id: categories.id });
    if (!row) throw AppError.notFound('catalogue.category-not-found');
    if (body.names) await writeNames(tx, id, body.names);
  });
  invalidateCatalogue(db);
  return getAdminCategory(handleOf(db), id);
}

/** Moves a category (with its subtree) under another parent; a move into its own subtree is refused. */
export async function moveCategory(db: DbOrUow, id: number, body: MoveCategoryBody): Promise<AdminCategory> {
  await inTransaction(db, async ({ tx }) => {
    // One writer at a time re-parents, so two crossing moves cannot build a cycle.
    await tx.execute(sql`select id from categories where id = ${id} for update`);
    const rows = await loadCategories(tx);
    if (!rows.some((r) => r.id === id)) throw AppError.notFound('catalogue.category-not-found');
    if (body.parentId !== null) {
      const parents = new Map(rows.map((r) => [r.id, r.parentId]));
      if (!parents.has(body.parentId))
        throw AppError.invalid([{ field: 'parentId', messageKey: 'catalogue.category-not-found' }]);
      for (let at: number | null | undefined = body.parentId; at != null; at = parents.get(at)) {
        if (at === id) throw AppError.invalid([{ field: 'parentId', messageKey: 'catalogue.category-cycle' }]);
      }
    }
    await tx
      .update(categories)
      .set({
        parentId: body.parentId,
        ...(body.position !== undefined ? { position: body.position } : {}),
        updatedAt: new Date(),
      })
      .where(eq(categories.id, id));
  });
  invalidateCatalogue(db);
  return getAdminCategory(handleOf(db), id);
}

/** Deletes an empty category: no subcategories and no products. */
export async function deleteCategory(db: DbOrUow, id: number): Promise<void> {
  await inTransaction(db, async ({ tx }) => {
    const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw AppError.notFound('catalogue.category-not-found');
    const [child] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.parentId, id)).limit(1);
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.categoryId, id)).limit(1);
    if (child || product) throw AppError.conflict('category-not-empty', 'catalogue.category-not-empty');
    await tx.delete(categories).where(eq(categories.id, id));
  });
  invalidateCatalogue(db);
}
