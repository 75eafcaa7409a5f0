import { SOURCING_STATES, parseSourcingUrl, sourcingDomain, sourcingUrlKey } from '@dsm/contract';
import { describe, expect, it } from 'vitest';
import { type SourcingAction, addWorkingDays, nextState } from './sourcing.rules';

describe('the sourcing state machine', () => {
  it('allows exactly take from pending, and succeed / fail from pending or processing', () => {
    const table: Record<string, string | null> = {};
    for (const from of SOURCING_STATES)
      for (const action of ['take', 'succeed', 'fail'] as SourcingAction[])
        table[`${from} ${action}`] = nextState(from, action);
    expect(table).toEqual({
      'pending take': 'processing',
      'pending succeed': 'succeeded',
      'pending fail': 'failed',
      'processing take': null,
      'processing succeed': 'succeeded',
      'processing fail': 'failed',
      'succeeded take': null,
      'succeeded succeed': null,
      'succeeded fail': null,
      'failed take': null,
      'failed succeed': null,
      'failed fail': null,
    });
  });
});

describe('the promise in working days', () => {
  it('skips the weekend', () => {
    // 2026-11-26 is a Thursday.
    expect(addWorkingDays(new Date('2026-11-26T10:00:00Z'), 1).toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(addWorkingDays(new Date('2026-11-27T10:00:00Z'), 1).toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(addWorkingDays(new Date('2026-11-28T10:00:00Z'), 1).toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(addWorkingDays(new Date('2026-11-27T10:00:00Z'), 3).toISOString()).toBe('2026-12-02T10:00:00.000Z');
  });
});

describe('the URL rules', () => {
  it('takes http(s) addresses with a real host only', () => {
    expect(parseSourcingUrl('https://www.aliexpress.com/item/1005.html')).not.toBeNull();
    for (const bad of [
      '',
      'aliexpress.com/item',
      'ftp://x.com/a',
      'javascript:alert(1)',
      'http://localhost/a',
      'https://u:p@x.com/',
    ])
      expect(parseSourcingUrl(bad), bad).toBeNull();
  });
  it('shows the site back and compares URLs without scheme, www, fragment or trailing slash', () => {
    expect(sourcingDomain('https://www.aliexpress.com/item/1005.html')).toBe('aliexpress.com');
    expect(sourcingDomain('https://detail.1688.com/offer/6.html?x=1')).toBe('1688.com');
    expect(sourcingDomain('https://www.amazon.co.uk/dp/B0')).toBe('amazon.co.uk');
    expect(sourcingDomain('https://m.trendyol.com.tr/p-1')).toBe('trendyol.com.tr');
    expect(sourcingUrlKey('https://WWW.Amazon.com/dp/B01/#reviews')).toBe(sourcingUrlKey('http://amazon.com/dp/B01'));
    expect(sourcingUrlKey('https://amazon.com/dp/B01?v=2')).not.toBe(sourcingUrlKey('https://amazon.com/dp/B01'));
  });
});
