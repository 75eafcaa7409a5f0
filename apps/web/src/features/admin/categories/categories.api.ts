import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminCategoryListSchema, AdminCategorySchema } from '@dsm/contract';
import type { AdminCategory, CreateCategoryBody, Locale, MoveCategoryBody, UpdateCategoryBody } from '@dsm/contract';
import { api, type ApiResult } from '../../../lib/api';
import { pickName } from '../shared/names';
import { adminKeys, catalogueKeys } from '../../../lib/query-keys';

const PATH = '/admin/catalogue/categories';

export const fetchAdminCategories = (signal?: AbortSignal) =>
  api.data<AdminCategory[]>(PATH, { signal, schema: AdminCategoryListSchema });

export const adminCategoriesQuery = queryOptions({
  queryKey: adminKeys.categories(),
  queryFn: ({ signal }) => fetchAdminCategories(signal),
});

export function useAdminCategories() {
  return useQuery(adminCategoriesQuery);
}

export const createCategory = (body: CreateCategoryBody) =>
  api.post<AdminCategory>(PATH, body, { idempotencyKey: crypto.randomUUID(), schema: AdminCategorySchema });
export const updateCategory = (id: number, body: UpdateCategoryBody) =>
  api.put<AdminCategory>(`${PATH}/${id}`, body, { schema: AdminCategorySchema });
export const moveCategory = (id: number, body: MoveCategoryBody) =>
  api.put<AdminCategory>(`${PATH}/${id}/move`, body, { schema: AdminCategorySchema });
export const deleteCategory = (id: number) => api.del<null>(`${PATH}/${id}`);

/** The writes, each refreshing the console's list and the storefront's tree when it succeeds. */
export function useCategoryActions() {
  const client = useQueryClient();
  const after = <T>(result: ApiResult<T>) => {
    if (result.success) {
      void client.invalidateQueries({ queryKey: adminKeys.categories() });
      void client.invalidateQueries({ queryKey: catalogueKeys.all });
    }
    return result;
  };
  return {
    create: (body: CreateCategoryBody) => createCategory(body).then(after),
    update: (id: number, body: UpdateCategoryBody) => updateCategory(id, body).then(after),
    move: (id: number, body: MoveCategoryBody) => moveCategory(id, body).then(after),
    remove: (id: number) => deleteCategory(id).then(after),
  };
}

export interface CategoryNode {
  key: number;
  value: number;
  title: string;
  category: AdminCategory;
  disabled?: boolean;
  children?: CategoryNode[];
}

/** The flat list as a tree, siblings by position then name, in the interface language. */
export function categoryTree(list: readonly AdminCategory[], lang: Locale): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const category of list) {
    nodes.set(category.categoryId, {
      key: category.categoryId,
      value: category.categoryId,
      title: pickName(category.names, lang),
      category,
    });
  }
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parentId = node.category.parentId;
    const parent = parentId === null ? undefined : nodes.get(parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  const sort = (level: CategoryNode[]) => {
    level.sort((a, b) => a.category.position - b.category.position || a.title.localeCompare(b.title, lang));
    for (const n of level) if (n.children) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** The ids of a category and everything under it (a category cannot move into its own subtree). */
export function subtreeIds(list: readonly AdminCategory[], rootId: number): Set<number> {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of list) {
      if (c.parentId !== null && ids.has(c.parentId) && !ids.has(c.categoryId)) {
        ids.add(c.categoryId);
        grew = true;
      }
    }
  }
  return ids;
}
