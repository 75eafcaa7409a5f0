import { useSyncExternalStore } from 'react';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** Default time a message stays (SPEC §8: 5000 ms). */
export const TOAST_MS = 5000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function show(kind: ToastKind, text: string, durationMs = TOAST_MS): number {
  // The same message from several parallel calls shows once; its timer restarts.
  const same = toasts.find((t) => t.kind === kind && t.text === text);
  const id = same?.id ?? nextId++;
  if (!same) {
    toasts = [...toasts, { id, kind, text }];
    emit();
  }
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismiss(id), durationMs),
  );
  return id;
}

function dismiss(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const next = toasts.filter((t) => t.id !== id);
  if (next.length !== toasts.length) {
    toasts = next;
    emit();
  }
}

export const toast = {
  show,
  dismiss,
  info: (text: string, ms?: number) => show('info', text, ms),
  success: (text: string, ms?: number) => show('success', text, ms),
  warning: (text: string, ms?: number) => show('warning', text, ms),
  error: (text: string, ms?: number) => show('error', text, ms),
  list: () => toasts,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  clear() {
    timers.forEach((t) => clearTimeout(t));
    timers.clear();
    toasts = [];
    emit();
  },
};

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(toast.subscribe, toast.list, toast.list);
}
