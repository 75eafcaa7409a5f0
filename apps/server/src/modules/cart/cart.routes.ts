import {
  AddToCartBody,
  AddToCartResultSchema,
  AddToWishListBody,
  CartBatchBody,
  CartBatchQuery,
  CartBatchResultSchema,
  CartCountSchema,
  CartSchema,
  WishListIdParams,
  WishListItemSchema,
  envelopeOf,
} from '@dsm/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import type { App } from '../../platform/types';
import {
  addToWishList,
  batchCart,
  cartCount,
  changeCartLine,
  getCart,
  listWishList,
  moveWishToCart,
  removeFromWishList,
} from './cart.service';

/** The caller's cart and wish list (/api/p: own rows only, decision 0080). */
export async function cartRoutes(app: App, { db }: { db: Db }) {
  const tags = ['cart'];
  const changed = { 200: envelopeOf(AddToCartResultSchema) };

  app.post('/p/shopCart', { schema: { tags, body: AddToCartBody, response: changed } }, async (req) =>
    ok(await changeCartLine(db, req.session.userId, req.body, req.locale)),
  );
  app.get('/p/shopCart', { schema: { tags, response: { 200: envelopeOf(CartSchema) } } }, async (req) =>
    ok(await getCart(db, req.session.userId, req.locale)),
  );
  app.get('/p/shopCart/count', { schema: { tags, response: { 200: envelopeOf(CartCountSchema) } } }, async (req) =>
    ok(await cartCount(db, req.session.userId)),
  );
  app.post(
    '/p/shopCart/batch',
    {
      schema: {
        tags,
        querystring: CartBatchQuery,
        body: CartBatchBody,
        response: { 200: envelopeOf(CartBatchResultSchema) },
      },
    },
    async (req) => ok(await batchCart(db, req.session.userId, req.query.type, req.body.basketIds)),
  );

  app.get(
    '/p/wishlist',
    { schema: { tags, response: { 200: envelopeOf(z.array(WishListItemSchema)) } } },
    async (req) => ok(await listWishList(db, req.session.userId, req.locale)),
  );
  app.post(
    '/p/wishlist',
    { schema: { tags, body: AddToWishListBody, response: { 200: envelopeOf(z.object({ id: z.number().int() })) } } },
    async (req) => ok(await addToWishList(db, req.session.userId, req.body, req.locale)),
  );
  app.delete('/p/wishlist/:id', { schema: { tags, params: WishListIdParams } }, async (req) => {
    await removeFromWishList(db, req.session.userId, req.params.id);
    return ok(null);
  });
  app.post('/p/wishlist/:id/cart', { schema: { tags, params: WishListIdParams, response: changed } }, async (req) =>
    ok(await moveWishToCart(db, req.session.userId, req.params.id, req.locale)),
  );
}
