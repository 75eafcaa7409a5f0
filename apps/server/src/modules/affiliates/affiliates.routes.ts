import {
  AffiliateClickBody,
  AffiliateClickSchema,
  AffiliateDashboardSchema,
  AffiliateExportQuery,
  AffiliateMeSchema,
  AffiliateTermsSchema,
  envelopeOf,
} from '@dsm/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { ok } from '../../platform/envelope';
import { idempotent } from '../../platform/idempotency/idempotency';
import type { App } from '../../platform/types';
import { exportCsv, exportXlsx } from './affiliates.export';
import { affiliateMe, commissionLines, dashboard } from './affiliates.read';
import { affiliateOfUser, countClick, join } from './affiliates.service';
import { getTerms } from './affiliates.terms';

/** The user's programme (their own rows only) and the public terms and click counter (decision 0128). */
export async function affiliatesRoutes(app: App, { db }: { db: Db }) {
  const tags = ['affiliates'];
  app.get('/affiliate/terms', { schema: { tags, response: { 200: envelopeOf(AffiliateTermsSchema) } } }, async () =>
    ok(await getTerms(db)),
  );
  // The web app calls it when a page opens with `?ref=`; the visitor id is the browser's own random one.
  app.post(
    '/affiliate/clicks',
    { schema: { tags, body: AffiliateClickBody, response: { 200: envelopeOf(AffiliateClickSchema) } } },
    async (req) => ok({ counted: await countClick(db, req.body.code, req.body.visitor) }),
  );
  app.get('/p/affiliate', { schema: { tags, response: { 200: envelopeOf(AffiliateMeSchema) } } }, async (req) =>
    ok(await affiliateMe(db, req.session.userId)),
  );
  app.post(
    '/p/affiliate/join',
    { schema: { tags, response: { 200: envelopeOf(AffiliateMeSchema) } } },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) => {
        await join(uow, req.session.userId);
        return ok(await affiliateMe(uow.tx, req.session.userId));
      }),
  );
  app.get(
    '/p/affiliate/dashboard',
    { schema: { tags, response: { 200: envelopeOf(AffiliateDashboardSchema) } } },
    async (req) => {
      const found = await dashboard(db, req.session.userId);
      if (!found) throw AppError.notFound('affiliates.not-found');
      return ok(found);
    },
  );
  // A file, not the envelope: the web app links to it (the session cookie authenticates it).
  app.get('/p/affiliate/export', { schema: { tags, querystring: AffiliateExportQuery } }, async (req, reply) => {
    const aff = await affiliateOfUser(db, req.session.userId);
    if (!aff) throw AppError.notFound('affiliates.not-found');
    const lines = await commissionLines(db, aff.id);
    const csv = req.query.format === 'csv';
    return reply
      .header(
        'content-type',
        csv ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      .header('content-disposition', `attachment; filename="affiliate-${aff.code}.${csv ? 'csv' : 'xlsx'}"`)
      .header('cache-control', 'no-store')
      .send(csv ? exportCsv(lines, req.locale) : await exportXlsx(lines, req.locale));
  });
}
