import { describe, expect, it } from 'vitest';
import { demoSvg } from './demo-images';
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
