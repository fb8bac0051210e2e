import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, type TFeatureFlag } from '../domain/merchant.ts';
import { ZScreenConfig, type TScreenConfig } from './screen-config.ts';
import { resolveVendorLink, vendorIndex } from './vendors.ts';

/** A small valid config: two vendors, LIVE_A only in LIVE and JILI in RNG and FISH. */
function config(): TScreenConfig {
  return {
    version: 'v1',
    configVersion: 1,
    audience: 'visitor',
    language: 'bn',
    merchant: { code: 'DEMO', name: 'Demo', currencySymbol: '৳', palette: 'gold', languages: ['bn', 'en'] },
    system: { status: 0 },
    flags: Object.fromEntries(FEATURE_FLAGS.map((f) => [f, false])) as Record<TFeatureFlag, boolean>,
    vendors: [
      {
        code: 'LIVE_A',
        name: 'Live A',
        logoUrl: '/a.svg',
        placements: [{ gameType: 'LIVE', path: '/live?vassalage=LIVE_A', isGame: 'VASSALAGE', gameCode: null }],
      },
      {
        code: 'JILI',
        name: 'Jili',
        logoUrl: '/jili.svg',
        placements: [
          { gameType: 'RNG', path: '/rng?vassalage=JILI', isGame: 'VASSALAGE', gameCode: null },
          { gameType: 'FISH', path: '/fish?vassalage=JILI', isGame: 'GAME', gameCode: 'f1', name: 'Jili Fishing' },
        ],
      },
    ],
    header: {
      entries: [
        { kind: 'home', key: 'home', labelKey: 'nav_home', path: '/', isAvailable: true },
        {
          kind: 'category',
          key: 'live',
          gameType: 'LIVE',
          label: 'Live',
          path: '/live',
          vendorCodes: ['LIVE_A'],
          dropdownLayout: 'compact',
          isAvailable: true,
        },
        { kind: 'category', key: 'rng', gameType: 'RNG', label: 'Slots', path: '/rng', vendorCodes: ['JILI'], dropdownLayout: 'compact', isAvailable: true },
      ],
    },
    sideMenu: { sections: [] },
    footer: {
      helpLinks: [],
      products: [
        { gameType: 'LIVE', label: 'Live', vendorCodes: ['LIVE_A'] },
        { gameType: 'FISH', label: 'Fishing', vendorCodes: ['JILI'] },
      ],
      social: [],
      vendorLogoCodes: ['LIVE_A', 'JILI'],
    },
    memberCentre: [],
    agentCentre: [],
    avatarMenu: [],
    home: {
      menu: [],
      rows: [
        { key: 'HOT', labelKey: 'home_row_hot', gameType: null, vendorCodes: [], requiresLogin: false },
        { key: 'FISH', labelKey: 'home_row_fish', gameType: 'FISH', vendorCodes: ['JILI'], requiresLogin: false },
      ],
    },
    links: { customerService: '', appIos: '', appAndroid: '', imageCDNs: [], launchGameCDNs: [] },
    forms: {
      login: { smsLogin: false },
      register: { tabs: ['username'], fields: [], minAge: 18, smsVerification: false },
      forgotPassword: { tabs: ['email'] },
    },
  };
}

const issuesOf = (value: TScreenConfig) => {
  const result = ZScreenConfig.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('ScreenConfig vendors (docs/0020)', () => {
  it('accepts codes that name listed vendors placed in the naming category', () => {
    expect(issuesOf(config())).toEqual([]);
  });

  it.each([
    [
      'a header entry',
      (c: TScreenConfig) => c.header.entries[1]?.kind === 'category' && c.header.entries[1].vendorCodes.push('GHOST'),
      'header.entries.1.vendorCodes.1',
    ],
    ['a footer product', (c: TScreenConfig) => c.footer.products[0]?.vendorCodes.push('GHOST'), 'footer.products.0.vendorCodes.1'],
    ['the footer logos', (c: TScreenConfig) => c.footer.vendorLogoCodes.push('GHOST'), 'footer.vendorLogoCodes.2'],
    ['a home row', (c: TScreenConfig) => c.home.rows[1]?.vendorCodes.push('GHOST'), 'home.rows.1.vendorCodes.1'],
  ])('refuses a code in %s that names no listed vendor', (_where, corrupt, path) => {
    const c = config();
    corrupt(c);
    expect(issuesOf(c)).toEqual([{ path, message: 'unknown vendor GHOST' }]);
  });

  it('refuses a listed vendor named in a category it is not placed in', () => {
    const c = config();
    c.footer.products[0]?.vendorCodes.push('JILI');
    expect(issuesOf(c)).toEqual([{ path: 'footer.products.0.vendorCodes.1', message: 'vendor JILI has no LIVE placement' }]);
  });

  it('refuses a vendor listed twice, or placed twice in one category', () => {
    const twice = config();
    const first = twice.vendors[0];
    if (first) twice.vendors.push({ ...first });
    expect(issuesOf(twice)).toEqual([{ path: 'vendors.2.code', message: 'vendor LIVE_A is listed twice' }]);

    const placedTwice = config();
    const jili = placedTwice.vendors[1];
    const rng = jili?.placements[0];
    if (jili && rng) jili.placements.push({ ...rng });
    expect(issuesOf(placedTwice)).toEqual([{ path: 'vendors.1.placements.2.gameType', message: 'vendor JILI is placed in RNG twice' }]);
  });

  it('resolves a code inside a category, or in its first category when none is given', () => {
    const index = vendorIndex(config().vendors);
    expect(resolveVendorLink(index, 'JILI', 'FISH')).toEqual({
      vassalage: 'JILI',
      name: 'Jili Fishing',
      logoUrl: '/jili.svg',
      gameType: 'FISH',
      path: '/fish?vassalage=JILI',
      isGame: 'GAME',
      gameCode: 'f1',
    });
    expect(resolveVendorLink(index, 'JILI', null)).toMatchObject({ name: 'Jili', gameType: 'RNG', path: '/rng?vassalage=JILI' });
    expect(resolveVendorLink(index, 'JILI', 'LIVE')).toBeUndefined();
    expect(resolveVendorLink(index, 'GHOST')).toBeUndefined();
  });
});
