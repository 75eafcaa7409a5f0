import type { Locale, Suggestion } from '@dsm/contract';
import type { Db } from '../../db/client';
import { type ConnectableSku, findConnectableSkus } from '../catalogue/catalogue.service';
import { skuRef } from './connections.read';
import type { StoreProductBase, StoreVariantBase } from '../stores/stores.service';

/** Letters and digits, lower-cased, in any script; one-letter words say nothing. */
export function wordsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => [...w].length >= 2),
    ),
  ];
}

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * How well one catalogue SKU matches one store variant, and why: the SKU code (the strongest
 * sign: sellers often reuse the supplier's code), the product title's words, and the variant's
 * options against the SKU's specs in any of the catalogue's languages (a store says "Color: Red",
 * the catalogue "Colour: Red" or "Couleur : Rouge").
 */
export function scoreCandidate(titleWords: readonly string[], variant: StoreVariantBase, sku: ConnectableSku) {
  const matchedBy: Array<'sku' | 'title' | 'options'> = [];
  let score = 0;
  if (variant.sku && same(variant.sku, sku.skuCode)) {
    score += 0.45;
    matchedBy.push('sku');
  }
  const catalogueWords = new Set(sku.titles.flatMap(wordsOf));
  const shared = titleWords.filter((w) => catalogueWords.has(w)).length;
  if (titleWords.length && shared) {
    score += 0.25 * (shared / titleWords.length);
    matchedBy.push('title');
  }
  let options = 0;
  for (const o of variant.options) {
    const spec = sku.specs.find((s) => s.values.some((v) => v && same(v, o.value)));
    if (!spec) continue;
    options += spec.names.some((n) => n && same(n, o.name)) ? 1 : 0.5;
  }
  const width = Math.max(variant.options.length, sku.specs.length);
  if (options > 0 && width > 0) {
    score += 0.3 * (options / width);
    matchedBy.push('options');
  } else if (variant.options.length === 0 && sku.specs.length === 0 && matchedBy.length) {
    // Neither side has options: nothing contradicts the match.
    score += 0.1;
  }
  // A share of 1 (shown as a percentage): the three signs together are a certain match.
  return { score: Math.min(1, Math.round(score * 100) / 100), matchedBy };
}

/** Per variant, the catalogue SKUs (on sale) that may match, best first, at most `per`. */
export async function suggestionsFor(
  db: Db,
  product: StoreProductBase,
  variants: readonly StoreVariantBase[],
  locale: Locale,
  per = 5,
): Promise<Suggestion[]> {
  const titleWords = wordsOf(product.title);
  const candidates = await findConnectableSkus(
    db,
    { words: titleWords, skuCodes: variants.map((v) => v.sku ?? '').filter(Boolean) },
    locale,
  );
  return variants.map((variant) => ({
    variantId: variant.id,
    candidates: candidates
      .filter((sku) => sku.onSale)
      .map((sku) => ({ sku, ...scoreCandidate(titleWords, variant, sku) }))
      .filter((c) => c.score >= 0.05)
      .sort((a, b) => b.score - a.score || a.sku.skuId - b.sku.skuId)
      .slice(0, per)
      .map(({ sku, score, matchedBy }) => ({ ...skuRef(sku), score, matchedBy })),
  }));
}
