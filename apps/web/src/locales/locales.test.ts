import { describe, expect, it } from 'vitest';
import { type CatalogueTree, LOCALES, flattenCatalogue, placeholdersOf } from '@dsm/contract';
import { NAMESPACES } from '../lib/i18n';
import { ADMIN_PAGES } from '../app/admin-routes';
import { PUBLIC_PAGES, TOP_LEVEL_PAGES } from '../app/routes';
import { USER_PAGES } from '../app/user-routes';
import { ADMIN_SECTIONS, USER_SECTIONS } from '../app/layouts/account-menu';
import { FOOTER_GROUPS } from '../app/layouts/footer';
import { USER_MENU } from '../app/layouts/user-menu';

const files = import.meta.glob<CatalogueTree>('./*/*.json', { eager: true, import: 'default' });

/** lang → "namespace:key" → value */
const catalogues = new Map<string, Map<string, unknown>>();
for (const [path, tree] of Object.entries(files)) {
  const [, lang = '', ns = ''] = /^\.\/([\w-]+)\/([\w-]+)\.json$/.exec(path) ?? [];
  const keys = catalogues.get(lang) ?? new Map<string, unknown>();
  for (const [k, v] of flattenCatalogue(tree)) keys.set(`${ns}:${k}`, v);
  catalogues.set(lang, keys);
}
const english = catalogues.get('en-US') ?? new Map<string, unknown>();

describe('locale catalogues', () => {
  it('exist for exactly the four languages, each with every namespace', () => {
    expect([...catalogues.keys()].sort()).toEqual([...LOCALES].sort());
    for (const [path] of Object.entries(files)) expect(NAMESPACES).toContain(path.split('/')[2]?.replace('.json', ''));
    for (const lang of LOCALES) {
      for (const ns of NAMESPACES) expect(files[`./${lang}/${ns}.json`], `${lang}/${ns}.json`).toBeDefined();
    }
  });

  it('have the same keys in every language (no key exists in one and not another)', () => {
    const all = new Set([...catalogues.values()].flatMap((keys) => [...keys.keys()]));
    for (const lang of LOCALES) {
      const missing = [...all].filter((key) => !catalogues.get(lang)?.has(key));
      expect(missing, `${lang} lacks`).toEqual([]);
    }
  });

  it('have no empty value, and the same {{placeholders}} as English', () => {
    for (const [lang, keys] of catalogues) {
      for (const [key, value] of keys) {
        expect(typeof value === 'string' && value.trim() !== '', `${lang} ${key} is empty`).toBe(true);
        expect(placeholdersOf(value), `${lang} ${key}`).toEqual(placeholdersOf(english.get(key)));
      }
    }
  });

  it('hold a title for every route, and the menu and footer labels', () => {
    const needed = new Set<string>();
    for (const route of [...PUBLIC_PAGES, ...TOP_LEVEL_PAGES, ...USER_PAGES, ...ADMIN_PAGES]) {
      const title = (route.handle as { title?: string } | undefined)?.title;
      expect(title, `route ${route.path} has a title`).toMatch(/^routes:/);
      needed.add(title!);
    }
    for (const section of [...USER_SECTIONS, ...ADMIN_SECTIONS]) {
      if (section.links.length > 1) needed.add(`common:sidebar.${section.key}`);
      for (const link of section.links) needed.add(`routes:${link.title}`);
    }
    for (const item of USER_MENU) needed.add(`common:user-menu.${item.key}`);
    for (const group of FOOTER_GROUPS) {
      needed.add(`common:footer.${group.key}`);
      for (const link of group.links) needed.add(`common:footer.${link.key}`);
    }
    // The console's titles live in routes-admin, which i18next reads when routes lacks a key
    // (fallbackNS in lib/i18n.ts): `routes:admin-orders` is found there.
    const held = (key: string) => english.has(key) || english.has(key.replace(/^routes:admin-/, 'routes-admin:admin-'));
    const missing = [...needed].filter((key) => !held(key));
    expect(missing).toEqual([]);
  });
});
