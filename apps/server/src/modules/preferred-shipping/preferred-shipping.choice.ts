import type { ShippingQuote } from '@dsm/contract';
import type { MethodTotal, PlannedShipment } from '../checkout/checkout.service';

/**
 * Which method a shipment goes by (decision 0116), free of the database so the cases test it
 * directly. The rules are the store owner's; the shipment, its methods and each line's quote are
 * checkout's plan (decision 0107); nothing here prices anything.
 */

export interface Rule {
  id: string;
  prodId: number | null;
  country: string | null;
  methodId: number;
  /** The method as logistics describes it now. */
  method: { code: string; name: string; warehouse: string; active: boolean };
}

/** product+country 3 > product+all 2 > all+country 1 > all+all 0. */
export function specificity(rule: Pick<Rule, 'prodId' | 'country'>): number {
  return (rule.prodId !== null ? 2 : 0) + (rule.country !== null ? 1 : 0);
}

/** The rules that speak about this product and country, most specific first. */
export function rulesFor<R extends Pick<Rule, 'prodId' | 'country'>>(rules: R[], prodId: number, country: string): R[] {
  return rules
    .filter((r) => (r.prodId === null || r.prodId === prodId) && (r.country === null || r.country === country))
    .sort((a, b) => specificity(b) - specificity(a));
}

/** Why a rule that ranked above the chosen method could not be followed. */
export type Skipped =
  | { rule: Rule; why: 'not-offered' }
  | { rule: Rule; why: 'cannot-carry'; line: number; reason: string }
  | { rule: Rule; why: 'not-together' };

export interface Choice {
  method: MethodTotal;
  source: 'preferred' | 'cheapest';
  rule: Rule | null;
  skipped: Skipped[];
}

/**
 * The method of one shipment: every rule that applies to one of its lines and names a method of
 * its warehouse, most specific first (between two products' rules of the same rank, the cheaper
 * method for the shipment, then the code); the first whose method carries the whole shipment
 * wins, else the cheapest method. The rules passed over on the way are reported with the reason.
 */
export function chooseMethod(
  shipment: Pick<PlannedShipment, 'warehouse' | 'lines' | 'methods'>,
  lineProducts: number[],
  quotes: ShippingQuote[],
  rules: Rule[],
  country: string,
): Choice {
  const offered = new Map(shipment.methods.map((m) => [m.code, m]));
  const candidates = new Map<string, Rule>();
  for (const line of shipment.lines) {
    for (const rule of rulesFor(rules, lineProducts[line]!, country)) {
      if (rule.method.warehouse === shipment.warehouse.code) candidates.set(rule.id, rule);
    }
  }
  const priceOf = (r: Rule) => offered.get(r.method.code)?.priceMinor ?? Number.MAX_SAFE_INTEGER;
  const ordered = [...candidates.values()].sort(
    (a, b) => specificity(b) - specificity(a) || priceOf(a) - priceOf(b) || a.method.code.localeCompare(b.method.code),
  );
  const skipped: Skipped[] = [];
  for (const rule of ordered) {
    const method = rule.method.active ? offered.get(rule.method.code) : undefined;
    if (method) return { method, source: 'preferred', rule, skipped };
    skipped.push(whySkipped(rule, shipment.lines, quotes));
  }
  return { method: shipment.methods[0]!, source: 'cheapest', rule: null, skipped };
}

/** The calculator's own reason for the first line that the method cannot carry (no copy of its rules). */
function whySkipped(rule: Rule, lines: number[], quotes: ShippingQuote[]): Skipped {
  if (!rule.method.active) return { rule, why: 'not-offered' };
  for (const line of lines) {
    const excluded = quotes[line]?.excluded.find((e) => e.code === rule.method.code);
    if (excluded) return { rule, why: 'cannot-carry', line, reason: excluded.reason };
    if (!quotes[line]?.options.some((o) => o.code === rule.method.code)) return { rule, why: 'not-offered' };
  }
  return { rule, why: 'not-together' };
}
