import { useSyncExternalStore } from 'react';

/** Counts requests in flight; the top progress bar shows while it is above zero. */
let pending = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const loading = {
  count: () => pending,
  start() {
    pending += 1;
    emit();
  },
  stop() {
    pending = Math.max(0, pending - 1);
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  reset() {
    pending = 0;
    emit();
  },
};

export function useLoadingCount(): number {
  return useSyncExternalStore(loading.subscribe, loading.count, loading.count);
}
