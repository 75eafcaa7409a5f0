import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// A declared link to another module's table (decision 0066): the one import of logistics here.
import { warehouses } from '../logistics/logistics.tables';

/** PostgreSQL's full-text document type; written only by the search-document service. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const PRODUCT_STATUSES = ['on', 'off'] as const;
export const SHIPPING_ATTRIBUTES = ['general', 'battery', 'liquid', 'powder', 'magnetic', 'cosmetic'] as const;

/** The category tree. A node with children or products cannot be deleted (see the service). */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    /** One of the icon keys of SPEC §1 (bags, car, …); subcategories inherit their root's icon. */
    icon: text('icon').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.position)],
);

export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.locale] })],
);

/**
 * A product. `price_minor`, `original_price_minor`, `total_stock` and `pic` summarise its SKUs
 * and images so the goods list reads one row per product; the service keeps them in step.
 * `search_document` is the weighted full-text document in all four languages (see
 * catalogue.search-document.ts), rebuilt whenever the product or its text changes.
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('on'),
    attribute: text('attribute', { enum: SHIPPING_ATTRIBUTES }).notNull().default('general'),
    /** The warehouse it ships from: a row of the operator's warehouses (logistics), kept while in use. */
    warehouse: text('warehouse')
      .notNull()
      .default('CN')
      .references(() => warehouses.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    salesCount: integer('sales_count').notNull().default(0),
    /** Where the operator found it (e.g. the sourcing request's URL, decision 0134); never shown to buyers. */
    sourceNote: text('source_note').notNull().default(''),
    priceMinor: integer('price_minor').notNull().default(0),
    originalPriceMinor: integer('original_price_minor').notNull().default(0),
    totalStock: integer('total_stock').notNull().default(0),
    pic: text('pic').notNull().default(''),
    searchDocument: tsvector('search_document').notNull().default(sql`''::tsvector`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_search_document_idx').using('gin', t.searchDocument),
    // The goods list filters by a category subtree (category_id = ANY) and sorts the few
    // thousand rows it finds; without a category it walks one of the sort indexes.
    index('products_category_idx').on(t.categoryId),
    // The foreign key's lookups (deleting a warehouse asks whether any product uses it).
    index('products_warehouse_idx').on(t.warehouse),
    index('products_price_idx').on(t.priceMinor, t.id),
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_sales_idx').on(t.salesCount, t.id),
  ],
);

/** Per-language product text; `description` is sanitized rich text (HTML). */
export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    brief: text('brief').notNull().default(''),
    description: text('description').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.productId, t.locale] })],
);

export const productImages = pgTable(
  'product_images',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** A sellable variant. Weight in grams and sizes in millimetres; the wire uses kg and cm. */
export const skus = pgTable(
  'skus',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    skuCode: text('sku_code').notNull(),
    priceMinor: integer('price_minor').notNull(),
    originalPriceMinor: integer('original_price_minor').notNull(),
    weightGrams: integer('weight_grams').notNull().default(0),
    lengthMm: integer('length_mm').notNull().default(0),
    widthMm: integer('width_mm').notNull().default(0),
    heightMm: integer('height_mm').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    /** Where this SKU's stock is when not in its product's warehouse (null: the product's). */
    warehouse: text('warehouse').references(() => warehouses.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    image: text('image').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('skus_sku_code_key').on(t.skuCode),
    index('skus_product_idx').on(t.productId, t.position),
    index('skus_warehouse_idx').on(t.warehouse),
  ],
);

/** Spec names (Colour, Size, …) and their values, each localized. */
export const properties = pgTable(
  'properties',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('properties_code_key').on(t.code)],
);

export const propertyTranslations = pgTable(
  'property_translations',
  {
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.locale] })],
);

export const propertyValues = pgTable(
  'property_values',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('property_values_property_code_key').on(t.propertyId, t.code)],
);

export const propertyValueTranslations = pgTable(
  'property_value_translations',
  {
    valueId: integer('value_id')
      .notNull()
      .references(() => propertyValues.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.valueId, t.locale] })],
);

/** Which value of each spec a SKU has (Colour=Red, Size=M). */
export const skuPropertyValues = pgTable(
  'sku_property_values',
  {
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    valueId: integer('value_id')
      .notNull()
      .references(() => propertyValues.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.skuId, t.propertyId] })],
);

/** Product tags (new, trending, bestseller, …) with localized names. */
export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_code_key').on(t.code)],
);

export const tagTranslations = pgTable(
  'tag_translations',
  {
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.locale] })],
);

export const productTags = pgTable(
  'product_tags',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.tagId] }), index('product_tags_tag_idx').on(t.tagId, t.productId)],
);

/** Featured products (GET /api/prod/specials), in the operator's order. */
export const productSpecials = pgTable('product_specials', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
});

/**
 * Words of product titles (all languages, lower case): the lexicon that typo tolerance
 * corrects query words against by trigram similarity. Words are only added, never removed;
 * a stale word can at worst suggest a correction that matches nothing.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops'))],
);

/**
 * Bulk price tiers (decision 0090): from `min_quantity` pieces of the product (all its SKUs
 * together) each piece costs `unit_price_minor`, or the SKU's price less `percent_off_bps`. The
 * smallest min quantity is the product's MOQ for bulk buying.
 */
export const productPriceTiers = pgTable(
  'product_price_tiers',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor'),
    percentOffBps: integer('percent_off_bps'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.minQuantity] }),
    check(
      'product_price_tiers_rule',
      sql`${t.minQuantity} >= 2 and ((${t.unitPriceMinor} is null) <> (${t.percentOffBps} is null))
        and coalesce(${t.unitPriceMinor}, 1) > 0 and coalesce(${t.percentOffBps}, 1) between 1 and 9999`,
    ),
  ],
);
