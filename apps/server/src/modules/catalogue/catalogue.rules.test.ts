import { convertMinor } from '@dsm/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './catalogue.cache';
import { sanitizeSvg } from '../../platform/files/svg';
import { editDistance, splitKeyword } from './catalogue.search-document';
import { usdMinorRange } from './catalogue.search.service';
import { sanitizeDescription } from './catalogue.text';

describe('keyword rules', () => {
  it('splits Chinese runs from other words', () => {
    expect(splitKeyword('red 连衣裙, maxi-dress')).toEqual({ words: ['red', 'maxi', 'dress'], cjkRuns: ['连衣裙'] });
  });

  it('counts an adjacent swap as one edit', () => {
    expect(editDistance('drses', 'dress')).toBe(1);
    expect(editDistance('blanket', 'basket')).toBe(2);
    expect(editDistance('çanta', 'canta')).toBe(1);
  });
});

describe('price range in another currency', () => {
  it('is exact at the cent the web shows (TRY 34.2, EUR 0.92)', () => {
    for (const rate of [34.2, 0.92, 1]) {
      const { from, to } = usdMinorRange(rate, 100, 200);
      expect(convertMinor(from!, rate)).toBeGreaterThanOrEqual(10000);
      expect(convertMinor(from! - 1, rate)).toBeLessThan(10000);
      expect(convertMinor(to!, rate)).toBeLessThanOrEqual(20000);
      expect(convertMinor(to! + 1, rate)).toBeGreaterThan(20000);
    }
    expect(usdMinorRange(1, 12.5, 12.5)).toEqual({ from: 1250, to: 1250 });
  });
});

describe('sanitizing', () => {
  it('keeps formatting in descriptions and drops scripts and unsafe links', () => {
    const html =
      '<h2 style="x">Hi</h2><p onclick="x()">A <a href="javascript:alert(1)">b</a> <a href="https://ok.example">c</a></p><iframe src="x"></iframe><img src="data:image/png;base64,AA">';
    expect(sanitizeDescription(html)).toBe(
      '<h2>Hi</h2><p>A <a rel="noopener noreferrer nofollow">b</a> <a href="https://ok.example" rel="noopener noreferrer nofollow">c</a></p><img />',
    );
  });

  it('keeps an SVG drawing and its case-sensitive attributes', () => {
    expect(
      sanitizeSvg('<svg viewBox="0 0 2 2"><linearGradient id="g"/><use href="#g"/><use href="http://x/y#z"/></svg>'),
    ).toBe('<svg viewBox="0 0 2 2"><linearGradient id="g"></linearGradient><use href="#g"></use></svg>');
  });
});

describe('the catalogue cache', () => {
  afterEach(() => vi.useRealTimers());

  it('serves a stale value once while refreshing in the background, then the fresh one', async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>(1000, 10);
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    vi.advanceTimersByTime(1500);
    expect(await cache.get('k', load)).toBe(1); // stale, refresh started
    await Promise.resolve();
    expect(await cache.get('k', load)).toBe(2);
    expect(calls).toBe(2);
    vi.advanceTimersByTime(5000); // past 3 × ttl: not served stale any more
    expect(await cache.get('k', load)).toBe(3);
  });

  it('a refresh reads nested caches fresh, so a change shows after one TTL, not two', async () => {
    vi.useFakeTimers();
    const inner = new TtlCache<string>(1000, 10);
    const outer = new TtlCache<string>(1000, 10);
    let source = 'old';
    const read = () => outer.get('k', () => inner.get('k', async () => source));
    expect(await read()).toBe('old');
    source = 'new';
    vi.advanceTimersByTime(1001);
    expect(await read()).toBe('old'); // stale once, while the outer refreshes
    await vi.advanceTimersByTimeAsync(0);
    expect(await read()).toBe('new');
  });

  it('does not remember failures, and a clear() wins over a running refresh', async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<string>(1000, 10);
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'old')).toBe('old');
    vi.advanceTimersByTime(1500);
    let release: (v: string) => void = () => {};
    expect(await cache.get('k', () => new Promise<string>((r) => (release = r)))).toBe('old');
    cache.clear();
    release('refreshed-before-clear');
    await Promise.resolve();
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });
});
