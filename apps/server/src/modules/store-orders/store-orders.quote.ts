import type { StoreOrderAbnormalReason } from '@dsm/contract';
import { type SQL, and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import type { CatalogueSkuChange } from '../catalogue/catalogue.service';
import { checkoutSettings } from '../checkout/checkout.service';
import { type ConnectionChange, lineConnectedToSkusSql } from '../connections/connections.service';
import { getRate } from '../currency/currency.service';
import { storeById, storeVariantIdSql } from '../stores/stores.service';
import { judged } from './store-orders.ingest';
import { quoteRows, toUsdMinor } from './store-orders.pay.quote';
import { queueQuote } from './store-orders.quote.queue';
import { storeOrderLines, storeOrderPeople, storeOrders } from './store-orders.tables';

/**
 * The quote kept on each unpaid store order (issue 21, decision 0120): the list shows the landed
 * cost and the margin without quoting every row on each read. A job quotes the order as pay would
 * (store-orders.pay.quote.ts) after anything it depends on changed — a copy from the store, a
 * catalogue SKU taken down or back, the store's margin guard — and keeps the landed cost, the
 * selling total in USD and when; a refused quote keeps its reason instead. Then the margin guard:
 * landed cost above the store's share of the selling price → abnormal `margin-guard`, unless the
 * order has another reason already or the owner ignored this one; back under it → cleared.
 */

type Row = typeof storeOrders.$inferSelect;
type Note = NonNullable<Row['quoteNote']>;

export const unpaidOpen = and(eq(storeOrders.state, 'open'), isNull(storeOrders.orderId))!;

/** The job: quotes again the unpaid open orders named (`ids`) or all of a store's (`storeId`). */
export async function refreshQuotes(db: Db, config: Config, target: { ids?: string[]; storeId?: string }) {
  const which: SQL | undefined = target.ids?.length
    ? inArray(storeOrders.id, target.ids)
    : target.storeId
      ? eq(storeOrders.storeId, target.storeId)
      : undefined;
  if (!which) return 0;
  const rows = await db.select({ id: storeOrders.id }).from(storeOrders).where(and(which, unpaidOpen));
  // One order per unit of work: a slow store's hundred orders never hold one long lock.
  for (const { id } of rows) await inTransaction(db, (uow) => refreshOne(uow, config, id));
  return rows.length;
}

async function refreshOne(uow: UnitOfWork, config: Config, id: string): Promise<void> {
  const [row] = await uow.tx.select().from(storeOrders).where(eq(storeOrders.id, id)).for('update');
  if (!row || row.orderId || row.state !== 'open') return; // paid or trashed meanwhile: its quote stays as it was
  let landedMinor: number | null = null;
  let sellingUsdMinor: number | null = null;
  let note: Note | null = null;
  const settings = checkoutSettings(config);
  try {
    const [q] = await quoteRows(uow.tx, row.userId, [row], 'en-US', settings);
    landedMinor = q!.totalMinor;
    sellingUsdMinor = q!.sellingUsdMinor;
  } catch (err) {
    if (!(err instanceof AppError) || err.kind === 'NOT_FOUND') throw err;
    note = noteOf(err);
    sellingUsdMinor = toUsdMinor(row.totalMinor, row.currency, await getRate(uow.tx, row.currency));
  }
  // An order with no store (an Excel import, decision 0125) has no margin guard: off.
  const store = row.storeId ? await storeById(uow.tx, row.storeId) : null;
  const reason = guardReason(row, store?.marginGuardPercent ?? null, landedMinor, sellingUsdMinor);
  const now = new Date();
  await uow.tx
    .update(storeOrders)
    .set({
      landedMinor,
      sellingUsdMinor,
      quotedAt: now,
      quoteNote: note,
      quoteFeeBps: settings.serviceFeeBps,
      ...reason,
    })
    .where(eq(storeOrders.id, id));
}

/** A refused quote's words, kept as a key and values (localized when shown). */
function noteOf(err: AppError): Note {
  const why = (err.data as { why?: string } | null)?.why;
  if (err.code === 'store-order-not-payable' && why) return { key: `store-orders.not-payable-why.${why}` };
  const values = Object.fromEntries(
    Object.entries(err.params ?? {}).filter((e): e is [string, string | number] =>
      ['string', 'number'].includes(typeof e[1]),
    ),
  );
  return { key: err.messageKey, values };
}

/**
 * The margin guard: landed cost above `percent` % of the selling price (both USD). It never
 * replaces another reason, and a reason the owner ignored is not raised again on the order.
 */
export function guardReason(
  row: Pick<Row, 'abnormalReason' | 'ignoredReasons'>,
  percent: number | null,
  landedMinor: number | null,
  sellingUsdMinor: number | null,
): Partial<Pick<Row, 'abnormalReason' | 'abnormalAt'>> {
  const above =
    percent !== null &&
    landedMinor !== null &&
    sellingUsdMinor !== null &&
    landedMinor * 100 > percent * sellingUsdMinor;
  const ignored = new Set<StoreOrderAbnormalReason>(row.ignoredReasons);
  if (above && !ignored.has('margin-guard') && row.abnormalReason === null)
    return { abnormalReason: 'margin-guard', abnormalAt: new Date() };
  if (!above && row.abnormalReason === 'margin-guard') return { abnormalReason: null, abnormalAt: null };
  return {};
}

/**
 * The reaction to catalogue SKUs taken down, back on sale, changed or removed (subscribed in
 * composition.ts): each unpaid open store order with a line connected to one of them has its
 * abnormal reason judged again now, in the catalogue's unit of work, and a fresh quote queued.
 */
export async function rejudgeStoreOrders(uow: UnitOfWork, change: CatalogueSkuChange): Promise<void> {
  await rejudgeWhere(uow, lineOfSkusSql(change.skuIds));
}

/** A line standing for one of these catalogue SKUs (a row of `store_order_lines`, its order joined). */
export function lineOfSkusSql(ids: readonly number[]): SQL {
  if (!ids.length) return sql`false`;
  const skuIds = sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  // A store's line by its connection; an imported line by the SKU it was matched to (decision 0125).
  return sql`(${storeOrderLines.skuId} in ${skuIds} or ${lineConnectedToSkusSql(
    storeOrders.storeId,
    storeOrderLines.productExternalId,
    storeOrderLines.variantExternalId,
    skuIds,
  )})`;
}

/**
 * The reaction to a seller connecting, disconnecting or undoing variants (subscribed in
 * composition.ts): the unpaid open store orders with lines of those variants are judged and
 * quoted again (one just made related gets its landed cost; one unrelated again loses it).
 */
export async function rejudgeOrdersOfVariants(uow: UnitOfWork, change: ConnectionChange): Promise<void> {
  const ids = sql`(${sql.join(
    change.variantIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
  await rejudgeWhere(
    uow,
    sql`${storeVariantIdSql(storeOrders.storeId, storeOrderLines.productExternalId, storeOrderLines.variantExternalId)} in ${ids}`,
  );
}

/** Judges again (now) and re-quotes (after the commit) the unpaid open orders with a line matching `line`. */
async function rejudgeWhere(uow: UnitOfWork, line: SQL): Promise<void> {
  const rows = await uow.tx
    .select()
    .from(storeOrders)
    .where(
      and(
        unpaidOpen,
        sql`exists (select 1 from ${storeOrderLines} where ${storeOrderLines.storeOrderId} = ${storeOrders.id} and ${line})`,
      ),
    )
    .orderBy(storeOrders.id)
    .for('update');
  if (!rows.length) return;
  const now = new Date();
  for (const row of rows) {
    const [people] = await uow.tx
      .select({ address: storeOrderPeople.address })
      .from(storeOrderPeople)
      .where(eq(storeOrderPeople.storeOrderId, row.id));
    const lines = await uow.tx
      .select({
        productExternalId: storeOrderLines.productExternalId,
        variantExternalId: storeOrderLines.variantExternalId,
        quantity: storeOrderLines.quantity,
        skuId: storeOrderLines.skuId,
      })
      .from(storeOrderLines)
      .where(eq(storeOrderLines.storeOrderId, row.id));
    const shippingAddress = row.erasedAt ? null : (people?.address ?? null);
    const set = await judged(uow, row, { shippingAddress, lines }, now);
    if (Object.keys(set).length) await uow.tx.update(storeOrders).set(set).where(eq(storeOrders.id, row.id));
  }
  await queueQuote(
    uow,
    rows.map((r) => r.id),
  );
}

/**
 * The service fee is configuration (CHECKOUT_SERVICE_FEE_BPS), read at start: a new fee arrives
 * with a restart, not as an event. The recurring check (decision 0142) re-quotes the unpaid open
 * orders whose kept quote was made with another fee, in batches after its commit. An order never
 * quoted yet is left to its own first quote.
 */
export async function requoteOfServiceFee(db: Db, config: Config): Promise<number> {
  const feeBps = checkoutSettings(config).serviceFeeBps;
  return inTransaction(db, async (uow) => {
    const rows = await uow.tx
      .select({ id: storeOrders.id })
      .from(storeOrders)
      .where(
        and(unpaidOpen, isNotNull(storeOrders.quotedAt), sql`${storeOrders.quoteFeeBps} is distinct from ${feeBps}`),
      )
      .orderBy(storeOrders.id);
    await queueQuote(
      uow,
      rows.map((r) => r.id),
    );
    return rows.length;
  });
}
