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
} from '@dsm/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { getAddress, listAddresses } from '../accounts/accounts.service';
import { type SkuPurchaseFacts, getPriceTiers, getSkuPurchaseFacts } from '../catalogue/catalogue.service';
import { type HeldStock, shipFirstStock, takeHeld } from '../inventory/inventory.service';
import { inStepOrder, planShipmentsFor } from './checkout.plan';
import type { ShipmentPlan } from './checkout.shipments';
import { priceWithTiers, purchaseTypeOf } from './checkout.tiers';
import { signConfirmToken } from './checkout.token';
import { taxRateBpsFor } from './tax-rates.service';

export interface ConfirmInput {
  lines: ConfirmLineInput[];
  consigneeId?: string;
  shippingMethod?: string;
  /** The method chosen per shipment key (decision 0107). */
  shippingMethods?: Record<string, string>;
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
  // The owner's stock of these SKUs (decision 0139), read alongside: a line it can cover does not
  // need the supplier's stock.
  const heldRead = shipFirstStock(
    db,
    userId,
    lines.map((l) => l.skuId),
  );
  // The reads run side by side on the pool (decision 0092: two round trips deep instead of
  // eleven); a failure is still reported in step order, as when they ran one after another.
  const [skus, { consignee, consignees, billing }, tiers, held] = await inStepOrder([
    readSkus(db, lines, locale, heldRead),
    chooseAddresses(db, userId, input.consigneeId),
    getPriceTiers(
      db,
      lines.map((l) => l.prodId),
    ),
    heldRead,
  ] as const);
  const [plan, taxRateBps] = await inStepOrder([
    planShipmentsFor(db, lines, consignee.country, locale),
    taxRateBpsFor(db, consignee.country),
  ] as const);
  if (plan.shipments.length === 0) nothingShips(skus, plan, consignee, consignees);
  // Bulk price tiers (decision 0090): the unit price each line is charged. Tiers count the
  // product's quantity over the whole checkout, shipments or not: it is one purchase.
  const tiered = priceWithTiers(
    tiers,
    skus.map((s, i) => ({ prodId: s.prodId, count: lines[i]!.count, priceMinor: s.priceMinor })),
  );
  const purchaseType = purchaseTypeOf(tiered, input.purchaseType);
  // The lines that ship from the owner's inventory (decision 0139), decided per shipment as store
  // orders decide (its warehouse is the one the line leaves from); the others buy the goods now,
  // so the supplier's stock must cover them.
  const itemOf = fromInventory(plan, skus, lines, held);
  const unitPrice = (i: number) => (itemOf.has(i) ? 0 : tiered[i]!.unitPriceMinor);

  // Step 5: each shipment priced as the order it becomes (SPEC §9), its method the one chosen
  // for it, else the one chosen for all, else the cheapest.
  const shipments = plan.shipments.map((shipment) => {
    const chosen = input.shippingMethods?.[shipment.key] ?? input.shippingMethod;
    const method = shipment.methods.find((m) => m.code === chosen) ?? shipment.methods[0]!;
    const priced = priceOrder({
      lines: shipment.lines.map((i) => ({ unitPriceMinor: unitPrice(i), count: lines[i]!.count })),
      shippingMinor: method.priceMinor,
      serviceFeeBps: settings.serviceFeeBps,
      taxRateBps,
    });
    return { ...shipment, method, priced };
  });
  const sum = (pick: (p: (typeof shipments)[number]['priced']) => number) =>
    shipments.reduce((total, s) => total + pick(s.priced), 0);
  const shipmentOf = new Map(shipments.flatMap((s) => s.lines.map((i) => [i, s.key] as const)));
  // The token vouches only for what ships; `l` keeps the lines in checkout order.
  const shipped = lines.map((_, i) => i).filter((i) => shipmentOf.has(i));
  const position = new Map(shipped.map((i, at) => [i, at]));

  const now = settings.now ?? new Date();
  const expiresAt = Math.floor(now.getTime() / 1000) + settings.confirmMinutes * 60;
  const claims: ConfirmClaims = {
    u: userId,
    l: shipped.map((i) => {
      const line: [number, number, number, number] = [skus[i]!.prodId, skus[i]!.skuId, lines[i]!.count, unitPrice(i)];
      const item = itemOf.get(i);
      return item ? [...line, item] : line;
    }),
    c: consignee.addrId,
    b: billing.addrId,
    o: shipments.map((s) => ({
      m: s.method.code,
      i: s.lines.map((i) => position.get(i)!),
      a: {
        g: s.priced.goodsMinor,
        s: s.priced.shippingMinor,
        f: s.priced.serviceFeeMinor,
        t: s.priced.taxMinor,
        r: taxRateBps,
        T: s.priced.totalMinor,
      },
    })),
    e: expiresAt,
    // Each confirm its own token (decision 0106): a token places one order, so two checkouts of
    // the same lines in the same second must not share one.
    n: randomBytes(6).toString('base64url'),
    ...(purchaseType === 'bulk' ? { p: 'bulk' as const } : {}),
  };

  const optionsOf = (s: (typeof shipments)[number]) =>
    s.methods.map((m) => ({
      code: m.code,
      name: m.name,
      price: fromMinor(m.priceMinor),
      days: { min: m.minDays, max: m.maxDays },
      selected: m.code === s.method.code,
    }));

  return {
    lines: skus.map((s, i) => ({
      prodId: s.prodId,
      skuId: s.skuId,
      skuCode: s.skuCode,
      title: s.title,
      image: s.image,
      count: lines[i]!.count,
      unitPrice: fromMinor(unitPrice(i)),
      lineTotal: fromMinor(unitPrice(i) * lines[i]!.count),
      ...(itemOf.has(i) ? { fromInventory: true } : {}),
      tier:
        !itemOf.has(i) && tiered[i]!.tier
          ? { minQuantity: tiered[i]!.tier!.minQuantity, basePrice: fromMinor(tiered[i]!.basePriceMinor) }
          : null,
      shipment: shipmentOf.get(i) ?? null,
      cannotShip: plan.cannotShip.get(i) ?? null,
    })),
    goodsTotal: fromMinor(sum((p) => p.goodsMinor)),
    shippingOptions: shipments[0] ? optionsOf(shipments[0]) : [],
    shipments: shipments.map((s) => ({
      key: s.key,
      warehouse: s.warehouse,
      skuIds: s.lines.map((i) => skus[i]!.skuId),
      shippingOptions: optionsOf(s),
      goodsTotal: fromMinor(s.priced.goodsMinor),
      shipping: fromMinor(s.priced.shippingMinor),
      serviceFee: fromMinor(s.priced.serviceFeeMinor),
      tax: fromMinor(s.priced.taxMinor),
      total: fromMinor(s.priced.totalMinor),
    })),
    shipping: fromMinor(sum((p) => p.shippingMinor)),
    serviceFee: fromMinor(sum((p) => p.serviceFeeMinor)),
    serviceFeeRate: bpsToPercent(settings.serviceFeeBps),
    tax: fromMinor(sum((p) => p.taxMinor)),
    taxRate: bpsToPercent(taxRateBps),
    total: fromMinor(sum((p) => p.totalMinor)),
    consignee: summary(consignee),
    billing: summary(billing),
    consignees: consignees.map(summary),
    confirmToken: signConfirmToken(settings.secretKey, claims),
    expiresAt: new Date(expiresAt * 1000).toISOString(),
    purchaseType,
  };
}

/**
 * No line can ship to the consignee: SPEC §8's "Shipping information not found", carrying each
 * line's reason and the consignees, so the page can say why and offer another address.
 */
function nothingShips(skus: SkuPurchaseFacts[], plan: ShipmentPlan, consignee: Address, consignees: Address[]): never {
  throw AppError.business(
    'no-shipping-method',
    'logistics.not-found',
    {},
    {
      lines: skus.map((s, i) => ({ prodId: s.prodId, skuId: s.skuId, title: s.title, ...plan.cannotShip.get(i)! })),
      consignee: summary(consignee),
      consignees: consignees.map(summary),
    },
  );
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

/**
 * Step 1: each SKU exists, is on sale and has the stock asked for (checked again at submit). A
 * line the owner's inventory may cover (enough units held in some warehouse) is checked once its
 * shipment is known (`fromInventory`).
 */
async function readSkus(
  db: Db,
  lines: ConfirmLineInput[],
  locale: Locale,
  heldRead: Promise<Map<string, HeldStock>>,
): Promise<SkuPurchaseFacts[]> {
  const [read, held] = await Promise.all([
    inStepOrder(lines.map((line) => getSkuPurchaseFacts(db, line.prodId, line.skuId, locale))),
    heldRead,
  ]);
  const facts: SkuPurchaseFacts[] = [];
  for (const [i, line] of lines.entries()) {
    const sku = read[i];
    if (!sku) throw AppError.notFound('catalogue.product-not-found');
    if (sku.status !== 'on')
      throw AppError.business('taken-down', 'checkout.taken-down', {}, { prodId: sku.prodId, skuId: sku.skuId });
    const mayBeHeld = [...held.entries()].some(
      ([key, item]) => key.startsWith(`${sku.skuId}|`) && item.available >= line.count,
    );
    if (!mayBeHeld) checkSupplierStock(sku, line.count);
    facts.push(sku);
  }
  return facts;
}

function checkSupplierStock(sku: SkuPurchaseFacts, count: number): void {
  if (sku.stock >= count) return;
  const key = sku.stock === 0 ? 'checkout.sold-out' : 'checkout.out-of-stock';
  throw AppError.business(
    'out-of-stock',
    key,
    { available: sku.stock },
    { prodId: sku.prodId, skuId: sku.skuId, available: sku.stock },
  );
}

/**
 * Line index → the owner's inventory item it ships from (decision 0139): the item of the SKU in
 * the shipment's warehouse, switched on, holding all the line's units (inventory's `takeHeld`,
 * the rule store orders follow). Every other line that ships buys its goods now: the supplier's
 * stock must cover it.
 */
function fromInventory(
  plan: ShipmentPlan,
  skus: SkuPurchaseFacts[],
  lines: ConfirmLineInput[],
  held: Map<string, HeldStock>,
): Map<number, string> {
  const itemOf = new Map<number, string>();
  const taken = new Map<string, number>();
  for (const shipment of plan.shipments)
    for (const i of shipment.lines) {
      const item = takeHeld(held, taken, skus[i]!.skuId, shipment.warehouse.code, lines[i]!.count);
      if (item) itemOf.set(i, item);
      else checkSupplierStock(skus[i]!, lines[i]!.count);
    }
  return itemOf;
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
