import { randomUUID } from 'node:crypto';
import type { ShopifyAdmin } from './shopify.graphql.js';
import { StorePlatformError } from '../store-platform.js';

/** GraphQL input arrays hold at most 250 items (connector-protocols.md §6.1). */
export const MAX_INPUT_ITEMS = 250;
export const USER_ERRORS = 'userErrors { code field message }';

export interface UserError {
  code?: string | null;
  field?: string[] | null;
  message?: string;
}

/** The platform's own words, for the owner (`invalid` carries them in `detail`). */
export function refusedBy(errors: UserError[]): StorePlatformError {
  const text = errors
    .map((e) => [e.code, e.field?.join('.'), e.message].filter(Boolean).join(' · '))
    .join('; ')
    .slice(0, 500);
  return new StorePlatformError('shopify', 'invalid', text || 'refused');
}

export function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** `YYYY-MM` versions compare as strings; `unstable` is newer than any. */
export const atLeast = (version: string, than: string) => version === 'unstable' || version >= than;

/** `@idempotent` exists from 2026-01 and is required on inventory mutations from 2026-04. */
export function inventorySetMutation(idempotent: boolean): string {
  return `mutation InventorySet($input: InventorySetQuantitiesInput!${idempotent ? ', $key: String!' : ''}) {
  inventorySetQuantities(input: $input)${idempotent ? ' @idempotent(key: $key)' : ''} {
    inventoryAdjustmentGroup { id }
    ${USER_ERRORS}
  }
}`;
}

/**
 * `inventorySetQuantities` on `available` at our location. From 2026-04 each quantity carries
 * `changeFromQuantity` (null opts that one out of compare-and-set); before, `compareQuantity`
 * with `ignoreCompareQuantity` for the whole call when any previous quantity is unknown. A
 * stale one fails the whole call: `invalid`, detail starting `CHANGE_FROM_QUANTITY_STALE`.
 */
export async function setShopifyStock(
  admin: ShopifyAdmin,
  apiVersion: string,
  locationId: string,
  items: Array<{ inventoryItemId: string; quantity: number; previousQuantity: number | null }>,
): Promise<void> {
  if (!items.length) return;
  const modern = atLeast(apiVersion, '2026-04');
  const idempotent = atLeast(apiVersion, '2026-01');
  for (const batch of chunks(items, MAX_INPUT_ITEMS)) {
    const ignore = !modern && batch.some((i) => i.previousQuantity === null);
    const input = {
      name: 'available',
      reason: 'correction',
      ...(modern ? {} : { ignoreCompareQuantity: ignore }),
      quantities: batch.map((i) => ({
        inventoryItemId: i.inventoryItemId,
        locationId,
        quantity: i.quantity,
        ...(modern
          ? { changeFromQuantity: i.previousQuantity }
          : ignore
            ? {}
            : { compareQuantity: i.previousQuantity }),
      })),
    };
    const data = await admin.request<{ inventorySetQuantities: { userErrors: UserError[] } | null }>(
      inventorySetMutation(idempotent),
      idempotent ? { input, key: randomUUID() } : { input },
      { mutation: true },
    );
    const errors = data.inventorySetQuantities?.userErrors ?? [];
    if (errors.length) throw refusedBy(errors);
  }
}
