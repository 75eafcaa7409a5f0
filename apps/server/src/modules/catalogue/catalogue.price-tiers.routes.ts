import {
  ProductIdParams,
  ProductInfoQuery,
  ProductPriceTiersSchema,
  PutPriceTiersBody,
  envelopeOf,
} from '@dsm/contract';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import type { App } from '../../platform/types';
import { fromWireTier, productPriceTiersOf, setPriceTiers } from './catalogue.price-tiers';
import { requireVisibleProduct } from './catalogue.products.service';

/** Bulk price tiers (decision 0090): shown on the product page, edited by the operator. */
export async function priceTiersRoutes(app: App, { db }: { db: Db }) {
  const response = { 200: envelopeOf(ProductPriceTiersSchema) };
  app.get(
    '/prod/priceTiers',
    { schema: { tags: ['catalogue'], querystring: ProductInfoQuery, response } },
    async (req) => {
      await requireVisibleProduct(db, req.query.prodId);
      return ok(await productPriceTiersOf(db, req.query.prodId));
    },
  );

  const tags = ['admin', 'catalogue'];
  const path = '/admin/catalogue/products/:prodId/price-tiers';
  app.get(path, { schema: { tags, params: ProductIdParams, response } }, async (req) =>
    ok(await productPriceTiersOf(db, req.params.prodId)),
  );
  // Replaces the whole list: the same PUT twice gives the same rows, so no idempotency key is needed.
  app.put(path, { schema: { tags, params: ProductIdParams, body: PutPriceTiersBody, response } }, async (req) =>
    ok(await setPriceTiers(db, req.params.prodId, req.body.tiers.map(fromWireTier))),
  );
}
