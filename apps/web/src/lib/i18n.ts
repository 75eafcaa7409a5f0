import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '@dsm/contract';
import { session } from './session';

export const NAMESPACES = [
  'common',
  'routes',
  'routes-admin',
  'accounts',
  'home',
  'catalogue',
  'logistics',
  'content',
  'recharge',
  'payments',
  'admin',
  'withdrawals',
  'wallet',
  'checkout',
  'invoices',
  'cart',
  'orders',
  'pricing',
  'after-sales',
  'connections',
  'stores',
  'store-orders',
  'preferred-shipping',
  'excel-imports',
  'affiliates',
  'listings',
  'inventory',
  'sourcing',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Catalogue = Record<string, unknown>;
const namespaceOf = (path: string) => path.replace(/^.*\/([\w-]+)\.json$/, '$1');
// One lazy import per catalogue file; the build groups each language's files into one chunk,
// so the first page downloads the current language only and the others load on a switch.
// import.meta.glob takes literals only: this list and the one excluded in i18n-private.ts are the same.
const catalogues = import.meta.glob<Catalogue>(
  '../locales/*/{common,routes,content,cart,accounts,home,logistics,catalogue,affiliates,recharge,stores}.json',
  { import: 'default' },
);
/** The public pages' catalogues (above); the account area's and the console's load with their own chunk. */
const PUBLIC_NAMESPACES = new Set(Object.keys(catalogues).map((path) => namespaceOf(path)));
/** The map of the other catalogues is itself a chunk: its 80-odd entries stay out of every page's entry. */
async function cataloguesFor(namespaces: readonly string[]): Promise<typeof catalogues> {
  if (namespaces.every((ns) => PUBLIC_NAMESPACES.has(ns))) return catalogues;
  return { ...catalogues, ...(await import('./i18n-private')).privateCatalogues };
}

/**
 * The catalogues every page reads; every other namespace is lazy: the build keeps it out of each
 * language's chunk (vite.config.ts) and its routes load it with their pages (loadNamespace), so
 * the first page of a visitor downloads only its own texts (decisions 0050, 0075–0077, 0109).
 */
const EAGER_NAMESPACES: readonly string[] = ['common', 'routes', 'content', 'cart'];
export const LAZY_NAMESPACES: readonly string[] = NAMESPACES.filter((ns) => !EAGER_NAMESPACES.includes(ns));

/** A language's catalogues: all but the lazy ones, or exactly `only`. */
async function loadCatalogues(lng: Locale, only?: readonly string[]): Promise<Record<string, Catalogue>> {
  const files = Object.entries(await cataloguesFor(only ?? [])).filter(([path]) => {
    if (!path.includes(`/locales/${lng}/`)) return false;
    const ns = namespaceOf(path);
    return only ? only.includes(ns) : !LAZY_NAMESPACES.includes(ns);
  });
  const pairs = await Promise.all(files.map(async ([path, load]) => [namespaceOf(path), await load()] as const));
  return Object.fromEntries(pairs);
}

/** Lazy namespaces asked for so far: a language switch loads them in the new language too. */
const lazyInUse = new Set<string>();
let markStarted: () => void = () => undefined;
const started = new Promise<void>((resolve) => (markStarted = resolve));

async function addLazyCatalogues(lng: Locale): Promise<void> {
  const missing = [...lazyInUse].filter((ns) => !i18n.hasResourceBundle(lng, ns));
  if (missing.length) addCatalogues(lng, await loadCatalogues(lng, missing));
}

/** Loads a lazy namespace (e.g. `admin`) in the interface language; route loaders await it. */
export async function loadNamespace(ns: Namespace): Promise<void> {
  lazyInUse.add(ns);
  // Every console page reads its title and the console menu from routes-admin.
  if (ns === 'admin') lazyInUse.add('routes-admin');
  await started;
  await addLazyCatalogues(i18n.language as Locale);
}

function applyDocumentLanguage(lng: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/** Starts i18next with the stored language (default en-US, SPEC §4). */
export async function initI18n(lng: Locale = session.get().lang): Promise<typeof i18n> {
  const lang = isLocale(lng) ? lng : DEFAULT_LOCALE;
  const resources = { [lang]: await loadCatalogues(lang) };
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: lang,
      resources,
      // Every catalogue has every key (locales.test.ts), so no fallback language is fetched.
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      partialBundledLanguages: true,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      // The console's page titles (`routes:admin-…`) live in their own lazy catalogue, loaded with
      // the console's first page, so the public pages' first load does not carry them.
      fallbackNS: 'routes-admin',
      interpolation: { escapeValue: false }, // React escapes
      returnEmptyString: false,
      react: { useSuspense: false },
      showSupportNotice: false,
    });
  } else {
    addCatalogues(lang, resources[lang]!);
    await addLazyCatalogues(lang);
    await i18n.changeLanguage(lang);
  }
  applyDocumentLanguage(lang);
  markStarted();
  return i18n;
}

function addCatalogues(lng: Locale, bundle: Record<string, Catalogue>) {
  for (const [ns, data] of Object.entries(bundle)) i18n.addResourceBundle(lng, ns, data, true, true);
}

/**
 * Switches the interface language in place: loads the catalogue if needed, re-renders every
 * translated text, saves `lang` (sent as Accept-Language from now on). No page reload, so forms
 * keep what the user typed.
 */
export async function setLanguage(lng: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(lng, 'common')) addCatalogues(lng, await loadCatalogues(lng));
  await addLazyCatalogues(lng);
  // Stored first: listeners of the change (data refetch) already send the new Accept-Language.
  session.set({ lang: lng });
  await i18n.changeLanguage(lng);
  applyDocumentLanguage(lng);
}

export { i18n };
