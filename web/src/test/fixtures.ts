import type { TGame, TMemberInfo, TScreenConfig, TVendorLink } from '@wl/schemas';
import type { TOutputOf } from './render.tsx';

/** A ScreenConfig close to what the gateway composes for a visitor. */
export function screenConfigFixture(overrides: Partial<TScreenConfig> = {}): TScreenConfig {
  return {
    version: 'v1',
    audience: 'visitor',
    language: 'en',
    merchant: { code: 'WL01', name: 'Royal Bengal', currencySymbol: '৳' },
    system: { status: 0, ip: '10.0.0.1' },
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
    header: {
      entries: [
        { kind: 'home', key: 'home', labelKey: 'nav_home', path: '/', isAvailable: true },
        {
          kind: 'category',
          key: 'LIVE',
          gameType: 'LIVE',
          label: 'Live casino',
          path: '/live',
          vendors: [{ vassalage: 'EVO', name: 'Evolution', logoUrl: '', gameType: 'LIVE', path: '/live?vassalage=EVO', isGame: 'VASSALAGE', gameCode: null }],
          dropdownLayout: 'compact',
          isAvailable: true,
        },
        { kind: 'promotions', key: 'promotions', labelKey: 'nav_promotions', path: '/promotions', isAvailable: false },
        { kind: 'rewards', key: 'rewards', labelKey: 'nav_rewards', path: '/member/rewardCenter', isAvailable: false },
        { kind: 'share', key: 'share', labelKey: 'nav_share', path: '/member/referral', isAvailable: false },
      ],
    },
    sideMenu: {
      sections: [
        {
          key: 'wallet',
          entries: [
            { key: 'deposit', labelKey: 'menu_deposit', icon: 'deposit', target: { type: 'route', path: '/member/depositv2' }, isAvailable: false },
            { key: 'home', labelKey: 'nav_home', icon: 'home', target: { type: 'route', path: '/' }, isAvailable: true },
          ],
        },
        {
          key: 'settings',
          entries: [{ key: 'theme', labelKey: 'menu_theme', icon: 'theme', target: { type: 'action', action: 'theme' }, isAvailable: true }],
        },
      ],
    },
    footer: { helpLinks: [], products: [], social: [], vendorLogos: [] },
    memberCentre: [],
    agentCentre: [],
    avatarMenu: [],
    home: {
      menu: [
        { key: 'HOME', kind: 'HOME', gameType: null, labelKey: 'home_menu_home', requiresLogin: false },
        { key: 'FAV', kind: 'FAV', gameType: null, labelKey: 'home_menu_fav', requiresLogin: true },
        { key: 'LIVE', kind: 'CATEGORY', gameType: 'LIVE', label: 'Live casino', requiresLogin: false },
      ],
      rows: [
        { key: 'HOT', labelKey: 'home_row_hot', gameType: null, vendors: [], requiresLogin: false },
        { key: 'FAV', labelKey: 'home_row_fav', gameType: null, vendors: [], requiresLogin: true },
      ],
    },
    links: { customerService: 'https://cs.example/chat', appIos: 'https://apps.example/ios', appAndroid: 'https://apps.example/app.apk', imageCDNs: ['https://cdn.example'] },
    forms: {
      login: { smsLogin: false },
      register: { tabs: ['username'], fields: [], minAge: 18, smsVerification: false },
      forgotPassword: { tabs: ['email'] },
    },
    ...overrides,
  };
}

/** The config fixture with these footer products (the categories and vendors the pages read). */
export function configWithProducts(products: TScreenConfig['footer']['products']): TScreenConfig {
  const base = screenConfigFixture();
  return { ...base, footer: { ...base.footer, products } };
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
