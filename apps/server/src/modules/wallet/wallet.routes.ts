import { WalletLinesQuery, WalletLineSchema, WalletRecordSchema, envelopeOf, pageOf } from '@dsm/contract';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import type { App } from '../../platform/types';
import { getWalletRecord, listWalletLines } from './wallet.queries';

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
}
