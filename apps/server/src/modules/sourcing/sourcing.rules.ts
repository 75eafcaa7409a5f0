import type { SourcingState } from '@dsm/contract';

/**
 * The request's state machine (decision 0127), as one table: what each staff action does from
 * each state. Anything not listed is refused (409 sourcing-transition-refused). Answering
 * straight from `pending` is allowed: an operator who knows the answer need not "take" first.
 */
export type SourcingAction = 'take' | 'succeed' | 'fail';

const TRANSITIONS: Record<SourcingAction, Partial<Record<SourcingState, SourcingState>>> = {
  take: { pending: 'processing' },
  succeed: { pending: 'succeeded', processing: 'succeeded' },
  fail: { pending: 'failed', processing: 'failed' },
};

/** The state after `action`, or null when the action is refused from `from`. */
export function nextState(from: SourcingState, action: SourcingAction): SourcingState | null {
  return TRANSITIONS[action][from] ?? null;
}

export const OPEN_STATES: readonly SourcingState[] = ['pending', 'processing'];

/**
 * `days` working days after `from` (Monday to Friday, in UTC; public holidays are not known to
 * the system). With one day: sent on Friday or at the weekend, due on Monday at the same hour.
 */
export function addWorkingDays(from: Date, days: number): Date {
  const due = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    due.setUTCDate(due.getUTCDate() + 1);
    const day = due.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return due;
}
