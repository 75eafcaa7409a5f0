import { CurrencyCodeParams, CurrencyListSchema, CurrencySchema, UpdateCurrencyBody, envelopeOf } from '@dsm/contract';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import type { App } from '../../platform/types';
import { listCurrencies, updateCurrency } from './currency.service';

export async function currencyRoutes(app: App, { db }: { db: Db }) {
  const list = { schema: { tags: ['currency'], response: { 200: envelopeOf(CurrencyListSchema) } } };
  // Both paths of SPEC §7 answer the same list: `rates` for the selector, `exchange` at start-up.
  app.get('/currency/rates', list, async () => ok(await listCurrencies(db)));
  app.get('/currency/exchange', list, async () => ok(await listCurrencies(db)));

  app.put(
    '/admin/currency/:code',
    {
      schema: {
        tags: ['admin'],
        params: CurrencyCodeParams,
        body: UpdateCurrencyBody,
        response: { 200: envelopeOf(CurrencySchema) },
      },
    },
    async (req) => ok(await updateCurrency(db, req.params.code, req.body)),
  );
}
