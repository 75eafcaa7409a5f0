import { GqlError } from './emulator-graphql.js';
import type { EmuProduct } from './emulator-store.js';

/** Shared by the emulator's product and inventory mutations: Shopify's input limits and user errors. */

export type UserError = {
  __typename: 'UserError';
  code: string | null;
  field: Array<string | number> | null;
  message: string;
};
export type Json = Record<string, unknown>;

export const MAX_INPUT = 250;
export const err = (code: string | null, message: string, field: Array<string | number> | null = null): UserError => ({
  __typename: 'UserError',
  code,
  field,
  message,
});
export const num = (gid: unknown, type: string) =>
  Number(new RegExp(`^gid://shopify/${type}/(\\d+)$`).exec(String(gid))?.[1]);
export const price = (v: unknown) =>
  typeof v === 'number' ? v.toFixed(2) : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? v : null;
export const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
export const newer = (version: string, than: string) => version === 'unstable' || version >= than;

/** Shopify refuses an input array longer than 250 before running anything. */
export function checkSizes(value: unknown, path: string): void {
  if (Array.isArray(value)) {
    if (value.length > MAX_INPUT)
      throw new GqlError(
        `The input array size of ${value.length} is greater than the maximum allowed of ${MAX_INPUT}. (${path})`,
        'MAX_INPUT_SIZE_EXCEEDED',
      );
    value.forEach((v, i) => checkSizes(v, `${path}.${i}`));
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) checkSizes(v, path ? `${path}.${k}` : k);
}

export interface ProductHooks {
  /** The API version of the call: what inventorySetQuantities requires depends on it. */
  version: string;
  /** Shopify's `products/create`, `products/update`, `products/delete` webhooks. */
  onChange: (topic: 'products/create' | 'products/update' | 'products/delete', p: EmuProduct) => void;
  /** A test's fault knob: the next product mutations answer this user error instead of acting. */
  forcedError: () => string | null;
}
