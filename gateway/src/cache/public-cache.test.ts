import { describe, expect, it } from 'vitest';
import { PublicCache } from './public-cache.ts';

function counter() {
  let calls = 0;
  return {
    load: (value: string) => () => {
      calls += 1;
      return Promise.resolve(value);
    },
    get calls() {
      return calls;
    },
  };
}

describe('PublicCache', () => {
  it('serves one upstream answer per key within the TTL, and loads again after it', async () => {
    let now = 1000;
    const cache = new PublicCache({ ttlMs: 5000, maxEntries: 10, now: () => now });
    const c = counter();
    expect(await cache.get('hot|bn', c.load('a'))).toBe('a');
    expect(await cache.get('hot|bn', c.load('b'))).toBe('a');
    expect(c.calls).toBe(1);
    now += 5001;
    expect(await cache.get('hot|bn', c.load('c'))).toBe('c');
    expect(c.calls).toBe(2);
  });

  it('shares one call between concurrent misses', async () => {
    const cache = new PublicCache({ ttlMs: 5000, maxEntries: 10 });
    let calls = 0;
    let release: (v: string) => void = () => undefined;
    const load = () => {
      calls += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const a = cache.get('k', load);
    const b = cache.get('k', load);
    release('x');
    expect(await Promise.all([a, b])).toEqual(['x', 'x']);
    expect(calls).toBe(1);
  });

  it('never caches a failure', async () => {
    const cache = new PublicCache({ ttlMs: 5000, maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', () => Promise.resolve('up'))).toBe('up');
  });

  it('keeps languages and parameters apart, clears on demand and caps its size', async () => {
    const cache = new PublicCache({ ttlMs: 5000, maxEntries: 2 });
    await cache.get('a', () => Promise.resolve(1));
    await cache.get('b', () => Promise.resolve(2));
    await cache.get('c', () => Promise.resolve(3));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', () => Promise.resolve(10))).toBe(10);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('passes straight through when disabled', async () => {
    const cache = new PublicCache({ ttlMs: 0, maxEntries: 10 });
    const c = counter();
    await cache.get('k', c.load('a'));
    await cache.get('k', c.load('a'));
    expect(c.calls).toBe(2);
  });
});
