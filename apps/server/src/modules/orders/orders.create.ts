import { randomUUID } from 'node:crypto';
import type { OrderAddress, OrderSource, PurchaseType } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { insertValues, rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { type DbOrUow, inTransaction } from '../../platform/unit-of-work';
import { type OrderRow, orderNumberSql, toOrderRow } from './orders.queries';
import { type Actor } from './orders.states';
import { orderEvents, orderLines, orders } from './orders.tables';

/** One item of a new order, priced by the caller (checkout) in integer USD minor units. */
export interface NewOrderLine {
  productId: number;
  skuId: number;
  skuCode: string;
  title: string;
  specs: Record<string, string>;
  image: string;
  unitPriceMinor: number;
  quantity: number;
  /** unitPriceMinor × quantity: given so a caller's arithmetic mistake is caught, not hidden. */
  lineTotalMinor: number;
  storePriceMinor?: number | null;
  /** Ships from the owner's private inventory, its goods already paid (decision 0129): priced at 0. */
  fromInventory?: boolean;
}

export interface NewOrder {
  userId: string;
  source?: OrderSource;
  storeId?: string | null;
  storeOrderRef?: string | null;
  /** The shipment of the store order this order carries (decision 0118). */
  storeShipment?: string | null;
  lines: NewOrderLine[];
  goodsMinor: number;
  shippingMinor: number;
  serviceFeeMinor: number;
  taxMinor: number;
  discountMinor?: number;
  totalMinor: number;
  consignee: OrderAddress;
  billing: OrderAddress;
  shippingMethodCode: string;
  shippingMethodName: string;
  remark?: string;
  /** bulk when a price tier applied or the buyer chose bulk (decision 0090); default dropshipping. */
  purchaseType?: PurchaseType;
  /** Set by splitOrder: the parent whose lines this child takes. */
  parentOrderId?: string | null;
  /** Shared by the orders of one checkout, one per shipment (decision 0107). */
  checkoutRef?: string | null;
}

const isMinor = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;

/**
 * Checks that the order adds up; a wrong figure is a bug in the caller, refused before any write:
 * each line total = unit price × quantity, goods = Σ line totals,
 * total = goods + shipping + service fee + tax − discount, nothing negative.
 */
export function validateNewOrder(input: NewOrder): void {
  const errors: Array<{ field: string; messageKey: string }> = [];
  if (input.lines.length === 0) errors.push({ field: 'lines', messageKey: 'orders.lines-required' });
  input.lines.forEach((l, i) => {
    const ok =
      isMinor(l.unitPriceMinor) &&
      Number.isSafeInteger(l.quantity) &&
      l.quantity > 0 &&
      l.lineTotalMinor === l.unitPriceMinor * l.quantity;
    if (!ok) errors.push({ field: `lines.${i}`, messageKey: 'orders.line-total-mismatch' });
  });
  const discount = input.discountMinor ?? 0;
  const money = [
    input.goodsMinor,
    input.shippingMinor,
    input.serviceFeeMinor,
    input.taxMinor,
    discount,
    input.totalMinor,
  ];
  const goods = input.lines.reduce((s, l) => s + l.lineTotalMinor, 0);
  const adds =
    money.every(isMinor) &&
    goods === input.goodsMinor &&
    input.totalMinor === input.goodsMinor + input.shippingMinor + input.serviceFeeMinor + input.taxMinor - discount;
  if (!adds) errors.push({ field: 'total', messageKey: 'orders.amounts-mismatch' });
  if (errors.length) throw AppError.invalid(errors);
}

/**
 * Creates an order awaiting payment, in the caller's unit of work (checkout's): validates the
 * figures, assigns the number, writes the lines and the first timeline event. It reserves no
 * stock: checkout does that through the catalogue in the same unit of work.
 */
export async function createOrder(
  db: DbOrUow,
  input: NewOrder,
  actor: Actor = { type: 'user', id: input.userId },
  reason?: string,
): Promise<OrderRow> {
  validateNewOrder(input);
  return inTransaction(db, async (uow) => {
    // The order, its lines and its first timeline event in one statement (one round trip instead
    // of three, decision 0102): the id is made here so the lines and the event can go in CTEs
    // beside the order's insert; their foreign keys are checked at the end of the statement.
    const id = randomUUID();
    const lines = input.lines.map((l, position) => ({
      orderId: id,
      position,
      productId: l.productId,
      skuId: l.skuId,
      skuCode: l.skuCode,
      title: l.title,
      specs: l.specs,
      image: l.image,
      unitPriceMinor: l.unitPriceMinor,
      quantity: l.quantity,
      lineTotalMinor: l.lineTotalMinor,
      storePriceMinor: l.storePriceMinor ?? null,
      fromInventory: l.fromInventory ?? false,
    }));
    const created = {
      orderId: id,
      event: 'create',
      fromState: null,
      toState: 'awaiting-payment',
      actorType: actor.type,
      actorId: actor.id,
      reason: reason ?? null,
      data: input.parentOrderId ? { parentOrderId: input.parentOrderId } : null,
    } as const;
    const order = {
      id,
      // Drawn by the insert itself: one statement fewer than a separate nextval (decision 0094).
      number: orderNumberSql,
      userId: input.userId,
      source: input.source ?? 'catalogue',
      storeId: input.storeId ?? null,
      storeOrderRef: input.storeOrderRef ?? null,
      storeShipment: input.storeShipment ?? null,
      state: 'awaiting-payment',
      parentOrderId: input.parentOrderId ?? null,
      checkoutRef: input.checkoutRef ?? null,
      goodsMinor: input.goodsMinor,
      shippingMinor: input.shippingMinor,
      serviceFeeMinor: input.serviceFeeMinor,
      taxMinor: input.taxMinor,
      discountMinor: input.discountMinor ?? 0,
      totalMinor: input.totalMinor,
      consignee: input.consignee,
      billing: input.billing,
      shippingMethodCode: input.shippingMethodCode,
      shippingMethodName: input.shippingMethodName,
      remark: input.remark ?? '',
      purchaseType: input.purchaseType ?? 'dropshipping',
    };
    // Plain SQL, not the builder: building this statement cost more CPU than running it (db/rows.ts).
    const [row] = rawRows(
      await uow.tx.execute(sql`
        with lines as (insert into order_lines ${insertValues(orderLines, lines)}),
        created as (insert into order_events ${insertValues(orderEvents, created)})
        insert into orders ${insertValues(orders, order)} returning *`),
    );
    return toOrderRow(row!);
  });
}
