import { z } from 'zod';
import { LANGUAGES, LIST_PAGE_SIZE, MAX_TEXT_LENGTH, PRIZE_MODES } from '../constants.ts';
import { LAUNCH_DEVICES, LOTTO_AREAS, LOTTO_VIEWS } from '../rules/lottery-launch.ts';
import { ZAnnouncements } from '../domain/content.ts';
import { ZGame, ZGameCategory, ZGameType, ZVassalage, ZVendorCard, ZWinner } from '../domain/game.ts';
import { FEATURE_FLAGS, ZPermissionInfo, ZRegistrationSettings, ZSystemStatus, ZValidationRule, ZWhitelabelNode } from '../domain/merchant.ts';
import { ZBalance, ZMemberInfo } from '../domain/member.ts';
import { ZOperatorIdentity } from './operator-calls.ts';
import { zSecret, zText } from '../text.ts';

/** Request and response schemas of every wps call, by name. Responses are the envelope's `value`. */

/** A language code in any case (`EN`, `en`): docs/0016, `GCSGAME_gameList?language=EN` was refused. */
export const ZLanguage = z.string().max(8).trim().toLowerCase().pipe(z.enum(LANGUAGES));

const ZText = zText({ max: MAX_TEXT_LENGTH });
const ZPageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const ZPageSize = z.coerce.number().int().min(1).max(999).default(LIST_PAGE_SIZE);

export const ZSystemStatusResponse = ZSystemStatus;
export const ZWhitelabelResponse = z.array(ZWhitelabelNode);
export const ZDomainRouteResponse = ZPermissionInfo;
export const ZRegisterSettingsResponse = ZRegistrationSettings;
export const ZRegisterRulesResponse = z.array(ZValidationRule);
export const ZConfigVersionResponse = z.object({ version: z.number().int().nonnegative() });
/** Longest a config watch may be held open (ms); gateways ask for less and time out a little after. */
export const CONFIG_WATCH_MAX_WAIT_MS = 60_000;
/** configWatch query: answer at once when the version is not `since` (or `since` is absent), else wait up to `waitMs`. */
export const ZConfigWatchQuery = z.object({
  since: z.coerce.number().int().nonnegative().optional(),
  waitMs: z.coerce.number().int().min(0).max(CONFIG_WATCH_MAX_WAIT_MS).default(25_000),
});
export type TConfigWatchQuery = z.infer<typeof ZConfigWatchQuery>;
/** configWatch answer: the version now (equal to `since` when the wait ran out with no change). */
export const ZConfigWatchResponse = ZConfigVersionResponse;
/** A host name as a browser sends it (lower case, no port): letters, digits, dots and hyphens. */
export const ZHostName = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/);
/** brands answer (docs/0131): every merchant of the deployment with the host names that resolve to it. */
export const ZBrandsResponse = z.object({
  brands: z.array(z.object({ code: z.string().max(32), hosts: z.array(ZHostName).max(50) })).max(1000),
});
export type TBrandsResponse = z.infer<typeof ZBrandsResponse>;

export const ZCaptchaResponse = z.object({
  captchaId: z.string().max(64),
  /** data:image/svg+xml;base64,... */
  image: z.string().max(200_000),
});

export const ZLoginRequest = z.object({
  username: zText({ max: MAX_TEXT_LENGTH, min: 1 }),
  password: zSecret(128, 1),
  captcha: zText({ max: 16 }).optional(),
  captchaId: zText({ max: 64, trim: false }).optional(),
  type: z.enum(['username', 'sms', 'firebase']).default('username'),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;
export const ZLoginResponse = z.object({
  token: z.string().max(256),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
});
/** Value of a failed login envelope when the server wants a captcha from now on. */
export const ZLoginFailureValue = z.object({ captcha: z.boolean() });

export const ZMemberInfoResponse = ZMemberInfo;
export const ZBalanceResponse = ZBalance;

export const ZGameMenusResponse = z.array(ZGameCategory);

export const ZGameListQuery = z.object({
  clientType: z.coerce.number().int().optional(),
  platform: zText({ max: 64 }).optional(),
  merchant: zText({ max: 32 }).optional(),
  gameType: ZGameType.optional(),
  pageNo: ZPageNo,
  pageSize: ZPageSize,
  vassalage: ZVassalage.optional(),
  gameClassify: zText({ max: 32 }).optional(),
  gameName: ZText.optional(),
  language: ZLanguage.optional(),
});
export type TGameListQuery = z.infer<typeof ZGameListQuery>;
export const ZGameListResponse = z.object({
  games: z.array(ZGame),
  totalPages: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type TGameListResponse = z.infer<typeof ZGameListResponse>;

export const ZHotGamesQuery = z.object({
  merchantCode: zText({ max: 32 }).optional(),
  isPlatform: zText({ max: 8 }).optional(),
  vassalage: ZVassalage.optional(),
  platform: zText({ max: 64 }).optional(),
  language: ZLanguage.optional(),
});
export const ZHotGamesResponse = z.object({ list: z.array(ZGame) });

export const ZVendorsResponse = z.object({
  lanes: z.array(z.object({ gameType: ZGameType, vendors: z.array(ZVendorCard) })),
});

export const ZAnnouncementsResponse = ZAnnouncements;

export const ZWinnerBoardQuery = z.object({
  gameCategory: zText({ max: 16 }).default('ALL'),
  language: ZLanguage.optional(),
  limitNum: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZWinnerBoardResponse = z.object({ list: z.array(ZWinner) });

export const ZFavouritePayload = z.object({
  nodeId: zText({ max: 64, min: 1 }),
  vendor: ZVassalage,
  gameType: ZGameType,
});
export const ZFavouriteRemove = z.object({ nodeId: zText({ max: 64, min: 1 }) });
export const ZFavouriteIdsResponse = z.object({ ids: z.array(z.string()) });
export const ZFavouriteListQuery = z.object({
  pageNo: ZPageNo,
  pageSize: ZPageSize,
  gameType: ZGameType.optional(),
});
export const ZFavouriteListResponse = z.object({
  content: z.array(ZGame),
  pageNum: z.number().int(),
  totalPages: z.number().int().nonnegative(),
});

export const ZLaunchGameQuery = z
  .object({
    nodeId: zText({ max: 64, min: 1 }).optional(),
    /** A vendor card of one game (isGame 'GAME') names its game by code (docs/rules/games.md#g-8 card fields). */
    gameCode: zText({ max: 64, min: 1 }).optional(),
    launchMode: z.literal('GLS'),
    /** 1 real money, 0 free play (UPSTREAM-NOTES). */
    accountType: z.coerce.number().int().min(0).max(1).default(1),
    language: ZLanguage.optional(),
  })
  .refine((q) => (q.nodeId === undefined) !== (q.gameCode === undefined), { message: 'give nodeId or gameCode', path: ['nodeId'] });
/** A path on this site to come back to (never another origin: `//host` and `/\\host` are refused). */
export const ZBackUrl = zText({ max: 300 }).regex(/^\/(?![/\\])[^\s\\]*$/, 'must be a path on this site');

/** docs/rules/games.md#g-3 lottery launch on the same GET launchGame (UPSTREAM-NOTES: launchMode GLS). */
export const ZLotteryLaunchQuery = z.object({
  launchMode: z.literal('GLS'),
  lottoArea: z.enum(LOTTO_AREAS),
  lottoGameCode: zText({ max: 64, min: 1 }),
  lottoPrizeMode: z.enum(PRIZE_MODES),
  lottoView: z.enum(LOTTO_VIEWS),
  device: z.enum(LAUNCH_DEVICES),
  backUrl: ZBackUrl,
  language: ZLanguage.optional(),
});
export const ZLaunchGameResponse = z.object({ content: z.object({ game_url: z.string().max(1000) }) });

/** Operator login (docs/0010): a captcha once failures pile up, and the authenticator code when TOTP is on. */
export const ZOperatorLoginRequest = z.object({
  username: zText({ max: MAX_TEXT_LENGTH, min: 1 }),
  password: zSecret(128, 1),
  captchaId: zText({ max: 64 }).optional(),
  captcha: zText({ max: 16, trim: true }).optional(),
  totpCode: zText({ max: 16, trim: true }).optional(),
});
export type TOperatorLoginRequest = z.infer<typeof ZOperatorLoginRequest>;
export const ZOperatorLoginResponse = z.object({ token: z.string().max(256), name: z.string().max(MAX_TEXT_LENGTH), operator: ZOperatorIdentity });

/** Flags an operator may flip: any known modId of the whitelabel tree. */
export const ZOperatorSetFlagRequest = z.object({
  modId: z
    .string()
    .max(32, { abort: true })
    .regex(/^[A-Z0-9_]{2,32}$/, 'invalid module id'),
  enabled: z.boolean(),
});
export const ZOperatorSetSystemRequest = z.object({
  maintenance: z.boolean().optional(),
  regionRestriction: z.boolean().optional(),
});
export const ZOperatorConfigResponse = z.object({
  version: z.number().int().nonnegative(),
  whitelabel: z.array(ZWhitelabelNode),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  /** The calling operator's role and permissions: the console shows only what they may use. */
  operator: ZOperatorIdentity,
});

export { FEATURE_FLAGS };
