import { z } from 'zod';
import { ADDRESS_FIELDS } from './accounts';
import { PageQuerySchema, pageOf } from './common/paging';
import { TrackingPushStatusSchema } from './store-orders.tracking';

/**
 * Orders (decision 0081): the DTOs of /api/p/orders and /api/admin/orders. Catalogue orders
 * today, store orders (issue 11) later: the same rows with `source: 'store'`. Money is decimal USD
 * here (the server keeps integer minor units).
 */

/**
 * The states of an order. `split` is a parent whose lines now live in its child orders; it leaves
 * every tab. Abnormal is NOT a state: it is a flag (`abnormal`, with a reason) beside the state,
 * because an order may turn abnormal while awaiting payment, pending or purchasing and goes back
 * to where it was once resolved.
 */
export const ORDER_STATES = [
  'awaiting-payment',
  'pending',
  'purchasing',
  'shipped',
  'delivered',
  'trashed',
  'split',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The events of the state machine (apps/server/src/modules/orders/orders.states.ts). */
export const ORDER_EVENTS = [
  'create',
  'pay',
  'purchase',
  'ship',
  'deliver',
  'trash',
  'expire',
  'restore',
  'mark-abnormal',
  'resolve-abnormal',
  'ignore-abnormal',
  'split',
  'reset-split',
  // Price differences (decision 0089): raised by the operator, paid by the user or cancelled.
  'raise-price-difference',
  'pay-price-difference',
  'cancel-price-difference',
  // After-sales (decision 0088): timeline events that keep the order's state.
  'after-sales-requested',
  'after-sales-cancelled',
  'after-sales-approved',
  'after-sales-rejected',
  'refunded',
  'reshipped',
  // The operator corrects a shipped order's carrier or tracking number (issue 21: it goes to the store again).
  'update-tracking',
  // A store order cancelled in the store after we were paid, before purchasing (decision 0120).
  'cancel-refund',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** How an order was bought (decision 0090): one by one for dropshipping, or in bulk at a tier price. */
export const PURCHASE_TYPES = ['dropshipping', 'bulk'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];

export const ORDER_SOURCES = ['catalogue', 'store', 'inventory'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const ORDER_ACTOR_TYPES = ['user', 'operator', 'system'] as const;
export type OrderActorType = (typeof ORDER_ACTOR_TYPES)[number];

/** The tabs of the user's order list (SPEC §4), in the order they are shown. */
export const ORDER_TABS = [
  'all',
  'awaiting-payment',
  'pending',
  'purchasing',
  'shipped',
  'delivered',
  'trash',
  'abnormal',
] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** Longest texts kept on an order. */
export const ORDER_REASON_MAX = 500;
export const ORDER_REMARK_MAX = 500;
export const CARRIER_MAX = 100;
export const TRACKING_NUMBER_MAX = 100;

/**
 * A tracking number in the one form we keep, show and send to stores: no spaces at all (carriers
 * print numbers in groups of four; stores and PayPal refuse the spaces). Decision 0131.
 */
export function normaliseTrackingNumber(raw: string): string {
  return raw.replace(/\s+/g, '');
}

/** The address an order was placed with, copied at checkout (the address book may change later). */
export const OrderAddressSchema = z.object(
  Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, z.string()])) as Record<
    (typeof ADDRESS_FIELDS)[number],
    z.ZodString
  >,
);
export type OrderAddress = z.infer<typeof OrderAddressSchema>;

export const OrderLineSchema = z.object({
  id: z.string(),
  productId: z.number().int(),
  skuId: z.number().int(),
  skuCode: z.string(),
  /**
   * The product's name in the reader's language (the catalogue's current name), else the name as
   * ordered (decision 0111).
   */
  title: z.string(),
  /** The name as ordered (the snapshot, in the buyer's language at submit), only when `title` differs. */
  orderedTitle: z.string().optional(),
  /** The variant's specs as shown when ordered, e.g. {Colour: 'Red', Size: 'M'}. */
  specs: z.record(z.string(), z.string()),
  image: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  lineTotal: z.number(),
  /** Store orders: what the store's customer paid for the item (null for catalogue orders). */
  storePrice: z.number().nullable(),
  /** Ships from the owner's private inventory: its goods were paid when bought into it (decision 0129). */
  fromInventory: z.boolean(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderEventSchema = z.object({
  event: z.enum(ORDER_EVENTS),
  fromState: z.enum(ORDER_STATES).nullable(),
  toState: z.enum(ORDER_STATES),
  actorType: z.enum(ORDER_ACTOR_TYPES),
  reason: z.string().nullable(),
  at: z.string(),
});
export type OrderEventDto = z.infer<typeof OrderEventSchema>;

/** One row of a list: enough for the list screen (first line's image and title, counts, total). */
export const OrderSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  source: z.enum(ORDER_SOURCES),
  state: z.enum(ORDER_STATES),
  abnormal: z.boolean(),
  abnormalReason: z.string().nullable(),
  parentOrderId: z.string().nullable(),
  /** Total of all line quantities. */
  itemCount: z.number().int(),
  lineCount: z.number().int(),
  /** The first line; `title` and `orderedTitle` as on OrderLine. */
  firstLine: z
    .object({
      title: z.string(),
      orderedTitle: z.string().optional(),
      image: z.string(),
      specs: z.record(z.string(), z.string()),
    })
    .nullable(),
  goods: z.number(),
  shipping: z.number(),
  serviceFee: z.number(),
  tax: z.number(),
  discount: z.number(),
  total: z.number(),
  shippingMethodName: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  trashedAt: z.string().nullable(),
  /** What the user may do now (the state machine's answer): the screens show only these buttons. */
  actions: z.array(z.enum(ORDER_EVENTS)),
  /** A price difference the user must pay before the order goes on (decision 0089), USD; null when none. */
  priceDifferenceDue: z.number().nullable().optional(),
  /** Dropshipping or bulk (decision 0090). */
  purchaseType: z.enum(PURCHASE_TYPES).optional(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderDetailSchema = OrderSummarySchema.extend({
  storeId: z.string().nullable(),
  storeOrderRef: z.string().nullable(),
  shippingMethodCode: z.string(),
  consignee: OrderAddressSchema,
  billing: OrderAddressSchema,
  remark: z.string(),
  lines: z.array(OrderLineSchema),
  /** The split's children (on a `split` parent), oldest first. */
  children: z.array(z.object({ id: z.string(), number: z.string(), state: z.enum(ORDER_STATES) })),
  /** The other orders of the same checkout, one per shipment (decision 0107), by number. */
  placedWith: z.array(z.object({ id: z.string(), number: z.string(), state: z.enum(ORDER_STATES) })).optional(),
  /** The timeline, oldest first. */
  events: z.array(OrderEventSchema),
  /** Store orders (issue 21): the tracking's way back to the store, once shipped; null before or for catalogue orders. */
  trackingPush: TrackingPushStatusSchema.nullable().optional(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const AdminOrderSchema = OrderSummarySchema.extend({ userId: z.string(), userEmail: z.string() });
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const OrderListQuery = PageQuerySchema.extend({
  tab: z.enum(ORDER_TABS).default('all'),
  /** Only bulk (or dropshipping) orders: the bulk orders page (decision 0090). */
  type: z.enum(PURCHASE_TYPES).optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

/** GET /api/p/orders/counts: optionally of one purchase type only (the bulk orders page). */
export const OrderCountsQuery = z.object({ type: z.enum(PURCHASE_TYPES).optional() });
export type OrderCountsQuery = z.infer<typeof OrderCountsQuery>;

export const OrderCountsSchema = z.record(z.enum(ORDER_TABS), z.number().int());
export type OrderCounts = Record<OrderTab, number>;

/** The operator's list: one state, or abnormal, or all; pending first by default (what to buy). */
export const AdminOrderListQuery = PageQuerySchema.extend({
  state: z.enum(['all', 'abnormal', ...ORDER_STATES]).default('pending'),
});
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuery>;

export const OrderIdParams = z.object({ id: z.string() });

export const RestoreOrdersBody = z.object({
  ids: z.array(z.string()).min(1, 'orders.select-orders').max(100),
});
export type RestoreOrdersBody = z.infer<typeof RestoreOrdersBody>;

/**
 * Split by SKU (one child per line) or by selected items: each group lists line ids and the
 * quantity taken from that line; whatever is left over forms one more child.
 */
export const SplitOrderBody = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('by-sku') }),
  z.object({
    mode: z.literal('items'),
    groups: z
      .array(
        z.array(z.object({ lineId: z.string(), quantity: z.number().int().min(1) })).min(1, 'orders.split-group-empty'),
      )
      .min(1, 'orders.split-group-empty')
      .max(50),
  }),
]);
export type SplitOrderBody = z.infer<typeof SplitOrderBody>;

export const ShipOrderBody = z.object({
  carrier: z.string().trim().min(1, 'orders.carrier-required').max(CARRIER_MAX),
  trackingNumber: z.string().trim().min(1, 'orders.tracking-required').max(TRACKING_NUMBER_MAX),
});
export type ShipOrderBody = z.infer<typeof ShipOrderBody>;

export const AbnormalOrderBody = z.object({
  reason: z.string().trim().min(1, 'orders.abnormal-reason-required').max(ORDER_REASON_MAX),
});
export type AbnormalOrderBody = z.infer<typeof AbnormalOrderBody>;

export const RestoreResultSchema = z.object({ restored: z.array(z.string()) });
export type RestoreResult = z.infer<typeof RestoreResultSchema>;
export const AdminOrderPageSchema = pageOf(AdminOrderSchema);
export const OrderSummaryPageSchema = pageOf(OrderSummarySchema);
