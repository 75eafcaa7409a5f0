import { type Locale, type PreferredShippingSource, translate } from '@dsm/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { productTitlesIn } from '../catalogue/catalogue.service';
import {
  type MethodTotal,
  type PlannedShipment,
  type ShippingLine,
  planShipmentsFor,
} from '../checkout/checkout.service';
import { type Skipped, chooseMethod } from './preferred-shipping.choice';
import { rulesForPricing } from './preferred-shipping.queries';

export interface ShipmentChoice {
  /** As checkout names it (`CN`, `CN-2`), with the warehouse and the indexes of its lines. */
  key: string;
  warehouse: PlannedShipment['warehouse'];
  lines: number[];
  /** The method to use, priced for the whole shipment (the sum over its lines, decision 0083). */
  method: MethodTotal;
  source: PreferredShippingSource;
  /** The rule followed, when one was. */
  ruleId: string | null;
  /** The owner's rules that ranked above and could not be followed, each with why, in `locale`. */
  skipped: Array<{ ruleId: string; reason: string }>;
  /** Every method that carries the shipment, cheapest first. */
  methods: MethodTotal[];
}

export interface ShippingChoice {
  shipments: ShipmentChoice[];
  /** Lines no method carries: SPEC §8's reason and, per method, the calculator's rule that excluded it. */
  cannotShip: Array<{ line: number; reason: string; methods: Array<{ name: string; reason: string }> }>;
}

export interface ChooseShippingInput {
  userId: string;
  /** Catalogue SKUs and counts (a store order's connected lines). */
  lines: ShippingLine[];
  /** ISO alpha-2 destination. */
  country: string;
}

/**
 * For store orders' pricing (issue 21, decision 0116): the shipments checkout would make of these
 * lines (per warehouse, decision 0107), each with the method to use — the owner's preferred one
 * when it delivers there and carries the shipment's lines, else the cheapest — and the lines that
 * cannot ship with the calculator's reasons. Reads only; a SKU missing or taken down fails with
 * 404 "The product was not found" as checkout's quote does. `requireShipping` turns "nothing
 * ships" into SPEC §8's error.
 */
export async function chooseShipping(db: Db, input: ChooseShippingInput, locale: Locale): Promise<ShippingChoice> {
  const prodIds = input.lines.map((l) => l.prodId);
  const [plan, rules] = await Promise.all([
    planShipmentsFor(db, input.lines, input.country, locale),
    rulesForPricing(db, input.userId, prodIds, input.country, locale),
  ]);
  const titles = rules.length ? await productTitlesIn(db, prodIds, locale) : new Map<number, string>();
  // A product without a name in the caller's language is named by its id.
  const productOf = (line: number) => titles.get(prodIds[line]!) ?? `#${prodIds[line]}`;
  const word = (s: Skipped) => reasonOf(s, locale, s.why === 'cannot-carry' ? productOf(s.line) : '');
  return {
    shipments: plan.shipments.map((shipment) => {
      const choice = chooseMethod(shipment, prodIds, plan.quotes, rules, input.country);
      return {
        key: shipment.key,
        warehouse: shipment.warehouse,
        lines: shipment.lines,
        method: choice.method,
        source: choice.source,
        ruleId: choice.rule?.id ?? null,
        skipped: choice.skipped.map((s) => ({ ruleId: s.rule.id, reason: word(s) })),
        methods: shipment.methods,
      };
    }),
    cannotShip: [...plan.cannotShip.entries()]
      .sort(([a], [b]) => a - b)
      .map(([line, why]) => ({ line, reason: why.reason, methods: why.methods })),
  };
}

function reasonOf(s: Skipped, locale: Locale, product: string): string {
  const method = s.rule.method.name;
  switch (s.why) {
    case 'not-offered':
      return translate(locale, 'preferred-shipping.skipped.not-offered', { method });
    case 'cannot-carry':
      return translate(locale, 'preferred-shipping.skipped.cannot-carry', { method, product, reason: s.reason });
    case 'not-together':
      return translate(locale, 'preferred-shipping.skipped.not-together', { method });
  }
}

/**
 * Nothing ships at all: SPEC §8's "Shipping information not found" (A00001, `no-shipping-method`),
 * carrying each line's reason and, per method, the rule that excluded it.
 */
export function requireShipping(choice: ShippingChoice): ShippingChoice {
  if (choice.shipments.length === 0)
    throw AppError.business('no-shipping-method', 'logistics.not-found', {}, { lines: choice.cannotShip });
  return choice;
}
