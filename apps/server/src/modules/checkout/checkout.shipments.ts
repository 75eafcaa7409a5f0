import { type Locale, type ShippingQuote, toMinor, translate } from '@dsm/contract';

/**
 * How a checkout's lines become shipments (decision 0107). Each line is quoted as its own parcel
 * from its own warehouse by the logistics module; here the lines that one warehouse can send by
 * one method go together, a method's price being the sum over its lines (decision 0083). Pure:
 * the confirm use case reads, this groups.
 */

export interface Warehouse {
  code: string;
  name: string;
  country: string;
}

/** One line's quote: where it ships from and every method's answer. */
export interface LineQuote {
  warehouse: Warehouse;
  quote: ShippingQuote;
}

export interface MethodTotal {
  code: string;
  name: string;
  priceMinor: number;
  minDays: number;
  maxDays: number;
}

export interface PlannedShipment {
  key: string;
  warehouse: Warehouse;
  /** Indexes into the checkout's lines. */
  lines: number[];
  /** The methods that carry every line of the shipment, cheapest first. */
  methods: MethodTotal[];
}

export interface CannotShip {
  reason: string;
  methods: Array<{ name: string; reason: string }>;
}

export interface ShipmentPlan {
  shipments: PlannedShipment[];
  /** By line index: why the line cannot ship at all. */
  cannotShip: Map<number, CannotShip>;
}

const byPrice = (a: MethodTotal, b: MethodTotal) => a.priceMinor - b.priceMinor || a.code.localeCompare(b.code);

/** The methods both sides offer, prices added, the slower delivery time kept. */
function combine(methods: MethodTotal[] | null, line: MethodTotal[]): MethodTotal[] {
  if (methods === null) return line;
  const offered = new Map(line.map((m) => [m.code, m]));
  return methods.flatMap((m) => {
    const o = offered.get(m.code);
    if (!o) return [];
    return [
      {
        ...m,
        priceMinor: m.priceMinor + o.priceMinor,
        minDays: Math.max(m.minDays, o.minDays),
        maxDays: Math.max(m.maxDays, o.maxDays),
      },
    ];
  });
}

/**
 * Groups the lines into shipments: a line joins the first shipment of its warehouse with which it
 * still shares a method, else starts one (so one warehouse sends two parcels only when no single
 * method carries both lines, e.g. a battery and a parcel over another method's weight limit).
 * A line no method carries is marked with the calculator's reasons and left out.
 */
export function planShipments(quotes: LineQuote[], countryName: string, locale: Locale): ShipmentPlan {
  const shipments: PlannedShipment[] = [];
  const cannotShip = new Map<number, CannotShip>();
  quotes.forEach(({ warehouse, quote }, index) => {
    if (quote.options.length === 0) {
      cannotShip.set(index, whyNot(warehouse, quote, countryName, locale));
      return;
    }
    const line: MethodTotal[] = quote.options.map((o) => ({
      code: o.code,
      name: o.name,
      priceMinor: toMinor(o.price),
      minDays: o.days.min,
      maxDays: o.days.max,
    }));
    for (const shipment of shipments) {
      if (shipment.warehouse.code !== warehouse.code) continue;
      const together = combine(shipment.methods, line);
      if (together.length === 0) continue;
      shipment.lines.push(index);
      shipment.methods = together.sort(byPrice);
      return;
    }
    const same = shipments.filter((s) => s.warehouse.code === warehouse.code).length;
    shipments.push({
      key: same === 0 ? warehouse.code : `${warehouse.code}-${same + 1}`,
      warehouse,
      lines: [index],
      methods: line.sort(byPrice),
    });
  });
  return { shipments, cannotShip };
}

/** The reason a store owner can act on: nothing leaves the warehouse, nothing reaches the country, or limits. */
function whyNot(warehouse: Warehouse, quote: ShippingQuote, countryName: string, locale: Locale): CannotShip {
  const params = { warehouse: warehouse.name, country: countryName };
  const methods = quote.excluded.map((e) => ({ name: e.name, reason: e.reason }));
  let key = 'checkout.cannot-ship.limits';
  if (quote.excluded.length === 0) key = 'checkout.cannot-ship.no-method';
  else if (quote.excluded.every((e) => e.reasonCode === 'destination')) key = 'checkout.cannot-ship.destination';
  return { reason: translate(locale, key, params), methods };
}
