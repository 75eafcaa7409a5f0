import type { TFunction } from 'i18next';

/** A date and time in the interface language, in the viewer's own time zone. */
export function formatWhen(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** How long a request has waited: from sending to its answer, or to now while open. */
export function waitedMs(createdAt: string, decidedAt: string | null, now = Date.now()): number {
  return Math.max(0, (decidedAt ? Date.parse(decidedAt) : now) - Date.parse(createdAt));
}

/** "2 d 3 h", "3 h 20 min", "5 min" in the interface language (keys `time.*` of the sourcing texts). */
export function formatDuration(ms: number, t: TFunction): string {
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return t('time.days-hours', { days, hours });
  if (hours > 0) return t('time.hours-minutes', { hours, minutes: mins });
  return t('time.minutes', { minutes: mins });
}

/** Minutes east of UTC of `timeZone` at `at` (from the wall clock Intl shows there). */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!);
  // `wall` has no seconds: compare with `at` cut to its minute, or 07:00 shows as 07:01 after :30.
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * An agent's "HH:MM" (in their time zone) today, shown in the viewer's time zone and language:
 * 09:00 in Asia/Shanghai is 02:00 for a viewer in Paris in winter.
 */
export function hourInViewerZone(hhmm: string, agentZone: string, lang: string, now = new Date()): string {
  const [h, m] = hhmm.split(':').map(Number);
  try {
    const offset = offsetMinutes(agentZone, now);
    const localDay = new Date(now.getTime() + offset * 60_000);
    const instant =
      Date.UTC(localDay.getUTCFullYear(), localDay.getUTCMonth(), localDay.getUTCDate(), h ?? 0, m ?? 0) -
      offset * 60_000;
    return new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(new Date(instant));
  } catch {
    return hhmm;
  }
}
