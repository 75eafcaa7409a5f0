import { fromMinor } from '@dsm/contract';
import sanitizeHtml from 'sanitize-html';

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
      'p',
      'br',
      'hr',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'sub',
      'sup',
      'span',
      'div',
      'blockquote',
      'h2',
      'h3',
      'h4',
      'ul',
      'ol',
      'li',
      'a',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'figure',
      'figcaption',
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
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are what we remove
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
