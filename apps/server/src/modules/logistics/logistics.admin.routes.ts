import {
  AdminShippingMethodSchema,
  AdminWarehouseSchema,
  CreateShippingMethodBody,
  CreateWarehouseBody,
  MethodIdParams,
  ShippingZoneBody,
  UpdateShippingMethodBody,
  UpdateWarehouseBody,
  WarehouseCodeParams,
  ZoneIdParams,
  envelopeOf,
} from '@dsm/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import {
  addZone,
  createMethod,
  createWarehouse,
  deleteWarehouse,
  deleteZone,
  getAdminMethod,
  listAdminMethods,
  listAdminWarehouses,
  updateMethod,
  updateWarehouse,
  updateZone,
} from './logistics.admin.service';
import type { CatalogueReads } from './logistics.service';

/** Operator API: /api/admin/logistics/… (the auth plugin lets only operators in). */
export async function logisticsAdminRoutes(app: App, { db, catalogue }: { db: Db; catalogue: CatalogueReads }) {
  const tags = ['admin', 'logistics'];
  const method = { 200: envelopeOf(AdminShippingMethodSchema) };
  const warehouse = { 200: envelopeOf(AdminWarehouseSchema) };

  app.get(
    '/admin/logistics/warehouses',
    // Read by the product form, which an agent fills in to answer a sourcing request (decision 0134).
    { config: { agents: true }, schema: { tags, response: { 200: envelopeOf(z.array(AdminWarehouseSchema)) } } },
    async () => ok(await listAdminWarehouses(db)),
  );
  app.post(
    '/admin/logistics/warehouses',
    { schema: { tags, body: CreateWarehouseBody, response: warehouse } },
    async (req, reply) => idempotent(db, req, reply, async (uow) => ok(await createWarehouse(uow, req.body))),
  );
  app.put(
    '/admin/logistics/warehouses/:code',
    { schema: { tags, params: WarehouseCodeParams, body: UpdateWarehouseBody, response: warehouse } },
    async (req) => ok(await updateWarehouse(db, req.params.code, req.body)),
  );
  app.delete(
    '/admin/logistics/warehouses/:code',
    { schema: { tags, params: WarehouseCodeParams, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await deleteWarehouse(db, req.params.code, catalogue.productsInWarehouse);
      return ok(null);
    },
  );

  app.get(
    '/admin/logistics/methods',
    { schema: { tags, response: { 200: envelopeOf(z.array(AdminShippingMethodSchema)) } } },
    async () => ok(await listAdminMethods(db)),
  );
  app.get(
    '/admin/logistics/methods/:methodId',
    { schema: { tags, params: MethodIdParams, response: method } },
    async (req) => ok(await getAdminMethod(db, req.params.methodId)),
  );
  app.post(
    '/admin/logistics/methods',
    { schema: { tags, body: CreateShippingMethodBody, response: method } },
    async (req, reply) => idempotent(db, req, reply, async (uow) => ok(await createMethod(uow, req.body))),
  );
  app.put(
    '/admin/logistics/methods/:methodId',
    { schema: { tags, params: MethodIdParams, body: UpdateShippingMethodBody, response: method } },
    async (req) => ok(await updateMethod(db, req.params.methodId, req.body)),
  );

  app.post(
    '/admin/logistics/methods/:methodId/zones',
    { schema: { tags, params: MethodIdParams, body: ShippingZoneBody, response: method } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => ok(await addZone(uow, req.params.methodId, req.body))),
  );
  app.put(
    '/admin/logistics/zones/:zoneId',
    { schema: { tags, params: ZoneIdParams, body: ShippingZoneBody, response: method } },
    async (req) => ok(await updateZone(db, req.params.zoneId, req.body)),
  );
  app.delete(
    '/admin/logistics/zones/:zoneId',
    { schema: { tags, params: ZoneIdParams, response: method } },
    async (req) => ok(await deleteZone(db, req.params.zoneId)),
  );
}
