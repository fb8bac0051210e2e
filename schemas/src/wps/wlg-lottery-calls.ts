import { z } from 'zod';
import { ZSharedRoundProof } from './wlg-crash.ts';
import {
  LOTTERY_BET_TYPES,
  LOTTERY_INTERVAL_SECONDS,
  LOTTERY_PAYOUT_KEYS,
  LOTTERY_STAKE_MINOR,
  isLotteryPick,
  lotteryPayoutBounds,
  type TLotteryPayouts,
} from '../games/lottery.ts';
import { zText } from '../text.ts';
import { declareCall } from './call.ts';
import { WLG_GAME_CALL } from './wlg-calls.ts';

/**
 * The built-in lottery's calls (docs/0041), beside the other built-in games' calls
 * (wlg-calls.ts): the game page's own (on the game session's token, POST bodies only) and the public
 * "opened numero" (docs/rules/accounts.md#a-1, a GET): the open draw and the last results, for anyone.
 */
export const WLG_LOTTERY_PATHS = {
  /** POST { token }: the open draw, the last draws, the player's bets, the payout table, the balance. */
  state: '/wps/wlg/lottery/state',
  /** POST { token, drawId, betType, pick, stakeMinor }: a bet on the open draw. */
  bet: '/wps/wlg/lottery/bet',
  /** GET ?gameCode=: the open draw (its numero and seed hash) and the last settled draws. Public. */
  numero: '/wps/wlg/lottery/numero',
} as const;

/** ours: the console's lottery settings (GET config.read, PUT whitelabel.write). */
export const OPERATOR_LOTTERY_PATHS = { settings: '/wps/operator/lottery/settings' } as const;
/** Audit action of a change of the lottery settings (config_audit.action). */
export const LOTTERY_SETTINGS_ACTION = 'lottery.settings.set';

/** Message keys of the lottery's refusals (the web translates them, lottery area texts). */
export const LOTTERY_MESSAGES = {
  drawClosed: 'lottery_draw_closed',
  tooManyBets: 'lottery_too_many_bets',
  pickInvalid: 'lottery_pick_invalid',
  stakeInvalid: 'lottery_stake_invalid',
  payoutInvalid: 'lottery_payout_invalid',
  intervalInvalid: 'lottery_interval_invalid',
} as const;

const ZToken = zText({ max: 64, min: 32, trim: false }).regex(/^[A-Za-z0-9_-]+$/);
const ZGameCode = zText({ max: 64, min: 1, trim: false }).regex(/^[A-Za-z0-9_.-]+$/);
export const ZLotteryBetType = z.enum(LOTTERY_BET_TYPES);

export const ZWlgLotteryStateRequest = z.object({ token: ZToken }).strict();
export const ZWlgLotteryBetRequest = z
  .object({
    token: ZToken,
    drawId: z.string().regex(/^[1-9][0-9]{0,17}$/),
    betType: ZLotteryBetType,
    pick: z.string().max(3).nullable(),
    stakeMinor: z.number().int().min(LOTTERY_STAKE_MINOR.min, LOTTERY_MESSAGES.stakeInvalid).max(LOTTERY_STAKE_MINOR.max, LOTTERY_MESSAGES.stakeInvalid),
  })
  .strict()
  .refine((b) => isLotteryPick(b.betType, b.pick), { message: LOTTERY_MESSAGES.pickInvalid, path: ['pick'] });
export type TWlgLotteryBetRequest = z.infer<typeof ZWlgLotteryBetRequest>;
export const ZWlgLotteryNumeroQuery = z.object({ gameCode: ZGameCode }).strict();

const ZPayouts = z.object(
  Object.fromEntries(LOTTERY_PAYOUT_KEYS.map((k) => [k, z.number().int()])) as Record<(typeof LOTTERY_PAYOUT_KEYS)[number], z.ZodNumber>,
);

/** A payout table the operator may set: every row within its bounds (lotteryPayoutBounds). */
export const ZLotteryPayouts = z
  .object(
    Object.fromEntries(
      LOTTERY_PAYOUT_KEYS.map((k) => {
        const { min, max } = lotteryPayoutBounds(k);
        return [k, z.number().int(LOTTERY_MESSAGES.payoutInvalid).min(min, LOTTERY_MESSAGES.payoutInvalid).max(max, LOTTERY_MESSAGES.payoutInvalid)];
      }),
    ) as Record<(typeof LOTTERY_PAYOUT_KEYS)[number], z.ZodNumber>,
  )
  .strict() as unknown as z.ZodType<TLotteryPayouts>;

export const ZLotterySettings = z.object({
  intervalSeconds: z
    .number()
    .int(LOTTERY_MESSAGES.intervalInvalid)
    .min(LOTTERY_INTERVAL_SECONDS.min, LOTTERY_MESSAGES.intervalInvalid)
    .max(LOTTERY_INTERVAL_SECONDS.max, LOTTERY_MESSAGES.intervalInvalid),
  payouts: ZLotteryPayouts,
});
export type TLotterySettings = z.infer<typeof ZLotterySettings>;

/** A draw as anyone may see it: the seed only once drawn, the result once drawn. */
export const ZLotteryDraw = z.object({
  drawId: z.string().max(20),
  numero: z.string().max(20),
  opensAt: z.string().max(40),
  closesAt: z.string().max(40),
  state: z.enum(['open', 'drawn', 'settled']),
  serverSeedHash: z.string().regex(/^[0-9a-f]{64}$/),
  serverSeed: z.string().max(64).nullable(),
  clientSeed: z.string().max(100),
  result: z
    .string()
    .regex(/^[0-9]{3}$/)
    .nullable(),
  ...ZSharedRoundProof.shape,
});
export type TLotteryDraw = z.infer<typeof ZLotteryDraw>;

/** One of the player's bets, with its draw's numero and result once drawn. */
export const ZLotteryBet = z.object({
  betId: z.string().max(20),
  drawId: z.string().max(20),
  numero: z.string().max(20),
  betType: ZLotteryBetType,
  pick: z.string().max(3).nullable(),
  stakeMinor: z.number().int(),
  payoutX100: z.number().int(),
  winMinor: z.number().int().nullable(),
  state: z.enum(['open', 'placed', 'settled', 'refused', 'rolled_back']),
  result: z.string().max(3).nullable(),
  placedAt: z.string().max(40),
});
export type TLotteryBet = z.infer<typeof ZLotteryBet>;

export const ZWlgLotteryNumeroResponse = z.object({
  gameCode: z.string().max(64),
  serverTime: z.string().max(40),
  open: ZLotteryDraw.nullable(),
  recent: z.array(ZLotteryDraw).max(50),
});
export type TWlgLotteryNumeroResponse = z.infer<typeof ZWlgLotteryNumeroResponse>;

export const ZWlgLotteryStateResponse = ZWlgLotteryNumeroResponse.extend({
  settings: z.object({ intervalSeconds: z.number().int(), payouts: ZPayouts }),
  bets: z.array(ZLotteryBet).max(100),
  balanceMinor: z.number().int(),
});
export type TWlgLotteryStateResponse = z.infer<typeof ZWlgLotteryStateResponse>;

export const ZWlgLotteryBetResponse = z.object({ bet: ZLotteryBet, balanceMinor: z.number().int() });
export type TWlgLotteryBetResponse = z.infer<typeof ZWlgLotteryBetResponse>;

/** The console's view: the lottery games' settings (one built-in lottery today). */
export const ZOperatorLotterySettingsResponse = z.object({
  games: z.array(z.object({ gameCode: z.string().max(64), nameEn: z.string().max(200), nameBn: z.string().max(200), settings: ZLotterySettings })).max(20),
});
export type TOperatorLotterySettingsResponse = z.infer<typeof ZOperatorLotterySettingsResponse>;
export const ZOperatorSetLotterySettingsRequest = z.object({ gameCode: ZGameCode, settings: ZLotterySettings }).strict();
export type TOperatorSetLotterySettingsRequest = z.infer<typeof ZOperatorSetLotterySettingsRequest>;

/**
 * The lottery's calls (docs/0041, docs/0076): the page's own on the game session's token (VISITOR:
 * the token is the credential, checked by the service); the opened numero is public.
 */
export const WLG_LOTTERY_CALLS = {
  lotteryState: declareCall({
    ...WLG_GAME_CALL,
    method: 'POST',
    path: WLG_LOTTERY_PATHS.state,
    input: ZWlgLotteryStateRequest,
    output: ZWlgLotteryStateResponse,
  }),
  lotteryBet: declareCall({
    ...WLG_GAME_CALL,
    method: 'POST',
    path: WLG_LOTTERY_PATHS.bet,
    input: ZWlgLotteryBetRequest,
    output: ZWlgLotteryBetResponse,
    kind: 'game',
  }),
  lotteryNumero: declareCall({
    ...WLG_GAME_CALL,
    method: 'GET',
    path: WLG_LOTTERY_PATHS.numero,
    input: ZWlgLotteryNumeroQuery,
    output: ZWlgLotteryNumeroResponse,
  }),
} as const;
