import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Where goods ship from ('CN', 'US', 'EU', …); products name their warehouse by this code. */
export const warehouses = pgTable('warehouses', {
  code: text('code').primaryKey(),
  /** ISO 3166 alpha-2 country the warehouse stands in: '*' zones never include it (0030). */
  country: text('country').notNull(),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const warehouseTranslations = pgTable(
  'warehouse_translations',
  {
    warehouseCode: text('warehouse_code')
      .notNull()
      .references(() => warehouses.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.warehouseCode, t.locale] })],
);

/**
 * A way to ship from one warehouse. Never deleted (orders will name it): the operator turns it
 * off instead. `refused_attributes` lists the goods attributes the carrier does not take.
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    warehouseCode: text('warehouse_code')
      .notNull()
      .references(() => warehouses.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    /** cm³ per kg: volumetric kg = L×W×H / divisor (5000 express, 6000 standard, 8000 post). */
    volumetricDivisor: integer('volumetric_divisor').notNull(),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    refusedAttributes: text('refused_attributes').array().notNull().default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipping_methods_code_key').on(t.code),
    index('shipping_methods_warehouse_idx').on(t.warehouseCode, t.position),
    check('shipping_methods_divisor_positive', sql`${t.volumetricDivisor} > 0`),
    check('shipping_methods_days_order', sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`),
  ],
);

export const shippingMethodTranslations = pgTable(
  'shipping_method_translations',
  {
    methodId: integer('method_id')
      .notNull()
      .references(() => shippingMethods.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.methodId, t.locale] })],
);

/**
 * A method's destination countries grouped under one rate table. `countries` holds ISO alpha-2
 * codes; '*' is the method's rest of the world (every foreign country not listed in another zone).
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    methodId: integer('method_id')
      .notNull()
      .references(() => shippingMethods.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    countries: text('countries').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipping_zones_method_idx').on(t.methodId)],
);

/**
 * One weight band of a zone's rate table, in grams and USD minor units: up to `max_weight_g`
 * (null: no limit) the fee is first_price for the first `first_weight_g` plus step_price for each
 * started `step_weight_g` beyond it.
 */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    maxWeightG: integer('max_weight_g'),
    firstWeightG: integer('first_weight_g').notNull(),
    firstPriceMinor: integer('first_price_minor').notNull(),
    stepWeightG: integer('step_weight_g').notNull(),
    stepPriceMinor: integer('step_price_minor').notNull(),
  },
  (t) => [
    index('shipping_rates_zone_idx').on(t.zoneId),
    check('shipping_rates_positive', sql`${t.firstWeightG} > 0 and ${t.stepWeightG} > 0`),
    check('shipping_rates_prices', sql`${t.firstPriceMinor} >= 0 and ${t.stepPriceMinor} >= 0`),
  ],
);
