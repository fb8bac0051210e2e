import { ALL_CALLS } from './all-calls.ts';
import { gateOf, type TCallGate, type TCallKind, type TCallMethod, type TGateModule, type TRegionRule } from './call.ts';

export { SECTION_MODULES, type TCallGate, type TCallKind, type TCallMethod, type TGateModule, type TRegionRule } from './call.ts';
import { ACCOUNT_PATHS } from './account-calls.ts';
import { DEPOSIT_PATHS } from './deposit-calls.ts';
import { WPS_CODES, WPS_MESSAGES } from './messages.ts';
import { WPS_PATHS } from './paths.ts';
import { SEAMLESS_PATHS } from './seamless-calls.ts';
import { WITHDRAW_PATHS } from './withdraw-calls.ts';
import { WLG_PATHS } from './wlg-calls.ts';
import { WLG_CRASH_PATHS } from './wlg-crash.ts';
import { WLG_LOTTERY_PATHS } from './wlg-lottery-calls.ts';

/**
 * Switches the server obeys (docs/0069): for every wps call the platform serves, the whitelabel
 * modules that must be on, whether maintenance stops it, and whether the region rule refuses it.
 * The platform enforces this table in one request hook (platform/src/http/call-gate.ts); its test
 * fails when a route is missing here. Each entry is the seed of that call's descriptor: fold the
 * fields in when calls are declared one by one.
 */

/** Each refusal: the upstream's 543 "function not available" (UPSTREAM-NOTES), with a message the web translates. */
export const GATE_REFUSALS = {
  module: { code: WPS_CODES.featureOff, message: WPS_MESSAGES.featureOff },
  maintenance: { code: WPS_CODES.featureOff, message: 'error_maintenance' },
  region: { code: WPS_CODES.featureOff, message: 'error_region_restricted' },
} as const;

type TGateOptions = { modules?: readonly TGateModule[]; kind?: TCallKind; region?: TRegionRule };
const call = (method: TCallMethod, path: string, options: TGateOptions = {}): TCallGate => ({
  method,
  path,
  modules: options.modules ?? [],
  kind: options.kind ?? null,
  region: options.region ?? 'refuse',
});
const get = (path: string, options?: TGateOptions) => call('GET', path, options);
const post = (path: string, options?: TGateOptions) => call('POST', path, options);
const put = (path: string, options?: TGateOptions) => call('PUT', path, options);
const del = (path: string, options?: TGateOptions) => call('DELETE', path, options);
/** Served in maintenance and in a restricted region: the status pages need it, or no client makes it. */
const SERVE = { region: 'serve' } as const;

/**
 * Input-dependent switches stay in their services (the call alone does not say which applies):
 * launchGame by game type (GAME_<type>), SMS codes by purpose (MOBILEVERCODELOGIN3, CHNGPASSVERIF3,
 * REGMOBVERF3), SMS login (MOBILEVERCODELOGIN3), contracts by kind (DIVIDEND, DAYSAL, HOURSAL3,
 * RTSALARY3). No call exists yet for REWARD3, REFERRAL3, MISSION3, REBATE3 (their pages are not
 * built), AGENTANNOUNCE3 and AGENTRANSMULTDOWN3: their calls get their module here when they come.
 */
const UNDECLARED_GATES: readonly TCallGate[] = [
  // What the screen config is composed of (the maintenance and region pages are screen configs too).
  get(WPS_PATHS.systemStatus, SERVE),
  get(WPS_PATHS.whitelabel, SERVE),
  get(WPS_PATHS.domainRoute, SERVE),
  get(WPS_PATHS.registerSettings, SERVE),
  get(WPS_PATHS.registerRules, SERVE),
  get(WPS_PATHS.configVersion, SERVE),
  get(WPS_PATHS.configWatch, SERVE),
  get(WPS_PATHS.gameMenus, SERVE),
  // The viewer of a screen config, and leaving.
  del(WPS_PATHS.logout, SERVE),
  del(ACCOUNT_PATHS.loginRemember, SERVE),
  // Operator login needs the RSA key and, after failures, a captcha.
  get(WPS_PATHS.rsaKey, SERVE),
  get(WPS_PATHS.captcha, SERVE),

  // Sessions.
  post(WPS_PATHS.login),
  post(ACCOUNT_PATHS.loginVerify),
  // The code a new-IP second factor sends to the bound mobile or e-mail (docs/0067).
  post(ACCOUNT_PATHS.loginVerifyCode),
  post(ACCOUNT_PATHS.loginRemember),
  post(ACCOUNT_PATHS.loginFreePlay, { modules: ['FREEPLAY3'], kind: 'game' }),
  post(ACCOUNT_PATHS.sessionExchange),

  // Accounts: the forced password change and first login work whatever the security centre's switch.
  put(ACCOUNT_PATHS.register, { modules: ['USERNAMEREG3'] }),
  put(ACCOUNT_PATHS.registerMobile, { modules: ['MOBILENUMREG3'] }),
  get(ACCOUNT_PATHS.affiliate),
  post(ACCOUNT_PATHS.firstLogin),
  post(ACCOUNT_PATHS.changePassword),
  post(ACCOUNT_PATHS.forgotByEmail),
  post(ACCOUNT_PATHS.resetByLink),
  post(ACCOUNT_PATHS.forgotByMobile, { modules: ['CHNGPASSVERIF3'] }),
  post(ACCOUNT_PATHS.smsNoLogin),
  post(ACCOUNT_PATHS.smsRegister),

  // Security centre (SECCEN3): contacts, authenticator, withdraw password, payout accounts.
  post(ACCOUNT_PATHS.totpSetup, { modules: ['SECCEN3'] }),
  post(ACCOUNT_PATHS.totpEnable, { modules: ['SECCEN3'] }),
  // The step-up every security change and the upline transfer ask for first (docs/0068): no module of its own.
  post(ACCOUNT_PATHS.stepUp),

  // Wallet and catalogue.
  get(WPS_PATHS.gameList),
  get(WPS_PATHS.hotGames),
  get(WPS_PATHS.vendors),
  get(WPS_PATHS.winnerBoard),
  get(WPS_PATHS.announcements),
  get(`${WPS_PATHS.assets}/game/:file`),
  get(`${WPS_PATHS.assets}/vendor/:file`),
  get(`${WPS_PATHS.assets}/banner/:file`),
  get(`${WPS_PATHS.assets}/avatar/:file`),
  // Launch: the category switch (GAME_<type>) is the launch service's, by the game's type.
  get(WPS_PATHS.launchGame, { kind: 'game' }),
  post(WPS_PATHS.launchGame, { kind: 'game' }),
  get('/wps/game/demo/:nodeId', { kind: 'game' }),

  // Built-in games: what stakes is a game call; reading, cashing out and closing finish a round.
  post(WLG_PATHS.open, { kind: 'game' }),
  post(WLG_PATHS.state),
  post(WLG_PATHS.close),
  post(WLG_PATHS.seed),
  post(WLG_PATHS.rounds),
  post(WLG_PATHS.closeMine),
  post(WLG_PATHS.slotSpin, { kind: 'game' }),
  post(WLG_CRASH_PATHS.live),
  post(WLG_CRASH_PATHS.bet, { kind: 'game' }),
  post(WLG_CRASH_PATHS.cashOut),
  post(WLG_CRASH_PATHS.mine),
  post(WLG_LOTTERY_PATHS.state),
  post(WLG_LOTTERY_PATHS.bet, { kind: 'game' }),
  get(WLG_LOTTERY_PATHS.numero),
  // The seamless wallet answers providers (server to server, signed); rounds begun before
  // maintenance settle. New stakes cannot begin: launch, open, bet and spin are refused.
  post(SEAMLESS_PATHS.balance, SERVE),
  post(SEAMLESS_PATHS.bet, SERVE),
  post(SEAMLESS_PATHS.win, SERVE),
  post(SEAMLESS_PATHS.rollback, SERVE),

];

/** Every call the platform serves: the declared calls' own gates, then the calls not yet declared one by one. */
export const CALL_GATES: readonly TCallGate[] = [...ALL_CALLS.map(gateOf), ...UNDECLARED_GATES];

/** The key of a call in lookups: `METHOD path`. */
export function callKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** Every module some call is gated by, each once. */
export function gatingModules(gates: readonly TCallGate[] = CALL_GATES): TGateModule[] {
  return [...new Set(gates.flatMap((g) => g.modules))];
}
