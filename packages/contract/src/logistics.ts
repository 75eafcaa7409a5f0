import { z } from 'zod';
import { IdSchema } from './common/ids';
import { LocalizedNamesSchema, SHIPPING_ATTRIBUTE, type ShippingAttribute } from './catalogue';

/**
 * Shipping fees (SPEC §3 "Shipping calculator input", §5, §7, §8). Weights are kilograms and
 * sizes centimetres on the wire, amounts USD with at most two decimals. See docs/decisions/0030–0032.
 */

/** What the goods are, as carriers see them (the catalogue's list); a method may refuse some. */
export const ShippingAttributeSchema = z.enum(SHIPPING_ATTRIBUTE, { error: 'logistics.attribute-invalid' });

/**
 * The calculator's `type`: a `parcel` (a box: the chargeable weight is the larger of actual and
 * volumetric weight) or a `document` envelope (flat: charged by actual weight, sizes optional).
 */
export const SHIPMENT_TYPES = ['parcel', 'document'] as const;
export const ShipmentTypeSchema = z.enum(SHIPMENT_TYPES, { error: 'logistics.type-invalid' });
export type ShipmentType = z.infer<typeof ShipmentTypeSchema>;

/** Calculator input limits: beyond them no method we sell carries it anyway. */
export const MAX_PARCEL_WEIGHT_KG = 5000;
export const MAX_PARCEL_SIDE_CM = 1000;

/** A positive number with at most two decimals (kg or cm). */
const measure = (max: number) =>
  z.number().positive('validation.positive').multipleOf(0.01, 'validation.two-decimals').max(max);

const CountryCodeSchema = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .regex(/^[A-Za-z]{2}$/, 'logistics.country-invalid')
    .transform((s) => s.toUpperCase());

export const WarehouseCodeSchema = z
  .string({ error: 'logistics.from-required' })
  .trim()
  .min(1, 'logistics.from-required')
  .max(8, 'logistics.unknown-warehouse')
  .transform((s) => s.toUpperCase());

/**
 * POST /api/logistics/calculate. `from` must be a known warehouse and `to` a known ISO 3166
 * alpha-2 country (else A00002 on that field). Sizes are required for a parcel.
 */
export const CalculateShippingBody = z
  .object({
    type: ShipmentTypeSchema.default('parcel'),
    from: WarehouseCodeSchema,
    to: CountryCodeSchema('logistics.to-required'),
    weight: measure(MAX_PARCEL_WEIGHT_KG),
    length: measure(MAX_PARCEL_SIDE_CM).optional(),
    width: measure(MAX_PARCEL_SIDE_CM).optional(),
    height: measure(MAX_PARCEL_SIDE_CM).optional(),
    attribute: ShippingAttributeSchema.default('general'),
  })
  .superRefine((v, ctx) => {
    if (v.type !== 'parcel') return;
    for (const side of ['length', 'width', 'height'] as const) {
      if (v[side] === undefined) ctx.addIssue({ code: 'custom', path: [side], message: 'validation.required' });
    }
  });
export type CalculateShippingBody = z.infer<typeof CalculateShippingBody>;

/**
 * POST /api/logistics/prod/price: the options for `count` units of a catalogue SKU. Weight is the
 * unit weight × count; the units are assumed stacked in one box (volume × count), see 0032.
 */
export const ProdShippingPriceBody = z.object({
  prodId: IdSchema,
  skuId: IdSchema,
  count: z.number().int('validation.not-integer').positive('validation.positive').max(9999).default(1),
  countryCode: CountryCodeSchema('logistics.to-required'),
});
export type ProdShippingPriceBody = z.infer<typeof ProdShippingPriceBody>;

/** One method that can carry the parcel. `price` in USD; `chargeableWeight` in kg. */
export const ShippingOptionSchema = z.object({
  methodId: z.number().int(),
  code: z.string(),
  name: z.string(),
  price: z.number(),
  days: z.object({ min: z.number().int(), max: z.number().int() }),
  chargeableWeight: z.number(),
});
export type ShippingOption = z.infer<typeof ShippingOptionSchema>;

export const EXCLUSION_REASONS = ['destination', 'attribute', 'weight'] as const;

/** A method of the warehouse that cannot carry it, with the reason in the caller's language. */
export const ExcludedShippingMethodSchema = z.object({
  methodId: z.number().int(),
  code: z.string(),
  name: z.string(),
  reasonCode: z.enum(EXCLUSION_REASONS),
  reason: z.string(),
});
export type ExcludedShippingMethod = z.infer<typeof ExcludedShippingMethodSchema>;

/**
 * The calculator's answer: options sorted by price ascending, then the excluded methods. When no
 * method can carry it, `POST /logistics/calculate` fails with A00001 "Shipping information not
 * found" (HTTP 422) and this same object (empty `options`) in `data`, so the screen can still list
 * the reasons; the product page's `POST /logistics/prod/price` answers it as a success with empty
 * `options` (0031).
 */
export const ShippingQuoteSchema = z.object({
  options: z.array(ShippingOptionSchema),
  excluded: z.array(ExcludedShippingMethodSchema),
});
export type ShippingQuote = z.infer<typeof ShippingQuoteSchema>;

/** GET /api/logistics/warehouse: a warehouse goods ship from (the calculator's `from`). */
export const WarehouseOptionSchema = z.object({ code: z.string(), name: z.string(), country: z.string() });
export type WarehouseOption = z.infer<typeof WarehouseOptionSchema>;

/**
 * GET /api/logistics/ships-to?country=: the active warehouses with at least one active method
 * that has a zone for the country (weight and attribute limits aside: they are per SKU).
 */
export const ShipsToQuery = z.object({ country: CountryCodeSchema('logistics.to-required') });
export type ShipsToQuery = z.infer<typeof ShipsToQuery>;
export const ShipsToSchema = z.object({ country: z.string(), warehouses: z.array(z.string()) });
export type ShipsTo = z.infer<typeof ShipsToSchema>;

/** GET /api/logistics/attributes: the attribute choices with their names in the caller's language. */
export const ShippingAttributeOptionSchema = z.object({ code: ShippingAttributeSchema, name: z.string() });

// ---------------------------------------------------------------------------------------------
// Operator API (/api/admin/logistics/…)

export const AdminWarehouseSchema = z.object({
  code: z.string(),
  country: z.string(),
  names: LocalizedNamesSchema,
  active: z.boolean(),
  position: z.number().int(),
});
export type AdminWarehouse = z.infer<typeof AdminWarehouseSchema>;

export const UpdateWarehouseBody = z.object({
  country: CountryCodeSchema('logistics.country-required'),
  names: LocalizedNamesSchema,
  active: z.boolean().default(true),
  position: z.number().int().min(0).max(1000).default(0),
});
export type UpdateWarehouseBody = z.infer<typeof UpdateWarehouseBody>;

export const CreateWarehouseBody = UpdateWarehouseBody.extend({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,8}$/, 'logistics.warehouse-code-invalid')
    .transform((s) => s.toUpperCase()),
});
export type CreateWarehouseBody = z.infer<typeof CreateWarehouseBody>;

export const WarehouseCodeParams = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z]{2,8}$/)
    .transform((s) => s.toUpperCase()),
});

/** Kilograms with at most two decimals, for rate rows. */
const rateWeight = z
  .number()
  .positive('validation.positive')
  .multipleOf(0.01, 'validation.two-decimals')
  .max(MAX_PARCEL_WEIGHT_KG);
/** USD with at most two decimals. */
const rateAmount = z.number().min(0).multipleOf(0.01, 'validation.two-decimals').max(100_000);

/**
 * One row of a zone's rate table: up to `maxWeight` kg (null: no limit) the price is
 * firstPrice for the first `firstWeight` kg plus stepPrice for every started `stepWeight` beyond.
 * A zone may have several rows (weight bands); the row with the smallest maxWeight that holds the
 * chargeable weight applies.
 */
export const ShippingRateSchema = z.object({
  maxWeight: rateWeight.nullable(),
  firstWeight: rateWeight,
  firstPrice: rateAmount,
  stepWeight: rateWeight,
  stepPrice: rateAmount,
});
export type ShippingRate = z.infer<typeof ShippingRateSchema>;

/** A method's destinations grouped: ISO alpha-2 codes, or '*' for every other foreign country. */
export const ShippingZoneBody = z.object({
  name: z.string().trim().min(1, 'validation.required').max(80),
  countries: z
    .array(
      z
        .string()
        .trim()
        .regex(/^([A-Za-z]{2}|\*)$/, 'logistics.country-invalid')
        .transform((s) => s.toUpperCase()),
    )
    .min(1, 'logistics.countries-required')
    .max(250),
  rates: z.array(ShippingRateSchema).min(1, 'logistics.rates-required').max(20),
});
export type ShippingZoneBody = z.infer<typeof ShippingZoneBody>;

export const AdminShippingZoneSchema = ShippingZoneBody.extend({ zoneId: z.number().int() });
export type AdminShippingZone = z.infer<typeof AdminShippingZoneSchema>;

const refusable = SHIPPING_ATTRIBUTE.filter((a) => a !== 'general') as [ShippingAttribute, ...ShippingAttribute[]];

export const UpdateShippingMethodBody = z
  .object({
    warehouse: WarehouseCodeSchema,
    names: LocalizedNamesSchema,
    volumetricDivisor: z.number().int('validation.not-integer').min(1000).max(20_000),
    minDays: z.number().int('validation.not-integer').min(0).max(365),
    maxDays: z.number().int('validation.not-integer').min(0).max(365),
    refusedAttributes: z
      .array(z.enum(refusable, { error: 'logistics.attribute-invalid' }))
      .max(refusable.length)
      .default([]),
    active: z.boolean().default(true),
    position: z.number().int().min(0).max(1000).default(0),
  })
  .superRefine((v, ctx) => {
    if (v.maxDays < v.minDays) ctx.addIssue({ code: 'custom', path: ['maxDays'], message: 'logistics.days-order' });
  });
export type UpdateShippingMethodBody = z.infer<typeof UpdateShippingMethodBody>;

export const CreateShippingMethodBody = UpdateShippingMethodBody.and(
  z.object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,40}$/, 'logistics.method-code-invalid')
      .transform((s) => s.toUpperCase()),
  }),
);
export type CreateShippingMethodBody = z.infer<typeof CreateShippingMethodBody>;

export const AdminShippingMethodSchema = z.object({
  methodId: z.number().int(),
  code: z.string(),
  warehouse: z.string(),
  names: LocalizedNamesSchema,
  volumetricDivisor: z.number().int(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  refusedAttributes: z.array(ShippingAttributeSchema),
  active: z.boolean(),
  position: z.number().int(),
  zones: z.array(AdminShippingZoneSchema),
});
export type AdminShippingMethod = z.infer<typeof AdminShippingMethodSchema>;

export const MethodIdParams = z.object({ methodId: IdSchema });
export const ZoneIdParams = z.object({ zoneId: IdSchema });
export const AdminWarehouseListSchema = z.array(AdminWarehouseSchema);
export const AdminShippingMethodListSchema = z.array(AdminShippingMethodSchema);
export const WarehouseOptionListSchema = z.array(WarehouseOptionSchema);
