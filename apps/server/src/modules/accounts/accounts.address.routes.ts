import { AddressIdParams, AddressSchema, ListAddressesQuery, SaveAddressBody, envelopeOf } from '@dsm/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import {
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from './accounts.address.service';
import { withKnownCountry } from './accounts.countries';

/** The caller's billing and consignee addresses; another user's id answers not-found. */
export async function addressRoutes(app: App, { db }: { db: Db }) {
  const tags = ['addresses'];
  const one = { 200: envelopeOf(AddressSchema) };
  const body = withKnownCountry(SaveAddressBody);

  app.get(
    '/p/address',
    { schema: { tags, querystring: ListAddressesQuery, response: { 200: envelopeOf(z.array(AddressSchema)) } } },
    async (req) => ok(await listAddresses(db, req.session.userId, req.query.kind)),
  );
  // Creates a record: a retried request with the same Idempotency-Key answers the first's result.
  app.post('/p/address', { schema: { tags, body, response: one } }, async (req, reply) =>
    idempotent(db, req, reply, async (uow) => ok(await createAddress(uow, req.session.userId, req.body))),
  );
  app.get('/p/address/:id', { schema: { tags, params: AddressIdParams, response: one } }, async (req) =>
    ok(await getAddress(db, req.session.userId, req.params.id)),
  );
  app.put('/p/address/:id', { schema: { tags, params: AddressIdParams, body, response: one } }, async (req) =>
    ok(await updateAddress(db, req.session.userId, req.params.id, req.body)),
  );
  app.delete(
    '/p/address/:id',
    { schema: { tags, params: AddressIdParams, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await deleteAddress(db, req.session.userId, req.params.id);
      return ok(null);
    },
  );
  app.put('/p/address/:id/default', { schema: { tags, params: AddressIdParams, response: one } }, async (req) =>
    ok(await setDefaultAddress(db, req.session.userId, req.params.id)),
  );
}
