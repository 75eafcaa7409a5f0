import {
  ListMailOutboxQuery,
  type MailOutboxEntry,
  MailOutboxEntrySchema,
  type Page,
  envelopeOf,
  pageOf,
  toPage,
} from '@dsm/contract';
import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ok } from '../envelope';
import type { App } from '../types';
import { mailOutbox } from './mail.tables';

/** The operator's view of sent and recorded mail, newest first. */
export async function listOutbox(db: Db, q: ListMailOutboxQuery): Promise<Page<MailOutboxEntry>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(mailOutbox),
  ]);
  const records = rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    locale: r.locale,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    error: r.error,
  }));
  return toPage(records, total?.n ?? 0, q);
}

export async function mailOutboxRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/admin/mail-outbox',
    {
      schema: {
        tags: ['admin'],
        querystring: ListMailOutboxQuery,
        response: { 200: envelopeOf(pageOf(MailOutboxEntrySchema)) },
      },
    },
    async (req) => ok(await listOutbox(db, req.query)),
  );
}
