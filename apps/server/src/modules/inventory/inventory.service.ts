/**
 * What other modules may use of inventory (decision 0126): composition.ts subscribes the
 * reactions; store orders will reserve, ship and release through the ledger's functions.
 */
export { inventoryReactions } from './inventory.actions';
export { ensureItem, release, reserve, shipOut, unreconciledItems, type ItemKey } from './inventory.ledger';
export { BALANCE_REFERENCE_TYPE, balanceCompleted, depositCredited } from './inventory.deposit';
export { bulkDepositRule } from './inventory.settings';
export {
  reserveForOrder,
  shipFirstReactions,
  shipFirstStock,
  takeHeld,
  type HeldStock,
} from './inventory.ship-first';
