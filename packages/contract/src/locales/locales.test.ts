import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../common/locale';
import { translate } from '../messages';
import { type CatalogueTree, flattenCatalogue, placeholdersOf } from './parity';

// The server's messages (errors, validation, e-mails) in the four languages: the same parity
// rule as the web catalogues, so a message never falls back to English unnoticed.
const here = path.dirname(fileURLToPath(import.meta.url));

const catalogues = new Map<string, Map<string, unknown>>();
const folders = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
for (const lang of folders) {
  const keys = new Map<string, unknown>();
  for (const file of readdirSync(path.join(here, lang)).filter((f) => f.endsWith('.json'))) {
    const tree = JSON.parse(readFileSync(path.join(here, lang, file), 'utf8')) as CatalogueTree;
    for (const [k, v] of flattenCatalogue(tree)) keys.set(`${file.replace('.json', '')}:${k}`, v);
  }
  catalogues.set(lang, keys);
}

describe('server message catalogues', () => {
  it('exist for exactly the four languages', () => {
    expect(folders.sort()).toEqual([...LOCALES].sort());
  });

  it('have the same keys in every language', () => {
    const all = new Set([...catalogues.values()].flatMap((keys) => [...keys.keys()]));
    for (const lang of LOCALES) {
      const missing = [...all].filter((key) => !catalogues.get(lang)?.has(key));
      expect(missing, `${lang} lacks`).toEqual([]);
    }
  });

  it('have no empty value, and the same {{placeholders}} as English', () => {
    const english = catalogues.get('en-US')!;
    for (const [lang, keys] of catalogues) {
      for (const [key, value] of keys) {
        expect(typeof value === 'string' && value.trim() !== '', `${lang} ${key} is empty`).toBe(true);
        expect(placeholdersOf(value), `${lang} ${key}`).toEqual(placeholdersOf(english.get(key)));
      }
    }
  });

  it('are the ones the server translates with', () => {
    expect(translate('zh-CN', 'errors.A00004')).toBe(catalogues.get('zh-CN')!.get('common:errors.A00004'));
    expect(translate('tr-TR', 'errors.A00004')).not.toBe(translate('en-US', 'errors.A00004'));
  });
});
