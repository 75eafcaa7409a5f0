import { describe, expect, it } from 'vitest';
import { clampQuantity, findSku, initialSku, parseProperties, pickSku, selectionOf, valueState } from './variants';

const sku = (skuId: number, properties: string, stocks: number) => ({
  skuId,
  skuCode: `S-${skuId}`,
  skuName: properties,
  price: 10,
  oriPrice: 12,
  stocks,
  weight: 0.2,
  length: 10,
  width: 10,
  height: 2,
  pic: '',
  properties,
});

const product = {
  specs: [
    { name: 'Colour', values: ['Red', 'Blue'] },
    { name: 'Size', values: ['S', 'M'] },
  ],
  skuList: [sku(1, 'Colour:Red;Size:S', 0), sku(2, 'Colour:Red;Size:M', 4), sku(3, 'Colour:Blue;Size:S', 2)],
};

describe('variants', () => {
  it('reads localized name:value pairs', () => {
    expect(parseProperties('Couleur:Rouge;Taille:M')).toEqual({ Couleur: 'Rouge', Taille: 'M' });
    expect(parseProperties('')).toEqual({});
  });

  it('starts on the SKU of the URL, else the first in stock', () => {
    expect(initialSku(product)?.skuId).toBe(2);
    expect(initialSku(product, 3)?.skuId).toBe(3);
    expect(initialSku(product, 99)?.skuId).toBe(2);
  });

  it('finds the SKU of a full selection only', () => {
    expect(findSku(product, { Colour: 'Blue', Size: 'S' })?.skuId).toBe(3);
    expect(findSku(product, { Colour: 'Blue' })).toBeUndefined();
    expect(findSku(product, { Colour: 'Blue', Size: 'M' })).toBeUndefined();
    expect(selectionOf(product, product.skuList[1]!)).toEqual({ Colour: 'Red', Size: 'M' });
  });

  it('marks a value struck through when its combination is missing or out of stock, disabled only when no SKU has it', () => {
    const chosen = { Colour: 'Red', Size: 'M' };
    expect(valueState(product, chosen, 'Size', 'S')).toBe('other'); // Red/S: no stock, still viewable
    expect(valueState(product, chosen, 'Colour', 'Blue')).toBe('other'); // Blue/M missing, Blue/S exists
    expect(valueState(product, { Colour: 'Red', Size: 'S' }, 'Size', 'M')).toBe('available');
    const withGhost = { ...product, specs: [...product.specs.slice(0, 1), { name: 'Size', values: ['S', 'M', 'XL'] }] };
    expect(valueState(withGhost, chosen, 'Size', 'XL')).toBe('none');
  });

  it('leads a click to the nearest variant: keeps the other choices when it can, prefers stock', () => {
    const chosen = { Colour: 'Red', Size: 'M' };
    // Blue/M does not exist: the size changes to fit (Blue/S).
    expect(pickSku(product, chosen, 'Colour', 'Blue')?.skuId).toBe(3);
    // Red/S exists but is out of stock: the shopper still sees it.
    expect(pickSku(product, chosen, 'Size', 'S')?.skuId).toBe(1);
    // From Blue/S, Red keeps the size S although Red/M has stock: keeping choices comes first.
    expect(pickSku(product, { Colour: 'Blue', Size: 'S' }, 'Colour', 'Red')?.skuId).toBe(1);
    const twoSizes = { ...product, skuList: [...product.skuList, sku(4, 'Colour:Blue;Size:M', 0)] };
    // Blue/M now exists, out of stock: keeping the chosen size M comes before stock.
    expect(pickSku(twoSizes, chosen, 'Colour', 'Blue')?.skuId).toBe(4);
    expect(pickSku(product, chosen, 'Size', 'XL')).toBeUndefined();
  });

  it('clamps a quantity to an integer from 1 to the stock', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
    expect(clampQuantity(3, 0)).toBe(1);
  });
});
