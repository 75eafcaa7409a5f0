import { SourcingImageSchema, SourcingMessageSchema } from '@dsm/contract';
import type { SourcingImage, SourcingMessage } from '@dsm/contract';
import { api } from '../../lib/api';

/** The calls the thread and the pictures make, for the user (`p`) and the console (`admin`) alike. */

/** POST /api/p/sourcing/images: one picture as multipart field `file`; the server judges its bytes. */
export function uploadSourcingImage(file: File, idempotencyKey: string, path = '/p/sourcing/images') {
  const form = new FormData();
  form.append('file', file);
  return api.post<SourcingImage>(path, form, {
    idempotencyKey,
    noshow: true,
    schema: SourcingImageSchema,
  });
}

export const postSourcingMessage = (
  id: string,
  body: { text: string; images: string[] },
  idempotencyKey: string,
  area: 'p' | 'admin' = 'p',
) =>
  api.post<SourcingMessage>(`/${area}/sourcing/${encodeURIComponent(id)}/messages`, body, {
    idempotencyKey,
    noshow: true,
    schema: SourcingMessageSchema,
  });
