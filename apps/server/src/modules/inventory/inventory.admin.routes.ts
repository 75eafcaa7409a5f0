import {
  AdjustInventoryBody,
  AdminInventoryListQuery,
  AdminInventoryOrderPageSchema,
  AdminInventoryPageSchema,
  InventoryOrderIdParams,
  InventoryOrderListQuery,
  InventoryOrderSchema,
  InventorySettingsSchema,
  PutInventorySettingsBody,
  ReceiveInventoryBody,
  envelopeOf,
  fromMinor,
  toMinor,
} from '@dsm/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import { adjustItem, purchaseInventoryOrder, receiveInventoryOrder } from './inventory.actions';
import { itemLog, listAdminInventoryOrders, listItems } from './inventory.read';
import { type InventorySettingsRow, inventorySettings, saveInventorySettings } from './inventory.settings';

/** The operator's inventory console (the auth plugin lets only operators into /api/admin). */
export async function inventoryAdminRoutes(app: App, { db }: { db: Db }) {
  const tags = ['admin', 'inventory'];
  const order = { 200: envelopeOf(InventoryOrderSchema) };
  const settings = { 200: envelopeOf(InventorySettingsSchema) };

  app.get(
    '/admin/inventory/orders',
    {
      schema: {
        tags,
        querystring: InventoryOrderListQuery,
        response: { 200: envelopeOf(AdminInventoryOrderPageSchema) },
      },
    },
    async (req) => ok(await listAdminInventoryOrders(db, req.query)),
  );
  app.post(
    '/admin/inventory/orders/:id/purchase',
    { schema: { tags, params: InventoryOrderIdParams, response: order } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(await purchaseInventoryOrder(uow, req.session.userId, req.params.id)),
      ),
  );
  app.post(
    '/admin/inventory/orders/:id/receive',
    { schema: { tags, params: InventoryOrderIdParams, body: ReceiveInventoryBody, response: order } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(await receiveInventoryOrder(uow, req.session.userId, req.params.id, req.body.lines)),
      ),
  );
  app.get(
    '/admin/inventory/stock',
    { schema: { tags, querystring: AdminInventoryListQuery, response: { 200: envelopeOf(AdminInventoryPageSchema) } } },
    async (req) => {
      const { current, size, ...filter } = req.query;
      return ok(await listItems(db, filter, { current, size }, req.locale));
    },
  );
  app.get(
    '/admin/inventory/stock/:id/logs',
    {
      schema: {
        tags,
        params: InventoryOrderIdParams,
        querystring: z.object({
          current: z.coerce.number().int().min(1).default(1),
          size: z.coerce.number().int().min(1).max(100).default(20),
        }),
      },
    },
    async (req) => ok(await itemLog(db, null, { ...req.query, id: req.params.id }, req.locale)),
  );
  app.post(
    '/admin/inventory/stock/:id/adjustments',
    { schema: { tags, params: InventoryOrderIdParams, body: AdjustInventoryBody } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(await adjustItem(uow, req.session.userId, req.params.id, req.body.delta, req.body.reason)),
      ),
  );
  app.get('/admin/inventory/settings', { schema: { tags, response: settings } }, async () =>
    ok(settingsDto(await inventorySettings(db))),
  );
  // PUT sets values: repeating it changes nothing more, so it needs no idempotency key.
  app.put(
    '/admin/inventory/settings',
    { schema: { tags, body: PutInventorySettingsBody, response: settings } },
    async (req) =>
      ok(
        settingsDto(
          await saveInventorySettings(db, {
            handlingFeePerUnitMinor: toMinor(req.body.handlingFeePerUnit),
            depositFromMinor: req.body.depositFrom === undefined ? undefined : toMinor(req.body.depositFrom),
            depositPercent: req.body.depositPercent,
          }),
        ),
      ),
  );
}

const settingsDto = (s: InventorySettingsRow) => ({
  handlingFeePerUnit: fromMinor(s.handlingFeePerUnitMinor),
  depositFrom: fromMinor(s.depositFromMinor),
  depositPercent: s.depositPercent,
});
