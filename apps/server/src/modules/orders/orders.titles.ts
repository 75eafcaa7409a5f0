import type { Locale } from '@dsm/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productTitlesIn } from '../catalogue/catalogue.service';
import { orderLines } from './orders.tables';

/**
 * An order line's name for the person reading it (issue 20, decision 0111). A line keeps its
 * title as ordered (the buyer's language at submit): the legal record, and what the invoice
 * prints. Screens show the catalogue's current name in the reader's language when the product
 * still has one, and the name as ordered beside it when the two differ.
 */
export interface ReaderTitle {
  title: string;
  /** The name as ordered, only when `title` differs from it. */
  orderedTitle?: string;
}

export function readerTitle(ordered: string, current: string | undefined): ReaderTitle {
  return current && current !== ordered ? { title: current, orderedTitle: ordered } : { title: ordered };
}

/**
 * product id → its catalogue name in `locale`, one read for a whole list. Without a locale (the
 * system's own reads: jobs, stock reactions, other modules' use cases) nothing is read and every
 * line keeps its name as ordered.
 */
export async function catalogueNames(
  db: Db,
  productIds: Iterable<number>,
  locale: Locale | undefined,
): Promise<Map<number, string>> {
  const ids = [...new Set(productIds)];
  return locale && ids.length ? productTitlesIn(db, ids, locale) : new Map();
}

/**
 * order line id → its product's catalogue name in `locale`, for what keeps line ids and names of
 * its own (after-sales requests). Two reads for a whole list: the lines' products, their names.
 */
export async function catalogueNamesOfLines(
  db: Db,
  lineIds: readonly string[],
  locale: Locale,
): Promise<Map<string, string>> {
  const ids = [...new Set(lineIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return new Map();
  const lines = await db
    .select({ id: orderLines.id, productId: orderLines.productId })
    .from(orderLines)
    .where(inArray(orderLines.id, ids));
  const names = await catalogueNames(
    db,
    lines.map((l) => l.productId),
    locale,
  );
  const out = new Map<string, string>();
  for (const l of lines) {
    const name = names.get(l.productId);
    if (name !== undefined) out.set(l.id, name);
  }
  return out;
}
