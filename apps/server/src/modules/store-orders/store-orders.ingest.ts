import type { StoreOrderAbnormalReason, StoreOrderChange } from '@dsm/contract';
import { and, eq } from 'drizzle-orm';
import type { StoreOrderData } from '../../connectors/stores/store-platform';
import type { StorePlatform } from '../../connectors/stores/store-platform';
import type { Db } from '../../db/client';
import { type DbOrUow, type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import { STORE_WEBHOOK_JOB, knownStoreProducts } from '../stores/stores.service';
import { type JudgedOrder, detectAbnormal } from './store-orders.abnormal';
import { queueQuote } from './store-orders.quote.queue';
import { storeOrderLines, storeOrderPeople, storeOrders } from './store-orders.tables';

/** The store an order came from, as ingest needs it. */
export interface IngestStore {
  id: string;
  userId: string;
  platform: StorePlatform;
}

export interface IngestOutcome {
  id: string;
  /** created; updated (a newer copy); unchanged (the same copy again); stale (older than ours: nothing changed). */
  outcome: 'created' | 'updated' | 'unchanged' | 'stale';
  changes: StoreOrderChange[];
}

type Row = typeof storeOrders.$inferSelect;
type LineRow = typeof storeOrderLines.$inferSelect;

/** Reasons a sync may raise and clear by itself; the after-payment ones stay until the owner acts. */
const SELF_CLEARING: ReadonlySet<StoreOrderAbnormalReason> = new Set([
  'address-incomplete',
  'sku-taken-down',
  'sku-out-of-stock',
]);

/**
 * Keeps one store order exactly once (issue 21): keyed on (store, the store's id), whatever
 * arrives twice or in what order — a webhook before the pull, an update before the create, two
 * nodes racing. The store's `updatedAt` decides: an older copy than ours changes nothing, the
 * same copy only says it was seen. Two ingests of a new order meet at the unique key: the
 * second's insert waits for the first's commit, then finds its row and locks it.
 *
 * After arrival (before payment): a changed address replaces ours; cancelled or refunded in the
 * store sends it to the trash with the reason. After payment (`order_id` set): cancelled or
 * refunded flags it abnormal; nothing about money changes here, ever.
 */
export async function ingestStoreOrder(db: DbOrUow, store: IngestStore, data: StoreOrderData): Promise<IngestOutcome> {
  const [outcome] = await ingestStoreOrders(db, store, [data]);
  return outcome!;
}

/**
 * Several orders of one store kept in one unit of work (a pull keeps a run of pages so,
 * decision 0146): each as `ingestStoreOrder` keeps it, but one quote job for all of them and
 * one look for the store products they name, instead of one of each per order. All or nothing:
 * one order that fails rolls the others back with it, and the pull's page cursor with them.
 */
export async function ingestStoreOrders(
  db: DbOrUow,
  store: IngestStore,
  orders: readonly StoreOrderData[],
): Promise<IngestOutcome[]> {
  return inTransaction(db, async (uow) => {
    const later: Later = { quote: new Set(), products: new Set() };
    const now = new Date();
    // The first copy of each order is offered to one insert of them all; a later copy of the same
    // order in this batch, and every order we keep already, go one by one as before.
    const first = new Map<string, number>();
    orders.forEach((d, i) => {
      if (!first.has(d.externalId)) first.set(d.externalId, i);
    });
    const created = await insertNew(
      uow,
      store,
      [...first.values()].map((i) => orders[i]!),
      now,
    );
    const out: IngestOutcome[] = [];
    for (const [i, data] of orders.entries()) {
      const row = first.get(data.externalId) === i ? created.get(data.externalId) : undefined;
      if (!row) {
        out.push(await ingestOne(uow, store, data, later));
        continue;
      }
      await settle(uow, row, data, now, { statusChanged: data.status !== 'open' }, later);
      named(later, data);
      out.push({ id: row.id, outcome: 'created', changes: ['created'] });
    }
    await queueQuote(uow, [...later.quote]);
    await refreshUnknownProducts(uow, store.id, later.products);
    return out;
  });
}

/** A store order's row as it is first kept: the store's, its data, synced and "created" now. */
const newOrderRow = (store: IngestStore, data: StoreOrderData, now: Date) => ({
  userId: store.userId,
  storeId: store.id,
  platform: store.platform,
  externalId: data.externalId,
  ...orderColumns(data),
  lastSyncedAt: now,
  lastChanges: ['created' as const],
  lastChangedAt: now,
});

/**
 * The orders not kept yet, inserted with their people and lines in three statements (decision
 * 0146): one per table, not three per order. The unique key on (store, the store's id) decides as
 * it does for one order: a row another unit of work committed (or is committing) is skipped here
 * and its copy goes through `ingestOne`. Returns the rows made, by the store's id.
 */
async function insertNew(
  uow: UnitOfWork,
  store: IngestStore,
  orders: readonly StoreOrderData[],
  now: Date,
): Promise<Map<string, Row>> {
  const made = new Map<string, Row>();
  if (!orders.length) return made;
  const rows = await uow.tx
    .insert(storeOrders)
    .values(orders.map((data) => newOrderRow(store, data, now)))
    .onConflictDoNothing({ target: [storeOrders.storeId, storeOrders.externalId] })
    .returning();
  if (!rows.length) return made;
  for (const r of rows) made.set(r.externalId, r);
  const kept = orders.filter((d) => made.has(d.externalId));
  await uow.tx
    .insert(storeOrderPeople)
    .values(kept.map((d) => ({ storeOrderId: made.get(d.externalId)!.id, ...peopleColumns(d) })));
  const lines = kept.flatMap((d) => lineRows(made.get(d.externalId)!.id, d));
  if (lines.length) await uow.tx.insert(storeOrderLines).values(lines);
  return made;
}

/** What the orders of one unit of work leave to its end: the orders to quote, the store products named. */
interface Later {
  quote: Set<string>;
  products: Set<string>;
}

const named = (later: Later, d: StoreOrderData) => {
  for (const l of d.lines) if (l.productExternalId) later.products.add(l.productExternalId);
};

async function ingestOne(
  uow: UnitOfWork,
  store: IngestStore,
  data: StoreOrderData,
  later: Later,
): Promise<IngestOutcome> {
  const now = new Date();
  const remote = new Date(data.updatedAt);
  const [inserted] = await uow.tx
    .insert(storeOrders)
    .values(newOrderRow(store, data, now))
    .onConflictDoNothing({ target: [storeOrders.storeId, storeOrders.externalId] })
    .returning();
  if (inserted) {
    await uow.tx.insert(storeOrderPeople).values({ storeOrderId: inserted.id, ...peopleColumns(data) });
    await writeLines(uow.tx, inserted.id, data);
    await settle(uow, inserted, data, now, { statusChanged: data.status !== 'open' }, later);
    named(later, data);
    return { id: inserted.id, outcome: 'created', changes: ['created'] };
  }

  const [row] = await uow.tx
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.storeId, store.id), eq(storeOrders.externalId, data.externalId)))
    .for('update');
  if (!row) throw new Error('store order vanished between insert and lock');
  if (remote < row.storeUpdatedAt) return { id: row.id, outcome: 'stale', changes: [] };
  if (remote.getTime() === row.storeUpdatedAt.getTime()) {
    await uow.tx.update(storeOrders).set({ lastSyncedAt: now }).where(eq(storeOrders.id, row.id));
    return { id: row.id, outcome: 'unchanged', changes: [] };
  }

  const changes = await changesOf(uow.tx, row, data);
  await uow.tx
    .update(storeOrders)
    .set({
      ...orderColumns(data),
      lastSyncedAt: now,
      ...(changes.length ? { lastChanges: changes, lastChangedAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(storeOrders.id, row.id));
  // Erased personal data stays erased: a later copy from the store does not bring it back.
  if (!row.erasedAt && (changes.includes('address') || changes.includes('buyer')))
    await uow.tx.update(storeOrderPeople).set(peopleColumns(data)).where(eq(storeOrderPeople.storeOrderId, row.id));
  if (changes.includes('lines')) {
    await uow.tx.delete(storeOrderLines).where(eq(storeOrderLines.storeOrderId, row.id));
    await writeLines(uow.tx, row.id, data);
    named(later, data);
  }
  await settle(uow, row, data, now, { statusChanged: changes.includes('status') }, later);
  return { id: row.id, outcome: 'updated', changes };
}

function orderColumns(d: StoreOrderData) {
  return {
    number: d.number,
    currency: d.total.currency,
    totalMinor: d.total.amount,
    status: d.status,
    fulfilled: d.fulfilled,
    storeCreatedAt: new Date(d.createdAt),
    storeUpdatedAt: new Date(d.updatedAt),
    countryCode: d.shippingAddress?.countryCode || null,
    lineCount: d.lines.length,
    itemCount: d.lines.reduce((n, l) => n + l.quantity, 0),
  };
}

function peopleColumns(d: StoreOrderData) {
  return {
    buyerName: d.buyer.name,
    buyerEmail: d.buyer.email,
    buyerPhone: d.buyer.phone,
    address: d.shippingAddress,
  };
}

const lineRows = (storeOrderId: string, d: StoreOrderData) =>
  d.lines.map((l, position) => ({
    storeOrderId,
    position,
    externalId: l.externalId,
    productExternalId: l.productExternalId,
    variantExternalId: l.variantExternalId,
    sku: l.sku,
    title: l.title,
    quantity: l.quantity,
    unitPriceMinor: l.unitPrice?.amount ?? null,
  }));

async function writeLines(db: Db, storeOrderId: string, d: StoreOrderData): Promise<void> {
  if (!d.lines.length) return;
  await db.insert(storeOrderLines).values(lineRows(storeOrderId, d));
}

const sameAddress = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const lineKey = (l: {
  externalId: string;
  variantExternalId: string | null;
  sku: string | null;
  quantity: number;
  price: number | null;
}) => `${l.externalId}|${l.variantExternalId}|${l.sku}|${l.quantity}|${l.price}`;

/** What a newer copy changes, in the words the owner sees. */
async function changesOf(db: Db, row: Row, d: StoreOrderData): Promise<StoreOrderChange[]> {
  const [people] = await db.select().from(storeOrderPeople).where(eq(storeOrderPeople.storeOrderId, row.id));
  const lines: LineRow[] = await db
    .select()
    .from(storeOrderLines)
    .where(eq(storeOrderLines.storeOrderId, row.id))
    .orderBy(storeOrderLines.position);
  const out: StoreOrderChange[] = [];
  if (!row.erasedAt && !sameAddress(people?.address, d.shippingAddress)) out.push('address');
  if (
    !row.erasedAt &&
    (people?.buyerName !== d.buyer.name || people?.buyerEmail !== d.buyer.email || people?.buyerPhone !== d.buyer.phone)
  )
    out.push('buyer');
  const before = lines.map((l) => lineKey({ ...l, price: l.unitPriceMinor })).join('\n');
  const after = d.lines.map((l) => lineKey({ ...l, price: l.unitPrice?.amount ?? null })).join('\n');
  if (before !== after) out.push('lines');
  if (row.status !== d.status) out.push('status');
  if (row.totalMinor !== d.total.amount || row.currency !== d.total.currency) out.push('total');
  if (row.fulfilled !== d.fulfilled) out.push('fulfilled');
  return out;
}

/**
 * Where the order stands after a copy from the store: cancelled/refunded before payment → the
 * trash with the reason; after payment → abnormal. An unpaid open order's problems are found
 * again (address, SKUs taken down or short), skipping those the owner ignored; one a later copy
 * no longer has clears by itself.
 */
async function settle(
  uow: UnitOfWork,
  row: Row,
  d: StoreOrderData,
  now: Date,
  o: { statusChanged: boolean },
  later: Later,
): Promise<void> {
  const ignored = new Set(row.ignoredReasons);
  const set: Partial<typeof storeOrders.$inferInsert> = {};
  const gone = d.status !== 'open';
  if (row.orderId) {
    const reason = d.status === 'cancelled' ? 'cancelled-after-payment' : 'refunded-after-payment';
    if (gone && o.statusChanged && !ignored.has(reason) && row.abnormalReason !== reason)
      Object.assign(set, { abnormalReason: reason, abnormalAt: now });
  } else if (gone && o.statusChanged && row.state === 'open') {
    Object.assign(set, {
      state: 'trashed',
      trashReason: d.status === 'cancelled' ? 'cancelled-in-store' : 'refunded-in-store',
      trashedAt: now,
    });
  } else if (!gone) {
    Object.assign(set, await judged(uow, row, d, now));
    // Its landed cost and the margin guard: quoted after the commit (decision 0120), one job for the unit's orders.
    later.quote.add(row.id);
  }
  if (Object.keys(set).length) await uow.tx.update(storeOrders).set(set).where(eq(storeOrders.id, row.id));
}

/**
 * An unpaid open order's abnormal reason found again: one found replaces a self-clearing one (or
 * the margin guard's, which comes last); none found clears a self-clearing one. The margin
 * guard's own reason is the quote's to raise and clear (store-orders.quote.ts).
 */
export async function judged(
  uow: UnitOfWork,
  row: Pick<Row, 'storeId' | 'abnormalReason' | 'ignoredReasons'>,
  d: JudgedOrder,
  now: Date,
): Promise<Partial<typeof storeOrders.$inferInsert>> {
  const found = await detectAbnormal(uow.tx, row.storeId, d, new Set(row.ignoredReasons));
  const current = row.abnormalReason;
  const replaceable = !current || SELF_CLEARING.has(current) || current === 'margin-guard';
  if (found && found !== current && replaceable) return { abnormalReason: found, abnormalAt: now };
  if (!found && current && SELF_CLEARING.has(current)) return { abnormalReason: null, abnormalAt: null };
  return {};
}

/**
 * Lines naming a store product we never brought in (sold before the first import, or new):
 * the stores module reads that product back, so the owner can connect its variant.
 */
async function refreshUnknownProducts(uow: UnitOfWork, storeId: string, products: ReadonlySet<string>): Promise<void> {
  if (!products.size) return;
  const all = [...products];
  const have = await knownStoreProducts(uow.tx, storeId, all);
  for (const productId of all.filter((n) => !have.has(n)))
    await uow.enqueue({
      type: STORE_WEBHOOK_JOB,
      payload: { storeId, topic: 'products/update', productId },
      maxAttempts: 3,
    });
}
