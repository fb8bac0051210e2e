import type { TVendorCard } from '@wl/schemas';
import { describe, expect, it } from 'vitest';
import { categoryPath, decideLaunch, decideVendorEntry, lotteryLaunchFields, lottoAreaOfPath, prizeModeFor, type TLaunchInput } from './launch-rules.ts';

const member = { isLoggedIn: true, isTrial: false } as const;
const game: TLaunchInput = {
  ...member,
  vassalage: 'PG',
  gameType: 'RNG',
  isGame: 'GAME',
  gameCode: 'pg-1',
  nodeId: 'node-1',
};

function card(overrides: Partial<TVendorCard>): TVendorCard {
  return {
    vassalage: 'PG',
    displayName: 'PG Soft',
    gameCode: null,
    isGame: 'VASSALAGE',
    gameType: 'RNG',
    lagerIcon: '',
    logoUrl: '',
    ...overrides,
  };
}

describe('decideLaunch (SPEC §4 launch rules, in order)', () => {
  it.each<[string, TLaunchInput, ReturnType<typeof decideLaunch>]>([
    ['visitor opens the login popup', { ...game, isLoggedIn: false }, { kind: 'login' }],
    ['visitor on a lottery still logs in first', { ...game, isLoggedIn: false, isTrial: true, vassalage: 'LOTT' }, { kind: 'login' }],
    ['trial account is blocked', { ...game, isTrial: true }, { kind: 'trialBlocked', messageKey: 'in_need_true_account' }],
    [
      'trial account is blocked before lottery routes',
      { ...game, isTrial: true, vassalage: 'TCG_SEA' },
      { kind: 'trialBlocked', messageKey: 'in_need_true_account' },
    ],
    [
      'TCG_LOTTO_VN goes to /vnLottery',
      { ...game, vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT', gameCode: 'VN01' },
      { kind: 'route', path: '/vnLottery?gameCode=VN01' },
    ],
    [
      'TCG_SEA goes to /seaLottery',
      { ...game, vassalage: 'TCG_SEA', gameType: 'ELOTT', gameCode: 'SEA 1' },
      { kind: 'route', path: '/seaLottery?gameCode=SEA%201' },
    ],
    ['LOTT goes to /lottery', { ...game, vassalage: 'LOTT', gameType: 'LOTT', gameCode: 'L5' }, { kind: 'route', path: '/lottery?gameCode=L5' }],
    [
      'ELOTT goes to /lottery with the prize mode hint',
      { ...game, vassalage: 'ELOTT', gameType: 'ELOTT', gameCode: 'E1', prizeModeHint: 'ELOTT' },
      { kind: 'route', path: '/lottery?gameCode=E1&prizeMode=ELOTT' },
    ],
    [
      'the hint is ignored on the VN route',
      { ...game, vassalage: 'TCG_LOTTO_VN', gameCode: 'V', prizeModeHint: 'ELOTT' },
      { kind: 'route', path: '/vnLottery?gameCode=V' },
    ],
    [
      'a lottery card without a game code still routes',
      { ...game, vassalage: 'LOTT', isGame: 'VASSALAGE', gameCode: null },
      { kind: 'route', path: '/lottery?gameCode=' },
    ],
    ['VASSALAGE opens the popup game list', { ...game, isGame: 'VASSALAGE', nodeId: null }, { kind: 'vendorPopup', vassalage: 'PG', gameType: 'RNG' }],
    ['VASSALAGE wins over a node id', { ...game, isGame: 'VASSALAGE' }, { kind: 'vendorPopup', vassalage: 'PG', gameType: 'RNG' }],
    ['a GAME card without node id starts its game by code', { ...game, nodeId: null }, { kind: 'launchCard', gameCode: 'pg-1' }],
    ['a GAME card with an empty node id starts its game by code', { ...game, nodeId: '' }, { kind: 'launchCard', gameCode: 'pg-1' }],
    [
      'a GAME card with neither node id nor code opens the list',
      { ...game, nodeId: null, gameCode: null },
      { kind: 'vendorPopup', vassalage: 'PG', gameType: 'RNG' },
    ],
    ['a GAME card with empty codes opens the list', { ...game, nodeId: '', gameCode: '' }, { kind: 'vendorPopup', vassalage: 'PG', gameType: 'RNG' }],
    ['otherwise the game starts', game, { kind: 'launch', nodeId: 'node-1' }],
  ])('%s', (_name, input, expected) => {
    expect(decideLaunch(input)).toEqual(expected);
  });
});

describe('decideVendorEntry (SPEC §4 vendors)', () => {
  const rng = { gameType: 'RNG' as const, cards: [card({ vassalage: 'PG' }), card({ vassalage: 'JL' })] };
  const sportsOne = { gameType: 'SPORTS' as const, cards: [card({ vassalage: 'SBO', gameType: 'SPORTS', isGame: 'GAME', gameCode: 'sbo-main' })] };
  const liveMany = {
    gameType: 'LIVE' as const,
    cards: [card({ vassalage: 'EVO', gameType: 'LIVE' }), card({ vassalage: 'SA', gameType: 'LIVE' })],
  };

  it.each<[string, Parameters<typeof decideVendorEntry>[0], ReturnType<typeof decideVendorEntry>]>([
    [
      'an RNG vendor goes to /rng with its vassalage',
      { ...member, category: rng, vendor: card({ vassalage: 'PG' }) },
      { kind: 'route', path: '/rng?vassalage=PG' },
    ],
    [
      'an RNG vendor goes to /rng even for visitors (browsing needs no login)',
      { isLoggedIn: false, isTrial: false, category: rng, vendor: card({ vassalage: 'JL' }) },
      { kind: 'route', path: '/rng?vassalage=JL' },
    ],
    ['the RNG category opens its page even with one vendor', { ...member, category: { gameType: 'RNG', cards: [card({})] } }, { kind: 'route', path: '/rng' }],
    ['a one-vendor category launches it', { ...member, category: sportsOne }, { kind: 'launchCard', gameCode: 'sbo-main' }],
    [
      'a one-vendor VASSALAGE category opens its popup list',
      { ...member, category: { gameType: 'LIVE', cards: [card({ vassalage: 'EVO', gameType: 'LIVE' })] } },
      { kind: 'vendorPopup', vassalage: 'EVO', gameType: 'LIVE' },
    ],
    ['a chosen sports vendor starts its game', { ...member, category: sportsOne, vendor: sportsOne.cards[0] }, { kind: 'launchCard', gameCode: 'sbo-main' }],
    ['a one-vendor category asks visitors to log in', { isLoggedIn: false, isTrial: false, category: sportsOne }, { kind: 'login' }],
    [
      'a one-vendor category blocks trial accounts',
      { isLoggedIn: true, isTrial: true, category: sportsOne },
      { kind: 'trialBlocked', messageKey: 'in_need_true_account' },
    ],
    ['a many-vendor category opens the category page', { ...member, category: liveMany }, { kind: 'route', path: '/live' }],
    ['an empty category opens the category page (no data)', { ...member, category: { gameType: 'PVP', cards: [] } }, { kind: 'route', path: '/pvp' }],
    [
      'a chosen live vendor opens its popup list',
      { ...member, category: liveMany, vendor: card({ vassalage: 'EVO', gameType: 'LIVE' }) },
      { kind: 'vendorPopup', vassalage: 'EVO', gameType: 'LIVE' },
    ],
    [
      'a chosen lottery vendor follows the lottery routes',
      {
        ...member,
        category: { gameType: 'LOTT', cards: [] },
        vendor: card({ vassalage: 'LOTT', gameType: 'LOTT', gameCode: 'L1', isGame: 'GAME' }),
        prizeModeHint: 'LOTT',
      },
      { kind: 'route', path: '/lottery?gameCode=L1&prizeMode=LOTT' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(decideVendorEntry(input)).toEqual(expected);
  });

  it('maps every category to a page', () => {
    expect(['LOTT', 'ELOTT', 'SPORTS', 'ESPORTS', 'LIVE', 'FISH', 'RNG', 'PVP'].map((t) => categoryPath(t as never))).toEqual([
      '/lott',
      '/elott',
      '/sports',
      '/esports',
      '/live',
      '/fish',
      '/rng',
      '/pvp',
    ]);
  });
});

describe('prizeModeFor (SPEC §4)', () => {
  it.each<[string, Parameters<typeof prizeModeFor>[0], 'ELOTT' | 'LOTT']>([
    ['no categories', [], 'LOTT'],
    ['no ELOTT category', [{ gameType: 'LOTT', cards: [card({ vassalage: 'LOTT' })] }], 'LOTT'],
    ['ELOTT with TCG_LOTTO_VN', [{ gameType: 'ELOTT', cards: [card({ vassalage: 'TCG_LOTTO_VN' })] }], 'ELOTT'],
    ['ELOTT with LOTT', [{ gameType: 'ELOTT', cards: [card({ vassalage: 'SEA' }), card({ vassalage: 'LOTT' })] }], 'ELOTT'],
    ['ELOTT with other cards only', [{ gameType: 'ELOTT', cards: [card({ vassalage: 'TCG_SEA' })] }], 'LOTT'],
    ['empty ELOTT', [{ gameType: 'ELOTT', cards: [] }], 'LOTT'],
  ])('%s', (_name, categories, expected) => {
    expect(prizeModeFor(categories)).toBe(expected);
  });
});

describe('lottery launch fields (SPEC §3, §4)', () => {
  const vnInElott = [{ gameType: 'ELOTT' as const, cards: [card({ vassalage: 'TCG_LOTTO_VN', gameType: 'ELOTT' })] }];

  it.each([
    ['/vnLottery', 'VN'],
    ['/seaLottery', 'SEA'],
    ['/lottery', 'LOTT'],
    ['/lott', null],
    ['/vnLottery/x', null],
  ])('the route %s plays in area %s', (path, area) => {
    expect(lottoAreaOfPath(path)).toBe(area);
  });

  it.each<[string, Parameters<typeof lotteryLaunchFields>[0], ReturnType<typeof lotteryLaunchFields>]>([
    [
      'a VN card in betting view with the catalogue prize mode',
      { area: 'VN', gameCode: 'vn_1', view: null, categories: [], backUrl: '/lott' },
      { lottoArea: 'VN', lottoGameCode: 'vn_1', lottoPrizeMode: 'LOTT', lottoView: 'betting', device: 'WEB', backUrl: '/lott' },
    ],
    [
      'ELOTT when the ELOTT category holds the VN lottery',
      { area: 'LOTT', gameCode: 'l_1', view: 'lobby', categories: vnInElott, backUrl: '/' },
      { lottoArea: 'LOTT', lottoGameCode: 'l_1', lottoPrizeMode: 'ELOTT', lottoView: 'lobby', device: 'WEB', backUrl: '/' },
    ],
    [
      'the SEA lottery always plays ELOTT',
      { area: 'SEA', gameCode: 's_1', view: 'anything', categories: [], backUrl: '/elott' },
      { lottoArea: 'SEA', lottoGameCode: 's_1', lottoPrizeMode: 'ELOTT', lottoView: 'betting', device: 'WEB', backUrl: '/elott' },
    ],
    ['no game code, no launch', { area: 'VN', gameCode: '', view: null, categories: [], backUrl: '/' }, null],
    ['a missing game code, no launch', { area: 'VN', gameCode: null, view: null, categories: [], backUrl: '/' }, null],
  ])('%s', (_name, input, expected) => {
    expect(lotteryLaunchFields(input)).toEqual(expected);
  });
});
