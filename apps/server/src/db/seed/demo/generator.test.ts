import { describe, expect, it } from 'vitest';
import { demoSvg } from './demo-images';
import { type MethodForQuote, quote } from '../../../modules/logistics/logistics.pricing';
import { SEED_METHODS, SEED_WAREHOUSES } from '../../../modules/logistics/logistics.seed-data';
import { CATEGORY_VOCABULARY, generateProduct } from './generator';

describe('demo catalogue generator', () => {
  it('is deterministic: product i is always the same', () => {
    expect(JSON.stringify(generateProduct(123))).toBe(JSON.stringify(generateProduct(123)));
    expect(generateProduct(123).texts['en-US'].title).not.toBe(generateProduct(124).texts['en-US'].title);
  });

  it('covers the 18 category icons with 1–12 SKUs and text in four languages', () => {
    expect(CATEGORY_VOCABULARY.map((c) => c.icon).sort()).toHaveLength(18);
    const icons = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const p = generateProduct(i);
      icons.add(p.subcategory.split('/')[0]!);
      expect(p.skus.length).toBeGreaterThanOrEqual(1);
      expect(p.skus.length).toBeLessThanOrEqual(12);
      for (const t of Object.values(p.texts)) expect(t.title.length).toBeGreaterThan(1);
    }
    expect(icons.size).toBe(18);
  });

  it('draws small SVG pictures', () => {
    const svg = demoSvg('pet', '#dc2626', 2)!;
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.length).toBeLessThan(900);
    expect(demoSvg('nope', '#000', 0)).toBeNull();
  });
});

describe('the demo catalogue never dead-ends for the demo store owner (US)', () => {
  const methodsFrom = (warehouse: string): MethodForQuote[] =>
    SEED_METHODS.filter((m) => m.warehouse === warehouse).map((m) => ({
      ...m,
      id: m.position,
      name: m.code,
      warehouseCountry: SEED_WAREHOUSES.find((w) => w.code === warehouse)!.country,
    }));

  it('every SKU of the first 2,000 products ships to the US by a seeded method, and every product has stock', () => {
    const stuck: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const p = generateProduct(i);
      if (!p.skus.some((s) => s.stock > 0)) stuck.push(`#${i}: no SKU in stock`);
      for (const s of p.skus) {
        const parcel = {
          type: 'parcel' as const,
          to: 'US',
          weightG: s.weightGrams,
          lengthHcm: s.lengthMm * 10,
          widthHcm: s.widthMm * 10,
          heightHcm: s.heightMm * 10,
          attribute: p.attribute,
        };
        if (quote(methodsFrom(p.warehouse), parcel).options.length === 0) {
          stuck.push(`#${i} ${s.code} (${p.warehouse}, ${p.attribute}): no method to the US`);
        }
      }
    }
    expect(stuck).toEqual([]);
  });
});
