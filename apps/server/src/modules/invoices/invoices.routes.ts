import {
  InvoiceDownloadBody,
  InvoiceIdParams,
  InvoiceListQuery,
  InvoicePdfQuery,
  InvoiceSchema,
  InvoiceSummarySchema,
  type Locale,
  envelopeOf,
  pageOf,
  resolveLocale,
} from '@dsm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import type { FileStore } from '../../platform/files';
import type { App } from '../../platform/types';
import { getInvoice, listInvoices, ownInvoicePdf, ownInvoicesPdf } from './invoices.service';

/** A PDF for its owner only: never cached by a shared cache, never sniffed, downloaded. */
function sendPdf(reply: FastifyReply, filename: string, bytes: Buffer) {
  reply.headers({
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': `attachment; filename="${filename}"`,
  });
  return reply.type('application/pdf').send(bytes);
}

/**
 * The reader's language for a PDF (decision 0105): `?lang=`, else the request's Accept-Language
 * when it sends one, else none (the invoice's own language).
 */
function readerLocale(req: FastifyRequest, lang: string | undefined): Locale | undefined {
  if (lang) return resolveLocale(lang);
  return req.headers['accept-language'] ? req.locale : undefined;
}

/** The user's invoices (/api/p, own rows only; another user's invoice is "not found"). */
export async function invoicesRoutes(app: App, { db, files }: { db: Db; files: FileStore }) {
  const tags = ['invoices'];
  app.get(
    '/p/invoices',
    { schema: { tags, querystring: InvoiceListQuery, response: { 200: envelopeOf(pageOf(InvoiceSummarySchema)) } } },
    async (req) => ok(await listInvoices(db, req.session.userId, req.query)),
  );
  app.get(
    '/p/invoices/:id',
    { schema: { tags, params: InvoiceIdParams, response: { 200: envelopeOf(InvoiceSchema) } } },
    async (req) => ok(await getInvoice(db, req.session.userId, req.params.id)),
  );
  // The stored PDF; rendered now (outside any transaction) if the job has not done it yet.
  // In the reader's language, each language rendered once and kept.
  app.get(
    '/p/invoices/:id/pdf',
    { schema: { tags, params: InvoiceIdParams, querystring: InvoicePdfQuery } },
    async (req, reply) => {
      const locale = readerLocale(req, req.query.lang);
      const { number, bytes } = await ownInvoicePdf(db, files, req.session.userId, req.params.id, locale);
      return sendPdf(reply, `${number}.pdf`, bytes);
    },
  );
  // Several invoices as one PDF (decision 0082: one file to print, not a zip). A read: no idempotency key.
  app.post('/p/invoices/download', { schema: { tags, body: InvoiceDownloadBody } }, async (req, reply) =>
    sendPdf(
      reply,
      'invoices.pdf',
      await ownInvoicesPdf(db, req.session.userId, req.body.ids, readerLocale(req, undefined)),
    ),
  );
}
