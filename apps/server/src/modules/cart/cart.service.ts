import {
  type AddToCartBody,
  type AddToCartResult,
  type AddToWishListBody,
  CART_BATCH_TYPES,
  type Cart,
  type CartBatchResult,
  type CartBatchType,
  type CartCount,
  type Locale,
  MAX_CART_COUNT,
  type WishListItem,
  fromMinor,
} from '@dsm/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type DbOrUow, handleOf, inTransaction } from '../../platform/unit-of-work';
import { getCartSkus, skuIdsOfProduct } from '../catalogue/catalogue.service';
import { cartLines, wishListItems } from './cart.tables';

/**
 * The cart and the wish list (decision 0080). Every function takes the caller's user id and
 * touches only that user's rows: another user's line or item is "not found".
 */

const productNotFound = () => AppError.notFound('cart.product-not-found');
const lineNotFound = () => AppError.notFound('cart.line-not-found');

/** The header badge: the sum of the counts, and the number of lines. */
export async function cartCount(db: DbOrUow, userId: string): Promise<CartCount> {
  const [row] = await handleOf(db)
    .select({ count: sql<string>`coalesce(sum(${cartLines.count}), 0)`, lines: sql<string>`count(*)` })
    .from(cartLines)
    .where(eq(cartLines.userId, userId));
  return { count: Number(row?.count ?? 0), lines: Number(row?.lines ?? 0) };
}

/**
 * POST /api/p/shopCart: changes the count of the caller's line of one SKU by `count`.
 * Adding: the product must be on sale, and the line's new count within stock (checked after the
 * upsert, inside the same transaction, so two concurrent adds cannot both pass on stale counts).
 * Subtracting: the line must exist; reaching 0 removes it. Subtracting is allowed on a
 * taken-down product (the user is clearing it out).
 */
export async function changeCartLine(
  db: DbOrUow,
  userId: string,
  body: AddToCartBody,
  locale: Locale,
): Promise<AddToCartResult> {
  if (body.count > 0 && body.basketId === undefined) return addToLine(db, userId, body, locale);
  return inTransaction(db, async (uow) => {
    const { tx } = uow;
    if (body.basketId !== undefined) {
      const [line] = await tx
        .select({ skuId: cartLines.skuId })
        .from(cartLines)
        .where(and(eq(cartLines.id, body.basketId), eq(cartLines.userId, userId)));
      if (!line || line.skuId !== body.skuId) throw lineNotFound();
    }
    const sku = (await getCartSkus(uow, [body.skuId], locale)).get(body.skuId);
    if (!sku || sku.prodId !== body.prodId) throw productNotFound();

    if (body.count > 0) {
      if (!sku.onSale) throw productNotFound();
      // One statement: insert the line or add to it; a concurrent add waits on the row and sums.
      // A positive add refreshes the remembered price: the user has just seen the current one.
      const [row] = await tx
        .insert(cartLines)
        .values({ userId, productId: sku.prodId, skuId: sku.skuId, count: body.count, addedPriceMinor: sku.priceMinor })
        .onConflictDoUpdate({
          target: [cartLines.userId, cartLines.skuId],
          set: {
            count: sql`${cartLines.count} + excluded.count`,
            addedPriceMinor: sql`excluded.added_price_minor`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ id: cartLines.id, count: cartLines.count });
      if (row!.count > sku.stock) {
        throw AppError.business(
          'out-of-stock',
          sku.stock > 0 ? 'cart.stock-short' : 'cart.sold-out',
          { stock: sku.stock },
          { stock: sku.stock },
        );
      }
      if (row!.count > MAX_CART_COUNT)
        throw AppError.invalid([{ field: 'count', messageKey: 'cart.too-many', params: { max: MAX_CART_COUNT } }]);
      return { basketId: row!.id, count: row!.count, cart: await cartCount(uow, userId) };
    }

    // Subtracting: lock the line, then lower it or remove it when it reaches 0.
    const [line] = await tx
      .select({ id: cartLines.id, count: cartLines.count })
      .from(cartLines)
      .where(and(eq(cartLines.userId, userId), eq(cartLines.skuId, body.skuId)))
      .for('update');
    if (!line) throw lineNotFound();
    const next = line.count + body.count;
    if (next <= 0) {
      await tx.delete(cartLines).where(eq(cartLines.id, line.id));
      return { basketId: line.id, count: 0, cart: await cartCount(uow, userId) };
    }
    await tx.update(cartLines).set({ count: next, updatedAt: sql`now()` }).where(eq(cartLines.id, line.id));
    return { basketId: line.id, count: next, cart: await cartCount(uow, userId) };
  });
}

/**
 * The plain "add" (decision 0092): no transaction, one statement after the SKU read. The upsert
 * only adds when the line's new count stays within stock and the maximum (a refused add writes
 * nothing, as the transaction's rollback did), and returns the badge figures with it: the other
 * lines as they were plus this one. A refusal is worded from the line as it is then.
 */
async function addToLine(
  db: DbOrUow,
  userId: string,
  body: AddToCartBody,
  locale: Locale,
  attempt = 1,
): Promise<AddToCartResult> {
  const sku = (await getCartSkus(db, [body.skuId], locale)).get(body.skuId);
  if (!sku || sku.prodId !== body.prodId || !sku.onSale) throw productNotFound();
  const refuse = (count: number) => {
    if (count > sku.stock) {
      throw AppError.business(
        'out-of-stock',
        sku.stock > 0 ? 'cart.stock-short' : 'cart.sold-out',
        { stock: sku.stock },
        { stock: sku.stock },
      );
    }
    if (count > MAX_CART_COUNT)
      throw AppError.invalid([{ field: 'count', messageKey: 'cart.too-many', params: { max: MAX_CART_COUNT } }]);
  };
  refuse(body.count);
  const tx = handleOf(db);
  const [row] = (
    (await tx.execute(sql`
      with up as (
        insert into cart_lines (user_id, product_id, sku_id, count, added_price_minor)
        values (${userId}, ${sku.prodId}, ${sku.skuId}, ${body.count}, ${sku.priceMinor})
        on conflict (user_id, sku_id) do update
          set count = cart_lines.count + excluded.count, added_price_minor = excluded.added_price_minor, updated_at = now()
          where cart_lines.count + excluded.count <= ${Math.min(sku.stock, MAX_CART_COUNT)}
        returning id, count, sku_id)
      select up.id, up.count,
        up.count + (select coalesce(sum(c.count), 0) from cart_lines c where c.user_id = ${userId} and c.sku_id <> up.sku_id) as total,
        1 + (select count(*) from cart_lines c where c.user_id = ${userId} and c.sku_id <> up.sku_id) as lines
      from up`)) as unknown as {
      rows: Array<{ id: number; count: number; total: string | number; lines: string | number }>;
    }
  ).rows;
  if (row)
    return {
      basketId: Number(row.id),
      count: Number(row.count),
      cart: { count: Number(row.total), lines: Number(row.lines) },
    };
  // Refused by the condition: the line exists and the sum passes stock or the maximum.
  const [line] = await tx
    .select({ count: cartLines.count })
    .from(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.skuId, body.skuId)));
  refuse((line?.count ?? 0) + body.count);
  // The line changed in between (removed, or lowered elsewhere): once more from the start.
  if (attempt < 3) return addToLine(db, userId, body, locale, attempt + 1);
  refuse(Number.MAX_SAFE_INTEGER);
  throw productNotFound();
}

/** GET /api/p/shopCart: the lines, newest first, with what the catalogue says about each now. */
export async function getCart(db: Db, userId: string, locale: Locale): Promise<Cart> {
  const lines = await db
    .select()
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(desc(cartLines.createdAt), desc(cartLines.id));
  const facts = await getCartSkus(
    db,
    lines.map((l) => l.skuId),
    locale,
  );
  let selectedLines = 0;
  let selectedCount = 0;
  let goodsMinor = 0;
  let takenDownSelected = false;
  const out = lines.map((l) => {
    const f = facts.get(l.skuId);
    const priceMinor = f?.priceMinor ?? l.addedPriceMinor;
    const takenDown = !f || !f.onSale;
    if (l.selected) {
      if (takenDown) takenDownSelected = true;
      else {
        selectedLines += 1;
        selectedCount += l.count;
        goodsMinor += priceMinor * l.count;
      }
    }
    return {
      basketId: l.id,
      prodId: l.productId,
      skuId: l.skuId,
      prodName: f?.prodName ?? '',
      pic: f?.pic ?? '',
      skuName: f?.skuName ?? '',
      properties: f?.properties ?? '',
      count: l.count,
      price: fromMinor(priceMinor),
      addedPrice: fromMinor(l.addedPriceMinor),
      priceChanged: priceMinor !== l.addedPriceMinor,
      takenDown,
      stocks: f?.stock ?? 0,
      selected: l.selected,
      subtotal: fromMinor(priceMinor * l.count),
      addedAt: l.createdAt.toISOString(),
    };
  });
  return { lines: out, totals: { selectedLines, selectedCount, goodsTotal: fromMinor(goodsMinor), takenDownSelected } };
}

/**
 * POST /api/p/shopCart/batch?type=N (CART_BATCH_TYPES). All or nothing: when any id is not one
 * of the caller's lines, nothing changes and the answer is "not found".
 */
export async function batchCart(
  db: DbOrUow,
  userId: string,
  type: CartBatchType,
  ids: number[],
): Promise<CartBatchResult> {
  const unique = [...new Set(ids)];
  return inTransaction(db, async (uow) => {
    const { tx } = uow;
    const own = await tx
      .select({ id: cartLines.id, productId: cartLines.productId, skuId: cartLines.skuId })
      .from(cartLines)
      .where(and(eq(cartLines.userId, userId), inArray(cartLines.id, unique)))
      .for('update');
    if (own.length !== unique.length) throw lineNotFound();
    const mine = and(eq(cartLines.userId, userId), inArray(cartLines.id, unique));
    switch (type) {
      case CART_BATCH_TYPES.select:
      case CART_BATCH_TYPES.unselect:
        await tx
          .update(cartLines)
          .set({ selected: type === CART_BATCH_TYPES.select })
          .where(mine);
        break;
      case CART_BATCH_TYPES.moveToWishList:
        await tx
          .insert(wishListItems)
          .values(own.map((l) => ({ userId, productId: l.productId, skuId: l.skuId })))
          .onConflictDoNothing();
        await tx.delete(cartLines).where(mine);
        break;
      case CART_BATCH_TYPES.delete:
        await tx.delete(cartLines).where(mine);
        break;
    }
    return { affected: own.length, cart: await cartCount(uow, userId) };
  });
}

/** GET /api/p/wishlist, newest first. */
export async function listWishList(db: Db, userId: string, locale: Locale): Promise<WishListItem[]> {
  const items = await db
    .select()
    .from(wishListItems)
    .where(eq(wishListItems.userId, userId))
    .orderBy(desc(wishListItems.addedAt), desc(wishListItems.id));
  // An item without a SKU shows its product's first SKU's picture and the lowest price.
  const firstSkus = new Map<number, number[]>();
  for (const i of items)
    if (i.skuId === null && !firstSkus.has(i.productId))
      firstSkus.set(i.productId, await skuIdsOfProduct(db, i.productId));
  const facts = await getCartSkus(
    db,
    [...items.map((i) => i.skuId).filter((x): x is number => x !== null), ...[...firstSkus.values()].flat()],
    locale,
  );
  return items.map((i) => {
    const skus = i.skuId !== null ? [i.skuId] : (firstSkus.get(i.productId) ?? []);
    const known = skus.map((id) => facts.get(id)).filter((f) => f !== undefined);
    const first = known[0];
    const cheapest = known.reduce((m, f) => Math.min(m, f.priceMinor), known.length ? Infinity : 0);
    return {
      id: i.id,
      prodId: i.productId,
      skuId: i.skuId,
      prodName: first?.prodName ?? '',
      pic: i.skuId !== null ? (first?.pic ?? '') : '',
      skuName: i.skuId !== null ? (first?.skuName ?? '') : '',
      price: fromMinor(cheapest),
      takenDown: !first || !first.onSale,
      stocks: known.reduce((s, f) => s + f.stock, 0),
      addedAt: i.addedAt.toISOString(),
    };
  });
}

/** POST /api/p/wishlist: idempotent, adding the same product and SKU again keeps the one item. */
export async function addToWishList(
  db: DbOrUow,
  userId: string,
  body: AddToWishListBody,
  locale: Locale,
): Promise<{ id: number }> {
  return inTransaction(db, async (uow) => {
    const skuIds = body.skuId !== undefined ? [body.skuId] : await skuIdsOfProduct(uow, body.prodId);
    const facts = await getCartSkus(uow, skuIds.slice(0, 1), locale);
    const f = facts.get(skuIds[0] ?? -1);
    if (!f || f.prodId !== body.prodId || !f.onSale) throw productNotFound();
    const skuId = body.skuId ?? null;
    await uow.tx.insert(wishListItems).values({ userId, productId: body.prodId, skuId }).onConflictDoNothing();
    const [row] = await uow.tx
      .select({ id: wishListItems.id })
      .from(wishListItems)
      .where(
        and(
          eq(wishListItems.userId, userId),
          eq(wishListItems.productId, body.prodId),
          skuId === null ? sql`${wishListItems.skuId} is null` : eq(wishListItems.skuId, skuId),
        ),
      );
    return { id: row!.id };
  });
}

export async function removeFromWishList(db: DbOrUow, userId: string, id: number): Promise<void> {
  const gone = await handleOf(db)
    .delete(wishListItems)
    .where(and(eq(wishListItems.id, id), eq(wishListItems.userId, userId)))
    .returning({ id: wishListItems.id });
  if (gone.length === 0) throw AppError.notFound('cart.item-not-found');
}

/**
 * POST /api/p/wishlist/:id/cart: adds one of the item's SKU to the cart (the cart's rules:
 * on sale, within stock) and removes the item. An item without a SKU moves only when its product
 * has exactly one SKU; otherwise the user is asked to choose a variant.
 */
export async function moveWishToCart(
  db: DbOrUow,
  userId: string,
  id: number,
  locale: Locale,
): Promise<AddToCartResult> {
  return inTransaction(db, async (uow) => {
    const [item] = await uow.tx
      .select()
      .from(wishListItems)
      .where(and(eq(wishListItems.id, id), eq(wishListItems.userId, userId)))
      .for('update');
    if (!item) throw AppError.notFound('cart.item-not-found');
    let skuId = item.skuId;
    if (skuId === null) {
      const ids = await skuIdsOfProduct(uow, item.productId);
      if (ids.length !== 1) throw AppError.invalid([{ field: 'skuId', messageKey: 'cart.choose-variant' }]);
      skuId = ids[0]!;
    }
    const result = await changeCartLine(uow, userId, { prodId: item.productId, skuId, count: 1 }, locale);
    await uow.tx.delete(wishListItems).where(eq(wishListItems.id, item.id));
    return result;
  });
}

/** Lines in display order, for callers that need them all (checkout builds on this later). */
export async function selectedLines(db: DbOrUow, userId: string) {
  return handleOf(db)
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.selected, true)))
    .orderBy(asc(cartLines.createdAt));
}

/**
 * Removes the caller's lines of these SKUs (cart checkout: the ordered SKUs leave the cart in the
 * order's unit of work). Lines of other SKUs, and other users' lines, stay.
 */
export async function removeOrderedLines(db: DbOrUow, userId: string, skuIds: readonly number[]): Promise<void> {
  if (skuIds.length === 0) return;
  await handleOf(db)
    .delete(cartLines)
    .where(and(eq(cartLines.userId, userId), inArray(cartLines.skuId, [...new Set(skuIds)])));
}
