import { randomBytes } from 'node:crypto';
import {
  type Address,
  type ConfirmClaims,
  type ConfirmLineInput,
  type ConfirmResult,
  type Locale,
  type PurchaseType,
  bpsToPercent,
  fromMinor,
  priceOrder,
  toMinor,
} from '@dsm/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { getAddress, listAddresses } from '../accounts/accounts.service';
import {
  type SkuPurchaseFacts,
  getPriceTiers,
  getSkuPurchaseFacts,
  getSkuShippingFacts,
} from '../catalogue/catalogue.service';
import { quoteProductShipping } from '../logistics/logistics.service';
import { priceWithTiers, purchaseTypeOf } from './checkout.tiers';
import { signConfirmToken } from './checkout.token';
import { taxRateBpsFor } from './tax-rates.service';

export interface ConfirmInput {
  lines: ConfirmLineInput[];
  consigneeId?: string;
  shippingMethod?: string;
  /** The buyer chose bulk purchase (decision 0090). */
  purchaseType?: PurchaseType;
}

export interface ConfirmSettings {
  secretKey: string;
  serviceFeeBps: number;
  confirmMinutes: number;
  now?: Date;
}

/** Defaults when the configuration leaves them out (tests): 2 % service fee, 15 minutes, pay within 30. */
export const CHECKOUT_DEFAULTS = {
  serviceFeeBps: 200,
  confirmMinutes: 15,
  payMinutes: 30,
  maxUnpaidOrders: 100,
} as const;

/** The checkout's settings: the configuration's over the defaults (the routes and the stock reactions read them). */
export function checkoutSettings(config: Config): ConfirmSettings & { payMinutes: number; maxUnpaidOrders: number } {
  return { secretKey: config.secretKey, ...CHECKOUT_DEFAULTS, ...config.checkout };
}

interface MethodTotal {
  code: string;
  name: string;
  priceMinor: number;
  minDays: number;
  maxDays: number;
}

/** Where the web sends the user to add an address (SPEC §8 "prompt to set it"). */
const PROFILE_LINK = '/user/profile';

/**
 * The priced breakdown of buy-now and of the cart's selected lines (decision 0083), as named steps.
 * Nothing is written: the result and its signed token are what submit will check and turn into
 * an order, re-checking stock under lock there.
 */
export async function confirmOrder(
  db: Db,
  userId: string,
  input: ConfirmInput,
  locale: Locale,
  settings: ConfirmSettings,
): Promise<ConfirmResult> {
  const lines = mergeLines(input.lines);
  // The reads run side by side on the pool (decision 0092: two round trips deep instead of
  // eleven); a failure is still reported in step order, as when they ran one after another.
  const [skus, { consignee, consignees, billing }, tiers] = await inStepOrder([
    readSkus(db, lines, locale),
    chooseAddresses(db, userId, input.consigneeId),
    getPriceTiers(
      db,
      lines.map((l) => l.prodId),
    ),
  ] as const);
  const [methods, taxRateBps] = await inStepOrder([
    shippingMethods(db, lines, consignee.country, locale),
    taxRateBpsFor(db, consignee.country),
  ] as const);
  const method = methods.find((m) => m.code === input.shippingMethod) ?? methods[0]!;
  // Bulk price tiers (decision 0090): the unit price each line is charged.
  const tiered = priceWithTiers(
    tiers,
    skus.map((s, i) => ({ prodId: s.prodId, count: lines[i]!.count, priceMinor: s.priceMinor })),
  );
  const purchaseType = purchaseTypeOf(tiered, input.purchaseType);

  const priced = priceOrder({
    lines: tiered.map((t, i) => ({ unitPriceMinor: t.unitPriceMinor, count: lines[i]!.count })),
    shippingMinor: method.priceMinor,
    serviceFeeBps: settings.serviceFeeBps,
    taxRateBps,
  });

  const now = settings.now ?? new Date();
  const expiresAt = Math.floor(now.getTime() / 1000) + settings.confirmMinutes * 60;
  const claims: ConfirmClaims = {
    u: userId,
    l: skus.map((s, i) => [s.prodId, s.skuId, lines[i]!.count, tiered[i]!.unitPriceMinor]),
    c: consignee.addrId,
    b: billing.addrId,
    m: method.code,
    a: {
      g: priced.goodsMinor,
      s: priced.shippingMinor,
      f: priced.serviceFeeMinor,
      t: priced.taxMinor,
      r: taxRateBps,
      T: priced.totalMinor,
    },
    e: expiresAt,
    // Each confirm its own token (decision 0106): a token places one order, so two checkouts of
    // the same lines in the same second must not share one.
    n: randomBytes(6).toString('base64url'),
    ...(purchaseType === 'bulk' ? { p: 'bulk' as const } : {}),
  };

  return {
    lines: skus.map((s, i) => ({
      prodId: s.prodId,
      skuId: s.skuId,
      skuCode: s.skuCode,
      title: s.title,
      image: s.image,
      count: lines[i]!.count,
      unitPrice: fromMinor(tiered[i]!.unitPriceMinor),
      lineTotal: fromMinor(priced.lineTotalsMinor[i]!),
      tier: tiered[i]!.tier
        ? { minQuantity: tiered[i]!.tier!.minQuantity, basePrice: fromMinor(tiered[i]!.basePriceMinor) }
        : null,
    })),
    goodsTotal: fromMinor(priced.goodsMinor),
    shippingOptions: methods.map((m) => ({
      code: m.code,
      name: m.name,
      price: fromMinor(m.priceMinor),
      days: { min: m.minDays, max: m.maxDays },
      selected: m.code === method.code,
    })),
    shipping: fromMinor(priced.shippingMinor),
    serviceFee: fromMinor(priced.serviceFeeMinor),
    serviceFeeRate: bpsToPercent(settings.serviceFeeBps),
    tax: fromMinor(priced.taxMinor),
    taxRate: bpsToPercent(taxRateBps),
    total: fromMinor(priced.totalMinor),
    consignee: summary(consignee),
    billing: summary(billing),
    consignees: consignees.map(summary),
    confirmToken: signConfirmToken(settings.secretKey, claims),
    expiresAt: new Date(expiresAt * 1000).toISOString(),
    purchaseType,
  };
}

/** The same SKU twice (a basket may send it so) is one line of the summed quantity. */
function mergeLines(lines: ConfirmLineInput[]): ConfirmLineInput[] {
  const bySku = new Map<string, ConfirmLineInput>();
  for (const l of lines) {
    const key = `${l.prodId}:${l.skuId}`;
    const seen = bySku.get(key);
    bySku.set(key, seen ? { ...seen, count: seen.count + l.count } : { ...l });
  }
  return [...bySku.values()];
}

/** Step 1: each SKU exists, is on sale and has the stock asked for (checked again at submit). */
async function readSkus(db: Db, lines: ConfirmLineInput[], locale: Locale): Promise<SkuPurchaseFacts[]> {
  const read = await inStepOrder(lines.map((line) => getSkuPurchaseFacts(db, line.prodId, line.skuId, locale)));
  const facts: SkuPurchaseFacts[] = [];
  for (const [i, line] of lines.entries()) {
    const sku = read[i];
    if (!sku) throw AppError.notFound('catalogue.product-not-found');
    if (sku.status !== 'on')
      throw AppError.business('taken-down', 'checkout.taken-down', {}, { prodId: sku.prodId, skuId: sku.skuId });
    if (sku.stock < line.count) {
      const key = sku.stock === 0 ? 'checkout.sold-out' : 'checkout.out-of-stock';
      throw AppError.business(
        'out-of-stock',
        key,
        { available: sku.stock },
        { prodId: sku.prodId, skuId: sku.skuId, available: sku.stock },
      );
    }
    facts.push(sku);
  }
  return facts;
}

/**
 * Steps 2 and 3, from one read of the caller's address book (listAddresses puts each kind's
 * default first). Step 2: the consignee asked for (the caller's own, else not found) or the
 * default one. Step 3: the default billing address; none → the similar prompt (SPEC §8).
 */
async function chooseAddresses(
  db: Db,
  userId: string,
  consigneeId: string | undefined,
): Promise<{ consignee: Address; consignees: Address[]; billing: Address }> {
  const [all, chosen] = await Promise.all([
    listAddresses(db, userId),
    consigneeId !== undefined ? getAddress(db, userId, consigneeId) : undefined,
  ]);
  const consignees = all.filter((a) => a.kind === 'consignee');
  let consignee: Address | undefined = consignees[0];
  if (chosen !== undefined) {
    if (chosen.kind !== 'consignee') throw AppError.notFound('accounts.address-not-found');
    consignee = chosen;
  }
  if (!consignee)
    throw AppError.business('shipping-address-empty', 'checkout.shipping-address-empty', {}, { link: PROFILE_LINK });
  const billing = all.find((a) => a.kind === 'billing');
  if (!billing)
    throw AppError.business('billing-address-empty', 'checkout.billing-address-empty', {}, { link: PROFILE_LINK });
  return { consignee, consignees, billing };
}

/**
 * Step 4: the methods that carry every line to the country, cheapest first. Each line is quoted
 * as its own parcel from its own warehouse by the logistics module, and a method's price is the
 * sum over the lines (decision 0083): lines may ship from different warehouses.
 */
async function shippingMethods(
  db: Db,
  lines: ConfirmLineInput[],
  country: string,
  locale: Locale,
): Promise<MethodTotal[]> {
  const quotes = await inStepOrder(
    lines.map((line) =>
      quoteProductShipping(
        db,
        { prodId: line.prodId, skuId: line.skuId, count: line.count, countryCode: country },
        locale,
        getSkuShippingFacts,
      ),
    ),
  );
  let totals: Map<string, MethodTotal> | null = null;
  for (const quote of quotes) {
    const next = new Map<string, MethodTotal>();
    for (const o of quote.options) {
      const before: MethodTotal | undefined = totals ? totals.get(o.code) : undefined;
      if (totals && !before) continue; // an earlier line cannot go by this method
      next.set(o.code, {
        code: o.code,
        name: o.name,
        priceMinor: (before?.priceMinor ?? 0) + toMinor(o.price),
        minDays: Math.max(before?.minDays ?? 0, o.days.min),
        maxDays: Math.max(before?.maxDays ?? 0, o.days.max),
      });
    }
    totals = next;
  }
  const methods = [...(totals?.values() ?? [])].sort(
    (a, b) => a.priceMinor - b.priceMinor || a.code.localeCompare(b.code),
  );
  if (methods.length === 0) throw AppError.business('no-shipping-method', 'logistics.not-found');
  return methods;
}

/**
 * Promise.all that waits for every read and then throws the failure of the earliest step, so
 * the error a caller sees does not depend on which query came back first.
 */
async function inStepOrder<T extends readonly unknown[]>(steps: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(steps);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

function summary(a: Address) {
  return {
    addrId: a.addrId,
    firstName: a.firstName,
    lastName: a.lastName,
    country: a.country,
    province: a.province,
    city: a.city,
    street: a.street,
    houseNo: a.houseNo,
    address: a.address,
    postCode: a.postCode,
  };
}
