import { z } from 'zod';
import { IdSchema } from './common/ids';
import { WarehouseOptionSchema } from './logistics';

/**
 * Preferred shipping (`/user/prefershipping`, issue 21, decision 0116): per catalogue product (or
 * all products) and destination country (or all countries), the shipping method a store owner
 * prefers. Amounts USD with at most two decimals; `country` ISO alpha-2 or null for every country.
 */

/** A country code or null ("all countries"); an empty string means null too (a cleared select). */
const CountryOrAll = z
  .union([z.string(), z.null()], { error: 'logistics.country-invalid' })
  .transform((s) => (s === null || s.trim() === '' ? null : s.trim().toUpperCase()))
  .refine((s) => s === null || /^[A-Z]{2}$/.test(s), 'logistics.country-invalid');

/** POST /api/p/preferred-shipping and PUT …/:id: product null = all products, country null = all countries. */
export const SavePreferredShippingBody = z.object({
  prodId: IdSchema.nullable().default(null),
  country: CountryOrAll.default(null),
  methodId: IdSchema,
});
export type SavePreferredShippingBody = z.infer<typeof SavePreferredShippingBody>;

export const PreferredShippingRuleParams = z.object({ id: z.string().max(40) });

/** GET /api/p/preferred-shipping/methods?prodId=&country=: either may be left out ("all"). */
export const PreferredShippingMethodsQuery = z.object({
  prodId: IdSchema.optional(),
  country: CountryOrAll.optional(),
});
export type PreferredShippingMethodsQuery = z.infer<typeof PreferredShippingMethodsQuery>;

/**
 * What a method costs and takes for the choice made. `price` is for quantity 1 of the product's
 * first SKU when a product and a country are given; for all products it is the least a parcel
 * costs to that country (`priceFrom`); with all countries there is no price (null).
 */
const MethodFacts = {
  methodId: z.number().int(),
  code: z.string(),
  name: z.string(),
  warehouse: WarehouseOptionSchema,
  days: z.object({ min: z.number().int(), max: z.number().int() }),
  price: z.number().nullable(),
  priceFrom: z.boolean(),
  /** False with `reason` (the calculator's, in the caller's language) when it cannot carry it there. */
  available: z.boolean(),
  reason: z.string().nullable(),
};

export const PreferredShippingMethodSchema = z.object(MethodFacts);
export type PreferredShippingMethod = z.infer<typeof PreferredShippingMethodSchema>;
export const PreferredShippingMethodListSchema = z.array(PreferredShippingMethodSchema);

/** A rule as its owner reads it: what it covers, the method, and what that method does today. */
export const PreferredShippingRuleSchema = z.object({
  id: z.string(),
  prodId: z.number().int().nullable(),
  /** The product's title and picture in the caller's language; null for all products or a product taken down. */
  product: z.object({ title: z.string(), image: z.string() }).nullable(),
  country: z.string().nullable(),
  countryName: z.string().nullable(),
  method: z.object(MethodFacts),
  updatedAt: z.string(),
});
export type PreferredShippingRule = z.infer<typeof PreferredShippingRuleSchema>;
export const PreferredShippingRuleListSchema = z.array(PreferredShippingRuleSchema);

/** How a shipment of a store order got its method (the pricing function's answer, decision 0116). */
export const PREFERRED_SHIPPING_SOURCES = ['preferred', 'cheapest'] as const;
export type PreferredShippingSource = (typeof PREFERRED_SHIPPING_SOURCES)[number];
