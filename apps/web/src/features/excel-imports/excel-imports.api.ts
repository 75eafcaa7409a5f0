import { ExcelImportPageSchema, ExcelImportPreviewSchema, ExcelImportSchema } from '@dsm/contract';
import type { ExcelImport, ExcelImportPreview, Page } from '@dsm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildUrl } from '../../lib/api';
import { session } from '../../lib/session';

/** Query keys of the caller's Excel imports (server module `excel-imports`). */
export const excelImportKeys = {
  all: ['excel-imports'] as const,
  list: (current: number) => [...excelImportKeys.all, 'list', current] as const,
};

/** GET /api/p/excel-imports: the history, newest first. */
export function useImports(current: number) {
  return useQuery({
    queryKey: excelImportKeys.list(current),
    queryFn: ({ signal }) =>
      api.data<Page<ExcelImport>>('/p/excel-imports', {
        signal,
        query: { current, size: 10 },
        schema: ExcelImportPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRefreshImports() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: excelImportKeys.all });
}

/** The template in the interface language (a plain link: the session cookie goes with it). */
export const templateUrl = (lang: string) => buildUrl('/p/excel-imports/template', { lang });

/** The envelope as the upload reads it itself (XMLHttpRequest, not the API client). */
interface Envelope {
  success: boolean;
  msg?: string;
  data?: unknown;
}

export type UploadResult = { ok: true; preview: ExcelImportPreview } | { ok: false; msg: string | null };

/**
 * POST /api/p/excel-imports: the file as a form, through XMLHttpRequest because fetch reports no
 * upload progress; `onProgress` gets 0..1 while the bytes go, then the server reads the file.
 */
export function uploadImport(file: File, onProgress: (sent: number) => void): Promise<UploadResult> {
  const { admin_token: token, lang } = session.get();
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/p/excel-imports'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', lang);
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: Envelope | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Envelope;
      } catch {
        body = null;
      }
      if (body?.success) {
        resolve({ ok: true, preview: ExcelImportPreviewSchema.parse(body.data) });
        return;
      }
      // A field error names the file's problem ("The file format is incorrect"); else the envelope's message.
      const field = Array.isArray(body?.data) ? (body.data as Array<{ message?: string }>)[0]?.message : undefined;
      resolve({ ok: false, msg: field ?? body?.msg ?? null });
    };
    xhr.onerror = () => resolve({ ok: false, msg: null });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** POST /api/p/excel-imports/:id/import (idempotent: one key per click). */
export function importValid(id: string, confirmDuplicate: boolean) {
  return api.post<ExcelImport>(
    `/p/excel-imports/${encodeURIComponent(id)}/import`,
    { confirmDuplicate },
    { idempotencyKey: crypto.randomUUID(), schema: ExcelImportSchema },
  );
}

export function getImport(id: string) {
  return api.get<ExcelImportPreview>(`/p/excel-imports/${encodeURIComponent(id)}`, {
    schema: ExcelImportPreviewSchema,
  });
}
