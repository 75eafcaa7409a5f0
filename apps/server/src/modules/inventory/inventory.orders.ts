import {
  ADDRESS_FIELDS,
  type InventoryClaims,
  type InventoryConfirmBody,
  type InventoryConfirmResult,
  type InventoryOrder,
  type InventorySubmitBody,
  type Locale,
  type OrderAddress,
  depositSplitMinor,
  fromMinor,
  minimumOrderQuantity,
  translate,
} from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertValues } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { listAddresses } from '../accounts/accounts.service';
import { getCartSkus, getPriceTiers, getSkuShippingFacts, reserveStock } from '../catalogue/catalogue.service';
import { applyPriceTiers } from '../checkout/checkout.service';
import { allWarehouses } from '../logistics/logistics.service';
import { createOrder } from '../orders/orders.service';
import { inventoryOrderById } from './inventory.read';
import { depositOffered, inventorySettings } from './inventory.settings';
import { inventoryOrderLines, inventoryOrders } from './inventory.tables';
import { signInventoryToken, verifyInventoryToken } from './inventory.token';

export interface InventorySettings {
  secretKey: string;
  /** How long a confirm token stays good. */
  confirmMinutes: number;
  now?: Date;
}

const PROFILE_LINK = '/user/profile';

/**
 * POST /api/p/private-inventory-order/basket/confirm: prices what the owner wants to stock, as
 * named steps, writing nothing: read the SKUs (on sale) → the warehouse of each line (one that
 * stocks the SKU) → the bulk tiers as the bulk page prices them (decision 0090: the product's
 * pieces together reach a tier) → the handling fee per unit instead of shipping → sign.
 */
export async function confirmInventoryOrder(
  db: Db,
  userId: string,
  body: InventoryConfirmBody,
  locale: Locale,
  settings: InventorySettings,
): Promise<InventoryConfirmResult> {
  const skuIds = body.lines.map((l) => l.skuId);
  const [skus, tiers, names, settingsRow] = await Promise.all([
    getCartSkus(db, skuIds, locale),
    getPriceTiers(
      db,
      body.lines.map((l) => l.prodId),
    ),
    allWarehouses(db, locale),
    inventorySettings(db),
  ]);
  const feeMinor = settingsRow.handlingFeePerUnitMinor;
  const lines = [];
  for (const [i, line] of body.lines.entries()) {
    const sku = skus.get(line.skuId);
    const facts =
      sku && sku.prodId === line.prodId && sku.onSale ? await getSkuShippingFacts(db, line.prodId, line.skuId) : null;
    if (!sku || !facts) throw AppError.invalid([{ field: `lines.${i}`, messageKey: 'inventory.sku-not-found' }]);
    // A SKU is stocked in one warehouse today (the product's, or its own): the list the screen
    // offers is that one; choosing another is refused rather than silently moved.
    const stocking = [facts.warehouse];
    const warehouse = line.warehouse ?? facts.warehouse;
    if (!stocking.includes(warehouse))
      throw AppError.business('warehouse-not-stocking', 'inventory.warehouse-not-stocking', { warehouse });
    lines.push({ sku, warehouse, stocking, count: line.count });
  }
  const priced = await applyPriceTiers(
    db,
    lines.map((l) => ({ prodId: l.sku.prodId, count: l.count, priceMinor: l.sku.priceMinor })),
  );
  const pieces = lines.reduce((s, l) => s + l.count, 0);
  const goodsMinor = lines.reduce((s, l, i) => s + priced[i]!.unitPriceMinor * l.count, 0);
  const handlingMinor = feeMinor * pieces;
  const now = settings.now ?? new Date();
  const expires = Math.floor(now.getTime() / 1000) + settings.confirmMinutes * 60;
  // Two parts offered from the operator's amount on (decision 0130), signed like the fee.
  const depositPercent = depositOffered(settingsRow, goodsMinor + handlingMinor);
  const claims: InventoryClaims = {
    u: userId,
    e: expires,
    h: feeMinor,
    l: lines.map((l, i) => [l.sku.prodId, l.sku.skuId, l.warehouse, l.count, priced[i]!.unitPriceMinor]),
    ...(depositPercent === undefined ? {} : { d: depositPercent }),
  };
  const nameOf = (code: string) => names.get(code)?.name ?? code;
  return {
    lines: lines.map((l, i) => ({
      prodId: l.sku.prodId,
      skuId: l.sku.skuId,
      skuCode: l.sku.skuCode,
      title: l.sku.prodName,
      image: l.sku.pic,
      warehouse: l.warehouse,
      warehouseName: nameOf(l.warehouse),
      warehouses: l.stocking.map((code) => ({ code, name: nameOf(code) })),
      count: l.count,
      unitPrice: fromMinor(priced[i]!.unitPriceMinor),
      basePrice: fromMinor(priced[i]!.basePriceMinor),
      tier: priced[i]!.tier ? { minQuantity: priced[i]!.tier!.minQuantity } : null,
      moq: minimumOrderQuantity(tiers.get(l.sku.prodId) ?? []),
      lineTotal: fromMinor(priced[i]!.unitPriceMinor * l.count),
    })),
    goods: fromMinor(goodsMinor),
    handlingFeePerUnit: fromMinor(feeMinor),
    handlingFee: fromMinor(handlingMinor),
    total: fromMinor(goodsMinor + handlingMinor),
    deposit: depositPercent === undefined ? null : depositTerms(goodsMinor + handlingMinor, depositPercent),
    confirmToken: signInventoryToken(settings.secretKey, claims),
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/**
 * POST /api/p/private-inventory-order/submit (in the route's idempotent unit of work): verify the
 * token → the SKUs still on sale → the billing address → one order of source 'inventory' at
 * exactly the confirmed prices (handling fee as its service fee, no shipping, no tax: the goods
 * stay in the warehouse) → its inventory row and lines → reserve the catalogue's stock. It is then paid with POST /api/p/order/pay
 * like any order; the pay reaction (inventory.hooks.ts) makes it "to be purchased".
 */
export async function submitInventoryOrder(
  uow: UnitOfWork,
  userId: string,
  body: InventorySubmitBody,
  locale: Locale,
  settings: InventorySettings,
): Promise<InventoryOrder> {
  const claims = verifyInventoryToken(settings.secretKey, body.confirmToken, userId, settings.now);
  const skus = await getCartSkus(
    uow.tx,
    claims.l.map(([, skuId]) => skuId),
    locale,
  );
  const billing = await billingAddress(uow.tx, userId, body.billingId);
  const lines = claims.l.map(([prodId, skuId, warehouse, count, unitPriceMinor], position) => {
    const sku = skus.get(skuId);
    if (!sku || !sku.onSale || sku.prodId !== prodId) throw AppError.business('taken-down', 'inventory.sku-not-found');
    return { position, sku, warehouse, count, unitPriceMinor };
  });
  const goodsMinor = lines.reduce((s, l) => s + l.unitPriceMinor * l.count, 0);
  const feeMinor = claims.h * lines.reduce((s, l) => s + l.count, 0);
  const order = await createOrder(uow, {
    userId,
    source: 'inventory',
    purchaseType: 'bulk',
    lines: lines.map((l) => ({
      productId: l.sku.prodId,
      skuId: l.sku.skuId,
      skuCode: l.sku.skuCode,
      title: l.sku.prodName,
      specs: specsOf(l.sku.properties),
      image: l.sku.pic,
      unitPriceMinor: l.unitPriceMinor,
      quantity: l.count,
      lineTotalMinor: l.unitPriceMinor * l.count,
    })),
    goodsMinor,
    shippingMinor: 0,
    serviceFeeMinor: feeMinor,
    taxMinor: 0,
    totalMinor: goodsMinor + feeMinor,
    consignee: billing,
    billing,
    shippingMethodCode: 'inventory',
    shippingMethodName: translate(locale, 'inventory.order-title'),
  });
  await uow.tx.execute(sql`
    with lines as (insert into inventory_order_lines ${insertValues(
      inventoryOrderLines,
      lines.map((l) => ({
        orderId: order.id,
        position: l.position,
        productId: l.sku.prodId,
        skuId: l.sku.skuId,
        skuCode: l.sku.skuCode,
        title: l.sku.prodName,
        image: l.sku.pic,
        unitPriceMinor: l.unitPriceMinor,
        warehouse: l.warehouse,
        quantity: l.count,
      })),
    )})
    insert into inventory_orders ${insertValues(inventoryOrders, {
      orderId: order.id,
      userId,
      handlingFeePerUnitMinor: claims.h,
      ...depositColumns(goodsMinor + feeMinor, claims.d),
    })}`);
  // Last, as checkout does (decision 0092): the supplier's stock is taken like any order's, and
  // given back by checkout's reaction if the order is trashed unpaid. Too little refuses it all.
  await reserveStock(
    uow,
    lines.map((l) => ({ prodId: l.sku.prodId, skuId: l.sku.skuId, count: l.count })),
    locale,
  );
  return (await inventoryOrderById(uow.tx, order.id, userId))!;
}

/** The chosen billing address, else the default one, as the order keeps it. */
async function billingAddress(db: Db, userId: string, billingId: string | undefined): Promise<OrderAddress> {
  const all = await listAddresses(db, userId, 'billing');
  const found = billingId ? all.find((a) => a.addrId === billingId) : all[0];
  if (billingId && !found) throw AppError.notFound('accounts.address-not-found');
  if (!found)
    throw AppError.business('billing-address-empty', 'inventory.billing-required', {}, { link: PROFILE_LINK });
  return Object.fromEntries(
    ADDRESS_FIELDS.map((f) => [f, String((found as Record<string, unknown>)[f] ?? '')]),
  ) as OrderAddress;
}

/** "Colour:Red;Size:M" → {Colour: 'Red', Size: 'M'}. */
function specsOf(properties: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of properties.split(';')) {
    const at = pair.indexOf(':');
    if (at > 0) out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

/** The two parts as the confirm step shows them (decision 0130). */
function depositTerms(totalMinor: number, percent: number) {
  const { depositMinor, balanceMinor } = depositSplitMinor(totalMinor, percent);
  return { percent, deposit: fromMinor(depositMinor), balance: fromMinor(balanceMinor) };
}

/** The order's two-part terms from the signed percentage; none when it was not offered. */
function depositColumns(totalMinor: number, percent: number | undefined) {
  if (!Number.isSafeInteger(percent) || percent! < 1 || percent! > 90) return {};
  const { depositMinor, balanceMinor } = depositSplitMinor(totalMinor, percent!);
  if (depositMinor <= 0 || balanceMinor <= 0) return {};
  return { depositState: 'offered' as const, depositPercent: percent!, depositMinor, balanceMinor };
}
