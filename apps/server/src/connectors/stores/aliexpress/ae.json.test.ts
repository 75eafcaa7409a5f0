import { describe, expect, it } from 'vitest';
import { aeJsonWithIds, parseAeJson } from './ae.json';

describe('AliExpress JSON', () => {
  it('reads integers beyond 2^53 as their digits and leaves every other value as JSON.parse does', () => {
    const text =
      '{"id":9007199254740993,"small":9007199254740991,"neg":-9007199254740993,"price":12.5,"e":1e21,' +
      '"s":"9007199254740993 \\" 12345678901234567890","list":[18446744073709551615,0,-1]}';
    expect(parseAeJson(text)).toEqual({
      id: '9007199254740993',
      small: 9007199254740991,
      neg: '-9007199254740993',
      price: 12.5,
      e: 1e21,
      s: '9007199254740993 " 12345678901234567890',
      list: ['18446744073709551615', 0, -1],
    });
    expect(() => parseAeJson('{"id":')).toThrow(SyntaxError);
  });

  it('writes ids as bare numbers with every digit', () => {
    expect(aeJsonWithIds({ order_id: '9007199254740993' }, { flag: 11111 })).toBe(
      '{"order_id":9007199254740993,"flag":11111}',
    );
    expect(parseAeJson(aeJsonWithIds({ order_id: '8' }))).toEqual({ order_id: 8 });
    expect(() => aeJsonWithIds({ order_id: '1,"x":2' })).toThrow();
  });
});
