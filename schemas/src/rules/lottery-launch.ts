import { SEA_LOTTERY_VENDOR, VN_LOTTERY_VENDOR, type PRIZE_MODES } from '../constants.ts';

/** A prize mode of docs/rules/games.md#g-3 config. */
export type TPrizeMode = (typeof PRIZE_MODES)[number];

/** Lottery areas, one per lottery route of docs/rules/games.md#g-4: /vnLottery, /seaLottery, /lottery. */
export const LOTTO_AREAS = ['VN', 'SEA', 'LOTT'] as const;
export type TLottoArea = (typeof LOTTO_AREAS)[number];

/** docs/rules/games.md#g-3 lottery launch: the betting page or the lottery lobby. */
export const LOTTO_VIEWS = ['betting', 'lobby'] as const;

/** Devices a launch may name (docs/rules/README.md#calls sends device WEB from this site). */
export const LAUNCH_DEVICES = ['WEB', 'MOBILE'] as const;

/** The lottery area a vendor is played in (docs/rules/games.md#g-1 launch rule 3). */
export function lottoAreaOf(vassalage: string): TLottoArea {
  if (vassalage === VN_LOTTERY_VENDOR) return 'VN';
  if (vassalage === SEA_LOTTERY_VENDOR) return 'SEA';
  return 'LOTT';
}

/** A category as the prize-mode rule reads it: its type and the vendors (vassalage) of its cards. */
export type TPrizeModeCategory = { gameType: string; cards: readonly { vassalage: string }[] };

/** docs/rules/games.md#g-3: ELOTT when the ELOTT category holds TCG_LOTTO_VN or LOTT cards, otherwise LOTT. */
export function prizeModeFor(categories: readonly TPrizeModeCategory[]): 'ELOTT' | 'LOTT' {
  const elott = categories.find((category) => category.gameType === 'ELOTT');
  const hasLotteryCards = elott?.cards.some((card) => card.vassalage === VN_LOTTERY_VENDOR || card.vassalage === 'LOTT');
  return hasLotteryCards === true ? 'ELOTT' : 'LOTT';
}

/**
 * The prize mode a lottery launch must carry: the SEA lottery plays in ELOTT (UPSTREAM-NOTES vendor
 * codes); the other areas follow the catalogue's docs/rules/games.md#g-1 rule. Web and platform share this rule so
 * the platform can refuse a launch whose mode disagrees.
 */
export function lotteryPrizeMode(area: TLottoArea, categories: readonly TPrizeModeCategory[]): TPrizeMode {
  return area === 'SEA' ? 'ELOTT' : prizeModeFor(categories);
}
