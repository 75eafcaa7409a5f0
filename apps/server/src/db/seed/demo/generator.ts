import type { Locale, ShippingAttribute } from '@dsm/contract';

/** The seeded warehouses the demo products ship from (logistics.seed-data.ts). */
type Warehouse = 'CN' | 'US' | 'EU';
import { demoImageUrl } from './demo-images';
import { VOCABULARY_A } from './vocabulary-a';
import { VOCABULARY_B } from './vocabulary-b';
import { COLOURS, DESCRIPTION_LABELS, FEATURES, type Four, SPECS, WAREHOUSE_NAMES } from './vocabulary-common';
import type { CategoryVocabulary, SubcategoryVocabulary } from './vocabulary-types';

/**
 * The deterministic demo catalogue: product number i is always the same product (its own seeded
 * PRNG), whatever the catalogue size, so `--products N` can top a catalogue up idempotently.
 */

export const CATEGORY_VOCABULARY: CategoryVocabulary[] = [...VOCABULARY_A, ...VOCABULARY_B];

/** Every subcategory in a fixed order; product i belongs to SUBCATEGORIES[i % length]. */
export const SUBCATEGORIES: ReadonlyArray<{ root: CategoryVocabulary; sub: SubcategoryVocabulary; key: string }> =
  CATEGORY_VOCABULARY.flatMap((root) => root.subcategories.map((sub, i) => ({ root, sub, key: `${root.icon}/${i}` })));

const LANGS = ['en-US', 'zh-CN', 'fr-FR', 'tr-TR'] as const satisfies readonly Locale[];
const DEFAULT_COLOURS = ['black', 'white', 'grey', 'navy', 'red', 'blue', 'green', 'pink', 'beige'];
/** Creation dates count back from a fixed day so that every run produces the same catalogue. */
const ANCHOR = Date.UTC(2025, 9, 1);
const DAY = 86_400_000;

/** mulberry32: small, fast, good enough for demo data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Adjective {
  en: string;
  zh: string;
  fr: [string, string, string, string];
  tr: string;
}
interface Noun {
  en: string;
  zh: string;
  fr: string;
  gender: 0 | 1 | 2 | 3;
  tr: string;
  attribute?: ShippingAttribute;
}
interface Material {
  en: string;
  zh: string;
  fr: string;
  tr: string;
}

const GENDER = { m: 0, f: 1, mp: 2, fp: 3 } as const;

function plural(word: string): string {
  return /[sx]$/.test(word) ? word : word.replace(/(\S+)/, '$1s');
}

function adjective(text: string): Adjective {
  const [en, zh, m, f, tr, mp, fp] = text.split('|') as string[];
  return { en: en!, zh: zh!, tr: tr!, fr: [m!, f!, mp ?? plural(m!), fp ?? plural(f!)] };
}

function noun(text: string): Noun {
  const [en, zh, fr, g, tr, attribute] = text.split('|') as string[];
  return {
    en: en!,
    zh: zh!,
    fr: fr!,
    gender: GENDER[g as keyof typeof GENDER],
    tr: tr!,
    attribute: attribute as ShippingAttribute | undefined,
  };
}

function four(text: string): Four {
  const [en, zh, fr, tr] = text.split('|') as string[];
  return [en!, zh!, fr!, tr!];
}

const PROPER = new Set(['Bluetooth', 'Oxford', 'Chelsea', 'Halloween', 'Noël', 'Powerbank']);

/** Lower-cases words for running text, keeping acronyms (USB, LED, BPA-Free) and proper names. */
const lowered = new Map<string, string>();
function lowerWords(text: string, locale: 'en' | 'tr'): string {
  const key = `${locale}:${text}`;
  let out = lowered.get(key);
  if (out === undefined) {
    out = lowerWordsUncached(text, locale);
    lowered.set(key, out);
  }
  return out;
}

function lowerWordsUncached(text: string, locale: 'en' | 'tr'): string {
  return text
    .split(' ')
    .map((w) =>
      PROPER.has(w) || w.split('-').some((p) => p.length > 1 && p === p.toUpperCase() && /\p{Lu}/u.test(p))
        ? w
        : w.toLocaleLowerCase(locale),
    )
    .join(' ');
}

/** First letter upper-cased; Turkish i → İ. */
function capFirst(text: string, locale = 'en'): string {
  const first = text.charAt(0);
  return (locale === 'tr' && first === 'i' ? 'İ' : first.toUpperCase()) + text.slice(1);
}

export interface DemoSku {
  code: string;
  priceMinor: number;
  originalPriceMinor: number;
  weightGrams: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  stock: number;
  image: string;
  /** [spec code, value code] pairs, colour first. */
  specs: Array<[string, string]>;
}

export interface DemoProduct {
  index: number;
  subcategory: string;
  attribute: ShippingAttribute;
  warehouse: Warehouse;
  salesCount: number;
  createdAt: Date;
  texts: Record<Locale, { title: string; brief: string; description: string }>;
  images: string[];
  skus: DemoSku[];
  tags: string[];
}

const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const dollars = (minor: number) => Math.max(99, Math.floor(minor / 100) * 100 + 99);

export function generateProduct(index: number): DemoProduct {
  const rng = prng((index + 1) * 2654435761);
  const { root, sub, key } = SUBCATEGORIES[index % SUBCATEGORIES.length]!;
  const n = noun(pick(rng, sub.nouns));
  const adj = adjective(pick(rng, sub.adjectives));
  const material = sub.materials.length && rng() < 0.7 ? (four(pick(rng, sub.materials)) as unknown as string[]) : null;
  const mat: Material | null = material
    ? { en: material[0]!, zh: material[1]!, fr: material[2]!, tr: material[3]! }
    : null;
  const use = four(pick(rng, root.uses));
  const feature = pick(rng, FEATURES);
  const warehouse: Warehouse = ((r) => (r < 0.7 ? 'CN' : r < 0.85 ? 'US' : 'EU'))(rng());

  // Variants: 1–4 colours × 1–3 (or more) sizes, at most 12 SKUs.
  const palette = sub.colours ?? DEFAULT_COLOURS;
  const colourCount = 1 + Math.floor(rng() * Math.min(4, palette.length));
  const start = Math.floor(rng() * palette.length);
  const colours = Array.from({ length: colourCount }, (_, i) => palette[(start + i) % palette.length]!);
  const sizeSpec = sub.sizes === 'none' ? null : SPECS[sub.sizes];
  let sizes: string[] = [];
  if (sizeSpec) {
    const maxSizes = Math.max(1, Math.min(sizeSpec.values.length, Math.floor(12 / colourCount), 4));
    const count = 1 + Math.floor(rng() * maxSizes);
    const from = Math.floor(rng() * (sizeSpec.values.length - count + 1));
    sizes = sizeSpec.values.slice(from, from + count).map((v) => v.code);
  }

  const base = dollars(Math.round((sub.price[0] + rng() * (sub.price[1] - sub.price[0])) * 100));
  const discount = rng() < 0.7 ? 0.15 + rng() * 0.4 : 0;
  const grams = Math.round(sub.grams[0] + rng() * (sub.grams[1] - sub.grams[0]));
  const images = colours.map((c, i) => demoImageUrl(root.icon, c, index + i));
  const prefix = `DM${String(index + 1).padStart(7, '0')}`;
  const skus: DemoSku[] = [];
  for (const [ci, colour] of colours.entries()) {
    for (const [si, size] of (sizes.length ? sizes : [null]).entries()) {
      // Bigger formats and packs cost more; clothing sizes cost the same.
      const step =
        sub.sizes === 'pack'
          ? ([1, 1.8, 4][si] ?? 1)
          : ['dimension', 'capacity'].includes(sub.sizes)
            ? 1 + 0.25 * si
            : 1;
      const price = dollars(base * step);
      const scale = 1 + 0.15 * si;
      skus.push({
        code: `${prefix}-${skus.length + 1}`,
        priceMinor: price,
        originalPriceMinor: discount ? dollars(price / (1 - discount)) : price,
        weightGrams: Math.round(grams * (sub.sizes === 'pack' ? step : scale)),
        lengthMm: Math.round(sub.cm[0] * 10 * scale),
        widthMm: Math.round(sub.cm[1] * 10 * scale),
        heightMm: Math.round(sub.cm[2] * 10),
        stock: rng() < 0.05 ? 0 : 20 + Math.floor(rng() * 780),
        image: images[ci]!,
        specs: [['colour', colour], ...(size && sizeSpec ? [[sizeSpec.code, size] as [string, string]] : [])],
      });
    }
  }

  // A SKU may be sold out, never every SKU of a product: a demo product on a list that cannot be
  // bought is a dead end (issue 20). No draw from the PRNG, so every product stays what it was.
  if (!skus.some((s) => s.stock > 0)) skus[0]!.stock = 20 + (index % 200);

  const salesCount = Math.floor(rng() ** 3 * 5000);
  const ageDays = Math.floor(rng() * 365);
  const createdAt = new Date(ANCHOR - ageDays * DAY - index * 1000);
  const tags: string[] = [];
  if (ageDays <= 30) tags.push('new');
  if (rng() < 0.12) tags.push('trending');
  if (salesCount >= 3500) tags.push('bestseller');
  if (discount >= 0.4) tags.push('sale');

  const colourNames = (lang: number) => colours.map((c) => COLOURS.find((k) => k.code === c)!.names[lang]!);
  const sizeNames = (lang: number) => sizes.map((s) => sizeSpec!.values.find((v) => v.code === s)!.names[lang]!);

  const en = {
    title: [adj.en, mat?.en, n.en].filter(Boolean).join(' '),
    brief: `${capFirst(lowerWords(adj.en, 'en'))} ${lowerWords(n.en, 'en')}${mat ? ` in ${lowerWords(mat.en, 'en')}` : ''}, ${feature.en}. ${DESCRIPTION_LABELS.greatChoice[0]} ${use[0]}.`,
  };
  const fr = {
    title: capFirst([n.fr, adj.fr[n.gender], mat?.fr].filter(Boolean).join(' '), 'fr'),
    brief: `${capFirst([n.fr, adj.fr[n.gender], mat?.fr].filter(Boolean).join(' '), 'fr')}, ${feature.fr[n.gender]}. ${DESCRIPTION_LABELS.greatChoice[2]} ${use[2]}.`,
  };
  const trPhrase = lowerWords([adj.tr, mat?.tr, n.tr].filter(Boolean).join(' '), 'tr');
  const tr = {
    title: [adj.tr, mat?.tr, n.tr].filter(Boolean).join(' '),
    brief: `${capFirst(trPhrase, 'tr')} ${feature.tr} bir üründür. ${capFirst(use[3], 'tr')} ${DESCRIPTION_LABELS.greatChoice[3]}.`,
  };
  const zh = {
    title: `${adj.zh}${mat?.zh ?? ''}${n.zh}`,
    brief: `${adj.zh}${mat?.zh ?? ''}${n.zh}，${feature.zh}，${DESCRIPTION_LABELS.greatChoice[1]}${use[1]}。`,
  };
  const materialValue = mat ? [mat.en, mat.zh, capFirst(mat.fr.replace(/^en /, ''), 'fr'), mat.tr] : null;

  const describe = (lang: number, brief: string): string => {
    const colon = ['：', ' : ', ': '][lang === 1 ? 0 : lang === 2 ? 1 : 2];
    const join = lang === 1 ? '、' : ', ';
    const item = (label: string, value: string) => `<li><strong>${label}</strong>${colon}${value}</li>`;
    const lines = [
      materialValue ? item(DESCRIPTION_LABELS.material[lang]!, materialValue[lang]!) : '',
      item(DESCRIPTION_LABELS.colours[lang]!, colourNames(lang).join(join)),
      sizeSpec && sizes.length ? item(sizeSpec.names[lang]!, sizeNames(lang).join(join)) : '',
      item(DESCRIPTION_LABELS.shipsFrom[lang]!, WAREHOUSE_NAMES[warehouse][lang]!),
    ].join('');
    return `<p>${escapeHtml(brief)}</p><ul>${lines}</ul><p>${DESCRIPTION_LABELS.closing[lang]}</p>`;
  };

  const texts = Object.fromEntries(
    [en, zh, fr, tr].map((t, lang) => [LANGS[lang], { ...t, description: describe(lang, t.brief) }]),
  ) as DemoProduct['texts'];

  return {
    index,
    subcategory: key,
    attribute: n.attribute ?? sub.attribute ?? 'general',
    warehouse,
    salesCount,
    createdAt,
    texts,
    images,
    skus,
    tags,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
