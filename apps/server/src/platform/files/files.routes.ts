import { z } from 'zod';
import { AppError } from '../app-error';
import { UPLOAD_HEADERS, isFileArea, isFileName, isPrivateArea } from '../files';
import type { App } from '../types';
import type { FileStore } from './store';

/** Spreadsheets and PDFs are downloaded, never shown inside our origin (the CSP sandboxes it). */
const DOWNLOADED = new Set(['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);

/**
 * GET /api/files/<area>/<name>: every stored file of a public area, whichever backend holds it. The name is the
 * content hash, so the ETag is the name and a cached copy is always current (304).
 */
export async function filesRoutes(app: App, { files }: { files: FileStore }) {
  app.get(
    '/files/:area/:name',
    {
      schema: { tags: ['files'], hide: true, params: z.object({ area: z.string().max(32), name: z.string().max(64) }) },
    },
    async (req, reply) => {
      const { area, name } = req.params;
      // A private area (bank slips) answers as if the file did not exist: its owner module serves it.
      if (!isFileArea(area) || isPrivateArea(area) || !isFileName(name)) throw AppError.notFound('files.not-found');
      const etag = `"${name}"`;
      if (matches(req.headers['if-none-match'], etag) && (await files.has(area, name))) {
        return reply
          .code(304)
          .headers({ ...UPLOAD_HEADERS, etag })
          .send();
      }
      const file = await files.get(area, name);
      if (!file) throw AppError.notFound('files.not-found');
      reply.headers({ ...UPLOAD_HEADERS, etag });
      if (DOWNLOADED.has(file.contentType)) reply.header('content-disposition', `attachment; filename="${name}"`);
      return reply.type(file.contentType).send(file.bytes);
    },
  );
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
