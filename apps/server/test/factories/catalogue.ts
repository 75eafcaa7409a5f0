import type { SaveProductBody } from '@dsm/contract';
import type { Db } from '../../src/db/client';
import { createProduct } from '../../src/modules/catalogue/catalogue.admin-products.service';
import { createCategory } from '../../src/modules/catalogue/catalogue.categories.service';

/** A fresh top-level category with one subcategory, so a test can filter out the demo catalogue. */
export async function createTestCategories(db: Db, label: string) {
  const root = await createCategory(db, {
    icon: 'ladies',
    names: { 'en-US': `${label} root`, 'fr-FR': `${label} racine` },
  });
  const child = await createCategory(db, {
    icon: 'ladies',
    parentId: root.categoryId,
    names: { 'en-US': `${label} child` },
  });
  return { rootId: root.categoryId, childId: child.categoryId };
}

let codes = 0;

/** A product body with sensible defaults: one SKU at `price` USD, English text only. */
export function productBody(
  categoryId: number,
  text: SaveProductBody['translations'],
  options: { price?: number; skus?: Array<Partial<SaveProductBody['skus'][number]>>; tagIds?: number[] } = {},
): SaveProductBody {
  const skus = (options.skus ?? [{}]).map((s) => ({
    skuCode: `T-${process.pid}-${++codes}`,
    price: options.price ?? 10,
    oriPrice: 0,
    stocks: 10,
    weight: 0.25,
    length: 20,
    width: 10,
    height: 5,
    pic: '',
    warehouse: null,
    specs: [],
    ...s,
  }));
  return {
    categoryId,
    attribute: 'general',
    warehouse: 'CN',
    translations: text,
    imgs: [],
    skus,
    tagIds: options.tagIds ?? [],
  };
}

export async function createTestProduct(db: Db, ...args: Parameters<typeof productBody>) {
  return createProduct(db, productBody(...args));
}
