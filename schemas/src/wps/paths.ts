/**
 * wps/lgw paths (docs/rules/README.md#calls). Where the upstream contract shows no path we chose one and marked it `ours`.
 */
export const WPS_PATHS = {
  systemStatus: '/wps/system/status',
  whitelabel: '/wps/system/whitelabel',
  domainRoute: '/wps/system/domainRoute',
  registerSettings: '/wps/system/setting/register',
  /** ours: the registration validation rules call has no upstream path. */
  registerRules: '/wps/system/setting/register/rules',
  /** ours: monotonically increasing merchant configuration version, polled by gateways. */
  configVersion: '/wps/system/config/version',
  /**
   * ours: long-poll for the gateway only (gateway secret required): answers when the config version
   * differs from `since`, or after `waitMs` with the current one. An upstream without it answers 404
   * and gateways poll configVersion instead (docs/0021).
   */
  configWatch: '/wps/system/config/watch',
  /** ours: the gateway only (gateway secret required): each merchant's code and host names (docs/0131). */
  brands: '/wps/system/brands',
  captcha: '/wps/captcha',
  rsaKey: '/wps/session/key/rsa',
  login: '/wps/session/login',
  logout: '/wps/session/logout',
  memberInfo: '/wps/member/info',
  balance: '/wps/v2/wallets/balance',
  gameMenus: '/lgw/games/game_menus',
  gameList: '/wps/relay/GCSGAME_gameList',
  hotGames: '/wps/relay/GCSGAME_hotGamesV2',
  vendors: '/wps/relay/GCSGAME_newGameVendor',
  announcements: '/wps/relay/MCSFE_getListAnnouncements',
  winnerBoard: '/wps/relay/ODSFE2_getWinnerBoard',
  /** ours: favourites (no upstream path). */
  favouriteIds: '/wps/game/favourite/ids',
  favouriteList: '/wps/game/favourite/list',
  favouriteAdd: '/wps/game/favourite',
  favouriteRemove: '/wps/game/favourite',
  launchGame: '/wps/game/launchGame',
  /** ours: generated artwork for games, vendors and banners. */
  assets: '/wps/assets',
  /** ours: operator console calls. */
  operatorLogin: '/wps/operator/session/login',
  operatorLogout: '/wps/operator/session/logout',
  operatorWhitelabel: '/wps/operator/whitelabel',
  operatorSystem: '/wps/operator/system',
} as const;
