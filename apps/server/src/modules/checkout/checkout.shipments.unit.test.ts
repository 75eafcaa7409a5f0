import type { ShippingQuote } from '@dsm/contract';
import { describe, expect, it } from 'vitest';
import { planShipments } from './checkout.shipments';

const W = { code: 'CN', name: 'China', country: 'CN' };
const option = (code: string, price: number, max = 9) => ({
  methodId: 1,
  code,
  name: code,
  price,
  days: { min: 3, max },
  chargeableWeight: 1,
});
const quote = (...options: ReturnType<typeof option>[]): ShippingQuote => ({ options, excluded: [] });

describe('planShipments', () => {
  it('lines of one warehouse share a parcel: the methods both take, prices added, the slower days kept', () => {
    const plan = planShipments(
      [
        { warehouse: W, quote: quote(option('AIR', 5, 9), option('EXP', 12, 4)) },
        { warehouse: W, quote: quote(option('EXP', 3, 6), option('SEA', 1)) },
      ],
      'Japan',
      'en-US',
    );
    expect(plan.shipments).toEqual([
      {
        key: 'CN',
        warehouse: W,
        lines: [0, 1],
        methods: [{ code: 'EXP', name: 'EXP', priceMinor: 1500, minDays: 3, maxDays: 6 }],
      },
    ]);
  });

  it('two lines of one warehouse that no single method carries go as two parcels, CN and CN-2', () => {
    const plan = planShipments(
      [
        { warehouse: W, quote: quote(option('AIR', 5)) },
        { warehouse: W, quote: quote(option('SEA', 2)) },
        { warehouse: W, quote: quote(option('SEA', 1), option('AIR', 4)) },
      ],
      'Japan',
      'en-US',
    );
    expect(plan.shipments.map((s) => [s.key, s.lines, s.methods.map((m) => [m.code, m.priceMinor])])).toEqual([
      ['CN', [0, 2], [['AIR', 900]]],
      ['CN-2', [1], [['SEA', 200]]],
    ]);
  });

  it('a warehouse with no method at all: "nothing ships from" it', () => {
    const plan = planShipments([{ warehouse: W, quote: quote() }], 'Japan', 'en-US');
    expect(plan.shipments).toEqual([]);
    expect(plan.cannotShip.get(0)).toEqual({ reason: 'Nothing ships from China at the moment.', methods: [] });
  });
});
