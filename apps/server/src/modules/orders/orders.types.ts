import type { OrderActorType, OrderEvent } from '@dsm/contract';

/**
 * The state machine's words (orders.states.ts), apart from it so that what listens to it
 * (orders.hooks.ts) needs only these and the state machine can call the hooks: no import circle.
 */
export interface Actor {
  type: OrderActorType;
  /** The user or operator; null for the system (a job, the payment callback). */
  id: string | null;
}

/** Every event but `create` (an order is created, not transitioned into). */
export type TransitionEvent = Exclude<OrderEvent, 'create'>;

/** What an event needs besides the order: the ship event's carrier and tracking number, a reason. */
export interface TransitionData {
  carrier?: string;
  trackingNumber?: string;
  reason?: string;
  /** raise-price-difference: the amount due, USD minor units (> 0). */
  amountMinor?: number;
  /** Recorded on the event row only (e.g. the children of a split). */
  details?: Record<string, unknown>;
}
