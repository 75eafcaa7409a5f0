import {
  AdminCategoryListSchema,
  AdminCategorySchema,
  AdminProductPageSchema,
  AdminProductSchema,
  AdminSpecialsSchema,
  AdminSpecListSchema,
  AdminSpecSchema,
  AdminTagListSchema,
  AdminTagSchema,
  CategoryIdParams,
  CreateCategoryBody,
  CreateTagBody,
  ListAdminProductsQuery,
  MoveCategoryBody,
  ProductIdParams,
  SaveSpecBody,
  SaveProductBody,
  SetProductStatusBody,
  SetSpecialsBody,
  TagIdParams,
  TagProductParams,
  UpdateCategoryBody,
  UpdateTagBody,
  UploadImageBody,
  UploadedImageSchema,
  envelopeOf,
} from '@dsm/contract';
import { z } from 'zod';
import { type FileStore, uploadBodyLimit } from '../../platform/files';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import {
  createProduct,
  requireStoredImages,
  getAdminProduct,
  listAdminProducts,
  setProductStatus,
  updateProduct,
} from './catalogue.admin-products.service';
import { listAdminSpecials, setSpecials } from './catalogue.specials.service';
import {
  createCategory,
  deleteCategory,
  listAdminCategories,
  moveCategory,
  updateCategory,
} from './catalogue.categories.service';
import { uploadImage } from './catalogue.images';
import { listAdminSpecs, saveSpec } from './catalogue.specs.service';
import { attachTag, createTag, detachTag, listAdminTags, updateTag } from './catalogue.tags.service';

/** The operator's catalogue management (the auth plugin allows only operators under /api/admin). */
export async function catalogueAdminRoutes(app: App, { db, files }: { db: Db; files: FileStore }) {
  const tags = ['admin'];
  const base = '/admin/catalogue';
  // What the product form needs (decision 0134): a personal agent answers a sourcing request with
  // a new product, which the sourcing module creates; the agent reads the catalogue's lists and
  // uploads pictures, and writes nothing else here.
  const forAgents = { agents: true };

  // Categories
  app.get(
    `${base}/categories`,
    { config: forAgents, schema: { tags, response: { 200: envelopeOf(AdminCategoryListSchema) } } },
    async () => ok(await listAdminCategories(db)),
  );
  app.post(
    `${base}/categories`,
    { schema: { tags, body: CreateCategoryBody, response: { 200: envelopeOf(AdminCategorySchema) } } },
    async (req, reply) => idempotent(db, req, reply, async (uow) => ok(await createCategory(uow, req.body))),
  );
  app.put(
    `${base}/categories/:categoryId`,
    {
      schema: {
        tags,
        params: CategoryIdParams,
        body: UpdateCategoryBody,
        response: { 200: envelopeOf(AdminCategorySchema) },
      },
    },
    async (req) => ok(await updateCategory(db, req.params.categoryId, req.body)),
  );
  app.put(
    `${base}/categories/:categoryId/move`,
    {
      schema: {
        tags,
        params: CategoryIdParams,
        body: MoveCategoryBody,
        response: { 200: envelopeOf(AdminCategorySchema) },
      },
    },
    async (req) => ok(await moveCategory(db, req.params.categoryId, req.body)),
  );
  app.delete(
    `${base}/categories/:categoryId`,
    { schema: { tags, params: CategoryIdParams, response: { 200: envelopeOf(z.null()) } } },
    async (req) => ok(await deleteCategory(db, req.params.categoryId).then(() => null)),
  );

  // Tags
  app.get(
    `${base}/tags`,
    { config: forAgents, schema: { tags, response: { 200: envelopeOf(AdminTagListSchema) } } },
    async () => ok(await listAdminTags(db)),
  );
  app.post(
    `${base}/tags`,
    { schema: { tags, body: CreateTagBody, response: { 200: envelopeOf(AdminTagSchema) } } },
    async (req, reply) => idempotent(db, req, reply, async (uow) => ok(await createTag(uow, req.body))),
  );
  app.put(
    `${base}/tags/:tagId`,
    { schema: { tags, params: TagIdParams, body: UpdateTagBody, response: { 200: envelopeOf(AdminTagSchema) } } },
    async (req) => ok(await updateTag(db, req.params.tagId, req.body)),
  );
  app.put(
    `${base}/tags/:tagId/products/:prodId`,
    { schema: { tags, params: TagProductParams, response: { 200: envelopeOf(AdminTagSchema) } } },
    async (req) => ok(await attachTag(db, req.params.tagId, req.params.prodId)),
  );
  app.delete(
    `${base}/tags/:tagId/products/:prodId`,
    { schema: { tags, params: TagProductParams, response: { 200: envelopeOf(AdminTagSchema) } } },
    async (req) => ok(await detachTag(db, req.params.tagId, req.params.prodId)),
  );

  // Specs (properties) used by SKUs
  app.get(
    `${base}/specs`,
    { config: forAgents, schema: { tags, response: { 200: envelopeOf(AdminSpecListSchema) } } },
    async () => ok(await listAdminSpecs(db)),
  );
  app.post(
    `${base}/specs`,
    { schema: { tags, body: SaveSpecBody, response: { 200: envelopeOf(AdminSpecSchema) } } },
    async (req) => ok(await saveSpec(db, req.body)),
  );

  // Products
  app.get(
    `${base}/products`,
    {
      config: forAgents,
      schema: { tags, querystring: ListAdminProductsQuery, response: { 200: envelopeOf(AdminProductPageSchema) } },
    },
    async (req) => ok(await listAdminProducts(db, req.query, req.locale)),
  );
  app.post(
    `${base}/products`,
    { schema: { tags, body: SaveProductBody, response: { 200: envelopeOf(AdminProductSchema) } } },
    async (req, reply) => {
      await requireStoredImages(files, req.body);
      return idempotent(db, req, reply, async (uow) => ok(await createProduct(uow, req.body)));
    },
  );
  app.get(
    `${base}/products/:prodId`,
    { schema: { tags, params: ProductIdParams, response: { 200: envelopeOf(AdminProductSchema) } } },
    async (req) => ok(await getAdminProduct(db, req.params.prodId)),
  );
  app.put(
    `${base}/products/:prodId`,
    {
      schema: {
        tags,
        params: ProductIdParams,
        body: SaveProductBody,
        response: { 200: envelopeOf(AdminProductSchema) },
      },
    },
    async (req) => ok(await updateProduct(db, req.params.prodId, req.body, files)),
  );
  app.put(
    `${base}/products/:prodId/status`,
    {
      schema: {
        tags,
        params: ProductIdParams,
        body: SetProductStatusBody,
        response: { 200: envelopeOf(AdminProductSchema) },
      },
    },
    async (req) => ok(await setProductStatus(db, req.params.prodId, req.body.status)),
  );

  // Featured products (GET /api/prod/specials shows the ones visitors can buy)
  app.get(`${base}/specials`, { schema: { tags, response: { 200: envelopeOf(AdminSpecialsSchema) } } }, async (req) =>
    ok(await listAdminSpecials(db, req.locale)),
  );
  app.put(
    `${base}/specials`,
    { schema: { tags, body: SetSpecialsBody, response: { 200: envelopeOf(AdminSpecialsSchema) } } },
    async (req) => ok(await setSpecials(db, req.body.prodIds, req.locale)),
  );

  // Images: base64 in JSON. The route accepts a body a little over the image limit so that an
  // oversized image gets the validation answer (A00002), not the generic body-too-large one.
  app.post(
    `${base}/images`,
    {
      config: forAgents,
      bodyLimit: uploadBodyLimit('catalogue'),
      schema: { tags, body: UploadImageBody, response: { 200: envelopeOf(UploadedImageSchema) } },
    },
    async (req) => ok(await uploadImage(files, req.body)),
  );
}
