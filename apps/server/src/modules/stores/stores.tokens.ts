import { TOKEN_EXPIRY_WARNING_DAYS, isLocale, translate } from '@dsm/contract';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { StorePlatformError } from '../../connectors/stores/store-platform';
import type { Db } from '../../db/client';
import type { Mailer } from '../../platform/mail/mailer';
import { inTransaction } from '../../platform/unit-of-work';
import { mailRecipient } from '../accounts/accounts.service';
import { platformContext, platformEntry } from './stores.clients';
import { stores } from './stores.tables';

export const STORES_TOKEN_REFRESH_JOB = 'stores.token-refresh';
export const STORES_EXPIRY_WARNING_JOB = 'stores.expiry-warning';
/** The refresh job runs this often and refreshes what runs out before its run after next. */
export const TOKEN_REFRESH_EVERY_SECONDS = 30 * 60;
const REFRESH_AHEAD_MS = 2 * 60 * 60_000;
const DAY_MS = 86_400_000;

/**
 * Refreshes the access tokens that run out within two hours (AliExpress; any platform whose
 * registry entry has `refresh`), storing the rotated tokens sealed. A refresh token refused →
 * the store needs re-authorizing ("Authorization failed, please re-authorize") — unless the
 * credentials changed meanwhile (a sync rotated them first: its refresh is the one that counts).
 * A platform that does not answer is tried again at the next run.
 */
export async function refreshDueTokens(
  db: Db,
  config: Config,
  now = new Date(),
): Promise<{ refreshed: number; reauthorize: number }> {
  const due = await db
    .select()
    .from(stores)
    .where(
      and(
        eq(stores.status, 'connected'),
        isNotNull(stores.credentials),
        sql`${stores.accessExpiresAt} < ${new Date(now.getTime() + REFRESH_AHEAD_MS).toISOString()}::timestamptz`,
      ),
    );
  let refreshed = 0;
  let reauthorize = 0;
  for (const store of due) {
    const entry = platformEntry(store.platform);
    if (!entry?.refresh) continue;
    const sealed = store.credentials;
    try {
      await entry.refresh(platformContext(db, config, store));
      refreshed++;
    } catch (err) {
      if (!(err instanceof StorePlatformError)) throw err;
      if (err.kind !== 'auth') continue;
      const marked = await db
        .update(stores)
        .set({ status: 'reauthorize', updatedAt: new Date() })
        .where(and(eq(stores.id, store.id), eq(stores.status, 'connected'), sql`${stores.credentials} = ${sealed}`))
        .returning({ id: stores.id });
      reauthorize += marked.length;
    }
  }
  return { refreshed, reauthorize };
}

/**
 * The expiry warning (issue 11: a common cause of silent failures in peer apps): once a day, the
 * owner of each store whose authorization (refresh token) runs out within
 * TOKEN_EXPIRY_WARNING_DAYS gets an e-mail in their language, through the mail jobs. Once per
 * expiry: `expiry_warned_at` is claimed in the same unit of work as the mail; a new authorization
 * whose end lies further than the window beyond the last warning is warned again in its time.
 */
export async function sendExpiryWarnings(db: Db, mailer: Mailer, now = new Date()): Promise<number> {
  const windowEnd = new Date(now.getTime() + TOKEN_EXPIRY_WARNING_DAYS * DAY_MS).toISOString();
  const due = sql`${stores.authorizationExpiresAt} > ${now.toISOString()}::timestamptz and ${stores.authorizationExpiresAt} <= ${windowEnd}::timestamptz
    and (${stores.expiryWarnedAt} is null or ${stores.expiryWarnedAt} < ${stores.authorizationExpiresAt} - make_interval(days => ${TOKEN_EXPIRY_WARNING_DAYS + 1}))`;
  const candidates = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(ne(stores.status, 'disconnected'), due));
  let sent = 0;
  for (const { id } of candidates) {
    await inTransaction(db, async (uow) => {
      const [store] = await uow.tx
        .update(stores)
        .set({ expiryWarnedAt: now })
        .where(and(eq(stores.id, id), ne(stores.status, 'disconnected'), due))
        .returning();
      if (!store?.authorizationExpiresAt) return; // another run claimed it
      const user = await mailRecipient(uow.tx, store.userId);
      if (!user) return;
      const locale = isLocale(user.locale) ? user.locale : 'en-US';
      const params = {
        platform: translate(locale, `stores.platforms.${store.platform}`),
        name: store.name,
        date: store.authorizationExpiresAt.toISOString().slice(0, 10),
      };
      await mailer.record(uow, {
        to: user.email,
        subject: translate(locale, 'stores.expiry-warning-subject', params),
        text: translate(locale, 'stores.expiry-warning-body', params),
        locale,
      });
      sent++;
    });
  }
  return sent;
}
