import {
  CategoryTreeSchema,
  ListCategoriesQuery,
  ListProductsByTagQuery,
  ProductDetailSchema,
  ProductInfoQuery,
  ProductListSchema,
  ProductPageSchema,
  SearchProductsQuery,
  TagListSchema,
  envelopeOf,
} from '@dsm/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { UPLOAD_HEADERS } from '../../platform/files';
import type { App } from '../../platform/types';
import { listSpecials } from './catalogue.specials.service';
import { cachedJson } from './catalogue.cache';
import { getCategoryTree } from './catalogue.categories.service';
import { readDemoImage } from './catalogue.images';
import { getProductDetail } from './catalogue.products.service';
import { listProductsByTag, searchProducts } from './catalogue.search.service';
import { listTags } from './catalogue.tags.service';

/** Public catalogue calls (SPEC §7), localized by Accept-Language. */
const Envelopes = {
  tree: envelopeOf(CategoryTreeSchema),
  tags: envelopeOf(TagListSchema),
  page: envelopeOf(ProductPageSchema),
  detail: envelopeOf(ProductDetailSchema),
  list: envelopeOf(ProductListSchema),
};

/** Tree, tags, specials and product detail: fresh for 30 s (then refreshed in the background). */
const RARELY_CHANGING_MS = 30_000;

/**
 * Serialized JSON is sent as it is (no second serialization). No browser caching: after an
 * operator edit the next fetch must see it (the operator console refetches right away).
 */
function sendJson(reply: FastifyReply, json: Buffer) {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * Public catalogue calls (SPEC §7), localized by Accept-Language. Reads are answered from the
 * in-process response cache (catalogue.cache.ts): a few seconds old at most, cleared at once by
 * operator writes on this node.
 */
export async function catalogueRoutes(app: App, { db }: { db: Db }) {
  const tags = ['catalogue'];

  app.get(
    '/category/categories',
    { schema: { tags, querystring: ListCategoriesQuery, response: { 200: Envelopes.tree } } },
    async (req, reply) =>
      sendJson(
        reply,
        await cachedJson(
          db,
          `tree:${req.locale}:${req.query.parentId ?? ''}`,
          Envelopes.tree,
          () => getCategoryTree(db, req.locale, req.query.parentId),
          RARELY_CHANGING_MS,
        ),
      ),
  );

  app.get('/prod/tag/prodTagList', { schema: { tags, response: { 200: Envelopes.tags } } }, async (req, reply) =>
    sendJson(
      reply,
      await cachedJson(db, `tags:${req.locale}`, Envelopes.tags, () => listTags(db, req.locale), RARELY_CHANGING_MS),
    ),
  );

  app.get(
    '/prod/prodListByTagId',
    { schema: { tags, querystring: ListProductsByTagQuery, response: { 200: Envelopes.page } } },
    async (req, reply) =>
      sendJson(
        reply,
        await cachedJson(db, `tag:${req.locale}:${JSON.stringify(req.query)}`, Envelopes.page, () =>
          listProductsByTag(db, req.query, req.locale),
        ),
      ),
  );

  app.get(
    '/prod/prodInfo',
    { schema: { tags, querystring: ProductInfoQuery, response: { 200: Envelopes.detail } } },
    async (req, reply) =>
      sendJson(
        reply,
        await cachedJson(
          db,
          `detail:${req.locale}:${req.query.prodId}`,
          Envelopes.detail,
          () => getProductDetail(db, req.query.prodId, req.locale),
          RARELY_CHANGING_MS,
        ),
      ),
  );

  app.get('/prod/specials', { schema: { tags, response: { 200: Envelopes.list } } }, async (req, reply) =>
    sendJson(
      reply,
      await cachedJson(
        db,
        `specials:${req.locale}`,
        Envelopes.list,
        () => listSpecials(db, req.locale),
        RARELY_CHANGING_MS,
      ),
    ),
  );

  app.get(
    '/prod/search',
    { schema: { tags, querystring: SearchProductsQuery, response: { 200: Envelopes.page } } },
    async (req, reply) =>
      sendJson(
        reply,
        await cachedJson(db, `search:${req.locale}:${JSON.stringify(req.query)}`, Envelopes.page, () =>
          searchProducts(db, req.query, req.locale),
        ),
      ),
  );

  // Generated demo pictures (docs/decisions/0022); stored uploads are served by
  // platform/files/files.routes.ts.
  app.get(
    '/files/demo/:icon/:file',
    { schema: { tags, hide: true, params: z.object({ icon: z.string().max(16), file: z.string().max(32) }) } },
    async (req, reply) => {
      const svg = readDemoImage(req.params.icon, req.params.file);
      if (!svg) throw AppError.notFound('catalogue.image-not-found');
      return reply.headers(UPLOAD_HEADERS).type('image/svg+xml').send(svg);
    },
  );
}
