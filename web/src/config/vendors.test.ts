import { describe, expect, it } from 'vitest';
import { screenConfigFixture, vendorLinkFixture, withVendors } from '../test/fixtures.ts';
import { configVendors } from './vendors.ts';

describe('configVendors (docs/0020)', () => {
  const jiliSlots = vendorLinkFixture('JILI', 'Jili', { gameType: 'RNG', path: '/rng?vassalage=JILI' });
  const jiliFish = vendorLinkFixture('JILI', 'Jili Fishing', { gameType: 'FISH', path: '/fish?vassalage=JILI', isGame: 'GAME', gameCode: 'f1' });
  const config = withVendors(screenConfigFixture(), [jiliSlots, jiliFish]);

  it('resolves a code inside the category that names it, or its first category', () => {
    const vendors = configVendors(config);
    expect(config.vendors.filter((v) => v.code === 'JILI')).toHaveLength(1);
    expect(vendors.link('JILI', 'FISH')).toEqual(jiliFish);
    expect(vendors.link('JILI', 'RNG')).toEqual(jiliSlots);
    expect(vendors.link('JILI')).toEqual(jiliSlots);
    expect(vendors.link('JILI', 'LIVE')).toBeUndefined();
    expect(vendors.links(['EVO', 'JILI'], 'LIVE').map((v) => v.vassalage)).toEqual(['EVO']);
  });

  it('builds once per config: the same resolver, and the same links for the same codes', () => {
    const codes = ['JILI'];
    expect(configVendors(config)).toBe(configVendors(config));
    expect(configVendors(config).links(codes, 'RNG')).toBe(configVendors(config).links(codes, 'RNG'));
    expect(configVendors({ ...config, vendors: [...config.vendors] })).not.toBe(configVendors(config));
  });
});
