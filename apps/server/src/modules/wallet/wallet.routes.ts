import {
  WalletBalanceSeriesQuery,
  WalletBalanceSeriesSchema,
  WalletLinesQuery,
  WalletLineSchema,
  WalletRecordSchema,
  WalletStatementQuery,
  envelopeOf,
  pageOf,
} from '@dsm/contract';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import type { App } from '../../platform/types';
import { getWalletRecord, listWalletLines, statementLines, walletBalanceSeries } from './wallet.queries';
import { statementCsv } from './wallet.statement';

/** The caller's own wallet (SPEC §3 wallet record, §4 wallet lines); never another user's rows. */
export async function walletRoutes(app: App, { db }: { db: Db }) {
  const tags = ['wallet'];
  app.get('/p/wallet', { schema: { tags, response: { 200: envelopeOf(WalletRecordSchema) } } }, async (req) =>
    ok(await getWalletRecord(db, req.session.userId)),
  );
  app.get(
    '/p/wallet/lines',
    { schema: { tags, querystring: WalletLinesQuery, response: { 200: envelopeOf(pageOf(WalletLineSchema)) } } },
    async (req) => ok(await listWalletLines(db, req.session.userId, req.query)),
  );
  app.get(
    '/p/wallet/balance-series',
    {
      schema: { tags, querystring: WalletBalanceSeriesQuery, response: { 200: envelopeOf(WalletBalanceSeriesSchema) } },
    },
    async (req) => ok(await walletBalanceSeries(db, req.session.userId, req.query)),
  );
  // A file, not the envelope: the web app links to it (the session cookie authenticates it).
  app.get('/p/wallet/statement.csv', { schema: { tags, querystring: WalletStatementQuery } }, async (req, reply) => {
    const lines = await statementLines(db, req.session.userId, req.query);
    const name = `wallet-statement${req.query.from ? `-${req.query.from}` : ''}${req.query.to ? `-${req.query.to}` : ''}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(statementCsv(lines, req.query.lang ?? req.locale));
  });
}
