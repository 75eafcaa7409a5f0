import type { CategoryIcon, ShippingAttribute } from '@dsm/contract';
import type { Four, SizeScheme } from './vocabulary-common';

/**
 * Compact vocabulary entries, one string per word with its forms separated by `|`:
 * - adjective `en|zh|fr masculine|fr feminine|tr` (optionally `|fr masc. plural|fr fem. plural`
 *   when the plural is not the singular + s);
 * - noun `en|zh|fr|gender|tr` (gender m, f, mp or fp; optionally `|attribute` for shipping);
 * - material `en|zh|fr phrase|tr` (the French is the phrase after the noun: "en coton");
 * - use `en|zh|fr|tr` (what the product is a great choice for).
 * English and Turkish words are in title case (titles); briefs lower-case them.
 */
export interface SubcategoryVocabulary {
  names: Four;
  nouns: string[];
  adjectives: string[];
  materials: string[];
  sizes: SizeScheme;
  /** Colour codes this kind of product comes in (default: a general palette). */
  colours?: string[];
  /** USD range of the cheapest variant. */
  price: [number, number];
  grams: [number, number];
  /** Parcel length, width, height in cm. */
  cm: [number, number, number];
  attribute?: ShippingAttribute;
}

export interface CategoryVocabulary {
  icon: CategoryIcon;
  names: Four;
  uses: string[];
  subcategories: SubcategoryVocabulary[];
}
