import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { type ShippingWorld, newUser, shippingWorld } from '../../../test/factories';
import { AppError } from '../../platform/app-error';
import { chooseShipping, requireShipping } from './preferred-shipping.service';
import { createRule } from './preferred-shipping.write';

/**
 * The function store orders price with (decision 0116), on the test's own shipping world
 * (test/factories/preferred-shipping.ts): PSA_AIR 5 + 1/kg, PSA_EXP 12 up to 1 kg, PSA_SEA 3
 * (no batteries) from PSA; PSB_GROUND 7 from PSB.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let world: ShippingWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  world = await shippingWorld(ctx);
});
afterAll(() => ctx.app.close());

type Key = keyof ShippingWorld['products'];
const lines = (...items: Array<[Key, number]>) => items.map(([k, count]) => ({ ...world.products[k], count }));

async function ownerWith(rules: Array<[Key | null, string | null, string]>) {
  const { userId } = await newUser(ctx.db);
  for (const [product, country, method] of rules)
    await createRule(
      ctx.db,
      userId,
      { prodId: product ? world.products[product].prodId : null, country, methodId: world.methods[method]! },
      'en-US',
    );
  return userId;
}

const summary = (choice: Awaited<ReturnType<typeof chooseShipping>>) =>
  choice.shipments.map((s) => ({
    key: s.key,
    method: s.method.code,
    price: s.method.priceMinor,
    source: s.source,
    skipped: s.skipped.map((k) => k.reason),
  }));

describe('chooseShipping: the preferred method, else the cheapest', () => {
  it('takes the cheapest method when the owner has no rule', async () => {
    const userId = await ownerWith([]);
    const choice = await chooseShipping(ctx.db, { userId, lines: lines(['a', 1]), country: 'JP' }, 'en-US');
    expect(summary(choice)).toEqual([{ key: 'PSA', method: 'PSA_SEA', price: 300, source: 'cheapest', skipped: [] }]);
    expect(choice.shipments[0]!.methods.map((m) => m.code)).toEqual(['PSA_SEA', 'PSA_AIR', 'PSA_EXP']);
  });

  it('follows the most specific rule: product+country over product+all over all+country over all+all', async () => {
    const userId = await ownerWith([
      [null, null, 'PSA_EXP'],
      [null, 'JP', 'PSA_AIR'],
      ['a', null, 'PSA_SEA'],
      ['a', 'JP', 'PSA_EXP'],
    ]);
    const pick = async (key: Key, country: string) =>
      summary(await chooseShipping(ctx.db, { userId, lines: lines([key, 1]), country }, 'en-US'))[0];
    expect(await pick('a', 'JP')).toMatchObject({ method: 'PSA_EXP', price: 1200, source: 'preferred' });
    expect(await pick('a', 'FR')).toMatchObject({ method: 'PSA_SEA', price: 300, source: 'preferred' });
    // heavy has no product rule: all+JP (AIR, 2 kg = 5 + 1) beats all+all (EXP).
    expect(await pick('heavy', 'JP')).toMatchObject({ method: 'PSA_AIR', price: 600, source: 'preferred' });
    // all+all EXP does not reach France: falls back to the cheapest, saying why.
    expect(await pick('heavy', 'FR')).toMatchObject({
      method: 'PSA_SEA',
      source: 'cheapest',
      skipped: ['PSA_EXP line cannot carry Item PS-HEAVY: Does not deliver to France'],
    });
  });

  it('passes over a preferred method that cannot carry the lines, with the calculator’s reason, to the next rule', async () => {
    const userId = await ownerWith([
      [null, 'JP', 'PSA_EXP'],
      ['batt', null, 'PSA_SEA'],
    ]);
    // heavy is 2 kg, over EXP's 1 kg: the cheapest (SEA 3.00) instead.
    const heavy = await chooseShipping(ctx.db, { userId, lines: lines(['heavy', 1]), country: 'JP' }, 'en-US');
    expect(summary(heavy)).toEqual([
      {
        key: 'PSA',
        method: 'PSA_SEA',
        price: 300,
        source: 'cheapest',
        skipped: ['PSA_EXP line cannot carry Item PS-HEAVY: Over the weight limit (1 kg at most)'],
      },
    ]);
    // One shipment of a and the battery: SEA refuses batteries, so the next rule (all+JP → EXP) wins, 12 + 12.
    const mixed = await chooseShipping(ctx.db, { userId, lines: lines(['a', 1], ['batt', 1]), country: 'JP' }, 'en-US');
    expect(summary(mixed)).toEqual([
      {
        key: 'PSA',
        method: 'PSA_EXP',
        price: 2400,
        source: 'preferred',
        skipped: ['PSA_SEA line cannot carry Item PS-BATT: Refuses battery goods'],
      },
    ]);
    // In French, the reasons too.
    const fr = await chooseShipping(ctx.db, { userId, lines: lines(['heavy', 1]), country: 'JP' }, 'fr-FR');
    expect(fr.shipments[0]!.skipped[0]!.reason).toMatch(/^Ligne PSA_EXP ne peut pas transporter Article PS-HEAVY : /);
  });

  it('prices each warehouse’s shipment on its own: a rule of one warehouse leaves the other to its cheapest', async () => {
    const userId = await ownerWith([[null, null, 'PSA_AIR']]);
    const choice = await chooseShipping(ctx.db, { userId, lines: lines(['a', 2], ['b', 1]), country: 'JP' }, 'en-US');
    expect(summary(choice)).toEqual([
      { key: 'PSA', method: 'PSA_AIR', price: 500, source: 'preferred', skipped: [] },
      { key: 'PSB', method: 'PSB_GROUND', price: 700, source: 'cheapest', skipped: [] },
    ]);
    expect(choice.shipments.map((s) => s.lines)).toEqual([[0], [1]]);
  });

  it('says "no longer offered" for a method the operator turned off, and reads no other user’s rules', async () => {
    const userId = await ownerWith([['a', 'JP', 'PSA_EXP']]);
    const other = await ownerWith([['a', 'JP', 'PSA_AIR']]);
    await world.setActive('PSA_EXP', false);
    try {
      const choice = await chooseShipping(ctx.db, { userId, lines: lines(['a', 1]), country: 'JP' }, 'en-US');
      expect(summary(choice)).toEqual([
        {
          key: 'PSA',
          method: 'PSA_SEA',
          price: 300,
          source: 'cheapest',
          skipped: ['PSA_EXP line is no longer offered'],
        },
      ]);
      const theirs = await chooseShipping(ctx.db, { userId: other, lines: lines(['a', 1]), country: 'JP' }, 'en-US');
      expect(summary(theirs)[0]).toMatchObject({ method: 'PSA_AIR', source: 'preferred' });
    } finally {
      await world.setActive('PSA_EXP', true);
    }
  });

  it('when nothing ships: each line’s reason and every method’s rule, and SPEC §8’s "Shipping information not found"', async () => {
    const userId = await ownerWith([[null, null, 'PSA_AIR']]);
    const choice = await chooseShipping(
      ctx.db,
      { userId, lines: lines(['batt', 1], ['a', 1]), country: 'US' },
      'en-US',
    );
    expect(choice.shipments).toEqual([]);
    expect(choice.cannotShip).toEqual([
      expect.objectContaining({
        line: 0,
        methods: expect.arrayContaining([{ name: 'PSA_SEA line', reason: 'Does not deliver to United States' }]),
      }),
      expect.objectContaining({ line: 1 }),
    ]);
    let error: unknown;
    try {
      requireShipping(choice);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ messageKey: 'logistics.not-found', status: 422 });
    // Some lines ship, others not: the shipments and the lines left out.
    const part = await chooseShipping(ctx.db, { userId, lines: lines(['b', 1], ['heavy', 1]), country: 'FR' }, 'en-US');
    expect(summary(part)).toEqual([{ key: 'PSA', method: 'PSA_AIR', price: 600, source: 'preferred', skipped: [] }]);
    expect(part.cannotShip.map((c) => c.line)).toEqual([0]);
  });
});
