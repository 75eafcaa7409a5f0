import type { ShippingQuote } from '@dsm/contract';
import { describe, expect, it } from 'vitest';
import { type Rule, chooseMethod, rulesFor, specificity } from './preferred-shipping.choice';

/** The choice alone, on hand-made shipments and quotes (no database). */
const method = (code: string, priceMinor: number) => ({ code, name: code, priceMinor, minDays: 1, maxDays: 5 });
const shipment = (lines: number[], methods = [method('SEA', 300), method('AIR', 500), method('EXP', 1200)]) => ({
  warehouse: { code: 'CN', name: 'China', country: 'CN' },
  lines,
  methods,
});
let ids = 0;
const rule = (
  prodId: number | null,
  country: string | null,
  code: string,
  over: Partial<Rule['method']> = {},
): Rule => ({
  id: `r${++ids}`,
  prodId,
  country,
  methodId: ids,
  method: { code, name: `${code} line`, warehouse: 'CN', active: true, ...over },
});
const offered = (...codes: string[]): ShippingQuote => ({
  options: codes.map((code) => ({
    methodId: 0,
    code,
    name: code,
    price: 1,
    days: { min: 1, max: 5 },
    chargeableWeight: 1,
  })),
  excluded: [],
});

describe('which rule speaks first', () => {
  it('ranks product+country 3, product+all 2, all+country 1, all+all 0, and keeps only the rules that match', () => {
    const rules = [
      rule(null, null, 'A'),
      rule(7, null, 'B'),
      rule(null, 'JP', 'C'),
      rule(7, 'JP', 'D'),
      rule(8, 'JP', 'E'),
    ];
    expect(rules.map(specificity)).toEqual([0, 2, 1, 3, 3]);
    expect(rulesFor(rules, 7, 'JP').map((r) => r.method.code)).toEqual(['D', 'B', 'C', 'A']);
    expect(rulesFor(rules, 7, 'FR').map((r) => r.method.code)).toEqual(['B', 'A']);
  });
});

describe('chooseMethod', () => {
  const quotes = [offered('SEA', 'AIR', 'EXP'), offered('SEA', 'AIR', 'EXP')];

  it('takes the cheapest without a rule, and ignores a rule for a method of another warehouse', () => {
    const other = rule(null, null, 'USPS', { warehouse: 'US' });
    const choice = chooseMethod(shipment([0]), [7], quotes, [other], 'JP');
    expect(choice).toMatchObject({ method: { code: 'SEA' }, source: 'cheapest', rule: null, skipped: [] });
  });

  it('between two products’ rules of the same rank in one shipment, takes the cheaper method for the shipment', () => {
    const rules = [rule(7, 'JP', 'EXP'), rule(8, 'JP', 'AIR')];
    const choice = chooseMethod(shipment([0, 1]), [7, 8], quotes, rules, 'JP');
    expect(choice).toMatchObject({ method: { code: 'AIR' }, source: 'preferred', rule: { prodId: 8 } });
  });

  it('passes over a rule whose method is off or cannot carry a line, saying which, to the next rule', () => {
    const off = rule(7, 'JP', 'EXP', { active: false });
    const refused = rule(7, null, 'SEA');
    const general = rule(null, null, 'AIR');
    const lineQuotes: ShippingQuote[] = [
      offered('SEA', 'AIR', 'EXP'),
      {
        ...offered('AIR', 'EXP'),
        excluded: [{ methodId: 0, code: 'SEA', name: 'SEA', reasonCode: 'attribute', reason: 'Refuses battery goods' }],
      },
    ];
    const choice = chooseMethod(
      shipment([0, 1], [method('AIR', 1000), method('EXP', 2400)]),
      [7, 9],
      lineQuotes,
      [general, refused, off],
      'JP',
    );
    expect(choice.method.code).toBe('AIR');
    expect(choice.rule).toBe(general);
    expect(choice.skipped).toEqual([
      { rule: off, why: 'not-offered' },
      { rule: refused, why: 'cannot-carry', line: 1, reason: 'Refuses battery goods' },
    ]);
  });

  it('reports the calculator’s reason of the first line that refuses the method', () => {
    const sea = rule(9, null, 'SEA');
    const lineQuotes: ShippingQuote[] = [
      offered('AIR'),
      {
        ...offered('AIR'),
        excluded: [
          {
            methodId: 0,
            code: 'SEA',
            name: 'SEA',
            reasonCode: 'weight',
            reason: 'Over the weight limit (1 kg at most)',
          },
        ],
      },
    ];
    const choice = chooseMethod(shipment([1], [method('AIR', 600)]), [7, 9], lineQuotes, [sea], 'JP');
    expect(choice).toMatchObject({ method: { code: 'AIR' }, source: 'cheapest' });
    expect(choice.skipped).toEqual([
      { rule: sea, why: 'cannot-carry', line: 1, reason: 'Over the weight limit (1 kg at most)' },
    ]);
  });
});
