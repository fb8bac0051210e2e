import { describe, expect, it } from 'vitest';
import {
  AGENT_PAGE_MODULES,
  FEATURE_FLAGS,
  HELP_SECTIONS,
  MEMBER_PAGE_MODULES,
  ZScreenConfig,
  encryptCsLink,
  resolveVendorLink,
  vendorIndex,
  type TFeatureFlag,
  type TGameCategory,
  type TGameType,
  type TMenuEntry,
  type TScreenConfig,
  type TVendorCard,
  type TVendorLink,
  type TWhitelabelNode,
} from '@wl/schemas';
import { BUILT_ROUTES, isBuilt, routePath } from './built-routes.ts';
import { composeScreenConfig, type TComposerInputs, type TViewer } from './compose-screen-config.ts';
import { NAV_LABELS } from './nav-labels.ts';
import { withConfig } from './screen-config.service.ts';

const node = (modId: string, enabled = true, childrenNodes: TWhitelabelNode[] = []): TWhitelabelNode => ({
  modId,
  name: modId,
  enabled: enabled ? '1' : '0',
  childrenNodes,
});

function card(gameType: TGameType, i: number, extra: Partial<TVendorCard> = {}): TVendorCard {
  const vassalage = `${gameType}_V${i + 1}`;
  return {
    vassalage,
    displayName: `${gameType} vendor ${i + 1}`,
    gameCode: null,
    isGame: 'VASSALAGE',
    gameType,
    lagerIcon: `/wps/assets/vendor/${vassalage}/large.svg`,
    logoUrl: `/wps/assets/vendor/${vassalage}/logo.svg`,
    ...extra,
  };
}

function category(gameType: TGameType, vendors: number): TGameCategory {
  return {
    gameType,
    title: `${gameType} title`,
    gameClassify: gameType,
    cards: Array.from({ length: vendors }, (_, i) => card(gameType, i)),
  };
}

type TOverrides = {
  flags?: Partial<Record<TFeatureFlag, boolean>>;
  vendors?: Partial<Record<TGameType, number>>;
  memberPagesOff?: string[];
  memberCentreOn?: boolean;
  agentPagesOff?: string[];
  extraNodes?: TWhitelabelNode[];
};

const DEFAULT_VENDORS: Record<TGameType, number> = {
  LOTT: 2,
  ELOTT: 1,
  LIVE: 6,
  SPORTS: 2,
  ESPORTS: 1,
  FISH: 3,
  RNG: 14,
  PVP: 2,
  COCKFIGHT: 1,
  CRASH: 0,
};

function inputs(o: TOverrides = {}): TComposerInputs {
  const flags = { ...Object.fromEntries(FEATURE_FLAGS.map((f) => [f, true])), ...o.flags } as Record<TFeatureFlag, boolean>;
  const vendors = { ...DEFAULT_VENDORS, ...o.vendors };
  const whitelabel: TWhitelabelNode[] = [
    ...FEATURE_FLAGS.map((f) => node(f, flags[f])),
    node(
      'MEMBERCENTER',
      o.memberCentreOn ?? true,
      Object.values(MEMBER_PAGE_MODULES).map((m) => node(m, !(o.memberPagesOff ?? []).includes(m))),
    ),
    node(
      'AGENTCENTER',
      true,
      Object.values(AGENT_PAGE_MODULES).map((m) => node(m, !(o.agentPagesOff ?? ['DIVIDEND']).includes(m))),
    ),
    ...(o.extraNodes ?? []),
  ];
  const order: TGameType[] = ['LOTT', 'ELOTT', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'RNG', 'PVP', 'COCKFIGHT', 'CRASH'];
  return {
    merchantCode: 'DEMO',
    configVersion: 7,
    whitelabel,
    permission: {
      merchantCode: 'DEMO',
      merchantName: 'Lucky Bazaar',
      currencySymbol: '৳',
      customerService: [
        { csType: 'LIVECHAT', path: encryptCsLink('https://support.example/chat', 'Lb7cS9qZ') },
        { csType: 'FACEBOOK', path: encryptCsLink('https://facebook.example/lb', 'Fb2kW8xR') },
      ],
      domainRoute: '',
      mainDomain: 'https://lb.example',
      resources: [
        { labelNameEn: 'iOS app', resourceType: 'IOS_APP', url: 'https://apps.example/ios' },
        { labelNameEn: 'Android app', resourceType: 'ANDROID_APP', url: 'https://apps.example/app.apk' },
      ],
      whitelabel: [],
      registrationRules: [],
      gtagId: '',
      imageCDNs: [''],
      launchGameCDNs: [''],
      location: { ip: '127.0.0.1' },
      maintenance: false,
      regionRestriction: false,
    },
    registerSettings: {
      fields: [
        { field: 'username', enabled: true, required: true },
        { field: 'password', enabled: true, required: true },
        { field: 'email', enabled: true, required: false },
        { field: 'qqNum', enabled: false, required: false },
        { field: 'verificationCode', enabled: true, required: true },
      ],
      minAge: 18,
      smsExpiredMinutes: 2,
      defaultCountryDialingCode: '+880',
      countries: [],
    },
    registerRules: [{ field: 'username', acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', minLength: 6, maxLength: 12, patternId: 'LETTER_FIRST_ALNUM' }],
    gameMenus: order.map((t) => category(t, vendors[t])),
    systemStatus: { status: 0, ip: '127.0.0.1' },
  };
}

const visitor: TViewer = { audience: 'visitor', referralEnabled: false, hasVip: false };
const member: TViewer = { audience: 'member', referralEnabled: false, hasVip: false };
const referralMember: TViewer = { audience: 'member', referralEnabled: true, hasVip: false };
const vipMember: TViewer = { audience: 'member', referralEnabled: false, hasVip: true };
const trial: TViewer = { audience: 'trial', referralEnabled: false, hasVip: false };
const agent: TViewer = { audience: 'agent', referralEnabled: false, hasVip: false };

const compose = (viewer: TViewer, o: TOverrides = {}): TScreenConfig => composeScreenConfig(inputs(o), viewer, 'en');
const headerKinds = (c: TScreenConfig) => c.header.entries.map((e) => (e.kind === 'category' ? e.gameType : e.kind));
const sideEntries = (c: TScreenConfig): TMenuEntry[] => c.sideMenu.sections.flatMap((s) => s.entries);
/** The links a list of codes resolves to in the config's vendor list, as the web resolves them. */
const resolve = (c: TScreenConfig, codes: readonly string[], gameType: TGameType | null): TVendorLink[] => {
  const index = vendorIndex(c.vendors);
  return codes.map((code) => {
    const link = resolveVendorLink(index, code, gameType);
    if (!link) throw new Error(`dangling vendor code ${code}`);
    return link;
  });
};
const sideKeys = (c: TScreenConfig, section: string) => c.sideMenu.sections.find((s) => s.key === section)?.entries.map((e) => e.key);

describe('composeScreenConfig', () => {
  // docs/0121: the navigation's words travel in the config, so the web's first load holds none of them.
  describe('navigation labels in the config (docs/0121)', () => {
    type TNamed = { key: string; labelKey?: string | undefined; label?: string | undefined };
    const NAMED = (c: TScreenConfig): TNamed[] => [
      ...c.header.entries,
      ...c.sideMenu.sections.flatMap((s) => [...(s.labelKey ? [s] : []), ...s.entries]),
      ...c.memberCentre,
      ...c.agentCentre,
      ...c.avatarMenu,
      ...c.home.menu,
      ...c.home.rows,
    ];
    it('holds the same keys in BN and EN, each a different word, BN in Bengali', () => {
      expect(Object.keys(NAV_LABELS.bn).sort()).toEqual(Object.keys(NAV_LABELS.en).sort());
      for (const [key, en] of Object.entries(NAV_LABELS.en)) {
        const bn = NAV_LABELS.bn[key] ?? '';
        expect([key, /[\u0980-\u09FF]/.test(bn), bn !== en, en.trim() !== '']).toEqual([key, true, true, true]);
      }
    });
    it.each(['bn', 'en'] as const)('gives every entry it names a word in %s, never a key', (language) => {
      for (const viewer of [visitor, member, vipMember, referralMember, trial, agent]) {
        const config = composeScreenConfig(inputs({ vendors: { RNG: 12 } }), viewer, language);
        for (const item of NAMED(config)) {
          const label = item.label;
          expect([item.key, typeof label === 'string' && label.trim() !== '' && label !== item.labelKey]).toEqual([item.key, true]);
          // The game centre's entries carry the category's title from the upstream instead.
          if (language === 'bn' && item.labelKey && !item.labelKey.startsWith('category_')) expect(label).toBe(NAV_LABELS.bn[item.labelKey]);
        }
      }
    });
  });

  it.each([visitor, member, referralMember, vipMember, trial, agent])('produces a valid ScreenConfig for $audience', (viewer) => {
    const config = compose(viewer);
    expect(ZScreenConfig.parse(config)).toEqual(config);
    expect(config.audience).toBe(viewer.audience);
  });

  describe('header (SPEC §2 Header)', () => {
    it('lists Home, each non-empty category in order, Promotions, Rewards, Share', () => {
      expect(headerKinds(compose(visitor))).toEqual([
        'home',
        'LOTT',
        'ELOTT',
        'LIVE',
        'SPORTS',
        'ESPORTS',
        'FISH',
        'RNG',
        'PVP',
        'COCKFIGHT',
        'promotions',
        'rewards',
        'share',
      ]);
    });

    it.each([
      ['visitor', visitor, true],
      ['member without referral', member, false],
      ['member with referral', referralMember, true],
      ['trial', trial, false],
      ['agent without referral', agent, false],
      ['agent with referral', { ...agent, referralEnabled: true }, true],
    ] as const)('Rewards for %s: %s', (_name, viewer, shown) => {
      expect(headerKinds(compose(viewer)).includes('rewards')).toBe(shown);
    });

    it.each([
      [1, 'compact'],
      [10, 'compact'],
      [11, 'large'],
      [25, 'large'],
    ] as const)('%i vendors → %s drop-down', (count, layout) => {
      const entry = compose(visitor, { vendors: { LIVE: count } }).header.entries.find((e) => e.kind === 'category' && e.gameType === 'LIVE');
      expect(entry).toMatchObject({ dropdownLayout: layout });
      expect(entry?.kind === 'category' && entry.vendorCodes.length).toBe(count);
    });

    it('hides empty categories everywhere', () => {
      const config = compose(visitor, { vendors: { PVP: 0 } });
      expect(headerKinds(config)).not.toContain('PVP');
      expect(headerKinds(config)).not.toContain('CRASH');
      expect(sideKeys(config, 'gameCentre')).not.toContain('pvp');
      expect(config.footer.products.map((p) => p.gameType)).not.toContain('PVP');
      expect(config.home.menu.map((m) => m.key)).not.toContain('PVP');
      expect(config.home.rows.map((r) => r.key)).not.toContain('PVP');
    });

    it('hides a category whose GAME_<type> module is off', () => {
      expect(headerKinds(compose(visitor, { extraNodes: [node('GAME_LIVE', false)] }))).not.toContain('LIVE');
      expect(headerKinds(compose(visitor, { extraNodes: [node('GAME_LIVE', true)] }))).toContain('LIVE');
    });

    it('points vendors where the launch rules send them (SPEC §4)', () => {
      const base = inputs();
      base.gameMenus = [
        { gameType: 'RNG', title: 'Slots', gameClassify: 'RNG', cards: [card('RNG', 0), card('RNG', 1)] },
        {
          gameType: 'ELOTT',
          title: 'Lottery',
          gameClassify: 'ELOTT',
          cards: [
            card('ELOTT', 0, { vassalage: 'TCG_SEA', gameCode: 'SEA1', isGame: 'GAME' }),
            card('ELOTT', 1, { vassalage: 'TCG_LOTTO_VN', gameCode: 'VN 2', isGame: 'GAME' }),
            card('ELOTT', 2, { vassalage: 'OWN_LOTT', gameCode: 'L3', isGame: 'GAME' }),
          ],
        },
        { gameType: 'LIVE', title: 'Live', gameClassify: 'LIVE', cards: [card('LIVE', 0)] },
      ];
      const config = composeScreenConfig(base, visitor, 'en');
      const paths = config.header.entries.flatMap((e) =>
        e.kind === 'category' ? [[e.path, ...resolve(config, e.vendorCodes, e.gameType).map((v) => v.path)]] : [],
      );
      expect(paths).toEqual([
        ['/rng', '/rng?vassalage=RNG_V1', '/rng?vassalage=RNG_V2'],
        ['/elott', '/seaLottery?gameCode=SEA1', '/vnLottery?gameCode=VN%202', '/lottery?gameCode=L3'],
        // One vendor: the category launches it directly.
        ['/live?vassalage=LIVE_V1', '/live?vassalage=LIVE_V1'],
      ]);
    });
  });

  describe('vendors (each listed once, named by code: docs/0020)', () => {
    it('lists every shown vendor once, in category order, and names it by code everywhere else', () => {
      const config = compose(visitor);
      const codes = config.vendors.map((v) => v.code);
      expect(codes).toEqual(config.footer.products.flatMap((p) => p.vendorCodes));
      expect(new Set(codes).size).toBe(codes.length);
      expect(config.vendors.find((v) => v.code === 'LIVE_V2')).toEqual({
        code: 'LIVE_V2',
        name: 'LIVE vendor 2',
        logoUrl: '/wps/assets/vendor/LIVE_V2/logo.svg',
        placements: [{ gameType: 'LIVE', path: '/live?vassalage=LIVE_V2', isGame: 'VASSALAGE', gameCode: null }],
      });
      expect(config.footer.vendorLogoCodes).toEqual(codes);
    });

    it('a vendor under two categories is listed once with a placement for each; what differs stays on its placement', () => {
      const base = inputs();
      base.gameMenus = [
        { gameType: 'RNG', title: 'Slots', gameClassify: 'RNG', cards: [card('RNG', 0, { vassalage: 'JILI', displayName: 'Jili' })] },
        {
          gameType: 'FISH',
          title: 'Fishing',
          gameClassify: 'FISH',
          cards: [
            card('FISH', 0, { vassalage: 'JILI', displayName: 'Jili Fishing', isGame: 'GAME', gameCode: 'jf1' }),
            // Cards are keyed by vassalage inside a category: a repeat adds nothing.
            card('FISH', 1, { vassalage: 'JILI', displayName: 'Jili again' }),
          ],
        },
      ];
      const config = composeScreenConfig(base, visitor, 'en');
      expect(ZScreenConfig.parse(config)).toEqual(config);
      expect(config.vendors).toEqual([
        {
          code: 'JILI',
          name: 'Jili',
          logoUrl: '/wps/assets/vendor/RNG_V1/logo.svg',
          placements: [
            { gameType: 'RNG', path: '/rng?vassalage=JILI', isGame: 'VASSALAGE', gameCode: null },
            {
              gameType: 'FISH',
              path: '/fish?vassalage=JILI',
              isGame: 'GAME',
              gameCode: 'jf1',
              name: 'Jili Fishing',
              logoUrl: '/wps/assets/vendor/FISH_V1/logo.svg',
            },
          ],
        },
      ]);
      const [fishLink] = resolve(config, config.footer.products[1]?.vendorCodes ?? [], 'FISH');
      expect(fishLink).toEqual({
        vassalage: 'JILI',
        name: 'Jili Fishing',
        logoUrl: '/wps/assets/vendor/FISH_V1/logo.svg',
        gameType: 'FISH',
        path: '/fish?vassalage=JILI',
        isGame: 'GAME',
        gameCode: 'jf1',
      });
      expect(config.footer.vendorLogoCodes).toEqual(['JILI']);
    });
  });

  describe('home (SPEC §2 Home details)', () => {
    it('menu: HOME, FAV, categories without FISH, MXWIN before SPORTS with more than 10 RNG vendors', () => {
      expect(compose(visitor, { vendors: { RNG: 11 } }).home.menu.map((m) => m.key)).toEqual([
        'HOME',
        'FAV',
        'LOTT',
        'ELOTT',
        'LIVE',
        'MXWIN',
        'SPORTS',
        'ESPORTS',
        'RNG',
        'PVP',
        'COCKFIGHT',
      ]);
    });

    it('menu: no MXWIN with 10 RNG vendors or fewer', () => {
      expect(compose(visitor, { vendors: { RNG: 10 } }).home.menu.map((m) => m.key)).not.toContain('MXWIN');
    });

    it('menu: MXWIN goes last when there is no sports category', () => {
      const keys = compose(visitor, { vendors: { SPORTS: 0, RNG: 12 } }).home.menu.map((m) => m.key);
      expect(keys.at(-1)).toBe('MXWIN');
    });

    it('menu: FAV requires login, FISH never appears', () => {
      const menu = compose(visitor).home.menu;
      expect(menu.find((m) => m.key === 'FAV')?.requiresLogin).toBe(true);
      expect(menu.find((m) => m.key === 'HOME')?.requiresLogin).toBe(false);
      expect(menu.some((m) => m.gameType === 'FISH')).toBe(false);
    });

    it('rows: HOT, FAV, RNG, FISH, LIVE, PVP, MXWIN, SPORTS with at most 5 vendors each', () => {
      const rows = compose(visitor, { vendors: { RNG: 14, LIVE: 6 } }).home.rows;
      expect(rows.map((r) => r.key)).toEqual(['HOT', 'FAV', 'RNG', 'FISH', 'LIVE', 'PVP', 'MXWIN', 'SPORTS']);
      expect(rows.find((r) => r.key === 'RNG')?.vendorCodes).toEqual(['RNG_V1', 'RNG_V2', 'RNG_V3', 'RNG_V4', 'RNG_V5']);
      expect(rows.find((r) => r.key === 'LIVE')?.vendorCodes).toHaveLength(5);
      expect(rows.find((r) => r.key === 'FAV')?.requiresLogin).toBe(true);
    });

    it('rows: MXWIN holds RNG vendors 11 to 20', () => {
      const mxwin = compose(visitor, { vendors: { RNG: 23 } }).home.rows.find((r) => r.key === 'MXWIN');
      expect(mxwin?.vendorCodes).toEqual(Array.from({ length: 10 }, (_, i) => `RNG_V${i + 11}`));
    });

    it('rows: no MXWIN with 10 RNG vendors', () => {
      expect(compose(visitor, { vendors: { RNG: 10 } }).home.rows.map((r) => r.key)).not.toContain('MXWIN');
    });
  });

  describe('side menu (SPEC §2 Side menu)', () => {
    it.each([
      ['visitor', visitor, true],
      ['member without referral', member, false],
      ['member with referral', referralMember, true],
    ] as const)('invite friends for %s: %s', (_name, viewer, shown) => {
      expect(sideKeys(compose(viewer), 'rewards')?.includes('inviteFriends')).toBe(shown);
    });

    it('keeps deposit, withdraw, promotions first and reward centre with rebate', () => {
      const config = compose(member);
      expect(sideKeys(config, 'wallet')).toEqual(['deposit', 'withdraw', 'promotions']);
      expect(sideKeys(config, 'rewards')).toEqual(['rewardCenter', 'rebate', 'pointMall', 'chatRoom']);
    });

    it('offers the points mall and the chat room to signed-in real accounts only (docs/0121)', () => {
      for (const viewer of [member, agent]) {
        const entries = sideEntries(compose(viewer));
        expect(entries.find((e) => e.key === 'pointMall')).toMatchObject({ target: { type: 'route', path: '/pointMall' }, isAvailable: true });
        expect(entries.find((e) => e.key === 'chatRoom')).toMatchObject({ target: { type: 'action', action: 'chatRoom' }, isAvailable: true });
      }
      for (const viewer of [visitor, trial]) expect(sideEntries(compose(viewer)).filter((e) => e.key === 'pointMall' || e.key === 'chatRoom')).toEqual([]);
    });

    it('lists the game centre by category', () => {
      expect(sideKeys(compose(visitor), 'gameCentre')).toEqual(['lott', 'elott', 'live', 'sports', 'esports', 'fish', 'rng', 'pvp', 'cockfight']);
    });

    it('shows VIP only with VIP, and the member list only when logged in', () => {
      expect(sideKeys(compose(vipMember), 'memberCentre')).toEqual([
        'vip',
        'bettingRecord',
        'accountRecord',
        'myAccount',
        'depositRecord',
        'profitLoss',
        'messages',
        'feedback',
      ]);
      expect(sideKeys(compose(member), 'memberCentre')).not.toContain('vip');
      // The deposit record page is built: its entry links it.
      const record = compose(member)
        .sideMenu.sections.find((sec) => sec.key === 'memberCentre')
        ?.entries.find((e) => e.key === 'depositRecord');
      expect(record).toMatchObject({ target: { type: 'route', path: '/member/depositRecord' }, isAvailable: true });
      expect(sideKeys(compose(visitor), 'memberCentre')).toBeUndefined();
    });

    it('links the account game lists (favourites, recent) for logged-in audiences only', () => {
      for (const viewer of [member, trial, agent]) expect(sideKeys(compose(viewer), 'myGames')).toEqual(['favorite', 'recent']);
      expect(
        sideEntries(compose(member))
          .filter((e) => e.key === 'favorite' || e.key === 'recent')
          .map((e) => [e.target, e.isAvailable]),
      ).toEqual([
        [{ type: 'route', path: '/favorite' }, true],
        [{ type: 'route', path: '/recent' }, true],
      ]);
      expect(sideKeys(compose(visitor), 'myGames')).toBeUndefined();
    });

    it('offers sign out only to logged-in audiences', () => {
      expect(sideKeys(compose(visitor), 'settings')).toEqual(['language', 'theme', 'appDownload', 'customerService']);
      for (const viewer of [member, trial, agent]) expect(sideKeys(compose(viewer), 'settings')).toContain('logout');
    });
  });

  describe('member and agent centres', () => {
    it('member centre follows the real site order with badges, then the announcements (docs/0112)', () => {
      const entries = compose(referralMember).memberCentre;
      expect(entries.map((e) => e.key)).toEqual([...Object.keys(MEMBER_PAGE_MODULES), 'announcements']);
      expect(entries.at(-1)).toMatchObject({ target: { type: 'route', path: '/member/announcements' }, isAvailable: true });
      expect(Object.fromEntries(entries.filter((e) => e.badge).map((e) => [e.key, e.badge]))).toEqual({
        rewardCenter: 'reward',
        missionLeaderboard: 'mission',
        messageV2: 'message',
      });
    });

    it('member centre drops disabled pages, referral without its promotion, and everything for visitors', () => {
      expect(compose(referralMember, { memberPagesOff: ['MISSION3'] }).memberCentre.map((e) => e.key)).not.toContain('missionLeaderboard');
      expect(compose(member).memberCentre.map((e) => e.key)).not.toContain('referral');
      expect(compose(member, { memberCentreOn: false }).memberCentre).toEqual([]);
      expect(compose(visitor).memberCentre).toEqual([]);
    });

    it('agent centre only for agents, gated by its modules', () => {
      const keys = compose(agent).agentCentre.map((e) => e.key);
      expect(keys).toEqual([
        'deposit',
        'withdraw',
        ...Object.keys(AGENT_PAGE_MODULES).filter((k) => k !== 'agentDividendRecordCopy2'),
        'messages',
        'customerService',
      ]);
      // Agents are members: deposit and withdraw are the member pages, linked because they are built;
      // the announcements are the agent centre's own page (docs/0112).
      const entries = compose(agent).agentCentre;
      for (const [key, path] of [
        ['deposit', '/member/depositv2'],
        ['withdraw', '/member/withdraw'],
        ['agentAnnouncement', '/agentHome/agentAnnouncement'],
        ['messages', '/member/messageV2'],
      ])
        expect(entries.find((e) => e.key === key)).toMatchObject({ target: { type: 'route', path }, isAvailable: true });
      expect(entries.find((e) => e.key === 'customerService')).toMatchObject({ target: { type: 'action', action: 'customerService' } });
      expect(compose(agent, { agentPagesOff: [] }).agentCentre.map((e) => e.key)).toContain('agentDividendRecordCopy2');
      for (const viewer of [visitor, member, trial]) expect(compose(viewer).agentCentre).toEqual([]);
    });

    it('avatar menu: none for visitors, agent entry only for agents', () => {
      expect(compose(visitor).avatarMenu).toEqual([]);
      expect(compose(member).avatarMenu.map((e) => e.key)).toEqual(['myAccount', 'bettingRecord', 'messages', 'customerService', 'logout']);
      expect(compose(agent).avatarMenu.map((e) => e.key)).toContain('agent');
    });
  });

  describe('forms (SPEC §4, §5)', () => {
    it.each([
      [{ MOBILENUMREG3: true, USERNAMEREG3: true }, ['mobile', 'username']],
      [{ MOBILENUMREG3: false, USERNAMEREG3: true }, ['username']],
      [{ MOBILENUMREG3: true, USERNAMEREG3: false }, ['mobile']],
    ] as const)('register tabs for %o → %o', (flags, tabs) => {
      expect(compose(visitor, { flags }).forms.register.tabs).toEqual(tabs);
    });

    it.each([
      [true, ['mobile', 'email']],
      [false, ['email']],
    ] as const)('forgot-password tabs with CHNGPASSVERIF3 %s → %o', (on, tabs) => {
      expect(compose(visitor, { flags: { CHNGPASSVERIF3: on } }).forms.forgotPassword.tabs).toEqual(tabs);
    });

    it('sms login and sms verification follow their flags', () => {
      expect(compose(visitor, { flags: { MOBILEVERCODELOGIN3: false, REGMOBVERF3: true } }).forms).toMatchObject({
        login: { smsLogin: false },
        register: { smsVerification: true, minAge: 18 },
      });
    });

    it('the SMS code field is offered only where a tab takes the code: the mobile tab, or REGMOBVERF3', () => {
      const fieldsOf = (flags: { REGMOBVERF3: boolean; MOBILENUMREG3: boolean }) => compose(visitor, { flags }).forms.register.fields.map((f) => f.field);
      expect(fieldsOf({ REGMOBVERF3: true, MOBILENUMREG3: false })).toContain('verificationCode');
      expect(fieldsOf({ REGMOBVERF3: false, MOBILENUMREG3: true })).toContain('verificationCode');
      expect(fieldsOf({ REGMOBVERF3: false, MOBILENUMREG3: false })).not.toContain('verificationCode');
    });

    it('register fields come from enabled settings with their rules', () => {
      expect(compose(visitor, { flags: { REGMOBVERF3: false, MOBILENUMREG3: false } }).forms.register.fields).toEqual([
        {
          field: 'username',
          required: true,
          rule: { acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', minLength: 6, maxLength: 12, patternId: 'LETTER_FIRST_ALNUM' },
        },
        { field: 'password', required: true, rule: null },
        { field: 'email', required: false, rule: null },
      ]);
    });

    it("a draft's category places (docs/0141) order the preview's header and home menu", () => {
      const now = compose(visitor)
        .header.entries.filter((e) => e.kind === 'category')
        .map((e) => e.key);
      const places = Object.fromEntries(now.map((key, i) => [`menu.${key.toUpperCase()}.sort`, i]));
      const last = now[now.length - 1]!;
      const draft = withConfig(inputs(), { ...places, [`menu.${last.toUpperCase()}.sort`]: -1 });
      expect(
        composeScreenConfig(draft, visitor, 'en')
          .header.entries.filter((e) => e.kind === 'category')
          .map((e) => e.key),
      ).toEqual([last, ...now.slice(0, -1)]);
    });

    it("a draft's registration fields (docs/0140) make the preview's form: a field on, off or required", () => {
      const draft = withConfig(inputs({ flags: { REGMOBVERF3: false, MOBILENUMREG3: false } }), {
        'register.email.required': true,
        'register.qqNum.enabled': true,
        'register.password.enabled': 'no',
      });
      expect(composeScreenConfig(draft, visitor, 'en').forms.register.fields.map((f) => [f.field, f.required])).toEqual([
        ['username', true],
        ['password', true],
        ['email', true],
        ['qqNum', false],
      ]);
    });

    it('flags carry every feature flag', () => {
      expect(compose(visitor, { flags: { FREEPLAY3: false } }).flags).toMatchObject({ FREEPLAY3: false, MOBILENUMREG3: true });
      expect(Object.keys(compose(visitor).flags).sort()).toEqual([...FEATURE_FLAGS].sort());
    });
  });

  describe('links and footer', () => {
    it('decrypts customer service and social links, builds app links with language and token placeholder', () => {
      const config = composeScreenConfig(inputs(), visitor, 'bn');
      expect(config.links).toMatchObject({
        customerService: 'https://support.example/chat',
        appIos: 'https://apps.example/ios?language=bn',
        appAndroid: 'https://apps.example/app.apk',
      });
      expect(config.footer.social).toEqual([{ csType: 'FACEBOOK', url: 'https://facebook.example/lb' }]);
    });

    it('footer lists products by category and each vendor logo once', () => {
      const config = compose(visitor);
      expect(config.footer.products.map((p) => p.gameType)).toEqual(['LOTT', 'ELOTT', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'RNG', 'PVP', 'COCKFIGHT']);
      const logos = config.footer.vendorLogoCodes;
      expect(new Set(logos).size).toBe(logos.length);
      expect(logos).toHaveLength(2 + 1 + 6 + 2 + 1 + 3 + 14 + 2 + 1);
    });
  });

  describe('availability (pages the web does not build are disabled)', () => {
    it('links the built actions, the game centre routes, the account game lists, the security centre, deposit, withdraw, the deposit record, transfers, records, messages, the rebate, the agent centre, the help centre with its terms and sections (docs/0109), the promotions, responsible gaming (docs/0102), feedback (docs/0111) and missions (docs/0119), nothing else', () => {
      const config = compose(agent);
      const all = [...sideEntries(config), ...config.memberCentre, ...config.agentCentre, ...config.avatarMenu, ...config.footer.helpLinks];
      const available = all
        .filter((e) => e.isAvailable)
        .map((e) => (e.target.type === 'action' ? e.target.action : e.target.type === 'route' ? e.target.path : e.target.url));
      expect(new Set(available)).toEqual(
        new Set([
          'language',
          'theme',
          'appDownload',
          'customerService',
          'logout',
          // docs/0121: the chat room's modal and the points mall.
          'chatRoom',
          '/pointMall',
          '/lott',
          '/elott',
          '/live',
          '/sports',
          '/esports',
          '/fish',
          '/rng',
          '/pvp',
          '/cockfight',
          '/favorite',
          '/recent',
          '/promotions',
          '/member/securityCenter',
          '/member/depositv2',
          '/member/withdraw',
          '/member/depositRecord',
          '/member/transferFund',
          '/member/transferUpline',
          '/member/transactionHistory',
          '/member/personalHistoryCopy',
          '/member/personalProfit',
          '/member/rewardCenter',
          '/member/bonusDetails',
          '/member/messageV2',
          // docs/0119: missions and leaderboards.
          '/member/missionLeaderboard',
          '/member/manualRebate',
          '/member/responsibleGaming',
          // docs/0111: the side menu's and the footer's feedback entries.
          '/member/feedback',
          '/member/announcements',
          '/agentHome',
          '/agentHome/agentAnnouncement',
          '/agentHome/agentTeamOverview',
          '/agentHome/downlineManagmentView',
          '/agentHome/registerCenter',
          '/agentHome/personalHistoryCopy',
          '/agentHome/palStatementsAgentCopy',
          '/agentHome/agentDownlineTransactionDetailsCopy',
          '/help',
          '/help#term',
          // docs/0109: the help centre's sections.
          '/help#about',
          '/help#news',
          '/help#guide',
          '/help#install',
          '/agentHome/agentRevenueReport',
          '/agentHome/agentDailyWages2',
          '/agentHome/agentHourSalary',
          '/agentHome/agentRealtimeSalary',
        ]),
      );
    });

    it('side-menu game centre entries are available', () => {
      const gameCentre = compose(visitor).sideMenu.sections.find((s) => s.key === 'gameCentre');
      expect(gameCentre?.entries.length).toBeGreaterThan(0);
      expect(gameCentre?.entries.every((e) => e.isAvailable)).toBe(true);
    });

    it('header: home, categories, promotions, rewards (the member promotions, docs/0096) and share (the referral page, docs/0097) are available', () => {
      const availability = Object.fromEntries(compose(visitor).header.entries.map((e) => [e.key, e.isAvailable]));
      expect(availability).toEqual({
        home: true,
        lott: true,
        elott: true,
        live: true,
        sports: true,
        esports: true,
        fish: true,
        rng: true,
        pvp: true,
        cockfight: true,
        promotions: true,
        rewards: true,
        share: true,
      });
    });

    it.each([visitor, member, referralMember, vipMember, trial, agent])('every available link of $audience points at a built route', (viewer) => {
      for (const vendors of [
        { RNG: 14, CRASH: 3 },
        { LIVE: 1, SPORTS: 1, ELOTT: 1, LOTT: 1 },
      ] as const) {
        const config = compose(viewer, { vendors });
        const menus = [...sideEntries(config), ...config.memberCentre, ...config.agentCentre, ...config.avatarMenu, ...config.footer.helpLinks];
        const vendorLinks = [
          ...config.header.entries.flatMap((e) => (e.kind === 'category' ? resolve(config, e.vendorCodes, e.gameType) : [])),
          ...config.footer.products.flatMap((p) => resolve(config, p.vendorCodes, p.gameType)),
          ...resolve(config, config.footer.vendorLogoCodes, null),
          ...config.home.rows.flatMap((r) => resolve(config, r.vendorCodes, r.gameType)),
        ];
        const linked = [
          ...menus.flatMap((e) => (e.isAvailable && e.target.type === 'route' ? [e.target.path] : [])),
          ...config.header.entries.filter((e) => e.isAvailable).map((e) => e.path),
          ...vendorLinks.map((v) => v.path),
        ];
        expect(linked.length).toBeGreaterThan(10);
        expect(linked.map(routePath).filter((path) => !BUILT_ROUTES.includes(path))).toEqual([]);
      }
    });

    it('a lottery vendor and a single-vendor category link to built pages', () => {
      const base = inputs();
      base.gameMenus = [
        { gameType: 'ELOTT', title: 'Lottery', gameClassify: 'ELOTT', cards: [card('ELOTT', 0, { vassalage: 'TCG_SEA', gameCode: 'SEA1', isGame: 'GAME' })] },
      ];
      const entry = composeScreenConfig(base, visitor, 'en').header.entries.find((e) => e.kind === 'category');
      expect(entry).toMatchObject({ path: '/seaLottery?gameCode=SEA1', isAvailable: true });
    });

    it('routePath drops query and hash; of the help centre /help, its terms (#term) and its sections (docs/0109) are built, not the feedback form', () => {
      expect(routePath('/rng?vassalage=PG')).toBe('/rng');
      expect(routePath('/help#term')).toBe('/help');
      expect(isBuilt('/help')).toBe(true);
      expect(isBuilt('/help#term')).toBe(true);
      for (const section of HELP_SECTIONS) expect(isBuilt(`/help#${section}`)).toBe(true);
      expect(isBuilt('/help#feedback')).toBe(false);
      expect(BUILT_ROUTES).toContain('/member/missionLeaderboard');
    });

    it('customer service is disabled when no link decrypts', () => {
      const base = inputs();
      base.permission.customerService = [{ csType: 'LIVECHAT', path: 'garbage' }];
      const config = composeScreenConfig(base, member, 'en');
      expect(config.links.customerService).toBe('');
      expect(config.avatarMenu.find((e) => e.key === 'customerService')?.isAvailable).toBe(false);
      expect(composeScreenConfig(base, agent, 'en').agentCentre.find((e) => e.key === 'customerService')?.isAvailable).toBe(false);
    });
  });

  describe('version', () => {
    it('is stable for the same inputs and ignores the address', () => {
      const a = composeScreenConfig(inputs(), member, 'en');
      const other = inputs();
      other.systemStatus = { status: 0, ip: '10.0.0.9' };
      expect(composeScreenConfig(other, member, 'en').version).toBe(a.version);
      const bumped = inputs();
      bumped.configVersion = 8;
      // Nothing this viewer sees changed, so nothing is pushed.
      expect(composeScreenConfig(bumped, member, 'en').version).toBe(a.version);
    });

    it('changes with a flag, the audience or the language', () => {
      const base = compose(member).version;
      expect(compose(member, { flags: { MOBILENUMREG3: false } }).version).not.toBe(base);
      expect(compose(agent).version).not.toBe(base);
      expect(composeScreenConfig(inputs(), member, 'bn').version).not.toBe(base);
    });
  });
});
