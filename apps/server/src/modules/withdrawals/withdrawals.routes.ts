import {
  AdminWithdrawalListQuery,
  AdminWithdrawalSchema,
  ApproveWithdrawalBody,
  MAX_WITHDRAWAL_USD,
  MIN_WITHDRAWAL_USD,
  RejectWithdrawalBody,
  SANCTIONED_COUNTRIES,
  WithdrawalIdParams,
  WithdrawalLimitsSchema,
  WithdrawalListQuery,
  WithdrawalSchema,
  envelopeOf,
  fromMinor,
  pageOf,
  withdrawalRequestBody,
} from '@dsm/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { Mailer } from '../../platform/mail/mailer';
import type { App } from '../../platform/types';
import { withdrawableMinor } from '../wallet/wallet.service';
import {
  approveWithdrawal,
  cancelWithdrawal,
  createWithdrawal,
  getWithdrawal,
  listAdminWithdrawals,
  listWithdrawals,
  rejectWithdrawal,
} from './withdrawals.service';

/** The user's withdrawals (/api/p, own rows only) and the operator's queue (/api/admin). */
export async function withdrawalsRoutes(app: App, { db, config, mailer }: { db: Db; config: Config; mailer: Mailer }) {
  const tags = ['withdrawals'];
  const sanctioned = config.withdrawalSanctionedCountries ?? SANCTIONED_COUNTRIES;
  // The contract's rules, against the configured sanctions list (decision 0073).
  const RequestBody = withdrawalRequestBody(sanctioned);
  const one = { 200: envelopeOf(WithdrawalSchema) };
  const adminOne = { 200: envelopeOf(AdminWithdrawalSchema) };

  app.get(
    '/p/withdrawals/limits',
    { schema: { tags, response: { 200: envelopeOf(WithdrawalLimitsSchema) } } },
    async (req) =>
      ok({
        withdrawable: fromMinor(await withdrawableMinor(db, req.session.userId)),
        minimum: MIN_WITHDRAWAL_USD,
        maximum: MAX_WITHDRAWAL_USD,
        sanctionedCountries: [...sanctioned],
      }),
  );
  app.post('/p/withdrawals', { schema: { tags, body: RequestBody, response: one } }, async (req, reply) =>
    idempotent(db, req, reply, async (uow) => ok(await createWithdrawal(uow, req.session.userId, req.body))),
  );
  app.get(
    '/p/withdrawals',
    { schema: { tags, querystring: WithdrawalListQuery, response: { 200: envelopeOf(pageOf(WithdrawalSchema)) } } },
    async (req) => ok(await listWithdrawals(db, req.session.userId, req.query)),
  );
  app.get('/p/withdrawals/:id', { schema: { tags, params: WithdrawalIdParams, response: one } }, async (req) =>
    ok(await getWithdrawal(db, req.session.userId, req.params.id)),
  );
  app.post(
    '/p/withdrawals/:id/cancel',
    { schema: { tags, params: WithdrawalIdParams, response: one } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => ok(await cancelWithdrawal(uow, req.session.userId, req.params.id))),
  );

  const adminTags = ['admin', 'withdrawals'];
  app.get(
    '/admin/withdrawals',
    {
      schema: {
        tags: adminTags,
        querystring: AdminWithdrawalListQuery,
        response: { 200: envelopeOf(pageOf(AdminWithdrawalSchema)) },
      },
    },
    async (req) => ok(await listAdminWithdrawals(db, req.query)),
  );
  app.post(
    '/admin/withdrawals/:id/approve',
    { schema: { tags: adminTags, params: WithdrawalIdParams, body: ApproveWithdrawalBody, response: adminOne } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(await approveWithdrawal(uow, req.session.userId, req.params.id, req.body.payoutReference, { mailer })),
      ),
  );
  app.post(
    '/admin/withdrawals/:id/reject',
    { schema: { tags: adminTags, params: WithdrawalIdParams, body: RejectWithdrawalBody, response: adminOne } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(await rejectWithdrawal(uow, req.session.userId, req.params.id, req.body.reason, { mailer })),
      ),
  );
}
