import {
  AdminWalletSchema,
  ReconciliationReportSchema,
  WalletAdjustmentBody,
  WalletBonusBody,
  WalletLinesQuery,
  WalletPostedSchema,
  WalletUserParams,
  envelopeOf,
  toMinor,
} from '@dsm/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import { findUserSummary } from '../accounts/accounts.service';
import { getWalletRecord, listWalletLines } from './wallet.queries';
import { reconcileLedger, reconciliationReport } from './wallet.reconcile';
import { adjust, grantBonus } from './wallet.service';

/** The operator's ledger tools (decision 0077); the auth plugin lets only operators into /api/admin. */
export async function walletAdminRoutes(app: App, { db }: { db: Db }) {
  const tags = ['admin'];
  const userOf = async (userId: string) => {
    const user = await findUserSummary(db, userId);
    if (!user) throw AppError.notFound('wallet.user-not-found');
    return user;
  };

  app.get(
    '/admin/wallets/:userId',
    {
      schema: {
        tags,
        params: WalletUserParams,
        querystring: WalletLinesQuery,
        response: { 200: envelopeOf(AdminWalletSchema) },
      },
    },
    async (req) => {
      const user = await userOf(req.params.userId);
      return ok({
        user,
        wallet: await getWalletRecord(db, user.userId),
        lines: await listWalletLines(db, user.userId, req.query),
      });
    },
  );
  app.post(
    '/admin/wallets/:userId/adjustments',
    {
      schema: {
        tags,
        params: WalletUserParams,
        body: WalletAdjustmentBody,
        response: { 200: envelopeOf(WalletPostedSchema) },
      },
    },
    async (req, reply) => {
      const user = await userOf(req.params.userId);
      return idempotent(db, req, reply, async (uow) => {
        const posted = await adjust(uow, user.userId, toMinor(req.body.amount), req.body.reason);
        return ok({ entryId: posted.entryId, wallet: await getWalletRecord(uow.tx, user.userId) });
      });
    },
  );
  app.post(
    '/admin/wallets/:userId/bonus',
    {
      schema: {
        tags,
        params: WalletUserParams,
        body: WalletBonusBody,
        response: { 200: envelopeOf(WalletPostedSchema) },
      },
    },
    async (req, reply) => {
      const user = await userOf(req.params.userId);
      return idempotent(db, req, reply, async (uow) => {
        const posted = await grantBonus(uow, user.userId, toMinor(req.body.amount), req.body.reason);
        return ok({ entryId: posted.entryId, wallet: await getWalletRecord(uow.tx, user.userId) });
      });
    },
  );
  app.get(
    '/admin/wallet/reconciliation',
    { schema: { tags, response: { 200: envelopeOf(ReconciliationReportSchema) } } },
    async () => ok(await reconciliationReport(db)),
  );
  // Runs the same check as the hourly job, now, and answers its report (findings are stored too).
  app.post(
    '/admin/wallet/reconciliation',
    { schema: { tags, response: { 200: envelopeOf(ReconciliationReportSchema) } } },
    async () => {
      await reconcileLedger(db);
      return ok(await reconciliationReport(db));
    },
  );
}
