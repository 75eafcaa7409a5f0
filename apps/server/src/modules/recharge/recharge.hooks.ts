import type { Db } from '../../db/client';
import { Subscribers } from '../../platform/subscribers';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { RechargeRow } from './recharge.queries';

/**
 * What happens to a recharge that pays something (decision 0085: `order_payment_id`), told to
 * the module that owns that something inside the recharge's own unit of work: `credited` right
 * after the wallet got the money, `closed` when the recharge closed without money (expired,
 * cancelled, failed, rejected). The recharge module knows nothing of orders or payments; the
 * payments module's hooks are subscribed by composition.ts. A handler that throws rolls the change back (the
 * credit job retries).
 */
export type RechargeEvent = 'credited' | 'closed';
export type RechargeHook = (uow: UnitOfWork, recharge: RechargeRow) => Promise<void>;

const hooks = new Subscribers<RechargeEvent, RechargeHook>();

/** Subscribes `hook` to `event` on the database `db` under `name` (again under one name: replaces). */
export function onRechargeEvent(db: Db, event: RechargeEvent, name: string, hook: RechargeHook): void {
  hooks.add(db, event, name, hook);
}

/** Runs the hooks of `event` for a recharge that pays something; nothing for a plain top-up. */
export async function runRechargeHooks(uow: UnitOfWork, event: RechargeEvent, recharge: RechargeRow): Promise<void> {
  if (!recharge.orderPaymentId) return;
  for (const hook of hooks.of(uow.root, event)) await hook(uow, recharge);
}
