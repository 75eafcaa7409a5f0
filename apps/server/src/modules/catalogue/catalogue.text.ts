import { DEFAULT_LOCALE, LOCALES, type Locale, fromMinor } from '@dsm/contract';
import { type SQL, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';

/**
 * The one fallback rule for catalogue text: the requested language, then en-US, then any
 * language (in the order of LOCALES, so the choice is stable).
 */
export function pickTranslation<T extends { locale: string }>(rows: readonly T[], locale: Locale): T | undefined {
  return (
    rows.find((r) => r.locale === locale) ??
    rows.find((r) => r.locale === DEFAULT_LOCALE) ??
    [...rows].sort((a, b) => localeRank(a.locale) - localeRank(b.locale))[0]
  );
}

function localeRank(locale: string): number {
  const i = (LOCALES as readonly string[]).indexOf(locale);
  return i < 0 ? LOCALES.length : i;
}

/** The same rule in SQL, as an ORDER BY for a `… LIMIT 1` over a translation table. */
export function fallbackOrder(localeColumn: SQL | string, locale: Locale): SQL {
  const col = typeof localeColumn === 'string' ? sql.raw(localeColumn) : localeColumn;
  return sql`(${col} = ${locale}) desc, (${col} = ${DEFAULT_LOCALE}) desc, ${col}`;
}

/** Turns `[{locale, name}]` rows into `{ 'en-US': 'Bags', … }`. */
export function namesByLocale(rows: ReadonlyArray<{ locale: string; name: string }>): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [r.locale, r.name]));
}

/** Money on the wire: USD decimals with 2 places. */
export const toWireAmount = fromMinor;

/**
 * Product descriptions are rich text written by operators (or pasted from suppliers): keep
 * formatting, lists, tables, links and images; drop scripts, styles, event handlers, frames
 * and any URL scheme but http(s), mailto and our own paths.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'span', 'div', 'blockquote',
      'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
      'figure', 'figcaption',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
    },
  }).trim();
}

/**
 * Titles, briefs and names are plain text (the web renders them as text, never as HTML); only
 * whitespace is normalised and control characters dropped.
 */
export function plainText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what we remove
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
}
