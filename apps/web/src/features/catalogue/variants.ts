import type { ProductDetail, Sku } from '@dsm/contract';

/** A choice per spec name, e.g. { Colour: 'Red', Size: 'M' }. */
export type Selection = Record<string, string>;

/** `Colour:Red;Size:M` → { Colour: 'Red', Size: 'M' } (names and values already localized). */
export function parseProperties(properties: string): Selection {
  const out: Selection = {};
  for (const pair of properties.split(';')) {
    const at = pair.indexOf(':');
    if (at <= 0) continue;
    out[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return out;
}

type Product = Pick<ProductDetail, 'skuList' | 'specs'>;

function matches(sku: Sku, selection: Selection): boolean {
  const props = parseProperties(sku.properties);
  return Object.entries(selection).every(([name, value]) => props[name] === value);
}

/** The SKU with exactly these spec values (every spec chosen), or undefined. */
export function findSku(product: Product, selection: Selection): Sku | undefined {
  if (product.specs.some((spec) => selection[spec.name] === undefined)) return undefined;
  return product.skuList.find((sku) => matches(sku, selection));
}

/** The spec values of a SKU, limited to the product's specs. */
export function selectionOf(product: Product, sku: Sku): Selection {
  const props = parseProperties(sku.properties);
  const out: Selection = {};
  for (const spec of product.specs) if (props[spec.name] !== undefined) out[spec.name] = props[spec.name]!;
  return out;
}

/**
 * The SKU to show first: the one the URL names (when it belongs to the product), else the first
 * in stock, else the first.
 */
export function initialSku(product: Product, skuId?: number | null): Sku | undefined {
  return (
    (skuId ? product.skuList.find((s) => s.skuId === skuId) : undefined) ??
    product.skuList.find((s) => s.stocks > 0) ??
    product.skuList[0]
  );
}

/**
 * The SKU a click on `value` of `specName` leads to: among the SKUs with that value, the one that
 * keeps most of the other choices, in stock before out of stock, then in list order. So a value
 * whose combination with the current choices does not exist still leads somewhere in one click
 * (the other choices change to fit), and an out-of-stock variant can still be looked at.
 * Undefined only when no SKU has that value.
 */
export function pickSku(product: Product, selection: Selection, specName: string, value: string): Sku | undefined {
  let best: { sku: Sku; kept: number; inStock: boolean } | undefined;
  for (const sku of product.skuList) {
    const props = parseProperties(sku.properties);
    if (props[specName] !== value) continue;
    const kept = product.specs.filter((s) => s.name !== specName && props[s.name] === selection[s.name]).length;
    const inStock = sku.stocks > 0;
    if (!best || kept > best.kept || (kept === best.kept && inStock && !best.inStock)) best = { sku, kept, inStock };
  }
  return best?.sku;
}

/**
 * How a value shows beside the current choices: `available` (that exact combination is in
 * stock), `other` (picking it changes other choices, or that variant is out of stock: shown
 * struck through, still clickable) or `none` (no SKU has it: disabled).
 */
export type ValueState = 'available' | 'other' | 'none';

export function valueState(product: Product, selection: Selection, specName: string, value: string): ValueState {
  const exact = findSku(product, { ...selection, [specName]: value });
  if (exact && exact.stocks > 0) return 'available';
  return pickSku(product, selection, specName, value) ? 'other' : 'none';
}

/** Quantity rule: the shared input's (components/ui/quantity-input). */
export { clampQuantity } from '../../components/ui/quantity-input';
