import { z } from 'zod';
import { IdSchema } from './common/ids';
import { LOCALES, type Locale } from './common/locale';
import { PageQuerySchema, pageOf } from './common/paging';

/**
 * The catalogue: category tree, tags, product list/search, product detail, featured products,
 * and the operator's management API. Prices on the wire are USD decimals with 2 places; the web
 * converts them for display with the chosen currency's rate (docs/decisions/0020-catalogue.md).
 * Weights are kg and sizes cm on the wire.
 */

export const PRODUCT_STATUS = ['on', 'off'] as const;
export const SHIPPING_ATTRIBUTE = ['general', 'battery', 'liquid', 'powder', 'magnetic', 'cosmetic'] as const;
export const PRODUCT_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'sales'] as const;
/** Icon keys of SPEC §1; a category's `icon` is one of these. */
export const CATEGORY_ICONS = [
  'bags',
  'car',
  'digital',
  'fashion',
  'festival',
  'health',
  'home',
  'jewelry',
  'kitchen',
  'ladies',
  'mens',
  'nail',
  'outdoor',
  'pet',
  'sports',
  'tools',
  'toys',
  'weddings',
] as const;

export type ProductStatus = (typeof PRODUCT_STATUS)[number];
export type ShippingAttribute = (typeof SHIPPING_ATTRIBUTE)[number];
/**
 * A warehouse's code, the key of a row of the operator's `warehouses` table (logistics), which
 * products reference: any warehouse the operator adds can hold products (decision 0066).
 */
export type Warehouse = string;
const WarehouseRef = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,8}$/, 'catalogue.warehouse-unknown')
  .transform((s) => s.toUpperCase());
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

/** Ids are positive integers; query strings carry them as text (common/ids). */
const Id = IdSchema;
/** An optional query number: an empty parameter (`minPrice=`) counts as absent. */
const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
/** A wire amount: not negative, at most 2 decimals. */
const Amount = z.number().min(0).max(10_000_000).multipleOf(0.01);

// ---------------------------------------------------------------- public: categories and tags

export interface CategoryNode {
  categoryId: number;
  parentId: number | null;
  categoryName: string;
  icon: string;
  position: number;
  children: CategoryNode[];
}
export const CategoryNodeSchema: z.ZodType<CategoryNode> = z.object({
  categoryId: z.number().int(),
  parentId: z.number().int().nullable(),
  categoryName: z.string(),
  icon: z.string(),
  position: z.number().int(),
  get children() {
    return z.array(CategoryNodeSchema);
  },
});
export const CategoryTreeSchema = z.array(CategoryNodeSchema);

/** GET /api/category/categories: the whole tree, or the subtrees under `parentId`. */
export const ListCategoriesQuery = z.object({ parentId: optionalQuery(Id) });
export type ListCategoriesQuery = z.infer<typeof ListCategoriesQuery>;

export const TagSchema = z.object({ tagId: z.number().int(), code: z.string(), name: z.string() });
export type Tag = z.infer<typeof TagSchema>;
export const TagListSchema = z.array(TagSchema);

// ---------------------------------------------------------------- public: products

/** One product in a list (goods list, tag list, specials). */
export const ProductListItemSchema = z.object({
  prodId: z.number().int(),
  prodName: z.string(),
  pic: z.string(),
  price: z.number(),
  oriPrice: z.number(),
  categoryId: z.number().int(),
  sales: z.number().int(),
  tags: z.array(TagSchema),
  /** The warehouse code it ships from (its name: GET /api/logistics/warehouse). */
  warehouse: z.string(),
});
export type ProductListItem = z.infer<typeof ProductListItemSchema>;
export const ProductPageSchema = pageOf(ProductListItemSchema);
export const ProductListSchema = z.array(ProductListItemSchema);

export const SkuSchema = z.object({
  skuId: z.number().int(),
  skuCode: z.string(),
  /** The SKU's spec values joined, e.g. "Red / M"; the product name when it has no specs. */
  skuName: z.string(),
  price: z.number(),
  oriPrice: z.number(),
  stocks: z.number().int(),
  /** kg */
  weight: z.number(),
  /** cm */
  length: z.number(),
  width: z.number(),
  height: z.number(),
  pic: z.string(),
  /** Localized `name:value` pairs joined by `;`, e.g. `Colour:Red;Size:M`. */
  properties: z.string(),
});
export type Sku = z.infer<typeof SkuSchema>;

/** A spec with its values in display order, for the variant picker. */
export const ProductSpecSchema = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductSpec = z.infer<typeof ProductSpecSchema>;

export const ProductDetailSchema = z.object({
  prodId: z.number().int(),
  prodName: z.string(),
  pic: z.string(),
  imgs: z.array(z.string()),
  price: z.number(),
  oriPrice: z.number(),
  brief: z.string(),
  /** Sanitized rich text (HTML). */
  content: z.string(),
  categoryId: z.number().int(),
  totalStocks: z.number().int(),
  sales: z.number().int(),
  attribute: z.enum(SHIPPING_ATTRIBUTE),
  warehouse: z.string(),
  tags: z.array(TagSchema),
  skuList: z.array(SkuSchema),
  specs: z.array(ProductSpecSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const ProductInfoQuery = z.object({ prodId: Id });
export type ProductInfoQuery = z.infer<typeof ProductInfoQuery>;

export const ListProductsByTagQuery = PageQuerySchema.extend({ tagId: Id });
export type ListProductsByTagQuery = z.infer<typeof ListProductsByTagQuery>;

/**
 * GET /api/prod/search. `categoryId` includes its whole subtree; `minPrice`/`maxPrice` are in
 * `currency` (default USD) and compared with prices as the web shows them in that currency.
 * `shipsTo` (ISO alpha-2) keeps the products whose warehouse has an active shipping method with a
 * zone for that country (weight and attribute limits are per SKU: the product page tells, 0110).
 */
export const SearchProductsQuery = PageQuerySchema.extend({
  keyword: optionalQuery(z.string().trim().max(100)),
  categoryId: optionalQuery(Id),
  minPrice: optionalQuery(z.coerce.number().min(0).max(10_000_000)),
  maxPrice: optionalQuery(z.coerce.number().min(0).max(10_000_000)),
  currency: optionalQuery(z.string().regex(/^[A-Za-z]{3}$/)),
  sort: optionalQuery(z.enum(PRODUCT_SORTS)),
  shipsTo: optionalQuery(
    z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'logistics.country-invalid')
      .transform((s) => s.toUpperCase()),
  ),
}).refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
  message: 'catalogue.price-range',
  path: ['minPrice'],
});
export type SearchProductsQuery = z.infer<typeof SearchProductsQuery>;

// ---------------------------------------------------------------- operator: shared pieces

/** Text per language; at least one language. Reading falls back requested → en-US → any. */
export const LocalizedNamesSchema = z
  .partialRecord(z.enum(LOCALES), z.string().trim().min(1).max(120))
  .refine((names) => Object.values(names).some((n) => n && n.length > 0), { message: 'catalogue.names-required' });
export type LocalizedNames = Partial<Record<Locale, string>>;

/** Spec names and values end up in `Colour:Red;Size:M`, so they may not contain `:` or `;`. */
const SpecText = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[^:;]+$/, 'catalogue.spec-text');
export const SpecNamesSchema = z
  .partialRecord(z.enum(LOCALES), SpecText)
  .refine((names) => Object.keys(names).length > 0, { message: 'catalogue.names-required' });

const Code = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'catalogue.code-format');

// ---------------------------------------------------------------- operator: categories

export const AdminCategorySchema = z.object({
  categoryId: z.number().int(),
  parentId: z.number().int().nullable(),
  icon: z.string(),
  position: z.number().int(),
  names: z.record(z.string(), z.string()),
  productCount: z.number().int(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;
export const AdminCategoryListSchema = z.array(AdminCategorySchema);

export const CreateCategoryBody = z.object({
  parentId: Id.nullable().optional(),
  icon: z.enum(CATEGORY_ICONS),
  position: z.number().int().min(0).max(100_000).optional(),
  names: LocalizedNamesSchema,
});
export type CreateCategoryBody = z.infer<typeof CreateCategoryBody>;

export const UpdateCategoryBody = z.object({
  icon: z.enum(CATEGORY_ICONS).optional(),
  position: z.number().int().min(0).max(100_000).optional(),
  names: LocalizedNamesSchema.optional(),
});
export type UpdateCategoryBody = z.infer<typeof UpdateCategoryBody>;

/** Moves a category under another parent (null: to the top level). */
export const MoveCategoryBody = z.object({
  parentId: Id.nullable(),
  position: z.number().int().min(0).max(100_000).optional(),
});
export type MoveCategoryBody = z.infer<typeof MoveCategoryBody>;

export const CategoryIdParams = z.object({ categoryId: Id });

// ---------------------------------------------------------------- operator: tags

export const AdminTagSchema = z.object({
  tagId: z.number().int(),
  code: z.string(),
  position: z.number().int(),
  names: z.record(z.string(), z.string()),
  productCount: z.number().int(),
});
export type AdminTag = z.infer<typeof AdminTagSchema>;
export const AdminTagListSchema = z.array(AdminTagSchema);

export const CreateTagBody = z.object({
  code: Code,
  position: z.number().int().min(0).max(100_000).optional(),
  names: LocalizedNamesSchema,
});
export type CreateTagBody = z.infer<typeof CreateTagBody>;

export const UpdateTagBody = z.object({
  position: z.number().int().min(0).max(100_000).optional(),
  names: LocalizedNamesSchema.optional(),
});
export type UpdateTagBody = z.infer<typeof UpdateTagBody>;

export const TagIdParams = z.object({ tagId: Id });
export const TagProductParams = z.object({ tagId: Id, prodId: Id });

// ---------------------------------------------------------------- operator: specs (properties)

export const AdminSpecSchema = z.object({
  propertyId: z.number().int(),
  code: z.string(),
  names: z.record(z.string(), z.string()),
  values: z.array(z.object({ valueId: z.number().int(), code: z.string(), names: z.record(z.string(), z.string()) })),
});
export type AdminSpec = z.infer<typeof AdminSpecSchema>;
export const AdminSpecListSchema = z.array(AdminSpecSchema);

/** Creates a spec (e.g. `colour`) or adds values to it and renames it; values are matched by code. */
export const SaveSpecBody = z.object({
  code: Code,
  names: SpecNamesSchema,
  values: z
    .array(z.object({ code: Code, names: SpecNamesSchema }))
    .max(200)
    .default([]),
});
export type SaveSpecBody = z.infer<typeof SaveSpecBody>;

// ---------------------------------------------------------------- operator: products

export const ProductTextSchema = z.object({
  title: z.string().trim().min(1).max(200),
  brief: z.string().trim().max(500).default(''),
  /** Rich text; sanitized by the server before it is stored. */
  description: z.string().max(100_000).default(''),
});
export type ProductText = z.infer<typeof ProductTextSchema>;

export const SaveSkuSchema = z.object({
  /** Present to edit an existing SKU of this product; absent to add one. */
  skuId: Id.optional(),
  skuCode: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._-]+$/, 'catalogue.sku-code-format'),
  price: Amount.refine((v) => v > 0, 'validation.positive'),
  oriPrice: Amount,
  stocks: z.number().int().min(0).max(100_000_000),
  /** kg, up to gram precision */
  weight: z.number().min(0).max(1000).multipleOf(0.001),
  /** cm, up to millimetre precision */
  length: z.number().min(0).max(1000).multipleOf(0.1),
  width: z.number().min(0).max(1000).multipleOf(0.1),
  height: z.number().min(0).max(1000).multipleOf(0.1),
  pic: z.string().max(500).default(''),
  /** A warehouse of the operator's other than the product's, where this SKU's stock is; null: the product's. */
  warehouse: WarehouseRef.nullable().default(null),
  /** Spec values by code, e.g. [{property: 'colour', value: 'red'}]. */
  specs: z
    .array(z.object({ property: Code, value: Code }))
    .max(5)
    .default([]),
});
export type SaveSku = z.infer<typeof SaveSkuSchema>;

export const SaveProductBody = z.object({
  categoryId: Id,
  attribute: z.enum(SHIPPING_ATTRIBUTE).default('general'),
  warehouse: WarehouseRef.default('CN'),
  translations: z
    .partialRecord(z.enum(LOCALES), ProductTextSchema)
    .refine((t) => Object.keys(t).length > 0, { message: 'catalogue.translation-required' }),
  /** Image URLs as returned by the image upload, the first is the main picture. */
  imgs: z.array(z.string().trim().min(1).max(500)).max(20).default([]),
  skus: z.array(SaveSkuSchema).min(1, 'catalogue.sku-required').max(99),
  tagIds: z.array(Id).max(20).default([]),
  /** The operator's note on where it comes from (a supplier's URL); absent keeps the stored one. */
  sourceNote: z.string().trim().max(1000).optional(),
});
export type SaveProductBody = z.infer<typeof SaveProductBody>;

export const ProductIdParams = z.object({ prodId: Id });

export const SetProductStatusBody = z.object({ status: z.enum(PRODUCT_STATUS) });
export type SetProductStatusBody = z.infer<typeof SetProductStatusBody>;

export const AdminProductSchema = z.object({
  prodId: z.number().int(),
  categoryId: z.number().int(),
  status: z.enum(PRODUCT_STATUS),
  attribute: z.enum(SHIPPING_ATTRIBUTE),
  warehouse: z.string(),
  sales: z.number().int(),
  sourceNote: z.string(),
  translations: z.record(z.string(), z.object({ title: z.string(), brief: z.string(), description: z.string() })),
  imgs: z.array(z.string()),
  skus: z.array(
    SaveSkuSchema.omit({ skuId: true, pic: true, specs: true, warehouse: true }).extend({
      skuId: z.number().int(),
      pic: z.string(),
      warehouse: z.string().nullable(),
      specs: z.array(z.object({ property: z.string(), value: z.string() })),
    }),
  ),
  tagIds: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminProductListItemSchema = z.object({
  prodId: z.number().int(),
  prodName: z.string(),
  pic: z.string(),
  price: z.number(),
  categoryId: z.number().int(),
  status: z.enum(PRODUCT_STATUS),
  totalStocks: z.number().int(),
  sales: z.number().int(),
  createdAt: z.string(),
});
export type AdminProductListItem = z.infer<typeof AdminProductListItemSchema>;
export const AdminProductPageSchema = pageOf(AdminProductListItemSchema);
/** The featured products as the operator manages them (taken-down ones included). */
export const AdminSpecialsSchema = z.array(AdminProductListItemSchema);

export const ListAdminProductsQuery = PageQuerySchema.extend({
  keyword: optionalQuery(z.string().trim().max(100)),
  categoryId: optionalQuery(Id),
  status: optionalQuery(z.enum(PRODUCT_STATUS)),
});
export type ListAdminProductsQuery = z.infer<typeof ListAdminProductsQuery>;

/** Featured products in display order (replaces the list). */
export const SetSpecialsBody = z.object({ prodIds: z.array(Id).max(100) });
export type SetSpecialsBody = z.infer<typeof SetSpecialsBody>;

// ---------------------------------------------------------------- operator: images

export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
/** Largest accepted image, decoded. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** An image as base64 in JSON (no multipart): png, jpeg, webp or svg, at most 2 MB decoded. */
export const UploadImageBody = z.object({
  contentType: z.enum(IMAGE_CONTENT_TYPES, { message: 'catalogue.image-type' }),
  /** Base64 (a `data:` URL prefix is accepted and ignored). */
  data: z
    .string()
    .min(1)
    .max(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 1024, 'catalogue.image-too-large'),
});
export type UploadImageBody = z.infer<typeof UploadImageBody>;

export const UploadedImageSchema = z.object({ url: z.string(), bytes: z.number().int(), contentType: z.string() });
export type UploadedImage = z.infer<typeof UploadedImageSchema>;
export const AdminProductListItemPageSchema = pageOf(AdminProductListItemSchema);
export const AdminProductListItemListSchema = z.array(AdminProductListItemSchema);
export const ProductListItemPageSchema = pageOf(ProductListItemSchema);
