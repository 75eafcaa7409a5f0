/**
 * Listing prices (issue 22, SPEC §9: "platform price × multiple + shipping fee, rounded"). Pure
 * functions shared by the server (what is published and pushed) and the web (what the dialog and
 * the re-price preview show), so both compute the same cents.
 *
 * Inputs are integer minor units: the catalogue's platform price and the shipping fee in USD, the
 * store's own price and markup in the store's currency. The USD cost is converted with the day's
 * rate the catalogue uses (units of the store's currency per USD). Everything is rounded once,
 * half-up, to the cent of the store's currency; a cents ending then lifts the price to the next
 * price with those cents.
 */

export const PRICE_MODES = ['multiple', 'markup', 'own'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];

export interface PriceRule {
  mode: PriceMode;
  /** `multiple`: the SPEC's ratio, e.g. 2.5 (at most 2 decimals). */
  multiple: number | null;
  /** `markup`: minor units of the store's currency added to the converted cost. */
  markupMinor: number | null;
  /** 0–99: the price is lifted to the next one ending in these cents (99 → x.99). */
  centsEnding: number | null;
  /** A second multiple of the selling price shown as the "compare at" price; null for none. */
  compareAtMultiple: number | null;
  /** Prices whose margin over the converted cost is below this percentage are refused. */
  minMarginPercent: number | null;
}

export interface PriceInput {
  /** The catalogue SKU's price, USD minor units. */
  platformMinor: number;
  /** One unit's shipping to the store's main market by the owner's preferred method, USD minor units. */
  shippingMinor: number;
  /** Units of the store's currency per USD (1 for USD). */
  rate: number;
  /** `own` mode: the owner's price for this SKU, minor units of the store's currency. */
  ownMinor?: number | null;
}

export interface PriceFigures {
  priceMinor: number;
  compareAtMinor: number | null;
  /** Platform price plus shipping, converted: what one sale costs the owner. */
  costMinor: number;
  marginMinor: number;
  /** Margin over the selling price, in percent with 2 decimals (negative when selling at a loss). */
  marginPercent: number;
}

export type PriceOutcome =
  | ({ ok: true } & PriceFigures)
  | ({ ok: false; reason: 'margin-too-low' } & PriceFigures)
  | { ok: false; reason: 'own-price-missing' | 'rule-incomplete' };

const RATE_SCALE = 100_000_000n;

/** a × b / c rounded half-up, on big integers (all positive): prices × ratios × rates outgrow 2^53. */
function mulDivHalfUp(a: bigint, b: bigint, c: bigint): number {
  const n = a * b;
  return Number((n * 2n + c) / (2n * c));
}

const hundredths = (x: number) => BigInt(Math.round(x * 100));
const scaledRate = (rate: number) => BigInt(Math.round(rate * 1e8));

/** USD minor units → the store's currency, half-up (the same as `convertMinor`, without overflow). */
export function toStoreMinor(usdMinor: number, rate: number): number {
  return mulDivHalfUp(BigInt(usdMinor), scaledRate(rate), RATE_SCALE);
}

/** Lifts a price to the next one (or itself) ending in `cents`: 27.34 with 99 → 27.99; 28.00 with 99 → 28.99. */
export function withCentsEnding(priceMinor: number, cents: number | null): number {
  if (cents === null) return priceMinor;
  const lifted = Math.floor(priceMinor / 100) * 100 + cents;
  return lifted >= priceMinor ? lifted : lifted + 100;
}

/** The selling price before any ending, or null when the rule lacks its figure. */
function basePrice(rule: PriceRule, input: PriceInput, costMinor: number): number | null {
  switch (rule.mode) {
    case 'multiple': {
      if (rule.multiple === null) return null;
      // (platform × multiple + shipping) in USD hundredths of a cent, converted, rounded once.
      const usd = BigInt(input.platformMinor) * hundredths(rule.multiple) + BigInt(input.shippingMinor) * 100n;
      return mulDivHalfUp(usd, scaledRate(input.rate), RATE_SCALE * 100n);
    }
    case 'markup':
      return rule.markupMinor === null ? null : costMinor + rule.markupMinor;
    case 'own':
      return input.ownMinor ?? null;
  }
}

/** One SKU's listing price under a rule: the figures, or why it is refused. */
export function priceFor(rule: PriceRule, input: PriceInput): PriceOutcome {
  const costMinor = toStoreMinor(input.platformMinor + input.shippingMinor, input.rate);
  const base = basePrice(rule, input, costMinor);
  if (base === null) return { ok: false, reason: rule.mode === 'own' ? 'own-price-missing' : 'rule-incomplete' };
  // The owner's own price is theirs to the cent: no ending is forced on it.
  const priceMinor = rule.mode === 'own' ? base : withCentsEnding(base, rule.centsEnding);
  let compareAtMinor: number | null = null;
  if (rule.compareAtMultiple !== null) {
    const raw = mulDivHalfUp(BigInt(priceMinor), hundredths(rule.compareAtMultiple), 100n);
    const lifted = withCentsEnding(raw, rule.centsEnding);
    // A compare-at price not above the price would show no saving: leave it off.
    compareAtMinor = lifted > priceMinor ? lifted : null;
  }
  const marginMinor = priceMinor - costMinor;
  const marginPercent = priceMinor > 0 ? Math.round((marginMinor * 10_000) / priceMinor) / 100 : -100;
  const figures = { priceMinor, compareAtMinor, costMinor, marginMinor, marginPercent };
  if (rule.minMarginPercent !== null && marginPercent < rule.minMarginPercent)
    return { ok: false, reason: 'margin-too-low', ...figures };
  return { ok: true, ...figures };
}
