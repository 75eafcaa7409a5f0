import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, goodsListSearch, parseGoodsListParams, toProductSearch, withChange } from './goods-list-state';

const parse = (qs: string) => parseGoodsListParams(new URLSearchParams(qs));

describe('goods-list URL state', () => {
  it('reads every control from the query and ignores values that do not parse', () => {
    expect(
      parse(
        'keyword=%20lamp%20&categoryId=4&minPrice=5&maxPrice=20.5&currency=eur&sort=price_asc&current=3&shipsTo=fr',
      ),
    ).toEqual({
      keyword: 'lamp',
      categoryId: 4,
      minPrice: 5,
      maxPrice: 20.5,
      currency: 'EUR',
      sort: 'price_asc',
      current: 3,
      shipsTo: 'FR',
    });
    expect(parse('categoryId=x&minPrice=-1&maxPrice=1.234&sort=cheap&current=0&currency=euro&shipsTo=France')).toEqual(
      DEFAULT_STATE,
    );
    expect(parse('minPrice=30&maxPrice=10')).toMatchObject({ minPrice: 10, maxPrice: 30 });
  });

  it('writes a short query: defaults left out, and parsing it gives the same state', () => {
    const state = {
      ...DEFAULT_STATE,
      keyword: 'red bag',
      categoryId: 7,
      minPrice: 1,
      maxPrice: null,
      currency: 'TRY',
      sort: 'newest' as const,
      current: 2,
      shipsTo: 'US',
    };
    const qs = goodsListSearch(state);
    expect(qs).toBe('?keyword=red+bag&categoryId=7&minPrice=1&currency=TRY&shipsTo=US&sort=newest&current=2');
    expect(parse(qs.slice(1))).toEqual(state);
    expect(goodsListSearch(DEFAULT_STATE)).toBe('');
  });

  it('goes back to page 1 on any change but paging', () => {
    const onPage3 = { ...DEFAULT_STATE, current: 3 };
    expect(withChange(onPage3, { sort: 'price_desc' }).current).toBe(1);
    expect(withChange(onPage3, { current: 4 }).current).toBe(4);
    expect(withChange({ ...onPage3, minPrice: 1, currency: 'EUR' }, { minPrice: null }).currency).toBeNull();
  });

  it('asks the server with the range in its currency (the visitor’s when the URL names none)', () => {
    const state = { ...DEFAULT_STATE, minPrice: 10 };
    expect(toProductSearch(state, 'GBP')).toMatchObject({ minPrice: 10, currency: 'GBP', current: 1, size: 20 });
    expect(toProductSearch({ ...state, currency: 'EUR' }, 'GBP').currency).toBe('EUR');
    expect(toProductSearch(DEFAULT_STATE, 'GBP').currency).toBeUndefined();
  });
});
