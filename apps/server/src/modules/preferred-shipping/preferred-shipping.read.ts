import {
  type Locale,
  type PreferredShippingMethod,
  type PreferredShippingRule,
  fromMinor,
  translate,
} from '@dsm/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { getSkuShippingFacts, listProductsByIds, skuIdsOfProduct } from '../catalogue/catalogue.service';
import {
  countryName,
  describeShippingMethod,
  isKnownCountry,
  quoteProductShipping,
  shippingMethodsTo,
} from '../logistics/logistics.service';
import { type RuleRow, rulesOf } from './preferred-shipping.queries';

/** An unknown country is the caller's mistake: A00002 under `country`. */
export function checkCountry(country: string | null | undefined): void {
  if (country && !isKnownCountry(country))
    throw AppError.invalid([{ field: 'country', messageKey: 'logistics.unknown-country', params: { code: country } }]);
}

/** A product on sale and its first SKU (display order): what "quantity 1 of this product" is priced as. */
async function productForShipping(db: Db, prodId: number, locale: Locale) {
  const [product] = await listProductsByIds(db, [prodId], locale);
  const [skuId] = product ? await skuIdsOfProduct(db, prodId) : [];
  const facts = skuId === undefined ? null : await getSkuShippingFacts(db, prodId, skuId);
  if (!product || skuId === undefined || !facts) throw AppError.notFound('catalogue.product-not-found');
  return { product, skuId, warehouse: facts.warehouse };
}

/**
 * The methods a store owner may prefer for a product (or all products) to a country (or all
 * countries), with price, days and, when one cannot, the calculator's reason. For a product only
 * the methods of the warehouse its first SKU ships from, priced for one unit of that SKU; for all
 * products every active method, from the least a parcel costs there. Available ones first.
 */
export async function methodsFor(
  db: Db,
  prodId: number | null,
  country: string | null,
  locale: Locale,
): Promise<PreferredShippingMethod[]> {
  checkCountry(country);
  const all = await shippingMethodsTo(db, country, locale);
  let methods: PreferredShippingMethod[];
  if (prodId === null) {
    methods = all.map((m) => ({
      ...base(m),
      price: m.fromPriceMinor === null ? null : fromMinor(m.fromPriceMinor),
      priceFrom: m.fromPriceMinor !== null,
      available: m.reaches ?? true,
      reason: m.reason,
    }));
  } else {
    const { skuId, warehouse } = await productForShipping(db, prodId, locale);
    const own = all.filter((m) => m.warehouse.code === warehouse);
    const quote =
      country === null
        ? null
        : await quoteProductShipping(
            db,
            { prodId, skuId, count: 1, countryCode: country },
            locale,
            getSkuShippingFacts,
          );
    methods = own.map((m) => {
      const option = quote?.options.find((o) => o.code === m.code);
      const excluded = quote?.excluded.find((e) => e.code === m.code);
      return {
        ...base(m),
        price: option ? option.price : null,
        priceFrom: false,
        available: quote === null || option !== undefined,
        reason: excluded?.reason ?? null,
      };
    });
  }
  // Stable: within each group the order logistics gave (cheapest first where priced).
  const cheapest = (a: PreferredShippingMethod, b: PreferredShippingMethod) => (a.price ?? 0) - (b.price ?? 0);
  return [...methods.filter((m) => m.available).sort(cheapest), ...methods.filter((m) => !m.available)];
}

function base(m: Awaited<ReturnType<typeof shippingMethodsTo>>[number]) {
  return {
    methodId: m.methodId,
    code: m.code,
    name: m.name,
    warehouse: m.warehouse,
    days: { min: m.minDays, max: m.maxDays },
  };
}

/** The caller's rules (or only `onlyId`), each with what its method does today for quantity 1, the last changed first. */
export async function listRules(
  db: Db,
  userId: string,
  locale: Locale,
  onlyId?: string,
): Promise<PreferredShippingRule[]> {
  const rows = (await rulesOf(db, userId)).filter((r) => onlyId === undefined || r.id === onlyId);
  const products = new Map(
    (await listProductsByIds(db, [...new Set(rows.flatMap((r) => (r.prodId === null ? [] : [r.prodId])))], locale)).map(
      (p) => [p.prodId, p],
    ),
  );
  const choices = new Map<string, Promise<PreferredShippingMethod[] | null>>();
  const choicesFor = (r: RuleRow) => {
    const key = `${r.prodId}:${r.country}`;
    if (!choices.has(key))
      choices.set(
        key,
        methodsFor(db, r.prodId, r.country, locale).catch((err: unknown) => {
          if (err instanceof AppError && err.status === 404) return null;
          throw err;
        }),
      );
    return choices.get(key)!;
  };
  return Promise.all(
    rows.map(async (r) => {
      const product = r.prodId === null ? undefined : products.get(r.prodId);
      return {
        id: r.id,
        prodId: r.prodId,
        product: product ? { title: product.prodName, image: product.pic } : null,
        country: r.country,
        countryName: r.country === null ? null : countryName(r.country, locale),
        method: await methodOfRule(db, r, await choicesFor(r), locale),
        updatedAt: r.updatedAt.toISOString(),
      };
    }),
  );
}

/** The rule's method among today's choices; else why it is not one of them. */
async function methodOfRule(
  db: Db,
  r: RuleRow,
  choices: PreferredShippingMethod[] | null,
  locale: Locale,
): Promise<PreferredShippingMethod> {
  const found = choices?.find((m) => m.methodId === r.methodId);
  if (found) return found;
  const m = await describeShippingMethod(db, r.methodId, locale);
  const name = m?.name ?? String(r.methodId);
  let reason = translate(locale, 'preferred-shipping.skipped.not-offered', { method: name });
  if (choices === null) reason = translate(locale, 'catalogue.product-not-found');
  else if (m?.active)
    reason = translate(locale, 'preferred-shipping.method-not-from-product', {
      method: name,
      warehouse: m.warehouse.name,
    });
  return {
    methodId: r.methodId,
    code: m?.code ?? '',
    name,
    warehouse: m?.warehouse ?? { code: '', name: '', country: '' },
    days: { min: m?.minDays ?? 0, max: m?.maxDays ?? 0 },
    price: null,
    priceFrom: false,
    available: false,
    reason,
  };
}
