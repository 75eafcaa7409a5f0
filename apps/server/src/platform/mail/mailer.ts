import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { insertValues } from '../../db/rows';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type JobHandler, PermanentJobError } from '../jobs/jobs.runtime';
import { type DbOrUow, inTransaction } from '../unit-of-work';
import { mailOutbox } from './mail.tables';

/** The job that delivers one recorded message (payload `{ id }`). */
export const MAIL_SEND_JOB = 'mail.send';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Defaults to the text as escaped paragraphs. */
  html?: string;
  /** The language the message is written in. */
  locale: string;
}

/** How a recorded message leaves the system. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Hands the message over; throws when the server refuses it. */
  send(from: string, message: Required<MailMessage>): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer; a job sends, so time-outs only bound how long a worker slot is held. */
export function smtpTransport(url: string): MailTransport {
  // Options with a `url` make nodemailer's SMTP transport (its root import only: the server also
  // runs as a bundle whose packages Node resolves, and a package's inner folders do not resolve).
  const options: SMTPTransport.Options = {
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  // nodemailer is loaded with the first message, not at start-up: about 13 MB resident that a
  // server sending no mail for hours would keep (decision 0143).
  let transporter: Promise<Transporter> | undefined;
  const open = () => {
    transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options));
    return transporter;
  };
  return {
    kind: 'smtp',
    async send(from, m) {
      await (await open()).sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    close: () => void transporter?.then((t) => t.close()),
  };
}

/** Development: the outbox row itself is the delivery; the operator reads it in the console. */
export const outboxTransport: MailTransport = { kind: 'outbox', send: async () => {}, close: () => {} };

/** For the start-up banner. */
export function mailTransportLabel(config: Pick<Config, 'smtpUrl'>): string {
  return config.smtpUrl ? 'SMTP' : 'development outbox (read it in the operator console)';
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function textToHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
  return escaped
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/**
 * Sends e-mail the transactional way: `record` writes the message and a `mail.send` job in the
 * caller's unit of work; a worker delivers it after commit, retrying with backoff while the SMTP
 * server is away (decision 0061). No request waits for SMTP.
 */
export class Mailer {
  constructor(
    readonly transport: MailTransport,
    private readonly from: string,
  ) {}

  get kind() {
    return this.transport.kind;
  }

  /** Records a message and its delivery job in the caller's unit of work; returns its id. */
  async record(db: DbOrUow, message: MailMessage): Promise<string> {
    return inTransaction(db, async (uow) => {
      // The row and its job in one statement: the id is made here so the job can name it.
      const id = randomUUID();
      const row = sql`insert into mail_outbox ${insertValues(mailOutbox, { ...message, id, html: message.html ?? textToHtml(message.text) })}`;
      await uow.enqueue({ type: MAIL_SEND_JOB, payload: { id }, maxAttempts: 12, alongside: row });
      return id;
    });
  }

  /**
   * Sends a recorded message and writes the outcome on its row. Throws when the server did not
   * take it, so the job retries; a 5xx refusal (no such mailbox) is permanent.
   */
  async deliver(db: Db, id: string, finalAttempt = true): Promise<void> {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
    if (!row || row.sentAt) return;
    // Past SMTP the row is only a delivery log: the body (a reset code, say) lives in the
    // recipient's mailbox, not in a table the operator can read. Kept until then for retries.
    const erase = this.transport.kind === 'smtp' ? { text: '', html: '' } : {};
    try {
      await this.transport.send(this.from, {
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        locale: row.locale,
      });
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'delivery failed';
      const code = (err as { responseCode?: number }).responseCode;
      const permanent = typeof code === 'number' && code >= 500;
      await db
        .update(mailOutbox)
        .set({ ...(finalAttempt || permanent ? erase : {}), error })
        .where(eq(mailOutbox.id, id));
      throw permanent ? new PermanentJobError(error) : new Error(error);
    }
    await db
      .update(mailOutbox)
      .set({ ...erase, sentAt: new Date(), error: null })
      .where(eq(mailOutbox.id, id));
  }

  /** The job handlers that deliver this mailer's messages. */
  jobHandlers(): Record<string, JobHandler> {
    return {
      [MAIL_SEND_JOB]: (payload, ctx) => this.deliver(ctx.db, String(payload.id), ctx.finalAttempt),
    };
  }

  close(): void {
    this.transport.close();
  }
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer {
  return new Mailer(config.smtpUrl ? smtpTransport(config.smtpUrl) : outboxTransport, config.mailFrom);
}
