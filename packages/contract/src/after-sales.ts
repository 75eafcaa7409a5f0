import { z } from 'zod';
import { PageQuerySchema, pageOf } from './common/paging';
import { hasAtMostTwoDecimals } from './common/money';
import { CARRIER_MAX, ORDER_STATES, TRACKING_NUMBER_MAX } from './orders';

/**
 * After-sales requests (decision 0088): a refund or a reshipment asked for a paid order, with a
 * reason and pictures; the operator approves (a refund is credited to the wallet at once) or
 * rejects with a reason; a reshipment is then marked reshipped with carrier and tracking number.
 * Money is decimal USD here (the server keeps integer minor units).
 */

export const AFTER_SALES_KINDS = ['refund', 'reshipment'] as const;
export type AfterSalesKind = (typeof AFTER_SALES_KINDS)[number];

/**
 * requested → refunded (refund approved: the wallet is credited in the same step)
 * requested → approved → reshipped (reshipment)
 * requested → rejected (operator, with a reason) | cancelled (the user, while requested)
 */
export const AFTER_SALES_STATES = ['requested', 'approved', 'refunded', 'reshipped', 'rejected', 'cancelled'] as const;
export type AfterSalesState = (typeof AFTER_SALES_STATES)[number];
/** States in which a request is still open: one open request per order at a time. */
export const AFTER_SALES_OPEN_STATES = ['requested', 'approved'] as const satisfies readonly AfterSalesState[];

/** Orders that may have an after-sales request: paid ones (and not marked abnormal). */
export const AFTER_SALES_ORDER_STATES = [
  'pending',
  'purchasing',
  'shipped',
  'delivered',
] as const satisfies readonly (typeof ORDER_STATES)[number][];

export const AFTER_SALES_MAX_IMAGES = 5;
export const AFTER_SALES_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const AFTER_SALES_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AFTER_SALES_REASON_MAX = 1000;
export const AFTER_SALES_ANSWER_MAX = 500;
/** An uploaded image's id: its stored, content-addressed name. */
const IMAGE_ID = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

export const AfterSalesLineSchema = z.object({ lineId: z.string(), quantity: z.number().int().min(1) });
export type AfterSalesLine = z.infer<typeof AfterSalesLineSchema>;

export const CreateAfterSalesBody = z
  .object({
    orderId: z.string().min(1, 'aftersales.order-required'),
    kind: z.enum(AFTER_SALES_KINDS),
    reason: z.string().trim().min(1, 'aftersales.reason-required').max(AFTER_SALES_REASON_MAX),
    /** Refunds only: decimal USD, at most what the order's total still allows. */
    amount: z
      .number()
      .positive('aftersales.amount-positive')
      .refine(hasAtMostTwoDecimals, 'validation.two-decimals')
      .optional(),
    /** Ids answered by POST /api/p/after-sales/images. */
    images: z
      .array(z.string().regex(IMAGE_ID, 'aftersales.image-unknown'))
      .max(AFTER_SALES_MAX_IMAGES, 'aftersales.too-many-images')
      .default([]),
    /** Optional: the order lines (and how many of each) the request is about. */
    lines: z.array(AfterSalesLineSchema).max(100).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'refund' && v.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'aftersales.amount-required' });
    if (v.kind === 'reshipment' && v.amount !== undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'aftersales.amount-refund-only' });
  });
export type CreateAfterSalesBody = z.input<typeof CreateAfterSalesBody>;

export const AfterSalesImageSchema = z.object({ id: z.string(), contentType: z.string(), size: z.number().int() });
export type AfterSalesImage = z.infer<typeof AfterSalesImageSchema>;

export const AfterSalesEventSchema = z.object({
  event: z.string(),
  fromState: z.enum(AFTER_SALES_STATES).nullable(),
  toState: z.enum(AFTER_SALES_STATES),
  actorType: z.enum(['user', 'operator', 'system']),
  note: z.string().nullable(),
  at: z.string(),
});

export const AfterSalesSchema = z.object({
  id: z.string(),
  number: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  orderTotal: z.number(),
  kind: z.enum(AFTER_SALES_KINDS),
  state: z.enum(AFTER_SALES_STATES),
  reason: z.string(),
  /** Refunds: what the user asked for; null for a reshipment. */
  amount: z.number().nullable(),
  /** What was credited to the wallet (refunded requests). */
  refunded: z.number().nullable(),
  images: z.array(z.string()),
  /** The lines concerned; `title` in the reader's language, `orderedTitle` as ordered when it differs (decision 0111). */
  lines: z.array(
    z.object({
      lineId: z.string(),
      quantity: z.number().int(),
      title: z.string(),
      orderedTitle: z.string().optional(),
    }),
  ),
  /** The operator's reason for a rejection, shown to the user. */
  rejectReason: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  events: z.array(AfterSalesEventSchema),
});
export type AfterSales = z.infer<typeof AfterSalesSchema>;

export const AdminAfterSalesSchema = AfterSalesSchema.extend({ userId: z.string(), userEmail: z.string() });
export type AdminAfterSales = z.infer<typeof AdminAfterSalesSchema>;

export const AfterSalesListQuery = PageQuerySchema;
export const AdminAfterSalesListQuery = PageQuerySchema.extend({
  state: z.enum(['all', 'open', ...AFTER_SALES_STATES]).default('open'),
});
export type AdminAfterSalesListQuery = z.infer<typeof AdminAfterSalesListQuery>;

/** An order the user may ask after-sales for, with what a refund may still return. */
export const AfterSalesEligibleOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  state: z.enum(ORDER_STATES),
  total: z.number(),
  refundable: z.number(),
  lines: z.array(
    z.object({ id: z.string(), title: z.string(), orderedTitle: z.string().optional(), quantity: z.number().int() }),
  ),
});
export type AfterSalesEligibleOrder = z.infer<typeof AfterSalesEligibleOrderSchema>;

export const AfterSalesIdParams = z.object({ id: z.string() });
export const AfterSalesImageParams = z.object({ id: z.string(), image: z.string() });

export const RejectAfterSalesBody = z.object({
  reason: z.string().trim().min(1, 'aftersales.reject-reason-required').max(AFTER_SALES_ANSWER_MAX),
});
export const ReshippedAfterSalesBody = z.object({
  carrier: z.string().trim().min(1, 'aftersales.carrier-required').max(CARRIER_MAX),
  trackingNumber: z.string().trim().min(1, 'aftersales.tracking-required').max(TRACKING_NUMBER_MAX),
});
export const AdminAfterSalesPageSchema = pageOf(AdminAfterSalesSchema);
export const AfterSalesPageSchema = pageOf(AfterSalesSchema);
export const AfterSalesEligibleOrderListSchema = z.array(AfterSalesEligibleOrderSchema);
