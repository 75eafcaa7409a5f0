import { useState, useEffect } from 'react';
import type { StoreMoney } from '@dsm/contract';

/**
 * The store's price as the store shows it: its own currency, stated (`symbol`, so "CA$" and "$"
 * differ), never converted — the buyer paid exactly this. An unknown code still shows its figure.
 */
export function formatStoreMoney(money: StoreMoney, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: money.currency }).format(money.amount);
  } catch {
    return `${money.amount} ${money.currency}`;
  }
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
];

/** "3 minutes ago", "in 4 minutes" in the reader's language: freshness reads faster as a distance. */
export function relativeTime(iso: string, lang: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === 'second') return format.format(Math.round(diff / ms), unit);
  }
  return format.format(0, 'second');
}

/** The full instant, for a `title` beside a relative time. */
export const fullTime = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

/**
 * A button's cool-down after a click ("sync now"): disabled until the later of a few seconds from
 * now and the server's own `availableAt`, then enabled again by itself. A guard against double
 * clicks, not a quota (issue 21: no daily cap).
 */
export const COOL_DOWN_MS = 5_000;

export function useCoolDown(availableAt: string | null | undefined): [boolean, () => void] {
  const [clickedUntil, setClickedUntil] = useState(0);
  const until = Math.max(clickedUntil, availableAt ? new Date(availableAt).getTime() : 0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const wait = until - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), wait + 50);
    return () => clearTimeout(timer);
  }, [until]);
  const cooling = until > Math.max(now, Date.now());
  return [cooling, () => setClickedUntil(Date.now() + COOL_DOWN_MS)];
}
