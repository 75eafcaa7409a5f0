import { type Page, type PageQuery, type StoreOrderPrivacyRequest, STORE_PRIVACY_TOPICS, toPage } from '@dsm/contract';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { StorePlatform } from '../../connectors/stores/store-platform';
import type { Db } from '../../db/client';
import { type DbOrUow, inTransaction } from '../../platform/unit-of-work';
import { storeIdsOfAddress } from '../stores/stores.service';
import { storeOrderPeople, storeOrderPrivacyRequests, storeOrders } from './store-orders.tables';

export interface PrivacyRequest {
  platform: StorePlatform;
  deliveryId: string;
  topic: (typeof STORE_PRIVACY_TOPICS)[number];
  shop: string;
  /** The customer's e-mail (customers/*), matched case-insensitively beside the order ids. */
  email: string | null;
  /** The store's order ids the request names (Shopify's orders_to_redact / orders_requested). */
  orderIds: string[];
}

/**
 * Acts on a platform's privacy request in one unit of work, once per delivery (issue 21):
 * `customers/redact` erases the buyer's name, e-mail, phone and address in the matching store
 * orders of the shop (by the order ids named, or the customer's e-mail); `shop/redact` erases
 * them in every store order of the shop; `customers/data_request` keeps a copy of what we hold
 * for the operator. The orders themselves stay (numbers, lines, money: the owner's records).
 */
export async function handlePrivacyRequest(db: DbOrUow, r: PrivacyRequest): Promise<void> {
  if (!(STORE_PRIVACY_TOPICS as readonly string[]).includes(r.topic)) return;
  await inTransaction(db, async (uow) => {
    const [request] = await uow.tx
      .insert(storeOrderPrivacyRequests)
      .values({ platform: r.platform, deliveryId: r.deliveryId, topic: r.topic, shop: r.shop })
      .onConflictDoNothing()
      .returning({ id: storeOrderPrivacyRequests.id });
    if (!request) return; // done before
    const storeIds = await storeIdsOfAddress(uow.tx, r.platform, r.shop);
    const byCustomer =
      r.topic === 'shop/redact'
        ? undefined
        : or(
            r.orderIds.length ? inArray(storeOrders.externalId, r.orderIds) : sql`false`,
            r.email ? sql`lower(${storeOrderPeople.buyerEmail}) = ${r.email.toLowerCase()}` : sql`false`,
          );
    const matched = storeIds.length
      ? await uow.tx
          .select({
            id: storeOrders.id,
            number: storeOrders.number,
            erasedAt: storeOrders.erasedAt,
            people: storeOrderPeople,
          })
          .from(storeOrders)
          .leftJoin(storeOrderPeople, eq(storeOrderPeople.storeOrderId, storeOrders.id))
          .where(and(inArray(storeOrders.storeId, storeIds), byCustomer))
          .for('update', { of: storeOrders })
      : [];
    const now = new Date();
    let erased = 0;
    if (r.topic === 'customers/data_request') {
      const exported = matched
        .filter((m) => !m.erasedAt && m.people)
        .map((m) => ({
          number: m.number,
          buyerName: m.people!.buyerName,
          email: m.people!.buyerEmail,
          phone: m.people!.buyerPhone,
          address: m.people!.address,
        }));
      await uow.tx
        .update(storeOrderPrivacyRequests)
        .set({ export: exported })
        .where(eq(storeOrderPrivacyRequests.id, request.id));
    } else {
      const ids = matched.filter((m) => !m.erasedAt).map((m) => m.id);
      if (ids.length) {
        await uow.tx
          .update(storeOrderPeople)
          .set({ buyerName: '', buyerEmail: null, buyerPhone: null, address: null })
          .where(inArray(storeOrderPeople.storeOrderId, ids));
        await uow.tx
          .update(storeOrders)
          .set({ erasedAt: now, updatedAt: now })
          .where(and(inArray(storeOrders.id, ids), isNull(storeOrders.erasedAt)));
      }
      erased = ids.length;
    }
    await uow.tx
      .update(storeOrderPrivacyRequests)
      .set({ doneAt: now, ordersMatched: matched.length, ordersErased: erased })
      .where(eq(storeOrderPrivacyRequests.id, request.id));
  });
}

/** The operator's list of privacy requests, newest first. */
export async function listPrivacyRequests(db: Db, q: PageQuery): Promise<Page<StoreOrderPrivacyRequest>> {
  const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(storeOrderPrivacyRequests)) as [
    { total: number },
  ];
  const rows = await db
    .select()
    .from(storeOrderPrivacyRequests)
    .orderBy(desc(storeOrderPrivacyRequests.receivedAt), desc(storeOrderPrivacyRequests.id))
    .limit(q.size)
    .offset((q.current - 1) * q.size);
  return toPage(
    rows.map((r) => ({
      id: r.id,
      topic: r.topic,
      platform: r.platform,
      shop: r.shop,
      receivedAt: r.receivedAt.toISOString(),
      doneAt: r.doneAt?.toISOString() ?? null,
      ordersMatched: r.ordersMatched,
      ordersErased: r.ordersErased,
      export: r.export ?? null,
    })),
    Number(total),
    q,
  );
}
