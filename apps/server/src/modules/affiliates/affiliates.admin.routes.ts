import {
  AdminAffiliateSchema,
  AffiliateAdjustBody,
  AffiliateIdParams,
  AffiliateSuspendBody,
  AffiliateTermsBody,
  AffiliateTermsSchema,
  envelopeOf,
  toMinor,
} from '@dsm/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import { releaseDue } from './affiliates.commissions';
import { adminAffiliates } from './affiliates.read';
import { adjustAffiliate, reinstate, suspend } from './affiliates.service';
import { getTerms, saveTerms } from './affiliates.terms';

/** The operator's console: terms, affiliates with their figures, suspend, reinstate, adjust. */
export async function affiliatesAdminRoutes(app: App, { db }: { db: Db }) {
  const tags = ['admin'];
  const list = { 200: envelopeOf(z.array(AdminAffiliateSchema)) };
  app.get(
    '/admin/affiliates/settings',
    { schema: { tags, response: { 200: envelopeOf(AffiliateTermsSchema) } } },
    async () => ok(await getTerms(db)),
  );
  app.put(
    '/admin/affiliates/settings',
    { schema: { tags, body: AffiliateTermsBody, response: { 200: envelopeOf(AffiliateTermsSchema) } } },
    async (req, reply) => idempotent(db, req, reply, async (uow) => ok(await saveTerms(uow.tx, req.body))),
  );
  app.get('/admin/affiliates', { schema: { tags, response: list } }, async () => ok(await adminAffiliates(db)));
  // Runs the release job now (as the reconciliation's run does): commissions whose hold has passed
  // are credited without waiting for the next 5-minute run.
  app.post('/admin/affiliates/release', { schema: { tags, response: list } }, async () => {
    await releaseDue(db);
    return ok(await adminAffiliates(db));
  });
  app.post(
    '/admin/affiliates/:id/suspend',
    { schema: { tags, params: AffiliateIdParams, body: AffiliateSuspendBody, response: list } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await suspend(uow, req.params.id, req.body.reason);
        return ok(await adminAffiliates(uow.tx));
      }),
  );
  app.post(
    '/admin/affiliates/:id/reinstate',
    { schema: { tags, params: AffiliateIdParams, response: list } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await reinstate(uow, req.params.id);
        return ok(await adminAffiliates(uow.tx));
      }),
  );
  app.post(
    '/admin/affiliates/:id/adjustments',
    { schema: { tags, params: AffiliateIdParams, body: AffiliateAdjustBody, response: list } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await adjustAffiliate(uow, req.params.id, toMinor(req.body.amount), req.body.reason, req.session.userId);
        return ok(await adminAffiliates(uow.tx));
      }),
  );
}
