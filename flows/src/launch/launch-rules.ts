import type { TGameCategory, TGameType, TVendorCard } from '@wl/schemas';
import { SEA_LOTTERY_VENDOR, VN_LOTTERY_VENDOR } from '@wl/schemas/constants';
import { lotteryPrizeMode, type LOTTO_VIEWS, type TLottoArea, type TPrizeMode } from '@wl/schemas/rules/lottery-launch';
import { WPS_MESSAGES } from '@wl/schemas/wps/messages';

export type { TPrizeMode } from '@wl/schemas/rules/lottery-launch';

/** What the page knows when the user asks to launch a game or a vendor card (docs/rules/games.md#g-1 launch rules). */
export type TLaunchInput = {
  isLoggedIn: boolean;
  isTrial: boolean;
  vassalage: string;
  gameType: TGameType;
  isGame: 'VASSALAGE' | 'GAME';
  gameCode: string | null;
  nodeId: string | null;
  /** Prize mode for /lottery (see prizeModeFor); added to the path only when given. */
  prizeModeHint?: TPrizeMode;
};

/** The one thing the page does next. */
export type TLaunchDecision =
  | { kind: 'login' }
  | { kind: 'trialBlocked'; messageKey: typeof WPS_MESSAGES.trialNeedsRealAccount }
  | { kind: 'route'; path: string }
  | { kind: 'vendorPopup'; vassalage: string; gameType: TGameType }
  | { kind: 'launch'; nodeId: string }
  /** A vendor card of one game (isGame 'GAME') names its game by code, not by node id (docs/rules/games.md#g-8 card fields). */
  | { kind: 'launchCard'; gameCode: string };

/** Vendors played on our own lottery routes instead of a launched game (docs/rules/games.md#g-1 rule 3). */
const LOTTERY_ROUTES: Readonly<Record<string, string>> = {
  [VN_LOTTERY_VENDOR]: '/vnLottery',
  [SEA_LOTTERY_VENDOR]: '/seaLottery',
  LOTT: '/lottery',
  ELOTT: '/lottery',
};

/** Category pages of docs/rules/content.md#c-11; COCKFIGHT and CRASH have no route in the spec, so they get their own. */
const CATEGORY_PATHS: Readonly<Record<TGameType, string>> = {
  LOTT: '/lott',
  ELOTT: '/elott',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  LIVE: '/live',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  COCKFIGHT: '/cockfight',
  CRASH: '/crash',
};

/** The page that lists a category's vendors or games (docs/rules/content.md#c-11 routes). */
export function categoryPath(gameType: TGameType): string {
  return CATEGORY_PATHS[gameType];
}

function query(params: Record<string, string | undefined>): string {
  const parts = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

/**
 * docs/rules/games.md#g-1 launch rules, applied in order: login, trial block, lottery routes, vendor popup, launch.
 * A game starts by its node id; a GAME card without one starts its game by code; a GAME card
 * with neither cannot start anything itself, so it opens the vendor's game list.
 */
export function decideLaunch(input: TLaunchInput): TLaunchDecision {
  if (!input.isLoggedIn) return { kind: 'login' };
  if (input.isTrial) return { kind: 'trialBlocked', messageKey: WPS_MESSAGES.trialNeedsRealAccount };
  const lotteryPath = LOTTERY_ROUTES[input.vassalage];
  if (lotteryPath !== undefined) {
    const prizeMode = lotteryPath === '/lottery' ? input.prizeModeHint : undefined;
    return { kind: 'route', path: `${lotteryPath}${query({ gameCode: input.gameCode ?? '', prizeMode })}` };
  }
  if (input.isGame === 'VASSALAGE') return { kind: 'vendorPopup', vassalage: input.vassalage, gameType: input.gameType };
  if (input.nodeId !== null && input.nodeId !== '') return { kind: 'launch', nodeId: input.nodeId };
  if (input.gameCode !== null && input.gameCode !== '') return { kind: 'launchCard', gameCode: input.gameCode };
  return { kind: 'vendorPopup', vassalage: input.vassalage, gameType: input.gameType };
}

/** Input of decideVendorEntry: the category, optionally the vendor chosen in it, and the session. */
export type TVendorEntryInput = {
  category: Pick<TGameCategory, 'gameType' | 'cards'>;
  /** The vendor the user picked (header drop-down, footer); absent when the category itself was picked. */
  vendor?: TVendorCard;
  isLoggedIn: boolean;
  isTrial: boolean;
  prizeModeHint?: TPrizeMode;
};

function launchCard(card: TVendorCard, input: TVendorEntryInput): TLaunchDecision {
  return decideLaunch({
    isLoggedIn: input.isLoggedIn,
    isTrial: input.isTrial,
    vassalage: card.vassalage,
    gameType: card.gameType,
    isGame: card.isGame,
    gameCode: card.gameCode,
    nodeId: null,
    ...(input.prizeModeHint === undefined ? {} : { prizeModeHint: input.prizeModeHint }),
  });
}

/**
 * docs/rules/games.md#g-1: an RNG vendor opens /rng with its vassalage; a category with exactly one vendor launches
 * it; otherwise the category page opens. A chosen non-RNG vendor launches by the launch rules.
 */
export function decideVendorEntry(input: TVendorEntryInput): TLaunchDecision {
  const { category, vendor } = input;
  if (vendor !== undefined) {
    if (vendor.gameType === 'RNG') return { kind: 'route', path: `/rng${query({ vassalage: vendor.vassalage })}` };
    return launchCard(vendor, input);
  }
  const [only, ...rest] = category.cards;
  if (only !== undefined && rest.length === 0 && category.gameType !== 'RNG') return launchCard(only, input);
  return { kind: 'route', path: categoryPath(category.gameType) };
}

/** docs/rules/games.md#g-3 prize mode rule; shared with the platform, which refuses a launch that disagrees. */
export { prizeModeFor } from '@wl/schemas/rules/lottery-launch';

/** The lottery route a path opens, with the area the platform launches it in (docs/rules/games.md#g-4, docs/rules/games.md#g-1 rule 3). */
const LOTTERY_AREAS: Readonly<Record<string, TLottoArea>> = { '/vnLottery': 'VN', '/seaLottery': 'SEA', '/lottery': 'LOTT' };

/** The lottery area of a lottery route path (`/vnLottery`), or null for any other path. */
export function lottoAreaOfPath(pathname: string): TLottoArea | null {
  return LOTTERY_AREAS[pathname] ?? null;
}

/** docs/rules/games.md#g-3 lottery launch fields, as the lottery route sends them (language comes from the session). */
export type TLotteryLaunchFields = {
  lottoArea: TLottoArea;
  lottoGameCode: string;
  lottoPrizeMode: TPrizeMode;
  lottoView: (typeof LOTTO_VIEWS)[number];
  device: 'WEB';
  backUrl: string;
};

/**
 * The launch fields of a lottery route: the area from the route, the game from `gameCode`, the prize
 * mode from the catalogue (never from the address bar), the view (`lobby` only when asked), device
 * WEB and the page to come back to. Null when the route names no game.
 */
export function lotteryLaunchFields(input: {
  area: TLottoArea;
  gameCode: string | null;
  view: string | null;
  categories: readonly Pick<TGameCategory, 'gameType' | 'cards'>[];
  backUrl: string;
}): TLotteryLaunchFields | null {
  if (input.gameCode === null || input.gameCode === '') return null;
  return {
    lottoArea: input.area,
    lottoGameCode: input.gameCode,
    lottoPrizeMode: lotteryPrizeMode(input.area, input.categories),
    lottoView: input.view === 'lobby' ? 'lobby' : 'betting',
    device: 'WEB',
    backUrl: input.backUrl,
  };
}

/** UPSTREAM-NOTES: launching while a game is open answers 734 with this key (the web offers to close the open game). */
export const GAME_ALREADY_OPEN = 'error_game_already_open';
