import {
  type CreateSourcingBody,
  type SaveProductBody,
  type Locale,
  type SourcingFailureReason,
  type SourcingMessage,
  type SourcingState,
  CreateSourcingBody as CreateSchema,
  isLocale,
  sourcingUrlKey,
  toMinor,
  translate,
} from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { type FileStore, saveFile } from '../../platform/files';
import type { Mailer } from '../../platform/mail/mailer';
import type { UploadedFile } from '../../platform/multipart';
import { type DbOrUow, type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import { mailRecipient } from '../accounts/accounts.service';
import { createProduct, listProductsByIds } from '../catalogue/catalogue.service';
import { assignByLanguage } from './sourcing.agents';
import { type Viewer, requestRow, sourcingNumber, toMessage } from './sourcing.read';
import { type SourcingAction, addWorkingDays, nextState } from './sourcing.rules';

/**
 * Sourcing use cases (decision 0127). Every change is one unit of work on the request row locked
 * `FOR UPDATE`; a decision records its e-mail to the user in the same unit of work, and a mail
 * job sends it after commit, so the user is written to once per decision.
 */

export const IMAGE_AREA = 'sourcing' as const;
type Row = Record<string, unknown>;

/** Stores one picture (JPEG, PNG or WebP by its bytes, at most 5 MB); outside any transaction. */
export async function saveImage(files: FileStore, file: UploadedFile | undefined) {
  if (!file || file.size === 0) throw AppError.invalid([{ field: 'file', messageKey: 'files.empty' }]);
  return saveFile(files, IMAGE_AREA, file.bytes, { field: 'file' });
}

/** Every named picture must have been uploaded (checked before the transaction). */
export async function assertImagesStored(files: FileStore, names: readonly string[], field = 'images'): Promise<void> {
  for (const name of names)
    if (!(await files.has(IMAGE_AREA, name))) throw AppError.invalid([{ field, messageKey: 'sourcing.image-unknown' }]);
}

/**
 * Sends a request, or answers the user's open one for the same URL (a double submit, or the same
 * product asked twice): the partial unique index decides, so two racing submits make one row.
 */
export async function createSourcing(
  db: DbOrUow,
  userId: string,
  body: z.output<typeof CreateSchema>,
  promiseWorkingDays: number,
): Promise<{ id: string; alreadyOpen: boolean }> {
  return inTransaction(db, async (uow) => {
    // The user's agent, or one given now by language (a user who registered before any agent
    // spoke their language): the request goes to that agent first.
    const agentId = await assignByLanguage(uow, userId);
    const now = new Date();
    const inserted = rawRows(
      await uow.tx.execute(sql`
      insert into sourcing_requests (user_id, url, url_key, title, description, images, target_price_minor, quantity,
        purchase_type, have_orders, accept_similar, agent_id, created_at, due_at)
      values (${userId}, ${body.url}, ${sourcingUrlKey(body.url)}, ${body.title}, ${body.description},
        ${JSON.stringify(body.images)}::jsonb, ${body.targetPrice === null ? null : toMinor(body.targetPrice)},
        ${body.quantity}, ${body.purchaseType}, ${body.haveOrders}, ${body.acceptSimilar}, ${agentId},
        ${now.toISOString()}, ${addWorkingDays(now, promiseWorkingDays).toISOString()})
      on conflict (user_id, url_key) where state in ('pending', 'processing') do nothing
      returning id`),
    );
    if (inserted[0]) return { id: String(inserted[0].id), alreadyOpen: false };
    const [open] = rawRows(
      await uow.tx.execute(sql`select id from sourcing_requests where user_id = ${userId}
        and url_key = ${sourcingUrlKey(body.url)} and state in ('pending', 'processing')`),
    );
    return { id: String(open!.id), alreadyOpen: true };
  });
}

/** The row locked, and the state `action` leads to (409 when the machine refuses it). */
async function lockFor(uow: UnitOfWork, viewer: Viewer, id: string, action: SourcingAction) {
  const row = await requestRow(uow.tx, viewer, id, true);
  const to = nextState(row.state as SourcingState, action);
  if (!to)
    throw AppError.conflict(
      'sourcing-transition-refused',
      'sourcing.transition-refused',
      { state: row.state },
      { state: row.state, action },
    );
  return { row, to };
}

/** Staff take a pending request: it is theirs to answer, and the user sees it in processing. */
export async function takeSourcing(db: DbOrUow, viewer: Viewer, id: string): Promise<void> {
  await inTransaction(db, async (uow) => {
    const { to } = await lockFor(uow, viewer, id, 'take');
    await uow.tx.execute(sql`update sourcing_requests set state = ${to}, handler_id = ${viewer.userId}, taken_at = now()
      where id = ${id}`);
  });
}

interface Deciding {
  mailer: Mailer;
  /** The site's address, for the link in the e-mail. */
  origin: string;
}

/** Answered with catalogue products (visible ones, in the order given); the user is told. */
export async function succeedSourcing(
  db: DbOrUow,
  viewer: Viewer,
  id: string,
  prodIds: number[],
  { mailer, origin }: Deciding,
): Promise<void> {
  const ids = [...new Set(prodIds)];
  await inTransaction(db, async (uow) => {
    const { row, to } = await lockFor(uow, viewer, id, 'succeed');
    const found = await listProductsByIds(uow.tx, ids, 'en-US');
    if (found.length !== ids.length)
      throw AppError.invalid([{ field: 'prodIds', messageKey: 'sourcing.product-unknown' }]);
    await linkProducts(uow, id, ids);
    await decide(uow, viewer, id, to, null, null);
    await tellUser(uow, mailer, row, 'succeeded', origin, (locale) => ({ count: String(ids.length), locale }));
  });
}

/**
 * Answered with a product made from the request (decision 0134), in one unit of work: the
 * request locked and allowed to succeed, the catalogue creates the product from the operator's
 * (or agent's) form, the request links it, succeeds, and the user's e-mail is recorded. A refused
 * transition or a bad form writes nothing, so no orphan product is left behind.
 */
export async function succeedWithNewProduct(
  db: DbOrUow,
  viewer: Viewer,
  id: string,
  body: SaveProductBody,
  { mailer, origin }: Deciding,
): Promise<number> {
  return inTransaction(db, async (uow) => {
    const { row, to } = await lockFor(uow, viewer, id, 'succeed');
    const product = await createProduct(uow, { ...body, sourceNote: body.sourceNote || String(row.url) });
    await linkProducts(uow, id, [product.prodId]);
    await decide(uow, viewer, id, to, null, null);
    await tellUser(uow, mailer, row, 'succeeded', origin, (locale) => ({ count: '1', locale }));
    return product.prodId;
  });
}

async function linkProducts(uow: UnitOfWork, id: string, productIds: readonly number[]) {
  for (const [position, productId] of productIds.entries())
    await uow.tx.execute(sql`insert into sourcing_products (request_id, product_id, position)
      values (${id}, ${productId}, ${position})`);
}

/** Answered with a reason from the list and an optional note; the user is told in their language. */
export async function failSourcing(
  db: DbOrUow,
  viewer: Viewer,
  id: string,
  reason: SourcingFailureReason,
  note: string,
  { mailer, origin }: Deciding,
): Promise<void> {
  await inTransaction(db, async (uow) => {
    const { row, to } = await lockFor(uow, viewer, id, 'fail');
    await decide(uow, viewer, id, to, reason, note || null);
    await tellUser(uow, mailer, row, 'failed', origin, (locale) => ({
      reason: translate(locale, `sourcing.reasons.${reason}`),
      note,
      locale,
    }));
  });
}

async function decide(
  uow: UnitOfWork,
  viewer: Viewer,
  id: string,
  to: SourcingState,
  reason: SourcingFailureReason | null,
  note: string | null,
) {
  await uow.tx.execute(sql`update sourcing_requests set state = ${to}, failure_reason = ${reason}, failure_note = ${note},
    decided_at = now(), handler_id = coalesce(handler_id, ${viewer.userId}), taken_at = coalesce(taken_at, now())
    where id = ${id}`);
}

/** The decision's e-mail, recorded in the unit of work; the mail job sends it after commit. */
async function tellUser(
  uow: UnitOfWork,
  mailer: Mailer,
  row: Row,
  outcome: 'succeeded' | 'failed',
  origin: string,
  extra: (locale: Locale) => Record<string, string>,
) {
  const user = await mailRecipient(uow.tx, String(row.user_id));
  if (!user) return;
  const locale: Locale = isLocale(user.locale) ? user.locale : 'en-US';
  const params = {
    number: sourcingNumber(Number(row.number)),
    title: String(row.title),
    name: user.name,
    link: `${origin}/user/sourcingDetail?id=${String(row.id)}`,
    ...extra(locale),
  };
  await mailer.record(uow, {
    to: user.email,
    subject: translate(locale, `sourcing.mail.${outcome}.subject`, params),
    text: translate(locale, `sourcing.mail.${outcome}.text`, params),
    locale,
  });
}

/** A message in the request's thread, from its owner or from staff who reach it. */
export async function postMessage(
  db: DbOrUow,
  viewer: Viewer,
  id: string,
  body: { text: string; images: string[] },
): Promise<SourcingMessage> {
  return inTransaction(db, async (uow) => {
    await requestRow(uow.tx, viewer, id, true);
    const [row] = rawRows(
      await uow.tx.execute(sql`insert into sourcing_messages (request_id, author_id, from_staff, text, images)
        values (${id}, ${viewer.userId}, ${viewer.role !== 'user'}, ${body.text}, ${JSON.stringify(body.images)}::jsonb)
        returning *, (select name from sourcing_agents where user_id = ${viewer.userId}) as agent_name`),
    );
    return toMessage(row!, (await mailRecipient(uow.tx, viewer.userId))?.name ?? '');
  });
}

export type { CreateSourcingBody };
