import type { JobHandler } from '../../platform/jobs/jobs.runtime';
import type { PaymentProviders } from './recharge.providers';
import type { Logger } from './recharge.service';
import { expireOrder } from './recharge.service';
import { RECHARGE_CREDIT_JOB, RECHARGE_EXPIRE_JOB, creditPaid } from './recharge.state';

/**
 * `recharge.credit` posts a paid order's credit once (decision 0070 unique key) → completed;
 * `recharge.expire` runs at an order's expires_at and closes it unless the provider has the money.
 * Both are safe to run again (decision 0061: delivery is at least once).
 */
export function rechargeJobHandlers(providers: PaymentProviders, log: Logger): Record<string, JobHandler> {
  return {
    [RECHARGE_CREDIT_JOB]: async (payload, { db }) => creditPaid(db, String(payload.id)),
    [RECHARGE_EXPIRE_JOB]: async (payload, { db }) => expireOrder(db, providers, String(payload.id), log),
  };
}
