import { describe, expect, it } from 'vitest';
import { cdnUrl, pickCdn } from './image.ts';

describe('CDN addresses (SPEC §9)', () => {
  it('picks one CDN of a list at random, then keeps it for the page', () => {
    const list = ['https://a.example', 'https://b.example', 'https://c.example'];
    expect(pickCdn(list, () => 0.5)).toBe('https://b.example');
    expect(pickCdn(list, () => 0.99)).toBe('https://b.example');
    expect(pickCdn([], () => 0.5)).toBe('');
  });

  it('prefixes relative paths (a launched game, an icon) and leaves absolute and data URLs alone', () => {
    const cdns = ['https://games.example/'];
    expect(cdnUrl('/wps/game/demo/n-1?ticket=t', cdns)).toBe('https://games.example/wps/game/demo/n-1?ticket=t');
    expect(cdnUrl('https://elsewhere.example/x', cdns)).toBe('https://elsewhere.example/x');
    expect(cdnUrl('data:image/png;base64,AA', cdns)).toBe('data:image/png;base64,AA');
    // The seeded merchant's list is [''] (this site): the path stays as it is.
    expect(cdnUrl('/wps/game/demo/n-1?ticket=t', [''])).toBe('/wps/game/demo/n-1?ticket=t');
  });
});
