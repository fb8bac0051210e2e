import { vendorLink, type TGame, type TGameType, type TMemberInfo, type TScreenConfig, type TVendor, type TVendorLink } from '@wl/schemas';
import type { TOutputOf } from './render.tsx';

/** A ScreenConfig close to what the gateway composes for a visitor (labels in its language, docs/0121). */
export function screenConfigFixture(overrides: Partial<TScreenConfig> = {}): TScreenConfig {
  return {
    version: 'v1',
    configVersion: 1,
    audience: 'visitor',
    language: 'en',
    merchant: { code: 'WL01', name: 'Royal Bengal', currencySymbol: '৳', palette: 'gold', languages: ['bn', 'en'] },
    system: { status: 0 },
    flags: {
      MOBILENUMREG3: false,
      REGMOBVERF3: false,
      MOBILENUMPASSREG3: false,
      FREEPLAY3: true,
      PWDEXPFORCECHANGE3: false,
      MOBILEVERCODELOGIN3: false,
      USERNAMEREG3: true,
      CHNGPASSVERIF3: false,
      AGENTPOLICY3: false,
    },
    vendors: [
      { code: 'EVO', name: 'Evolution', logoUrl: '', placements: [{ gameType: 'LIVE', path: '/live?vassalage=EVO', isGame: 'VASSALAGE', gameCode: null }] },
    ],
    header: {
      entries: [
        { kind: 'home', key: 'home', labelKey: 'nav_home', label: 'Home', path: '/', isAvailable: true },
        {
          kind: 'category',
          key: 'LIVE',
          gameType: 'LIVE',
          label: 'Live casino',
          path: '/live',
          vendorCodes: ['EVO'],
          dropdownLayout: 'compact',
          isAvailable: true,
        },
        { kind: 'promotions', key: 'promotions', labelKey: 'nav_promotions', label: 'Promotions', path: '/promotions', isAvailable: false },
        { kind: 'rewards', key: 'rewards', labelKey: 'nav_rewards', label: 'Rewards', path: '/member/rewardCenter', isAvailable: false },
        { kind: 'share', key: 'share', labelKey: 'nav_share', label: 'Share', path: '/member/referral', isAvailable: false },
      ],
    },
    sideMenu: {
      sections: [
        {
          key: 'wallet',
          entries: [
            {
              key: 'deposit',
              labelKey: 'menu_deposit',
              label: 'Deposit',
              icon: 'deposit',
              target: { type: 'route', path: '/member/depositv2' },
              isAvailable: false,
            },
            { key: 'home', labelKey: 'nav_home', label: 'Home', icon: 'home', target: { type: 'route', path: '/' }, isAvailable: true },
          ],
        },
        {
          key: 'settings',
          entries: [
            {
              key: 'theme',
              labelKey: 'menu_theme',
              label: 'Dark / light theme',
              icon: 'theme',
              target: { type: 'action', action: 'theme' },
              isAvailable: true,
            },
          ],
        },
      ],
    },
    footer: { helpLinks: [], products: [], social: [], vendorLogoCodes: [] },
    memberCentre: [],
    agentCentre: [],
    avatarMenu: [],
    home: {
      menu: [
        { key: 'HOME', kind: 'HOME', gameType: null, labelKey: 'home_menu_home', label: 'Home', requiresLogin: false },
        { key: 'FAV', kind: 'FAV', gameType: null, labelKey: 'home_menu_fav', label: 'Favourites', requiresLogin: true },
        { key: 'LIVE', kind: 'CATEGORY', gameType: 'LIVE', label: 'Live casino', requiresLogin: false },
      ],
      rows: [
        { key: 'HOT', labelKey: 'home_row_hot', label: 'Hot games', gameType: null, vendorCodes: [], requiresLogin: false },
        { key: 'FAV', labelKey: 'home_row_fav', label: 'My favourites', gameType: null, vendorCodes: [], requiresLogin: true },
      ],
    },
    links: {
      customerService: 'https://cs.example/chat',
      appIos: 'https://apps.example/ios',
      appAndroid: 'https://apps.example/app.apk',
      imageCDNs: ['https://cdn.example'],
      launchGameCDNs: [''],
    },
    forms: {
      login: { smsLogin: false },
      register: { tabs: ['username'], fields: [], minAge: 18, smsVerification: false },
      forgotPassword: { tabs: ['email'] },
    },
    ...overrides,
  };
}

/**
 * The config's vendor list for these links, as the composer lists them: each vendor once, one
 * placement per game type (the first link of a type wins), name and logo from its first link.
 */
export function vendorsOf(links: readonly TVendorLink[]): TVendor[] {
  const byCode = new Map<string, TVendor>();
  for (const link of links) {
    const vendor = byCode.get(link.vassalage) ?? { code: link.vassalage, name: link.name, logoUrl: link.logoUrl, placements: [] };
    byCode.set(link.vassalage, vendor);
    if (vendor.placements.some((p) => p.gameType === link.gameType)) continue;
    vendor.placements.push({
      gameType: link.gameType,
      path: link.path,
      isGame: link.isGame,
      gameCode: link.gameCode,
      ...(link.name === vendor.name ? {} : { name: link.name }),
      ...(link.logoUrl === vendor.logoUrl ? {} : { logoUrl: link.logoUrl }),
    });
  }
  return [...byCode.values()];
}

/** Every link of a vendor list (one per placement). */
function linksOf(vendors: readonly TVendor[]): TVendorLink[] {
  return vendors.flatMap((v) => v.placements.map((p) => vendorLink(v, p)));
}

/** A config with these vendor links added to its vendor list (a link given here wins over the config's own). */
export function withVendors(config: TScreenConfig, links: readonly TVendorLink[]): TScreenConfig {
  return { ...config, vendors: vendorsOf([...links, ...linksOf(config.vendors)]) };
}

/** A footer product as tests write it: its vendors as links (the fixture lists them and keeps codes). */
export type TProductFixture = { gameType: TGameType; label: string; vendors: readonly TVendorLink[] };

/** The config fixture with these footer products (the categories and vendors the pages read). */
export function configWithProducts(products: readonly TProductFixture[]): TScreenConfig {
  const base = withVendors(
    screenConfigFixture(),
    products.flatMap((p) => p.vendors),
  );
  const footerProducts = products.map((p) => ({ gameType: p.gameType, label: p.label, vendorCodes: p.vendors.map((v) => v.vassalage) }));
  return { ...base, footer: { ...base.footer, products: footerProducts } };
}

/** A vendor link of the config: a LIVE vendor that lists its games, unless overridden. */
export function vendorLinkFixture(vassalage: string, name: string, overrides: Partial<TVendorLink> = {}): TVendorLink {
  return { vassalage, name, logoUrl: '', gameType: 'LIVE', path: `/live?vassalage=${vassalage}`, isGame: 'VASSALAGE', gameCode: null, ...overrides };
}

/** One game. */
export function gameFixture(overrides: Partial<TGame> = {}): TGame {
  return {
    nodeId: 'n-1',
    displayName: 'Lucky Tiger',
    gameName: 'Lucky Tiger',
    gameCode: 'LT',
    iconUrl: '/icons/lucky-tiger.png',
    vassalage: 'PG',
    vendorName: 'PG Soft',
    gameType: 'RNG',
    hasFreeTrial: true,
    ...overrides,
  };
}

/** A regular member. */
export function memberFixture(overrides: Partial<TMemberInfo> = {}): TMemberInfo {
  return {
    id: 1001,
    userName: 'demo',
    nickname: 'Demo',
    type: 0,
    firstTimeLogin: false,
    passwordExpired: false,
    hasVip: true,
    vipLabelName: 'Gold',
    vipRankLevel: 3,
    availablePromoCount: 2,
    missionCount: 0,
    unreadMessage: 1,
    referralEnabled: true,
    avatarUrl: '',
    ...overrides,
  };
}

/** A session answer of `session.login` (and the other login procedures), typed from the router. */
export type TLoginSessionAnswer = Extract<TOutputOf<'session.login'>, { kind: 'session' }>;

/** A completed login as the gateway answers it: not forced to change, not a first login, unless overridden. */
export function loginSessionFixture(overrides: Partial<TLoginSessionAnswer> = {}): TLoginSessionAnswer {
  return {
    kind: 'session',
    token: 'tok-12345678',
    member: memberFixture(),
    firstTimeLogin: false,
    passwordExpired: false,
    mustChangePassword: false,
    ...overrides,
  };
}
