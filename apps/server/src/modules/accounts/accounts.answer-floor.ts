import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and answers no sooner than `floorMs` after the start, whether it succeeded or
 * failed. Used where the time an answer takes would otherwise tell something the answer itself
 * hides (a reset-code request does an SMTP send only for an address that has an account).
 */
export async function withAnswerFloor<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
