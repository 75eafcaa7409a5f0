/** "22 Nov 2025, 14:03" in the interface language. */
export function formatDateTime(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** `current` (from 1) and `size` (10 by default, at most 100) from the page's address. */
export function pageParams(params: URLSearchParams): { current: number; size: number } {
  const current = Math.max(1, Math.floor(Number(params.get('current')) || 1));
  const size = Math.min(100, Math.max(1, Math.floor(Number(params.get('size')) || 10)));
  return { current, size };
}
