import { describe, expect, it } from 'vitest';
import { BytesBoundedCache } from './catalogue.match-cache';

const weigh = (v: string) => v.length;

describe('BytesBoundedCache', () => {
  it('drops the least recently used values once over its bytes, never the one just loaded', async () => {
    const cache = new BytesBoundedCache<string>(60_000, 10, weigh);
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    await cache.get('a', async () => 'reloaded'); // a used again: b is now the oldest
    await cache.get('c', async () => 'cccc');
    expect(cache.heldBytes).toBe(8);
    expect(await cache.get('a', async () => 'reloaded')).toBe('aaaa');
    expect(await cache.get('b', async () => 'bbbb, loaded again')).toBe('bbbb, loaded again');
    expect(cache.heldBytes).toBeLessThanOrEqual(10 + 'bbbb, loaded again'.length);
    const big = 'x'.repeat(50);
    expect(await cache.get('big', async () => big)).toBe(big);
    expect(cache.heldBytes).toBe(50);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new BytesBoundedCache<string>(60_000, 100, weigh);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return 'v';
    };
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([
      'v',
      'v',
      'v',
    ]);
    expect(loads).toBe(1);
  });

  it('does not keep a load that began before clear(), nor a failed one', async () => {
    const cache = new BytesBoundedCache<string>(60_000, 100, weigh);
    let release: (v: string) => void = () => {};
    const old = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.clear();
    release('old');
    expect(await old).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
    expect(cache.heldBytes).toBe(3);
    await expect(cache.get('f', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('f', async () => 'up')).toBe('up');
  });

  it('serves a stale value while one refresh runs, then the refreshed one', async () => {
    const cache = new BytesBoundedCache<string>(200, 100, weigh);
    await cache.get('k', async () => 'first');
    await new Promise((r) => setTimeout(r, 250)); // stale (past 200 ms), still servable (under 600 ms)
    let refreshes = 0;
    const refresh = async () => {
      refreshes++;
      await new Promise((r) => setTimeout(r, 10));
      return 'second';
    };
    expect(await cache.get('k', refresh)).toBe('first');
    expect(await cache.get('k', refresh)).toBe('first');
    await new Promise((r) => setTimeout(r, 30));
    expect(refreshes).toBe(1);
    expect(await cache.get('k', refresh)).toBe('second');
    expect(cache.heldBytes).toBe(6);
  });
});
