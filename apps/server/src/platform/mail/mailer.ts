import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { mailOutbox } from './mail.tables';

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

/** SMTP through nodemailer, with time-outs short enough for a request that waits for it. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(
    new SMTPTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
  );
  return {
    kind: 'smtp',
    async send(from, m) {
      await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
    close: () => transporter.close(),
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
 * Sends e-mail the transactional way: `record` writes the message in the caller's transaction,
 * `deliver` sends it after commit and writes the outcome (sent_at or error) on its row.
 */
export class Mailer {
  constructor(
    readonly transport: MailTransport,
    private readonly from: string,
  ) {}

  get kind() {
    return this.transport.kind;
  }

  /** Records a message to send once the caller's transaction commits; returns its id. */
  async record(tx: Db, message: MailMessage): Promise<string> {
    const [row] = await tx
      .insert(mailOutbox)
      .values({ ...message, html: message.html ?? textToHtml(message.text) })
      .returning({ id: mailOutbox.id });
    return row!.id;
  }

  /** Sends a recorded message; true when it went out. Never throws for a refused message. */
  async deliver(db: Db, id: string): Promise<boolean> {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
    if (!row || row.sentAt) return Boolean(row);
    let error: string | null = null;
    try {
      await this.transport.send(this.from, { to: row.to, subject: row.subject, text: row.text, html: row.html, locale: row.locale });
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'delivery failed';
    }
    // Past SMTP the row is only a delivery log: the body (a reset code, say) lives in the
    // recipient's mailbox, not in a table the operator can read.
    const erase = this.transport.kind === 'smtp' ? { text: '', html: '' } : {};
    await db
      .update(mailOutbox)
      .set({ ...erase, ...(error ? { error } : { sentAt: new Date(), error: null }) })
      .where(eq(mailOutbox.id, id));
    return error === null;
  }

  close(): void {
    this.transport.close();
  }
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Mailer {
  return new Mailer(config.smtpUrl ? smtpTransport(config.smtpUrl) : outboxTransport, config.mailFrom);
}
