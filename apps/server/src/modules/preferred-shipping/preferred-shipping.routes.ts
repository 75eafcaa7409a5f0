import {
  PreferredShippingMethodListSchema,
  PreferredShippingMethodsQuery,
  PreferredShippingRuleListSchema,
  PreferredShippingRuleParams,
  PreferredShippingRuleSchema,
  SavePreferredShippingBody,
  envelopeOf,
} from '@dsm/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import type { App } from '../../platform/types';
import { listRules, methodsFor } from './preferred-shipping.read';
import { createRule, removeRule, updateRule } from './preferred-shipping.write';

/**
 * The caller's shipping preferences (/api/p: own rules only, another user's → 404). A rule is
 * keyed by product-or-all and country-or-all, so the same POST twice is refused (409), not doubled.
 */
export async function preferredShippingRoutes(app: App, { db }: { db: Db }) {
  const tags = ['preferred-shipping'];
  const one = { 200: envelopeOf(PreferredShippingRuleSchema) };

  app.get(
    '/p/preferred-shipping',
    { schema: { tags, response: { 200: envelopeOf(PreferredShippingRuleListSchema) } } },
    async (req) => ok(await listRules(db, req.session.userId, req.locale)),
  );
  app.get(
    '/p/preferred-shipping/methods',
    {
      schema: {
        tags,
        querystring: PreferredShippingMethodsQuery,
        response: { 200: envelopeOf(PreferredShippingMethodListSchema) },
      },
    },
    async (req) => ok(await methodsFor(db, req.query.prodId ?? null, req.query.country ?? null, req.locale)),
  );
  app.post('/p/preferred-shipping', { schema: { tags, body: SavePreferredShippingBody, response: one } }, async (req) =>
    ok(await createRule(db, req.session.userId, req.body, req.locale)),
  );
  app.put(
    '/p/preferred-shipping/:id',
    { schema: { tags, params: PreferredShippingRuleParams, body: SavePreferredShippingBody, response: one } },
    async (req) => ok(await updateRule(db, req.session.userId, req.params.id, req.body, req.locale)),
  );
  app.delete(
    '/p/preferred-shipping/:id',
    { schema: { tags, params: PreferredShippingRuleParams, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await removeRule(db, req.session.userId, req.params.id);
      return ok(null);
    },
  );
}
