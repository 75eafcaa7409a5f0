import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Locale } from '@dsm/contract';
import { createTestDatabase } from '../../test/harness';
import type { Database } from '../db/client';
import { fallbackOrder, pickLocalized, pickName } from './localized';

const rows = (...locales: string[]) => locales.map((locale) => ({ locale, text: `text in ${locale}` }));

describe('the translation fallback: requested language → en-US → any', () => {
  it('takes the requested language when it exists', () => {
    expect(pickLocalized(rows('zh-CN', 'en-US', 'fr-FR'), 'fr-FR')?.locale).toBe('fr-FR');
  });

  it('falls back to en-US, wherever it sits in the rows', () => {
    expect(pickLocalized(rows('zh-CN', 'tr-TR', 'en-US'), 'fr-FR')?.locale).toBe('en-US');
  });

  it('falls back to any language in a stable order (LOCALES), not the order rows came in', () => {
    expect(pickLocalized(rows('tr-TR', 'zh-CN'), 'fr-FR')?.locale).toBe('zh-CN');
    expect(pickLocalized(rows('zh-CN', 'tr-TR'), 'fr-FR')?.locale).toBe('zh-CN');
    expect(pickLocalized([], 'fr-FR')).toBeUndefined();
  });

  it('reads a names record the same way, empty texts counting as missing', () => {
    expect(pickName({ 'tr-TR': 'Çanta', 'en-US': '', 'zh-CN': '包' }, 'fr-FR')).toBe('包');
    expect(pickName({ 'en-US': 'Bags', 'fr-FR': 'Sacs' }, 'fr-FR')).toBe('Sacs');
    expect(pickName({}, 'fr-FR')).toBeUndefined();
  });
});

describe('the same rule in SQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  async function pickInSql(locales: string[], wanted: Locale): Promise<string | undefined> {
    const values = sql.join(
      locales.map((l) => sql`(${l})`),
      sql`, `,
    );
    const result = await database.db.execute(
      sql`select locale from (values ${values}) as t(locale) order by ${fallbackOrder('t.locale', wanted)} limit 1`,
    );
    return (result.rows[0] as { locale: string } | undefined)?.locale;
  }

  it('agrees with pickLocalized on the database', async () => {
    const cases: Array<[string[], Locale]> = [
      [['zh-CN', 'en-US', 'fr-FR'], 'fr-FR'],
      [['zh-CN', 'tr-TR', 'en-US'], 'fr-FR'],
      [['tr-TR', 'zh-CN'], 'fr-FR'],
      [['tr-TR', 'fr-FR'], 'en-US'],
    ];
    for (const [locales, wanted] of cases) {
      expect(await pickInSql(locales, wanted), `${locales.join(',')} for ${wanted}`).toBe(
        pickLocalized(rows(...locales), wanted)?.locale,
      );
    }
    // Alphabetical order would have given fr-FR here; LOCALES order gives zh-CN.
    expect(await pickInSql(['tr-TR', 'fr-FR', 'zh-CN'], 'en-US')).toBe('zh-CN');
  });
});
