import { GqlError, type Resolvable } from './emulator-graphql.js';
import { type EmuFulfillment, type EmuOrder, type EmuTrackingInfo, touchOrder } from './emulator-orders.js';

/**
 * The Shopify emulator's fulfilment side (issue 21, connector-protocols.md §1.5, §6.1): each
 * order has one fulfillment order (one location) whose line items say what remains to ship;
 * `fulfillmentCreate` ships (some of) them with tracking, `fulfillmentTrackingInfoUpdate`
 * changes a fulfilment's tracking, and the merchant can fulfil by hand from the admin page (or a
 * test). Errors are Shopify's `userErrors`, not GraphQL errors.
 */

interface FulfilmentData {
  now(): number;
  id(): number;
}

type Connect = <T>(list: T[], first: number, cursor: (x: T) => string, node: (x: T) => unknown) => unknown;
type PageSize = (a: Record<string, unknown>) => number;

/** What is left to ship of each line: ordered minus what standing fulfilments carry. */
export function remainingOf(o: EmuOrder): Map<number, number> {
  const left = new Map(o.lines.map((l) => [l.id, o.cancelledAt ? 0 : l.quantity]));
  for (const f of o.fulfillments)
    if (f.status === 'SUCCESS')
      for (const l of f.lines) left.set(l.lineId, Math.max(0, (left.get(l.lineId) ?? 0) - l.quantity));
  return left;
}

/** OPEN (nothing shipped), IN_PROGRESS (some), CLOSED (all), CANCELLED (the order was). */
function fulfilmentOrderStatus(o: EmuOrder): 'OPEN' | 'IN_PROGRESS' | 'CLOSED' | 'CANCELLED' {
  if (o.cancelledAt) return 'CANCELLED';
  const left = [...remainingOf(o).values()].reduce((a, b) => a + b, 0);
  const total = o.lines.reduce((a, l) => a + l.quantity, 0);
  return left === 0 ? 'CLOSED' : left === total ? 'OPEN' : 'IN_PROGRESS';
}

/** The fulfillment order's gid is the order's number under another type: one per order here. */
const foGid = (o: EmuOrder) => `gid://shopify/FulfillmentOrder/${o.id}`;
const foLineGid = (lineId: number) => `gid://shopify/FulfillmentOrderLineItem/${lineId}`;

/** `Order.fulfillmentOrders(first)`, merged into the emulator's order object. */
export function fulfilmentOrderFields(o: EmuOrder, helpers: { connection: Connect; pageSize: PageSize }) {
  return {
    fulfillmentOrders: (a: Record<string, unknown>) =>
      helpers.connection(
        [o],
        helpers.pageSize(a),
        () => Buffer.from(String(o.id)).toString('base64url'),
        () => {
          const left = remainingOf(o);
          return {
            __typename: 'FulfillmentOrder',
            id: foGid(o),
            status: fulfilmentOrderStatus(o),
            lineItems: (b: Record<string, unknown>) =>
              helpers.connection(
                o.lines,
                helpers.pageSize(b),
                (l) => Buffer.from(String(l.id)).toString('base64url'),
                (l) => ({
                  __typename: 'FulfillmentOrderLineItem',
                  id: foLineGid(l.id),
                  totalQuantity: l.quantity,
                  remainingQuantity: left.get(l.id) ?? 0,
                  lineItem: { __typename: 'LineItem', id: `gid://shopify/LineItem/${l.id}` },
                }),
              ),
          };
        },
      ),
  };
}

export function fulfilmentObject(f: EmuFulfillment): Resolvable {
  return {
    __typename: 'Fulfillment',
    id: `gid://shopify/Fulfillment/${f.id}`,
    status: f.status,
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
    trackingInfo: () => f.trackingInfo.map((t) => ({ __typename: 'FulfillmentTrackingInfo', ...t })),
  };
}

const userError = (message: string, field: string[] | null = null) => ({ __typename: 'UserError', field, message });

function trackingOf(input: unknown): EmuTrackingInfo[] {
  if (!input || typeof input !== 'object') return [];
  const t = input as { company?: unknown; number?: unknown; url?: unknown };
  if (t.url && !t.number) throw new GqlError('trackingInfo: a url needs a number', 'INVALID');
  return [
    {
      company: typeof t.company === 'string' ? t.company : null,
      number: typeof t.number === 'string' ? t.number : null,
      url: typeof t.url === 'string' ? t.url : null,
    },
  ];
}

/** Ships what remains of the order (or the given lines) as one fulfilment. */
export function addFulfilment(
  data: FulfilmentData,
  o: EmuOrder,
  tracking: EmuTrackingInfo[],
  o2: { lines?: Array<{ lineId: number; quantity: number }>; notifyCustomer?: boolean; origin: 'app' | 'merchant' },
): EmuFulfillment {
  const left = remainingOf(o);
  const lines = o2.lines ?? [...left].filter(([, q]) => q > 0).map(([lineId, quantity]) => ({ lineId, quantity }));
  const at = new Date(data.now()).toISOString();
  const f: EmuFulfillment = {
    id: data.id(),
    status: 'SUCCESS',
    createdAt: at,
    updatedAt: at,
    trackingInfo: tracking,
    lines,
    notifyCustomer: o2.notifyCustomer ?? false,
    origin: o2.origin,
  };
  o.fulfillments.push(f);
  touchOrder(data, o);
  return f;
}

/** The two mutations; `onChange` is told of the order changed (the emulator sends orders/updated). */
export function fulfilmentMutations(
  data: FulfilmentData,
  orders: Map<number, EmuOrder>,
  onChange: (o: EmuOrder) => void,
): Record<string, unknown> {
  const payload = (typename: string, f: EmuFulfillment | null, errors: ReturnType<typeof userError>[]) => ({
    __typename: typename,
    fulfillment: f ? fulfilmentObject(f) : null,
    userErrors: errors,
  });
  return {
    fulfillmentCreate: (a: Record<string, unknown>) => {
      const input = (a.fulfillment ?? {}) as {
        lineItemsByFulfillmentOrder?: Array<{
          fulfillmentOrderId?: string;
          fulfillmentOrderLineItems?: Array<{ id?: string; quantity?: number }>;
        }>;
        trackingInfo?: unknown;
        notifyCustomer?: boolean;
      };
      const groups = input.lineItemsByFulfillmentOrder ?? [];
      if (!groups.length)
        return payload('FulfillmentCreatePayload', null, [
          userError('lineItemsByFulfillmentOrder is required', ['fulfillment', 'lineItemsByFulfillmentOrder']),
        ]);
      const lines: Array<{ lineId: number; quantity: number }> = [];
      let order: EmuOrder | undefined;
      for (const g of groups) {
        const id = /^gid:\/\/shopify\/FulfillmentOrder\/(\d+)$/.exec(g.fulfillmentOrderId ?? '')?.[1];
        const o = id ? orders.get(Number(id)) : undefined;
        if (!o || (order && order !== o))
          return payload('FulfillmentCreatePayload', null, [userError('Fulfillment order does not exist.')]);
        order = o;
        if (fulfilmentOrderStatus(o) === 'CLOSED' || fulfilmentOrderStatus(o) === 'CANCELLED')
          return payload('FulfillmentCreatePayload', null, [
            userError('Fulfillment order is not in a fulfillable state.'),
          ]);
        const left = remainingOf(o);
        for (const item of g.fulfillmentOrderLineItems ??
          [...left].map(([l, q]) => ({ id: foLineGid(l), quantity: q }))) {
          const lineId = Number(/^gid:\/\/shopify\/FulfillmentOrderLineItem\/(\d+)$/.exec(item.id ?? '')?.[1]);
          const quantity = item.quantity ?? 0;
          if (!left.has(lineId) || quantity < 0 || quantity > (left.get(lineId) ?? 0))
            return payload('FulfillmentCreatePayload', null, [
              userError('Invalid fulfillment order line item quantity requested.'),
            ]);
          if (quantity > 0) lines.push({ lineId, quantity });
        }
      }
      if (!order || !lines.length)
        return payload('FulfillmentCreatePayload', null, [userError('There is nothing to fulfil.')]);
      const f = addFulfilment(data, order, trackingOf(input.trackingInfo), {
        lines,
        notifyCustomer: input.notifyCustomer === true,
        origin: 'app',
      });
      onChange(order);
      return payload('FulfillmentCreatePayload', f, []);
    },
    fulfillmentTrackingInfoUpdate: (a: Record<string, unknown>) => {
      const id = Number(/^gid:\/\/shopify\/Fulfillment\/(\d+)$/.exec(String(a.fulfillmentId ?? ''))?.[1]);
      for (const o of orders.values()) {
        const f = o.fulfillments.find((x) => x.id === id);
        if (!f) continue;
        if (f.status !== 'SUCCESS')
          return payload('FulfillmentTrackingInfoUpdatePayload', null, [userError('Fulfillment is cancelled.')]);
        f.trackingInfo = trackingOf(a.trackingInfoInput);
        f.notifyCustomer = a.notifyCustomer === true;
        f.updatedAt = new Date(data.now()).toISOString();
        touchOrder(data, o);
        onChange(o);
        return payload('FulfillmentTrackingInfoUpdatePayload', f, []);
      }
      return payload('FulfillmentTrackingInfoUpdatePayload', null, [
        userError('Fulfillment does not exist.', ['fulfillmentId']),
      ]);
    },
  };
}
