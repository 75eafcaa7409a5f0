/**
 * The catalogues of the account area and the operator console (every namespace i18n.ts does not
 * map itself): one lazily loaded chunk, so the public pages' entry does not carry their loaders.
 */
export const privateCatalogues = import.meta.glob<Record<string, unknown>>(
  [
    '../locales/*/*.json',
    '!../locales/*/{common,routes,content,cart,accounts,home,logistics,catalogue,affiliates,recharge,stores}.json',
  ],
  { import: 'default' },
);
