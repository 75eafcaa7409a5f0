import {
  LOCALES,
  type AdminProduct,
  type Locale,
  type SaveProductBody,
  type ShippingAttribute,
  type Warehouse,
} from '@dsm/contract';

export interface TranslationValues {
  title: string;
  brief: string;
  description: string;
}

export interface SkuRow {
  skuId?: number;
  skuCode: string;
  /** Spec value code by spec (property) code, e.g. {colour: 'red', size: 'm'}. */
  spec: Record<string, string | undefined>;
  price: number | null;
  oriPrice: number | null;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  stocks: number | null;
  pic?: string;
  /** Another of the operator's warehouses holding this SKU; undefined: the product's. */
  warehouse?: string;
}

export interface ProductFormValues {
  categoryId?: number;
  attribute: ShippingAttribute;
  warehouse: Warehouse;
  tagIds: number[];
  translations: Record<Locale, TranslationValues>;
  imgs: string[];
  /** The specs (properties) the SKUs are told apart by, e.g. ['colour', 'size']. */
  specCodes: string[];
  skus: SkuRow[];
  /** Where it comes from (a supplier's URL), for the operator only. */
  sourceNote: string;
}

export const MAX_SKUS = 99;
export const MAX_IMAGES = 20;
export const SKU_CODE = /^[A-Za-z0-9._-]+$/;

const emptyText = (): TranslationValues => ({ title: '', brief: '', description: '' });

export function emptySku(from?: SkuRow): SkuRow {
  return {
    skuCode: '',
    spec: {},
    price: from?.price ?? null,
    oriPrice: from?.oriPrice ?? null,
    weight: from?.weight ?? null,
    length: from?.length ?? null,
    width: from?.width ?? null,
    height: from?.height ?? null,
    stocks: 0,
    pic: undefined,
  };
}

export function newProductValues(): ProductFormValues {
  return {
    categoryId: undefined,
    attribute: 'general',
    warehouse: 'CN',
    tagIds: [],
    translations: Object.fromEntries(LOCALES.map((l) => [l, emptyText()])) as Record<Locale, TranslationValues>,
    imgs: [],
    specCodes: [],
    skus: [emptySku()],
    sourceNote: '',
  };
}

/** A stored product as the form edits it. */
export function toFormValues(product: AdminProduct): ProductFormValues {
  const specCodes: string[] = [];
  for (const sku of product.skus)
    for (const s of sku.specs) if (!specCodes.includes(s.property)) specCodes.push(s.property);
  return {
    categoryId: product.categoryId,
    attribute: product.attribute,
    warehouse: product.warehouse,
    tagIds: [...product.tagIds],
    translations: Object.fromEntries(
      LOCALES.map((l) => {
        const t = product.translations[l];
        return [l, t ? { title: t.title, brief: t.brief, description: t.description } : emptyText()];
      }),
    ) as Record<Locale, TranslationValues>,
    imgs: [...product.imgs],
    sourceNote: product.sourceNote,
    specCodes,
    skus: product.skus.map((s) => ({
      skuId: s.skuId,
      skuCode: s.skuCode,
      spec: Object.fromEntries(s.specs.map((p) => [p.property, p.value])),
      price: s.price,
      oriPrice: s.oriPrice > s.price ? s.oriPrice : null,
      weight: s.weight,
      length: s.length || null,
      width: s.width || null,
      height: s.height || null,
      stocks: s.stocks,
      pic: s.pic || undefined,
      warehouse: s.warehouse ?? undefined,
    })),
  };
}

const hasText = (t: TranslationValues | undefined) =>
  Boolean(t && (t.title.trim() || t.brief.trim() || t.description.trim()));

/** The request body: only languages with a text, only the chosen specs, blanks as the API wants them. */
export function toSaveBody(values: ProductFormValues): SaveProductBody {
  const translations: SaveProductBody['translations'] = {};
  for (const locale of LOCALES) {
    const t = values.translations[locale];
    if (!hasText(t)) continue;
    translations[locale] = { title: t.title.trim(), brief: t.brief.trim(), description: t.description };
  }
  return {
    categoryId: values.categoryId!,
    attribute: values.attribute,
    warehouse: values.warehouse,
    translations,
    imgs: values.imgs,
    tagIds: values.tagIds,
    sourceNote: (values.sourceNote ?? '').trim(),
    skus: values.skus.map((s) => ({
      ...(s.skuId ? { skuId: s.skuId } : {}),
      skuCode: s.skuCode.trim(),
      price: s.price ?? 0,
      oriPrice: s.oriPrice ?? 0,
      stocks: s.stocks ?? 0,
      weight: s.weight ?? 0,
      length: s.length ?? 0,
      width: s.width ?? 0,
      height: s.height ?? 0,
      pic: s.pic ?? '',
      warehouse: s.warehouse ?? null,
      specs: values.specCodes.flatMap((property) => {
        const value = s.spec?.[property];
        return value ? [{ property, value }] : [];
      }),
    })),
  };
}

/** Server paths that name a SKU's specs point at the row's first spec field. */
export function mapProductErrorPath(path: Array<string | number>, specCodes: string[]): Array<string | number> | null {
  if (path[0] === 'skus' && typeof path[1] === 'number' && path[2] === 'specs') {
    const first = specCodes[0];
    return first ? ['skus', path[1], 'spec', first] : ['skus', path[1], 'skuCode'];
  }
  if (path[0] === 'translations' && path.length === 2) return ['translations', path[1]!, 'title'];
  if (path[0] === 'imgs') return ['imgs'];
  return path;
}
