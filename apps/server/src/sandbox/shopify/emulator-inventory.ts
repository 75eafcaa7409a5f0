import { GqlError } from './emulator-graphql.js';
import { type Json, type ProductHooks, type UserError, checkSizes, err, list, newer, num } from './emulator-inputs.js';
import type { EmulatorData, EmuProduct, EmuShop, EmuVariant } from './emulator-store.js';

/**
 * `inventorySetQuantities` (connector-protocols.md §6.1): absolute quantities at the shop's one
 * location; from 2026-04 every quantity needs `changeFromQuantity` (null opts out) and the call an
 * `@idempotent` key (a key seen before answers as it did, without acting again); before, the
 * whole call compares `compareQuantity` unless `ignoreCompareQuantity`.
 */

/** Absolute quantities, all or nothing, compare-and-set as the call's API version asks. */
export function inventorySet(data: EmulatorData, shop: EmuShop, hooks: ProductHooks, a: Json): unknown {
  checkSizes(a.input, 'input');
  const key = a['@idempotent'];
  if (newer(hooks.version, '2026-04') && typeof key !== 'string')
    throw new GqlError('The @idempotent directive is required for this mutation.', 'IDEMPOTENCY_KEY_REQUIRED');
  if (typeof key === 'string' && shop.idempotent.has(key)) return shop.idempotent.get(key);
  const input = (a.input ?? {}) as Json;
  const payload = (userErrors: UserError[]) => ({
    __typename: 'InventorySetQuantitiesPayload',
    inventoryAdjustmentGroup: userErrors.length
      ? null
      : {
          __typename: 'InventoryAdjustmentGroup',
          id: `gid://shopify/InventoryAdjustmentGroup/${data.id()}`,
          createdAt: new Date(data.now()).toISOString(),
        },
    userErrors: userErrors.map((e) => ({ ...e, __typename: 'InventorySetQuantitiesUserError' })),
  });
  const modern = newer(hooks.version, '2026-04');
  const errors: UserError[] = [];
  if (!['available', 'on_hand'].includes(String(input.name)))
    errors.push(err('INVALID_NAME', 'The quantity name must be either "available" or "on_hand".', ['input', 'name']));
  if (typeof input.reason !== 'string' || !input.reason)
    errors.push(err('INVALID_REASON', 'The reason is invalid.', ['input', 'reason']));
  const variants = [...shop.products.values()].flatMap((p) => p.variants.map((v) => ({ p, v })));
  const changes: Array<{ p: EmuProduct; v: EmuVariant; quantity: number }> = [];
  list(input.quantities).forEach((q, i) => {
    const field = ['input', 'quantities', i];
    const found = variants.find(({ v }) => v.inventoryItemId === num(q.inventoryItemId, 'InventoryItem'));
    if (!found)
      return errors.push(
        err('INVALID_INVENTORY_ITEM', 'The specified inventory item could not be found.', [
          ...field,
          'inventoryItemId',
        ]),
      );
    if (num(q.locationId, 'Location') !== shop.locationId)
      return errors.push(
        err('INVALID_LOCATION', 'The specified location could not be found.', [...field, 'locationId']),
      );
    if (!Number.isInteger(q.quantity) || Number(q.quantity) < -1_000_000_000)
      return errors.push(err('INVALID_QUANTITY', 'The quantity is invalid.', [...field, 'quantity']));
    const held = found.v.available;
    if (modern) {
      if (!('changeFromQuantity' in q))
        return errors.push(
          err('INVALID_INPUT', 'changeFromQuantity is required (null opts out of the check).', [
            ...field,
            'changeFromQuantity',
          ]),
        );
      if (q.changeFromQuantity !== null && q.changeFromQuantity !== held)
        return errors.push(
          err('CHANGE_FROM_QUANTITY_STALE', 'The specified changeFromQuantity does not match the current quantity.', [
            ...field,
            'changeFromQuantity',
          ]),
        );
    } else if (input.ignoreCompareQuantity !== true && q.compareQuantity !== held) {
      return errors.push(
        err('COMPARE_QUANTITY_STALE', 'The specified compare quantity is stale.', [...field, 'compareQuantity']),
      );
    }
    changes.push({ ...found, quantity: Number(q.quantity) });
  });
  const answer = payload(errors);
  if (!errors.length) {
    for (const c of changes) {
      c.v.available = c.quantity;
      c.v.tracked = true;
      data.touch(c.p);
    }
  }
  if (typeof key === 'string') shop.idempotent.set(key, answer);
  return answer;
}
