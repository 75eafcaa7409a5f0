import {
  type ApproveRepriceBody,
  type Locale,
  type PriceRuleBody,
  type RepricePreview,
  type RepriceRow,
  fromMinor,
  priceFor,
  toMinor,
} from '@dsm/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { getProductDetail } from '../catalogue/catalogue.service';
import { LISTINGS_PUSH_PRICES_JOB } from './listings.jobs.types';
import { skuFactsOf } from './listings.quote';
import { ruleOfBody, saveStoreRule, storeRuleFacts } from './listings.rules';
import { type StoredRule, listingVariants, listings } from './listings.tables';

/**
 * Re-pricing what is already listed (issue 22, decision 0124): every listed variant of a store
 * (not those whose listing locks its price) priced again under a changed rule, from today's
 * platform price and rate and the shipping priced at listing. Approve prices them again in its
 * unit of work and refuses when any row differs from what the owner approved, so what the jobs
 * push is exactly what the preview showed.
 */

interface Priced {
  row: RepriceRow;
  listingId: string;
  newMinor: number;
  compareAtMinor: number | null;
  platformMinor: number;
}

async function priceListed(db: Db, userId: string, storeId: string, rule: StoredRule, locale: Locale) {
  const facts = await storeRuleFacts(db, userId, storeId);
  const rows = await db
    .select({ v: listingVariants, l: listings })
    .from(listingVariants)
    .innerJoin(listings, eq(listings.id, listingVariants.listingId))
    .where(and(eq(listings.storeId, storeId), eq(listings.state, 'listed'), eq(listings.lockPrice, false)))
    .orderBy(asc(listings.createdAt), asc(listings.id), asc(listingVariants.position));
  const skusOf = new Map<number, Map<number, ReturnType<typeof skuFactsOf>[number]>>();
  for (const prodId of new Set(rows.map((r) => r.l.prodId))) {
    const detail = await getProductDetail(db, prodId, locale).catch(() => null);
    skusOf.set(prodId, new Map((detail ? skuFactsOf(detail) : []).map((s) => [s.skuId, s])));
  }
  const out: Priced[] = [];
  for (const { v, l } of rows) {
    const sku = skusOf.get(l.prodId)?.get(v.skuId);
    // A SKU taken down keeps its last platform price: its price still shows what it sold at.
    const platformMinor = sku?.platformMinor ?? v.platformMinor;
    const outcome = priceFor(rule, {
      platformMinor,
      shippingMinor: v.shippingMinor,
      rate: facts.rate,
      ownMinor: v.ownMinor ?? v.priceMinor,
    });
    const figures = 'priceMinor' in outcome ? outcome : null;
    const newMinor = figures?.priceMinor ?? v.priceMinor;
    out.push({
      listingId: l.id,
      newMinor,
      compareAtMinor: figures?.compareAtMinor ?? null,
      platformMinor,
      row: {
        variantId: v.id,
        listingId: l.id,
        title: l.title,
        skuName: sku?.name ?? String(v.skuId),
        oldPrice: fromMinor(v.priceMinor),
        newPrice: fromMinor(newMinor),
        compareAtPrice: figures?.compareAtMinor == null ? null : fromMinor(figures.compareAtMinor),
        cost: fromMinor(figures?.costMinor ?? 0),
        margin: fromMinor(figures?.marginMinor ?? 0),
        marginPercent: figures?.marginPercent ?? 0,
        refused: !outcome.ok,
      },
    });
  }
  return { facts, priced: out };
}

export async function previewReprice(
  db: Db,
  userId: string,
  storeId: string,
  body: PriceRuleBody,
  locale: Locale,
): Promise<RepricePreview> {
  const { facts, priced } = await priceListed(db, userId, storeId, ruleOfBody(body), locale);
  return { currency: facts.currency, rate: facts.rate, rows: priced.map((p) => p.row) };
}

/** Approves all or some rows: the rule becomes the store's, the prices are stored and pushed by jobs. */
export async function approveReprice(
  uow: UnitOfWork,
  userId: string,
  storeId: string,
  body: ApproveRepriceBody,
  locale: Locale,
): Promise<{ approved: number; listings: number }> {
  const { tx } = uow;
  const rule = ruleOfBody(body.rule);
  const { priced } = await priceListed(tx, userId, storeId, rule, locale);
  const byVariant = new Map(priced.map((p) => [p.row.variantId, p]));
  const unknown = body.rows.flatMap((r, i) =>
    byVariant.has(r.variantId)
      ? []
      : [{ field: `rows.${i}.variantId`, messageKey: 'listings.reprice-unknown-variant' }],
  );
  if (unknown.length) throw AppError.invalid(unknown);
  const approved = body.rows.map((r) => ({ asked: r, now: byVariant.get(r.variantId)! }));
  const changed = approved.some(
    ({ asked, now }) =>
      now.row.refused ||
      toMinor(asked.newPrice) !== now.newMinor ||
      (asked.compareAtPrice === null ? null : toMinor(asked.compareAtPrice)) !== now.compareAtMinor,
  );
  if (changed) throw AppError.conflict('reprice-changed', 'listings.reprice-changed');
  for (const { now } of approved)
    await tx
      .update(listingVariants)
      .set({ priceMinor: now.newMinor, compareAtMinor: now.compareAtMinor, platformMinor: now.platformMinor })
      .where(eq(listingVariants.id, now.row.variantId));
  const listingIds = [...new Set(approved.map(({ now }) => now.listingId))];
  await tx
    .update(listings)
    .set({ rule, pricePending: true, updatedAt: new Date() })
    .where(inArray(listings.id, listingIds));
  await saveStoreRule(tx, userId, storeId, rule);
  for (const listingId of listingIds) await uow.enqueue({ type: LISTINGS_PUSH_PRICES_JOB, payload: { listingId } });
  return { approved: approved.length, listings: listingIds.length };
}
