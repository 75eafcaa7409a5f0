import {
  CalculateShippingBody,
  ProdShippingPriceBody,
  ShippingAttributeOptionSchema,
  ShippingQuoteSchema,
  ShipsToQuery,
  ShipsToSchema,
  WarehouseOptionSchema,
  envelopeOf,
} from '@dsm/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import type { App } from '../../platform/types';
import { logisticsAdminRoutes } from './logistics.admin.routes';
import {
  type CatalogueReads,
  calculateShipping,
  listAttributes,
  listWarehouses,
  isKnownCountry,
  quoteProductShipping,
  warehousesShippingTo,
} from './logistics.service';
import { AppError } from '../../platform/app-error';

const NO_OPTION =
  'When no method can carry it: A00001 (HTTP 422) "Shipping information not found", with the same ' +
  '{options: [], excluded} in data so the reasons can still be shown.';

/** `catalogue`: the catalogue's reads (a product's shipping facts, the products in a warehouse), passed in by app.ts. */
export interface LogisticsDeps {
  db: Db;
  catalogue: CatalogueReads;
}

export async function logisticsRoutes(app: App, deps: LogisticsDeps) {
  const { db, catalogue } = deps;

  app.get(
    '/logistics/warehouse',
    { schema: { tags: ['logistics'], response: { 200: envelopeOf(z.array(WarehouseOptionSchema)) } } },
    async (req) => ok(await listWarehouses(db, req.locale)),
  );

  app.get(
    '/logistics/ships-to',
    {
      schema: {
        tags: ['logistics'],
        description:
          'The warehouses with an active method that has a zone for the country (weight and attribute limits are ' +
          "per SKU: the product page's quote tells). The goods list marks products from the others.",
        querystring: ShipsToQuery,
        response: { 200: envelopeOf(ShipsToSchema) },
      },
    },
    async (req) => {
      const { country } = req.query;
      if (!isKnownCountry(country)) {
        throw AppError.invalid([
          { field: 'country', messageKey: 'logistics.unknown-country', params: { code: country } },
        ]);
      }
      return ok({ country, warehouses: await warehousesShippingTo(db, country) });
    },
  );

  app.get(
    '/logistics/attributes',
    { schema: { tags: ['logistics'], response: { 200: envelopeOf(z.array(ShippingAttributeOptionSchema)) } } },
    async (req) => ok(listAttributes(req.locale)),
  );

  app.post(
    '/logistics/calculate',
    {
      schema: {
        tags: ['logistics'],
        description: `Shipping fee calculator: every method of the warehouse that can carry the parcel, cheapest first, and the excluded ones with why. ${NO_OPTION}`,
        body: CalculateShippingBody,
        response: { 200: envelopeOf(ShippingQuoteSchema) },
      },
    },
    async (req) => ok(await calculateShipping(db, req.body, req.locale)),
  );

  app.post(
    '/logistics/prod/price',
    {
      schema: {
        tags: ['logistics'],
        description:
          "Shipping options for count units of a catalogue SKU, from its product's warehouse. When no method " +
          'ships there: 200 with empty options and every excluded method with its reason (a product page asks ' +
          'while the visitor browses; "nothing ships there" is an answer, not an error).',
        body: ProdShippingPriceBody,
        response: { 200: envelopeOf(ShippingQuoteSchema) },
      },
    },
    async (req) => ok(await quoteProductShipping(db, req.body, req.locale, catalogue.skuShippingFacts)),
  );

  await logisticsAdminRoutes(app, deps);
}
