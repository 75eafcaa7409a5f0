import {
  ConfirmBasketBody,
  ConfirmProdBody,
  ConfirmResultSchema,
  PutTaxRateBody,
  SubmitOrderBody,
  SubmitResultSchema,
  TaxCountryParams,
  TaxRateSchema,
  envelopeOf,
} from '@dsm/contract';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { Mailer } from '../../platform/mail/mailer';
import type { App } from '../../platform/types';
import { checkoutSettings, confirmOrder } from './checkout.confirm.service';
import { submitOrder } from './checkout.submit';
import { deleteTaxRate, listTaxRates, putTaxRate } from './tax-rates.service';

/** Buy-now and basket confirm, submit (/api/p, the caller's own rows only) and the operator's tax rates. */
export async function checkoutRoutes(app: App, { db, config, mailer }: { db: Db; config: Config; mailer?: Mailer }) {
  const tags = ['checkout'];
  const settings = checkoutSettings(config);
  const confirmed = { 200: envelopeOf(ConfirmResultSchema) };

  app.post('/p/order/prod/confirm', { schema: { tags, body: ConfirmProdBody, response: confirmed } }, async (req) => {
    const { prodId, skuId, count, ...options } = req.body;
    return ok(
      await confirmOrder(
        db,
        req.session.userId,
        { lines: [{ prodId, skuId, count }], ...options },
        req.locale,
        settings,
      ),
    );
  });
  app.post('/p/order/basket/confirm', { schema: { tags, body: ConfirmBasketBody, response: confirmed } }, async (req) =>
    ok(await confirmOrder(db, req.session.userId, req.body, req.locale, settings)),
  );

  // A double click or a retried request with the same Idempotency-Key makes one order (decision 0062).
  app.post(
    '/p/order/submit',
    { schema: { tags, body: SubmitOrderBody, response: { 200: envelopeOf(SubmitResultSchema) } } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(await submitOrder(uow, req.session.userId, req.body, req.locale, { ...settings, mailer })),
      ),
  );

  const adminTags = ['admin', 'checkout'];
  const one = { 200: envelopeOf(TaxRateSchema) };
  app.get(
    '/admin/tax-rates',
    { schema: { tags: adminTags, response: { 200: envelopeOf(z.array(TaxRateSchema)) } } },
    async () => ok(await listTaxRates(db)),
  );
  // PUT sets a value: repeating it changes nothing more, so it needs no idempotency key.
  app.put(
    '/admin/tax-rates/:country',
    { schema: { tags: adminTags, params: TaxCountryParams, body: PutTaxRateBody, response: one } },
    async (req) => ok(await putTaxRate(db, req.session.userId, req.params.country, req.body.rate)),
  );
  app.delete(
    '/admin/tax-rates/:country',
    { schema: { tags: adminTags, params: TaxCountryParams, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await deleteTaxRate(db, req.params.country);
      return ok(null);
    },
  );
}
