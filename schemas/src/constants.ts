/** Business constants of docs/rules/README.md#constants and config values of docs/rules/README.md#fields, in one place. */

export const LANGUAGES = ['bn', 'en'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
/** docs/rules/reach.md#r-1: default BN. */
export const DEFAULT_LANGUAGE: TLanguage = 'bn';

/** docs/rules/README.md#fields config. */
export const PLATFORM = 'WEB';
export const LOTTERY_TYPE = 'Lott';
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_TYPE = 4;
/** Regular member account type. */
export const MEMBER_TYPE = 0;
/** Accounts of this type exist (house / system accounts) but are not members: they cannot log in. */
export const NON_MEMBER_TYPE = 9;
export const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export const ESPORT_VENDOR = 'IMES';
export const COCKFIGHT_VENDOR = 'SV3';
export const SEA_LOTTERY_VENDOR = 'TCG_SEA';
export const VN_LOTTERY_VENDOR = 'TCG_LOTTO_VN';

/**
 * Most procedures one tRPC batch may carry: the gateway refuses a larger batch (400) and the web's
 * batch links split at this size (after a login every member query refetches at once).
 */
export const TRPC_MAX_BATCH_SIZE = 10;

/** docs/rules/README.md#constants home and list sizes. */
export const HOME_PREVIEW_PAGE_SIZE = 12;
export const LIST_PAGE_SIZE = 24;
export const FAVOURITES_PAGE_SIZE = 999;
export const SWIPER_GROUP_SIZE = 6;
export const HOME_SWIPER_ROWS = 2;
export const OTHER_SWIPER_ROWS = 4;
export const HOME_PREVIEW_VENDOR_LIMIT = 5;
/** MXWIN row shows RNG vendors 11 to 20, and exists only with more than 10 RNG vendors. */
export const MXWIN_VENDOR_FROM = 10;
export const MXWIN_VENDOR_TO = 20;
export const WINNER_BOARD_LIMIT = 20;
export const WINNER_BOARD_SCROLL_STEP = 0.5;
export const SPORTS_ENTRANCE_GAMES = 1;
/** Vendor drop-down uses the large layout above this many vendors. */
export const VENDOR_DROPDOWN_LARGE_ABOVE = 10;

/** docs/rules/content.md#c-6 banner carousel. */
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_SPEED_MS = 1000;
export const BANNER_SPACE_BETWEEN = 20.3;

/** docs/rules/reach.md#r-17 throttles and timers. */
export const FAVOURITE_THROTTLE_MS = 1000;
export const SMS_THROTTLE_MS = 1000;
export const CAPTCHA_REFRESH_THROTTLE_MS = 1000;
export const SMS_COUNTDOWN_SECONDS_PER_MINUTE = 60;
export const TOO_MANY_REQUESTS_LOCKOUT_MS = 5 * 60 * 1000;
export const REMEMBER_ME_MS = 864e5;
export const WEAK_PASSWORD = '123456';
export const AGENT_CLOCK_MS = 1000;
/** docs/0112: the announcement list, 9 a page, its pager with 1 margin page at each end and a range of 5 around the current page. */
export const ANNOUNCEMENT_PAGE_SIZE = 9;
export const ANNOUNCEMENT_PAGER_MARGIN = 1;
export const ANNOUNCEMENT_PAGER_RANGE = 5;
export const QR_SIZE = 120;
export const QR_MARGIN = 5;
export const MIN_AGE = 18;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 3;
export const REMARK_MAX_LENGTH = 140;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Web client constants of the game list relay (docs/rules/README.md#calls). */
export const GAME_LIST_CLIENT_TYPE = 3;
export const GAME_LIST_PLATFORM = 'flash,html5-desktop';
export const VENDOR_PLATFORM = 'html5-desktop';

/** Upper bound for any free-text input we accept, so huge strings are refused before any work. */
export const MAX_TEXT_LENGTH = 200;

/**
 * A deposit earns points once bets of its valid amount have settled after it, deposits played through
 * in turn; one not played through within this many days never earns (docs/0128). Without it a deposit
 * withdrawn and deposited again earned points every time.
 */
export const POINTS_DEPOSIT_PLAY_THROUGH_DAYS = 30;

/** Banner groups of docs/rules/README.md#fields: where a banner shows (home, side menu, login, register, forgot password). */
export const BANNER_GROUPS = ['w_home', 'w_leftmenu', 'w_login', 'w_register', 'w_forget'] as const;
