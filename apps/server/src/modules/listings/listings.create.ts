import { randomUUID } from 'node:crypto';
import {
  type CreateListingsBody,
  type ListingItemBody,
  type Locale,
  MAX_LISTING_SKUS,
  type ProductDetail,
  toMinor,
} from '@dsm/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { getProductDetail } from '../catalogue/catalogue.service';
import { ownStore } from '../stores/stores.service';
import { LISTINGS_PUBLISH_JOB } from './listings.jobs.types';
import { type PricedSku, type SkuFacts, priceSkus, shippingOf, skuFactsOf } from './listings.quote';
import { ruleOfBody, storeRuleFacts } from './listings.rules';
import { type StoredRule, listingVariants, listings } from './listings.tables';

/**
 * Listing products into stores (issue 22, decision 0124), one unit of work: check the stores,
 * the products and their chosen SKUs, price every SKU for every store, write the listings queued
 * with their variants, and queue one publication job each. Nothing is written when any part is
 * refused, so the owner fixes the request and sends it again.
 */
export async function createListings(
  uow: UnitOfWork,
  userId: string,
  body: CreateListingsBody,
  locale: Locale,
): Promise<{ ids: string[]; batchId: string }> {
  const { tx } = uow;
  const stores = await checkStores(tx, userId, body.storeIds);
  const products = await chooseSkus(tx, body.items, locale);
  const batchId = randomUUID();
  const ids: string[] = [];
  for (const store of stores) {
    const facts = await storeRuleFacts(tx, userId, store.id);
    const rule = body.rule ? ruleOfBody(body.rule) : facts.rule;
    for (const { item, product, skus } of products) {
      const shipping = await shippingOf(
        tx,
        userId,
        product.prodId,
        skus.map((s) => s.skuId),
        facts.market,
        locale,
      );
      const own = new Map((item.prices ?? []).map((p) => [p.skuId, toMinor(p.price)]));
      const priced = priceSkus(rule, skus, shipping, facts.rate, facts.currency, own);
      const id = await insertListing(tx, {
        userId,
        storeId: store.id,
        batchId,
        product,
        item,
        priced,
        currency: facts.currency,
        market: facts.market,
        rule,
        lockPrice: body.lockPrice,
      });
      await uow.enqueue({ type: LISTINGS_PUBLISH_JOB, payload: { listingId: id } });
      ids.push(id);
    }
  }
  return { ids, batchId };
}

/** The caller's stores; AliExpress's seller API takes no products from apps (decision 0124). */
export async function checkStores(db: Db, userId: string, storeIds: string[]) {
  const out = [];
  for (const id of [...new Set(storeIds)]) {
    const store = await ownStore(db, userId, id);
    if (store.platform === 'aliexpress')
      throw AppError.business('listing-not-offered', 'listings.not-offered-aliexpress');
    if (store.status !== 'connected')
      throw AppError.business('store-disconnected', 'listings.store-not-connected', { store: store.name });
    out.push(store);
  }
  return out;
}

/** Each product with the SKUs chosen (all when none are named); more than 99 is refused, never cut. */
export async function chooseSkus(db: Db, items: ListingItemBody[], locale: Locale) {
  const out: Array<{ item: ListingItemBody; product: ProductDetail; skus: SkuFacts[] }> = [];
  const issues: Array<{ field: string; messageKey: string }> = [];
  for (const [i, item] of items.entries()) {
    const product = await getProductDetail(db, item.prodId, locale);
    const all = skuFactsOf(product);
    const byId = new Map(all.map((s) => [s.skuId, s]));
    const wanted = item.skuIds ? [...new Set(item.skuIds)] : all.map((s) => s.skuId);
    wanted.forEach((skuId, j) => {
      if (!byId.has(skuId)) issues.push({ field: `items.${i}.skuIds.${j}`, messageKey: 'listings.sku-not-in-product' });
    });
    if (wanted.length > MAX_LISTING_SKUS)
      issues.push({ field: `items.${i}.skuIds`, messageKey: 'listings.too-many-skus' });
    if (wanted.length === 0) issues.push({ field: `items.${i}.skuIds`, messageKey: 'listings.no-variant' });
    // The template's images are the product's own, reordered or some left out (decision 0138).
    const pictures = new Set([product.pic, ...product.imgs, ...product.skuList.map((s) => s.pic)].filter(Boolean));
    item.template?.images?.forEach((url, j) => {
      if (!pictures.has(url))
        issues.push({ field: `items.${i}.template.images.${j}`, messageKey: 'listings.image-not-in-product' });
    });
    out.push({ item, product, skus: wanted.flatMap((id) => byId.get(id) ?? []) });
  }
  if (issues.length) throw AppError.invalid(issues);
  return out;
}

interface NewListing {
  userId: string;
  storeId: string;
  batchId: string;
  product: ProductDetail;
  item: ListingItemBody;
  priced: PricedSku[];
  currency: string;
  market: string;
  rule: StoredRule;
  lockPrice: boolean;
}

async function insertListing(db: Db, l: NewListing): Promise<string> {
  const t = l.item.template ?? {};
  const images = t.images ?? [l.product.pic, ...l.product.imgs].filter((u, i, all) => u && all.indexOf(u) === i);
  const [row] = await db
    .insert(listings)
    .values({
      userId: l.userId,
      storeId: l.storeId,
      prodId: l.product.prodId,
      batchId: l.batchId,
      title: t.title ?? l.product.prodName,
      description: t.description ?? l.product.content,
      images,
      tags: t.tags ?? l.product.tags.map((tag) => tag.name),
      productType: t.productType ?? null,
      lockPrice: l.lockPrice,
      currency: l.currency,
      market: l.market,
      rule: l.rule,
    })
    .returning({ id: listings.id });
  await db.insert(listingVariants).values(
    l.priced.map((s, position) => ({
      listingId: row!.id,
      skuId: s.skuId,
      position,
      priceMinor: s.figures.priceMinor,
      compareAtMinor: s.figures.compareAtMinor,
      platformMinor: s.platformMinor,
      shippingMinor: s.shippingMinor,
      ownMinor: s.ownMinor,
    })),
  );
  return row!.id;
}
