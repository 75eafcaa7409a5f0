import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { cachesFor } from './catalogue.cache';

/**
 * The per-product search document (products.search_document) and the keyword → tsquery rules.
 * Design and trade-offs: docs/decisions/0021-catalogue-search.md.
 */

type Ids = readonly number[] | 'all';

function idFilter(column: string, ids: Ids): SQL {
  if (ids === 'all') return sql`true`;
  return sql`${sql.raw(column)} = any(${sql.param([...ids])}::int[])`;
}

/**
 * Rebuilds the search documents of these products from their translations (the SQL function
 * catalogue_search_document of migration 0004 says how), and adds their title words to the
 * typo-correction lexicon. Call it in the transaction that changed the product's text.
 */
export async function refreshSearchDocuments(db: Db, ids: Ids): Promise<void> {
  if (ids !== 'all' && ids.length === 0) return;
  const text = (field: 'title' | 'brief', locale: string) =>
    sql.raw(`max(t.${field}) filter (where t.locale = '${locale}')`);
  await db.execute(sql`
    update products as p set search_document = d.doc
    from (
      select t.product_id, catalogue_search_document(
        ${text('title', 'en-US')}, ${text('brief', 'en-US')},
        ${text('title', 'fr-FR')}, ${text('brief', 'fr-FR')},
        ${text('title', 'tr-TR')}, ${text('brief', 'tr-TR')},
        ${text('title', 'zh-CN')}, ${text('brief', 'zh-CN')}
      ) as doc
      from product_translations t
      where ${idFilter('t.product_id', ids)}
      group by t.product_id
    ) as d
    where p.id = d.product_id`);
  await addSearchWords(db, idFilter('t.product_id', ids));
}

/** Adds the title words of the matching translations (`t`) to the typo-correction lexicon. */
export async function addSearchWords(db: Db, where: SQL): Promise<void> {
  await db.execute(sql`
    insert into search_words (word)
    select distinct u.lexeme
    from product_translations t, unnest(to_tsvector('simple', t.title)) as u
    where ${where}
      and char_length(u.lexeme) between 3 and 40
      and u.lexeme !~ ${CJK_OR_DIGIT_PATTERN}
    on conflict do nothing`);
}

const CJK_CLASS = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uac00-\\ud7af';
const CJK_OR_DIGIT_PATTERN = `[0-9${CJK_CLASS}]`;
const CJK_RUN = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+/gu;

/** A keyword split into CJK runs and other words (letters and digits). */
export function splitKeyword(keyword: string): { words: string[]; cjkRuns: string[] } {
  const cjkRuns = keyword.match(CJK_RUN) ?? [];
  const rest = keyword.replace(CJK_RUN, ' ');
  const words = rest
    .split(/[^\p{L}\p{N}]+/u)
    .map((w) => w.trim())
    .filter((w) => w.length > 0)
    .slice(0, 8);
  return { words, cjkRuns: cjkRuns.slice(0, 4) };
}

/** 连衣裙 → '连衣' & '衣裙' (the document holds unigrams and bigrams, see migration 0004). */
function cjkTerm(run: string): string {
  const chars = [...run];
  if (chars.length === 1) return `'${chars[0]}'`;
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) grams.push(`'${chars[i]}${chars[i + 1]}'`);
  return `(${[...new Set(grams)].join(' & ')})`;
}

interface WordForms {
  word: string;
  en: string;
  fr: string;
  tr: string;
  simple: string;
}

/** Each word as the database's stemmers see it (one round trip for all words). */
async function wordForms(db: Db, words: string[]): Promise<WordForms[]> {
  if (words.length === 0) return [];
  const rows = await db.execute<{ word: string; en: string; fr: string; tr: string; simple: string }>(sql`
    select w.word,
      plainto_tsquery('english', w.word)::text as en,
      plainto_tsquery('french', w.word)::text as fr,
      plainto_tsquery('turkish', w.word)::text as tr,
      plainto_tsquery('simple', w.word)::text as simple
    from unnest(${sql.param(words)}::text[]) with ordinality as w(word, ord)
    order by w.ord`);
  return rawRows<WordForms>(rows);
}

const SINGLE_LEXEME = /^'([^']+)'$/;

/**
 * One query word as alternatives: its English, French and Turkish stems and its surface form.
 * A Turkish stem of 4+ letters matches as a prefix (elbise → 'elbis':* finds elbiseler too).
 * Null for a stop word (any of the stemmers drops it).
 */
function wordTerm(f: WordForms, extra: WordForms[] = []): string | null {
  const all = [f, ...extra];
  if (!f.simple || !f.en || !f.fr || !f.tr) {
    if (extra.length === 0) return null;
  }
  const alternatives = new Set<string>();
  for (const w of all) {
    for (const form of [w.en, w.fr, w.simple]) if (form) alternatives.add(`(${form})`);
    if (w.tr) {
      const m = SINGLE_LEXEME.exec(w.tr);
      alternatives.add(m && [...m[1]!].length >= 4 ? `'${m[1]}':*` : `(${w.tr})`);
    }
  }
  return alternatives.size ? `(${[...alternatives].join(' | ')})` : null;
}

export interface KeywordQuery {
  /** tsquery text for `search_document @@ $1::tsquery`; null when the keyword has no searchable word. */
  tsquery: string | null;
  /** The words that the typo step may correct (letters only, 3+ characters). */
  correctable: string[];
}

/**
 * Turns a visitor's keyword into a tsquery: each word as its stems in every language (OR), the
 * words together (AND), Chinese runs as bigrams. Cached per keyword: stemming never changes.
 */
export function keywordQuery(db: Db, keyword: string): Promise<KeywordQuery> {
  const key = keyword.trim().toLowerCase();
  return cachesFor(db).queries.get(key, async () => {
    const { words, cjkRuns } = splitKeyword(key);
    const forms = await wordForms(db, words);
    const terms = forms.map((f) => wordTerm(f)).filter((t): t is string => t !== null);
    terms.push(...cjkRuns.map(cjkTerm));
    return {
      tsquery: terms.length ? terms.join(' & ') : null,
      correctable: forms.filter((f) => f.simple && wordTerm(f) && /^\p{L}{3,}$/u.test(f.word)).map((f) => f.word),
    };
  }) as Promise<KeywordQuery>;
}

/** Optimal string alignment distance (Levenshtein with adjacent swaps): drses → dress is 1. */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) => [i, ...Array<number>(t.length).fill(0)]);
  for (let j = 1; j <= t.length; j++) d[0]![j] = j;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[s.length]![t.length]!;
}

/**
 * The typo step, used only when a keyword finds nothing: each correctable word that is not a
 * known title word is widened with the nearest known words by trigram distance (GiST index on
 * search_words) that are within 1 edit (words of up to 4 letters) or 2 edits. Returns the widened
 * tsquery, or null when nothing could be corrected.
 */
export async function correctedKeywordQuery(db: Db, keyword: string): Promise<string | null> {
  const key = keyword.trim().toLowerCase();
  const { words, cjkRuns } = splitKeyword(key);
  const base = await keywordQuery(db, keyword);
  if (base.correctable.length === 0) return null;
  const forms = await wordForms(db, words);
  const known = new Set(
    rawRows<{ word: string }>(
      await db.execute(
        sql`select word from search_words where word in (${sql.join(
          forms.map((f) => sql`${f.simple.replace(/^'|'$/g, '')}`),
          sql`, `,
        )})`,
      ),
    ).map((r) => r.word),
  );
  let corrected = false;
  const terms: string[] = [];
  for (const f of forms) {
    const surface = f.simple.replace(/^'|'$/g, '');
    let extra: WordForms[] = [];
    if (base.correctable.includes(f.word) && !known.has(surface)) {
      const near = rawRows<{ word: string }>(
        await db.execute(sql`select word from search_words order by word <-> ${surface} limit 12`),
      )
        .map((r) => ({ word: r.word, distance: editDistance(surface, r.word) }))
        .filter((c) => c.distance <= ([...surface].length >= 8 ? 2 : 1));
      const best = Math.min(...near.map((c) => c.distance));
      const picks = near
        .filter((c) => c.distance === best)
        .slice(0, 3)
        .map((c) => c.word);
      if (picks.length) {
        extra = await wordForms(db, picks);
        corrected = true;
      }
    }
    const term = wordTerm(f, extra);
    if (term) terms.push(term);
  }
  if (!corrected) return null;
  terms.push(...cjkRuns.map(cjkTerm));
  return terms.join(' & ');
}
