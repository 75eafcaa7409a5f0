import { describe, expect, it } from 'vitest';
import { LOCALES } from '@dsm/contract';
import type { ApiFailure } from '../../../lib/api';
import { fieldErrorsOf, firstErrorLocale, toNamePath } from './server-errors';

const failure = (data: unknown, errorCode = 'A00002'): ApiFailure => ({
  code: 'error',
  success: false,
  msg: 'x',
  errorCode,
  data,
});

describe('server field errors', () => {
  it('turns API field paths into form name paths', () => {
    expect(toNamePath('skus.0.price')).toEqual(['skus', 0, 'price']);
    expect(toNamePath('translations.fr-FR.title')).toEqual(['translations', 'fr-FR', 'title']);
    expect(toNamePath('rate')).toEqual(['rate']);
  });

  it('reads the details of a validation failure only', () => {
    const details = [{ field: 'rate', message: 'The base currency USD always has the rate 1' }];
    expect(fieldErrorsOf(failure(details))).toEqual(details);
    expect(fieldErrorsOf(failure(details, 'A00001'))).toEqual([]);
    expect(fieldErrorsOf(failure([{ field: 1 }, null, 'x']))).toEqual([]);
  });

  it('finds the first language tab, in tab order, that holds an error', () => {
    const names = [
      ['skus', 0, 'price'],
      ['translations', 'tr-TR', 'title'],
      ['translations', 'fr-FR', 'brief'],
    ];
    expect(firstErrorLocale(names, 'translations', LOCALES)).toBe('fr-FR');
    expect(firstErrorLocale([['skus', 0, 'price']], 'translations', LOCALES)).toBeUndefined();
  });
});
