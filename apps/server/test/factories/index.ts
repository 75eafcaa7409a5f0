// The server's test factories, one import for every test: `import { newUser, placeOrder } from
// '<…>/test/factories'`. One file per module whose data they build; users.ts and reads.ts are shared.
export * from './users';
export * from './reads';
export * from './accounts';
export * from './catalogue';
export * from './checkout';
export * from './connections';
export * from './invoices';
export * from './orders';
export * from './payments';
export * from './price-differences';
export * from './recharge';
export * from './wallet';
export * from './store-orders';
export * from './preferred-shipping';
export * from './inventory';
