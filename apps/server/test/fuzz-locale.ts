import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type CatalogueTree, type Locale, flattenCatalogue, hasMessage, translate } from '@dsm/contract';

/**
 * Tells whether an error text was written in the language asked for: an answer in zh, fr or tr
 * must not be the English text of a message the catalogue translates, nor a bare message key
 * (what `translate` falls back to when a key is missing everywhere).
 */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../packages/contract/src/locales/en-US');

function messageKeys(): string[] {
  const keys: string[] = [];
  for (const file of readdirSync(LOCALES_DIR).filter((f) => f.endsWith('.json'))) {
    const tree = JSON.parse(readFileSync(path.join(LOCALES_DIR, file), 'utf8')) as CatalogueTree;
    const prefix = file === 'common.json' ? '' : `${file.replace(/\.json$/, '')}.`;
    for (const key of flattenCatalogue(tree).keys()) keys.push(`${prefix}${key}`);
  }
  return keys;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English templates as patterns (placeholders match anything), per language that translates them. */
function englishPatterns(): Map<Locale, RegExp[]> {
  const out = new Map<Locale, RegExp[]>();
  for (const locale of ['zh-CN', 'fr-FR', 'tr-TR'] as const) {
    const patterns: RegExp[] = [];
    for (const key of messageKeys()) {
      // The raw template: translate() with no params would blank the placeholders.
      const english = translate('en-US', key, new Proxy({}, { get: (_, name) => `{{${String(name)}}}` }));
      const local = translate(locale, key, new Proxy({}, { get: (_, name) => `{{${String(name)}}}` }));
      if (english === local) continue;
      const literal = english.replace(/\{\{\w+\}\}/g, '');
      // Too little fixed text to tell English apart ("{{field}}", "OK").
      if (literal.replace(/\W/g, '').length < 6) continue;
      patterns.push(
        new RegExp(
          `^${english
            .split(/\{\{\w+\}\}/)
            .map(escape)
            .join('[\\s\\S]*')}$`,
        ),
      );
    }
    out.set(locale, patterns);
  }
  return out;
}

let patterns: Map<Locale, RegExp[]> | undefined;

/** Why this text is not a proper message in `locale`, or undefined when it is. */
export function unlocalized(locale: Locale, text: unknown): string | undefined {
  if (typeof text !== 'string' || text.trim() === '') return 'empty message';
  if (/^[a-z][\w-]*(\.[\w-]+)+$/.test(text) && (hasMessage(text) || /^(errors|validation|fields)\./.test(text)))
    return `bare message key "${text}"`;
  if (/^[a-z][\w-]*(\.[\w-]+)+$/.test(text) && !text.includes(' ')) return `looks like a message key "${text}"`;
  if (locale === 'en-US') return undefined;
  patterns ??= englishPatterns();
  if (patterns.get(locale)!.some((p) => p.test(text))) return `English text in ${locale}: "${text.slice(0, 80)}"`;
  return undefined;
}
