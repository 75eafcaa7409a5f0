import { z } from 'zod';
import { IdSchema } from './common/ids';
import { divRoundHalfUp } from './common/money';
import { ORDER_REMARK_MAX, ORDER_STATES, PURCHASE_TYPES } from './orders';

/**
 * Checkout pricing (SPEC §9, decision 0083). Everything here is integer USD minor units and
 * integer basis points (1 bp = 0.01 %), so the server, the web and the tests compute the same
 * cents. Each rule that divides rounds half-up ONCE, on the total it applies to.
 */

/** Basis points in 100 %. */
export const BPS = 10_000;
/** A rate is at most 100 %. */
export const MAX_RATE_BPS = BPS;

/** Line total: unit price × quantity (exact, no rounding). */
export function lineTotalMinor(unitPriceMinor: number, count: number): number {
  return unitPriceMinor * count;
}

/** Goods total: the sum of the line totals. */
export function goodsTotalMinor(lines: ReadonlyArray<{ unitPriceMinor: number; count: number }>): number {
  return lines.reduce((sum, l) => sum + lineTotalMinor(l.unitPriceMinor, l.count), 0);
}

/** A share of an amount in basis points, rounded half-up to the cent once (12 345 × 20 % = 2 469). */
export function shareMinor(amountMinor: number, rateBps: number): number {
  return divRoundHalfUp(amountMinor * rateBps, BPS);
}

/** Tax = goods total × the destination's rate (SPEC §9), rounded half-up once. */
export function taxMinor(goodsMinor: number, taxRateBps: number): number {
  return shareMinor(goodsMinor, taxRateBps);
}

/** The service fee: a percentage of the goods total (operator configuration), rounded half-up once. */
export function serviceFeeMinor(goodsMinor: number, serviceFeeBps: number): number {
  return shareMinor(goodsMinor, serviceFeeBps);
}

export interface PricingInput {
  lines: ReadonlyArray<{ unitPriceMinor: number; count: number }>;
  shippingMinor: number;
  serviceFeeBps: number;
  taxRateBps: number;
}

export interface PricedTotals {
  lineTotalsMinor: number[];
  goodsMinor: number;
  shippingMinor: number;
  serviceFeeMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** Total = goods + shipping + service fee + tax (SPEC §9). Tax is on the goods only. */
export function priceOrder(input: PricingInput): PricedTotals {
  const lineTotals = input.lines.map((l) => lineTotalMinor(l.unitPriceMinor, l.count));
  const goods = lineTotals.reduce((a, b) => a + b, 0);
  const fee = serviceFeeMinor(goods, input.serviceFeeBps);
  const tax = taxMinor(goods, input.taxRateBps);
  return {
    lineTotalsMinor: lineTotals,
    goodsMinor: goods,
    shippingMinor: input.shippingMinor,
    serviceFeeMinor: fee,
    taxMinor: tax,
    totalMinor: goods + input.shippingMinor + fee + tax,
  };
}

// ---- Wire schemas ----------------------------------------------------------------------------

const Count = z.number().int('validation.not-integer').positive('validation.positive').max(9999);

export const ConfirmLineInput = z.object({ prodId: IdSchema, skuId: IdSchema, count: Count });
export type ConfirmLineInput = z.infer<typeof ConfirmLineInput>;

const ConfirmOptions = {
  /** The consignee (shipping) address; none → the user's default consignee. */
  consigneeId: z.string().max(64).optional(),
  /** A shipping method code for every shipment that offers it; none or not offered → the cheapest. */
  shippingMethod: z.string().max(64).optional(),
  /**
   * The method chosen per shipment (decision 0107), keyed by the shipment's `key` of the confirm
   * result; wins over `shippingMethod`. A key or code that is not offered falls back to the cheapest.
   */
  shippingMethods: z.record(z.string().max(64), z.string().max(64)).optional(),
  /** The buyer chose bulk purchase (decision 0090); a reached price tier makes the order bulk anyway. */
  purchaseType: z.enum(PURCHASE_TYPES).optional(),
};

/** POST /api/p/order/prod/confirm: buy now, one SKU. */
export const ConfirmProdBody = ConfirmLineInput.extend(ConfirmOptions);
export type ConfirmProdBody = z.infer<typeof ConfirmProdBody>;

/** POST /api/p/order/basket/confirm: several lines (the cart feeds its selected lines). */
export const ConfirmBasketBody = z.object({
  lines: z.array(ConfirmLineInput).min(1).max(99),
  ...ConfirmOptions,
});
export type ConfirmBasketBody = z.infer<typeof ConfirmBasketBody>;

export const ConfirmLineSchema = z.object({
  prodId: z.number().int(),
  skuId: z.number().int(),
  skuCode: z.string(),
  title: z.string(),
  image: z.string(),
  count: z.number().int(),
  /** USD. */
  unitPrice: z.number(),
  lineTotal: z.number(),
  /** The bulk tier applied to this line (decision 0090): from how many pieces, and the price before it. */
  tier: z.object({ minQuantity: z.number().int(), basePrice: z.number() }).nullable().optional(),
  /** The shipment (`ConfirmShipment.key`) the line goes in; null when it cannot ship (decision 0107). */
  shipment: z.string().nullable().optional(),
  /**
   * The owner holds all its units in the shipment's warehouse (decision 0139): they ship from the
   * private inventory, the goods already paid, so the line is priced at 0.
   */
  fromInventory: z.boolean().optional(),
  /**
   * Why the line cannot ship to the consignee at all, in the caller's language: it is left out of
   * the order and of every total, and the rest of the checkout goes on. `methods` are the
   * warehouse's methods with each one's reason (destination, weight, attribute).
   */
  cannotShip: z
    .object({
      reason: z.string(),
      methods: z.array(z.object({ name: z.string(), reason: z.string() })),
    })
    .nullable()
    .optional(),
});

export const ConfirmShippingOption = z.object({
  code: z.string(),
  name: z.string(),
  price: z.number(),
  days: z.object({ min: z.number().int(), max: z.number().int() }),
  selected: z.boolean(),
});

/**
 * One parcel of the checkout (decision 0107): the lines that ship from one warehouse by one method,
 * which becomes one order of its own when submitted. Amounts in USD, each rounded per shipment, so
 * the checkout's totals are exactly the sums of its orders'.
 */
export const ConfirmShipmentSchema = z.object({
  /** Names the shipment in `shippingMethods`: the warehouse code, `-2`… when one warehouse needs two parcels. */
  key: z.string(),
  warehouse: z.object({ code: z.string(), name: z.string(), country: z.string() }),
  skuIds: z.array(z.number().int()),
  shippingOptions: z.array(ConfirmShippingOption),
  goodsTotal: z.number(),
  shipping: z.number(),
  serviceFee: z.number(),
  tax: z.number(),
  total: z.number(),
});
export type ConfirmShipment = z.infer<typeof ConfirmShipmentSchema>;

const AddressSummary = z.object({
  addrId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  street: z.string(),
  houseNo: z.string(),
  /** The second address line. */
  address: z.string(),
  postCode: z.string(),
});

export const ConfirmResultSchema = z.object({
  /** Every line asked for, those that cannot ship included (marked `cannotShip`). */
  lines: z.array(ConfirmLineSchema),
  /** The sum over the shipments (lines that cannot ship are not counted). */
  goodsTotal: z.number(),
  /** The first shipment's options (the only shipment of most checkouts); `shipments` has each one's. */
  shippingOptions: z.array(ConfirmShippingOption),
  /** One per warehouse parcel, each submitted as its own order under one payment (decision 0107). */
  shipments: z.array(ConfirmShipmentSchema),
  /** Shipping summed over the shipments. */
  shipping: z.number(),
  serviceFee: z.number(),
  /** The service fee rate in percent (2 = 2 %). */
  serviceFeeRate: z.number(),
  tax: z.number(),
  /** The destination's tax rate in percent (20 = 20 %). */
  taxRate: z.number(),
  total: z.number(),
  consignee: AddressSummary,
  billing: AddressSummary,
  /** The consignee addresses the user may choose from (id and one line each). */
  consignees: z.array(AddressSummary),
  confirmToken: z.string(),
  expiresAt: z.string(),
  /** bulk when a price tier applied or the buyer chose bulk (decision 0090). */
  purchaseType: z.enum(PURCHASE_TYPES).optional(),
});
export type ConfirmResult = z.infer<typeof ConfirmResultSchema>;

/** goods, shipping, service fee, tax, total (minor units); tax rate in bp. */
export interface ConfirmAmounts {
  g: number;
  s: number;
  f: number;
  t: number;
  r: number;
  T: number;
}

/** What a confirm token vouches for: exactly what was priced (minor units), for submit to re-use. */
export interface ConfirmClaims {
  /** The user it was priced for. */
  u: string;
  /**
   * Lines: [prodId, skuId, count, unitPriceMinor], and the owner's inventory item as a fifth
   * element when the line ships from it at unit price 0 (decision 0139).
   */
  l: Array<[number, number, number, number] | [number, number, number, number, string]>;
  /** Consignee and billing address ids. */
  c: string;
  b: string;
  /**
   * The orders to place, one per shipment (decision 0107): the shipping method code, the indexes
   * into `l` of its lines, and its goods, shipping, service fee, tax, total (minor units) and tax
   * rate (bp). Lines that cannot ship are in none and not in `l`.
   */
  o: Array<{ m: string; i: number[]; a: ConfirmAmounts }>;
  /** Expiry, seconds since the epoch. */
  e: number;
  /** Purchase type when bulk (decision 0090); absent means dropshipping. */
  p?: 'bulk';
  /** A random nonce (decision 0106): every confirm signs a different token, each good for one order. */
  n?: string;
}

// ---- Tax rates (operator) ---------------------------------------------------------------------

export const TaxCountryParams = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((s) => s.toUpperCase()),
});

/** PUT /api/admin/tax-rates/:country: the rate in percent, at most two decimals (19.6 = 19.6 %). */
export const PutTaxRateBody = z.object({
  rate: z.number().min(0).max(100).multipleOf(0.01, 'validation.two-decimals'),
});
export type PutTaxRateBody = z.infer<typeof PutTaxRateBody>;

export const TaxRateSchema = z.object({
  country: z.string(),
  /** Percent (20 = 20 %). */
  rate: z.number(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type TaxRate = z.infer<typeof TaxRateSchema>;

/** Percent on the wire ↔ basis points inside (19.6 % = 1 960 bp). */
export const percentToBps = (percent: number): number => Math.round(percent * 100);
export const bpsToPercent = (bps: number): number => bps / 100;

// ---- Submitting orders ------------------------------------------------------------------------
// The call carries an `Idempotency-Key` header (decision 0062): a double click or a retried
// request makes one order. Money on the wire is decimal USD.

/**
 * POST /api/p/order/submit: places the order priced by a confirm call. The confirm token vouches
 * for the lines, addresses, shipping method and amounts; an expired or altered one is refused
 * ("Order information check wrong, retry"). `fromCart` removes the ordered SKUs from the cart in
 * the same unit of work (cart checkout); buy-now leaves the cart alone.
 */
export const SubmitOrderBody = z.object({
  confirmToken: z.string().min(1).max(4096),
  remark: z.string().trim().max(ORDER_REMARK_MAX).optional(),
  fromCart: z.boolean().default(false),
});
export type SubmitOrderBody = z.infer<typeof SubmitOrderBody>;

export const SubmittedOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  state: z.enum(ORDER_STATES),
  total: z.number(),
  /** When the order gives its reserved stock back if still unpaid (ISO time). */
  payBy: z.string(),
});
export type SubmittedOrder = z.infer<typeof SubmittedOrderSchema>;

export const SubmitResultSchema = z.object({
  orders: z.array(SubmittedOrderSchema),
  /** Sum of the orders' totals. */
  total: z.number(),
});
export type SubmitResult = z.infer<typeof SubmitResultSchema>;

export const TaxRateListSchema = z.array(TaxRateSchema);
