import {
  ExcelImportBody,
  ExcelImportIdParams,
  ExcelImportPageSchema,
  ExcelImportPreviewSchema,
  ExcelImportSchema,
  ExcelTemplateQuery,
  PageQuerySchema,
  resolveLocale,
  envelopeOf,
} from '@dsm/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import type { FileStore } from '../../platform/files';
import { idempotent } from '../../platform/idempotency/idempotency';
import { type MultipartBody, acceptMultipart, isUploadedFile } from '../../platform/multipart';
import type { App } from '../../platform/types';
import { templateFile } from './excel-imports.files';
import { MAX_BYTES, getImport, importFile, importPreviewed, listImports, previewImport } from './excel-imports.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A spreadsheet for its owner only: never cached by a shared cache, never sniffed, downloaded. */
function sendFile(reply: FastifyReply, fileName: string, contentType: string, bytes: Buffer) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  reply.headers({
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  });
  return reply.type(contentType).send(bytes);
}

/** The Excel order import (issue 23, /api/p: own rows only, another user's import → 404). */
export async function excelImportsRoutes(app: App, { db, files }: { db: Db; files: FileStore }) {
  const tags = ['excel-imports'];
  const preview = { 200: envelopeOf(ExcelImportPreviewSchema) };

  app.get('/p/excel-imports/template', { schema: { tags, querystring: ExcelTemplateQuery } }, async (req, reply) => {
    const locale = req.query.lang ? resolveLocale(req.query.lang) : req.locale;
    return sendFile(reply, `orders-template-${locale}.xlsx`, XLSX_TYPE, await templateFile(locale));
  });
  app.get(
    '/p/excel-imports',
    { schema: { tags, querystring: PageQuerySchema, response: { 200: envelopeOf(ExcelImportPageSchema) } } },
    async (req) => ok(await listImports(db, req.session.userId, req.query, req.locale)),
  );
  app.get('/p/excel-imports/:id', { schema: { tags, params: ExcelImportIdParams, response: preview } }, async (req) =>
    ok(await getImport(db, req.session.userId, req.params.id, req.locale)),
  );
  app.post(
    '/p/excel-imports/:id/import',
    {
      schema: {
        tags,
        params: ExcelImportIdParams,
        body: ExcelImportBody,
        response: { 200: envelopeOf(ExcelImportSchema) },
      },
    },
    async (req, reply) =>
      idempotent(db, req, reply, async (uow) =>
        ok(await importPreviewed(uow, req.session.userId, req.params.id, req.body, req.locale)),
      ),
  );
  for (const which of ['original', 'errors'] as const) {
    app.get(`/p/excel-imports/:id/${which}`, { schema: { tags, params: ExcelImportIdParams } }, async (req, reply) => {
      const { id } = req.params as { id: string };
      const file = await importFile(db, files, req.session.userId, id, which);
      return sendFile(reply, file.fileName, file.contentType, file.bytes);
    });
  }

  // The upload: a multipart body (field `file`) in a scope of its own, with room for twice the
  // limit, so a file somewhat too large gets the field's message rather than the generic 413.
  await app.register(async (child) => {
    const scope = child as unknown as App;
    acceptMultipart(scope);
    scope.post(
      '/p/excel-imports',
      { bodyLimit: MAX_BYTES * 2, schema: { tags, response: preview, consumes: ['multipart/form-data'] } },
      async (req) => {
        const body = (req.body ?? {}) as MultipartBody;
        const file = isUploadedFile(body.file) ? { fileName: body.file.fileName, bytes: body.file.bytes } : undefined;
        return ok(await previewImport(db, files, req.session.userId, file, req.locale));
      },
    );
  });
}
