import { z } from 'zod';
import type { TCallDescriptor } from '@wl/schemas';
import {
  WLG_LOTTERY_PATHS,
  ZWlgLotteryBetResponse,
  ZWlgLotteryNumeroResponse,
  ZWlgLotteryStateResponse,
  type TWlgLotteryBetRequest,
} from '@wl/schemas';
import {
  WLG_PATHS,
  ZWlgCloseMineResponse,
  ZWlgCloseResponse,
  ZWlgOpenResponse,
  ZWlgRoundsResponse,
  ZWlgSeedResponse,
  ZWlgSlotSpinResponse,
  ZWlgState,
  type TWlgSlotSpinRequest,
  WLG_CRASH_PATHS,
  ZWlgCrashBetResponse,
  ZWlgCrashLive,
  ZWlgCrashMineResponse,
  type TWlgCrashBetRequest,
  type TWlgCrashCashOutRequest,
  GAME_LIST_CLIENT_TYPE,
  GAME_LIST_PLATFORM,
  VENDOR_PLATFORM,
  WINNER_BOARD_LIMIT,
  WPS_CODES,
  WPS_MESSAGES,
  WPS_PATHS,
  ZAnnouncementsResponse,
  ZCaptchaResponse,
  ZConfigVersionResponse,
  ZConfigWatchResponse,
  ZDomainRouteResponse,
  ZGameListResponse,
  ZGameMenusResponse,
  ZHotGamesResponse,
  ZLaunchGameResponse,
  type ZLotteryLaunchQuery,
  ZRegisterRulesResponse,
  ZRegisterSettingsResponse,
  ZSystemStatusResponse,
  ZWhitelabelResponse,
  ZWinnerBoardResponse,
  type TGameType,
  type TLanguage,
  ACCOUNT_PATHS,
  ZAccountLoginResponse,
  ZAffiliateResponse,
  ZChangePasswordResponse,
  ZFirstLoginResponse,
  ZForgotByEmailResponse,
  ZForgotByMobileResponse,
  ZFreePlayResponse,
  ZLoginRememberResponse,
  ZLoginVerifyResponse,
  ZRegisterResponse,
  ZResetByLinkResponse,
  ZSmsSendResponse,
  ZTotpEnableResponse,
  ZTotpSetupResponse,
  ZStepUpResponse,
  type TAccountLoginRequest,
  type TRegisterRequest,
  type TSecondFactorMethod,
} from '@wl/schemas';
import { encryptBody } from '@wl/schemas/wps/body-cipher';
import type { TCallContext, TUpstreamRequest, UpstreamClient } from './upstream.client.ts';
import { UpstreamError } from './upstream.errors.ts';

/** SPEC §3 lottery launch fields a caller chooses (the mode is always GLS, the language the session's). */
export type TLotteryLaunchFields = Omit<z.infer<typeof ZLotteryLaunchQuery>, 'launchMode' | 'language'>;

/** A query as the client sends it. */
type TQuery = NonNullable<TUpstreamRequest<unknown>['query']>;

/** Value of calls whose success carries nothing we read. */
const ZIgnored = z.unknown();
const ZRsaKeyResponse = z.object({ publicKey: z.string().min(1).max(10_000) });

/** Login input as the gateway hands it over (plain; encrypted here for the wire). */
export type TLoginInput = Omit<TAccountLoginRequest, 'type'> & { type?: TAccountLoginRequest['type'] };

/** Inputs of the game list relay that the gateway lets a browser choose. */
export type TGameListInput = {
  gameType?: TGameType;
  vassalage?: string;
  gameName?: string;
  pageNo: number;
  pageSize: number;
};

/**
 * The wps calls of SPEC §7 the gateway uses, one method each. Everything wire-specific (paths,
 * module IDs, query names, encryption) lives here so procedures read like the domain.
 */
export class WpsApi {
  private rsaKey: Promise<string> | null = null;

  constructor(readonly client: UpstreamClient) {}

  get merchantCode(): string {
    return this.client.merchantCode;
  }

  /**
   * One declared call (docs/0076): its method, path, ModuleId and answer schema come from the
   * descriptor; a GET sends its input as the query, any other method as the JSON body. Only GETs are
   * retried, and only when the connection failed (upstream.client.ts). `timeoutMs` for the few calls
   * that carry a file (a withdrawal proof) and need longer than the usual upstream timeout.
   */
  call<D extends TCallDescriptor>(d: D, input: z.output<D['input']>, ctx: TCallContext, options: { timeoutMs?: number } = {}): Promise<z.output<D['output']>> {
    const carried = d.inputFrom === 'none' ? {} : d.inputFrom === 'query' ? { query: input as TQuery } : { body: input };
    const value = d.output as z.ZodType<z.output<D['output']>>;
    return this.client.call({ method: d.method, path: d.path, moduleId: d.moduleId, value, ...carried, ...options }, ctx);
  }

  configVersion(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.configVersion, moduleId: 'CONFIG', value: ZConfigVersionResponse }, ctx);
  }
  /**
   * Long-poll (ours, docs/0021): the config version once it differs from `since`, or after `waitMs`.
   * Timed out a little after the wait; an upstream without it answers 404.
   */
  configWatch(query: { since: number | null; waitMs: number }, signal: AbortSignal) {
    return this.client.call(
      {
        method: 'GET',
        path: WPS_PATHS.configWatch,
        moduleId: 'CONFIG',
        value: ZConfigWatchResponse,
        query: { since: query.since, waitMs: query.waitMs },
        timeoutMs: query.waitMs + 10_000,
        signal,
        asGateway: true,
      },
      { language: 'bn' },
    );
  }
  systemStatus(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.systemStatus, moduleId: 'STATUS', value: ZSystemStatusResponse }, ctx);
  }
  whitelabel(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.whitelabel, moduleId: 'WHITELABEL', value: ZWhitelabelResponse }, ctx);
  }
  permissionInfo(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.domainRoute, moduleId: 'DOMAINROUTE', value: ZDomainRouteResponse }, ctx);
  }
  registerSettings(ctx: TCallContext) {
    return this.client.call(
      { method: 'GET', path: WPS_PATHS.registerSettings, moduleId: 'REGISTER', value: ZRegisterSettingsResponse },
      ctx,
    );
  }
  registerRules(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.registerRules, moduleId: 'REGISTER', value: ZRegisterRulesResponse }, ctx);
  }
  gameMenus(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.gameMenus, moduleId: 'GAMEMENU', value: ZGameMenusResponse }, ctx);
  }

  gameList(input: TGameListInput, ctx: TCallContext) {
    return this.client.call(
      {
        method: 'GET',
        path: WPS_PATHS.gameList,
        moduleId: 'GAMELIST',
        value: ZGameListResponse,
        query: {
          clientType: GAME_LIST_CLIENT_TYPE,
          platform: GAME_LIST_PLATFORM,
          merchant: this.merchantCode,
          gameType: input.gameType,
          pageNo: input.pageNo,
          pageSize: input.pageSize,
          vassalage: input.vassalage,
          gameName: input.gameName,
          language: ctx.language,
        },
      },
      ctx,
    );
  }
  hotGames(ctx: TCallContext) {
    return this.client.call(
      {
        method: 'GET',
        path: WPS_PATHS.hotGames,
        moduleId: 'HOTGAMES',
        value: ZHotGamesResponse,
        query: { merchantCode: this.merchantCode, isPlatform: 'true', platform: VENDOR_PLATFORM, language: ctx.language },
      },
      ctx,
    );
  }
  announcements(ctx: TCallContext) {
    return this.client.call(
      {
        method: 'GET',
        path: WPS_PATHS.announcements,
        moduleId: 'ANNOUNCEMENT',
        value: ZAnnouncementsResponse,
        query: { platform: 'W', language: ctx.language },
      },
      ctx,
    );
  }
  winnerBoard(ctx: TCallContext) {
    return this.client.call(
      {
        method: 'GET',
        path: WPS_PATHS.winnerBoard,
        moduleId: 'WINNERBOARD',
        value: ZWinnerBoardResponse,
        query: { gameCategory: 'ALL', language: ctx.language, limitNum: WINNER_BOARD_LIMIT },
      },
      ctx,
    );
  }

  /** UPSTREAM-NOTES: GET only, launchMode GLS, accountType 0 for free play. */
  launchGame(input: { nodeId?: string | undefined; gameCode?: string | undefined; freeTrial: boolean; language: TLanguage }, ctx: TCallContext) {
    return this.client.call(
      {
        method: 'GET',
        path: WPS_PATHS.launchGame,
        moduleId: 'LAUNCHGAME',
        value: ZLaunchGameResponse,
        query: {
          nodeId: input.nodeId,
          gameCode: input.gameCode,
          launchMode: 'GLS',
          accountType: input.freeTrial ? 0 : 1,
          language: input.language,
        },
      },
      ctx,
    );
  }

  /** SPEC §3 lottery launch on the same GET launchGame (launchMode GLS); the game URL as for any game. */
  launchLottery(input: TLotteryLaunchFields & { language: TLanguage }, ctx: TCallContext) {
    return this.client.call(
      { method: 'GET', path: WPS_PATHS.launchGame, moduleId: 'LAUNCHGAME', value: ZLaunchGameResponse, query: { ...input, launchMode: 'GLS' } },
      ctx,
    );
  }

  captcha(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.captcha, moduleId: 'CAPTCHA', value: ZCaptchaResponse }, ctx);
  }

  /** The upstream's RSA public key, fetched once and shared by concurrent logins. */
  private publicKey(ctx: TCallContext): Promise<string> {
    if (!this.rsaKey) {
      const pending = this.client
        .call({ method: 'GET', path: WPS_PATHS.rsaKey, moduleId: 'LOGIN', value: ZRsaKeyResponse }, ctx)
        .then((v) => v.publicKey);
      pending.catch(() => {
        if (this.rsaKey === pending) this.rsaKey = null;
      });
      this.rsaKey = pending;
    }
    return this.rsaKey;
  }

  /**
   * An encrypted call (UPSTREAM-NOTES): the payload travels TripleDES-encrypted under a key wrapped
   * with the upstream's RSA key. A key that rotated (upstream restart) is refetched once.
   */
  private async encrypted<TValue>(
    request: Omit<TUpstreamRequest<TValue>, 'body' | 'headers' | 'form'>,
    payload: unknown,
    ctx: TCallContext,
  ): Promise<TValue> {
    for (let attempt = 1; ; attempt++) {
      const key = await this.publicKey(ctx);
      const { body, headers } = encryptBody(payload, key);
      try {
        return await this.client.call({ ...request, body, headers: { ...headers } }, ctx);
      } catch (error) {
        if (attempt === 1 && isDecryptFailure(error)) {
          this.rsaKey = null;
          continue;
        }
        throw error;
      }
    }
  }

  /** POST /wps/session/login (encrypted): a session, or a second-factor challenge from a new IP. */
  login(input: TLoginInput, ctx: TCallContext) {
    const payload = { ...input, type: input.type ?? ('username' as const) };
    return this.encrypted(
      { method: 'POST', path: WPS_PATHS.login, moduleId: 'LOGIN', value: ZAccountLoginResponse },
      payload,
      // A pre-login token, if any, goes along so the upstream revokes it (session rotation).
      ctx,
    );
  }
  /** Answers a second-factor challenge (encrypted). */
  loginVerify(
    input: { challengeId: string; method: TSecondFactorMethod; code: string },
    ctx: TCallContext,
  ) {
    return this.encrypted(
      { method: 'POST', path: ACCOUNT_PATHS.loginVerify, moduleId: 'LOGIN', value: ZLoginVerifyResponse },
      input,
      { ...ctx, token: null },
    );
  }
  /** Exchanges a remember token for a fresh session and a new remember token (the old one is revoked). */
  loginRemember(rememberToken: string, ctx: TCallContext) {
    return this.client.call(
      { method: 'POST', path: ACCOUNT_PATHS.loginRemember, moduleId: 'LOGIN', value: ZLoginRememberResponse, body: { rememberToken } },
      { ...ctx, token: null },
    );
  }
  /** Revokes a remember token (logout). */
  async revokeRemember(rememberToken: string, ctx: TCallContext): Promise<void> {
    await this.client.call(
      { method: 'DELETE', path: ACCOUNT_PATHS.loginRemember, moduleId: 'LOGIN', value: ZIgnored, body: { rememberToken } },
      { ...ctx, token: null },
    );
  }
  /** Trades a session token that arrived in a URL for a fresh session; the old token is revoked (SPEC §4, issue 6). */
  exchangeSession(urlToken: string, ctx: TCallContext) {
    return this.client.call(
      { method: 'POST', path: ACCOUNT_PATHS.sessionExchange, moduleId: 'LOGIN', value: ZLoginRememberResponse },
      { ...ctx, token: urlToken },
    );
  }
  /** A new trial account (type 4), logged in (FREEPLAY3). */
  freePlay(input: { os: string }, ctx: TCallContext) {
    return this.client.call(
      {
        method: 'POST',
        path: ACCOUNT_PATHS.loginFreePlay,
        moduleId: 'FREEPLAY',
        value: ZFreePlayResponse,
        body: { os: input.os, platform: 'W', gatewayVersion: 3 },
      },
      { ...ctx, token: null },
    );
  }
  /** Marks the first-login step done. */
  firstLogin(ctx: TCallContext) {
    return this.client.call(
      { method: 'POST', path: ACCOUNT_PATHS.firstLogin, moduleId: 'MEMBERINFO', value: ZFirstLoginResponse },
      ctx,
    );
  }

  /** Sends a second-factor challenge's code to the member's bound mobile or e-mail (docs/0067). */
  sendSecondFactorCode(input: { challengeId: string; method: 'mobile' | 'email' }, ctx: TCallContext) {
    return this.client.call(
      { method: 'POST', path: ACCOUNT_PATHS.loginVerifyCode, moduleId: 'LOGIN', value: ZSmsSendResponse, body: input },
      { ...ctx, token: null },
    );
  }
  /** SMS code for a logged-out purpose (login, reset). */
  sendSms(
    input: { mobileNum: string; countryDialingCode: string; purpose: 'login' | 'reset' },
    ctx: TCallContext,
  ) {
    return this.client.call(
      { method: 'POST', path: ACCOUNT_PATHS.smsNoLogin, moduleId: 'SMS', value: ZSmsSendResponse, body: input },
      { ...ctx, token: null },
    );
  }
  /** SMS code for registration, behind human verification (captcha). */
  sendRegisterSms(input: { mobileNum: string; countryDialingCode: string; captchaId: string; captcha: string }, ctx: TCallContext) {
    return this.client.call(
      { method: 'POST', path: ACCOUNT_PATHS.smsRegister, moduleId: 'SMS', value: ZSmsSendResponse, body: input },
      { ...ctx, token: null },
    );
  }

  /** PUT register (username tab) or register/mobile (mobile tab), encrypted. */
  register(mode: 'username' | 'mobile', request: TRegisterRequest, ctx: TCallContext) {
    return this.encrypted(
      {
        method: 'PUT',
        path: mode === 'mobile' ? ACCOUNT_PATHS.registerMobile : ACCOUNT_PATHS.register,
        moduleId: 'REGISTER',
        value: ZRegisterResponse,
      },
      request,
      { ...ctx, token: null },
    );
  }
  affiliate(input: { code: string; domain: string }, ctx: TCallContext) {
    return this.client.call(
      { method: 'GET', path: ACCOUNT_PATHS.affiliate, moduleId: 'REGISTER', value: ZAffiliateResponse, query: input },
      ctx,
    );
  }

  /** Change password of the session's member (encrypted). */
  changePassword(input: { oldPassword?: string; newPassword: string; confirmNewPassword: string }, ctx: TCallContext) {
    return this.encrypted(
      { method: 'POST', path: ACCOUNT_PATHS.changePassword, moduleId: 'PASSWORD', value: ZChangePasswordResponse },
      input,
      ctx,
    );
  }
  /** Form-encoded (SPEC §7); the same answer whether or not username and email match. */
  forgotByEmail(input: { username: string; email: string }, ctx: TCallContext) {
    return this.client.call(
      { method: 'POST', path: ACCOUNT_PATHS.forgotByEmail, moduleId: 'PASSWORD', value: ZForgotByEmailResponse, form: input },
      { ...ctx, token: null },
    );
  }
  resetByLink(input: { resetToken: string; newPassword: string; confirmNewPassword: string }, ctx: TCallContext) {
    return this.encrypted(
      { method: 'POST', path: ACCOUNT_PATHS.resetByLink, moduleId: 'PASSWORD', value: ZResetByLinkResponse },
      input,
      { ...ctx, token: null },
    );
  }
  /** Reset by SMS code; answers a session (automatic login, SPEC §4). */
  forgotByMobile(
    input: { mobileNum: string; countryDialingCode: string; verificationCode: string; newPassword: string; confirmNewPassword: string },
    ctx: TCallContext,
  ) {
    return this.encrypted(
      { method: 'POST', path: ACCOUNT_PATHS.forgotByMobile, moduleId: 'PASSWORD', value: ZForgotByMobileResponse },
      input,
      { ...ctx, token: null },
    );
  }
  totpSetup(ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: ACCOUNT_PATHS.totpSetup, moduleId: 'TOTP', value: ZTotpSetupResponse }, ctx);
  }
  /** docs/0068: the login password travels encrypted, like the login's. */
  stepUp(input: { password?: string; totpCode?: string }, ctx: TCallContext) {
    return this.encrypted({ method: 'POST', path: ACCOUNT_PATHS.stepUp, moduleId: 'SECURITY', value: ZStepUpResponse }, input, ctx);
  }
  totpEnable(input: { code: string }, ctx: TCallContext) {
    return this.client.call(
      { method: 'POST', path: ACCOUNT_PATHS.totpEnable, moduleId: 'TOTP', value: ZTotpEnableResponse, body: input },
      ctx,
    );
  }

  async logout(ctx: TCallContext): Promise<void> {
    await this.client.call({ method: 'DELETE', path: WPS_PATHS.logout, moduleId: 'LOGOUT', value: ZIgnored }, ctx);
  }



  /** A built-in game's page calls (docs/0039): each a POST carrying the game session's token in the body, never in a URL. */
  wlgOpen(input: { ticket: string }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WLG_PATHS.open, moduleId: 'GAME', value: ZWlgOpenResponse, body: input }, ctx);
  }
  wlgState(input: { token: string }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WLG_PATHS.state, moduleId: 'GAME', value: ZWlgState, body: input }, ctx);
  }
  wlgClose(input: { token: string }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WLG_PATHS.close, moduleId: 'GAME', value: ZWlgCloseResponse, body: input }, ctx);
  }
  wlgSeed(input: { token: string; clientSeed?: string | undefined }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WLG_PATHS.seed, moduleId: 'GAME', value: ZWlgSeedResponse, body: input }, ctx);
  }
  wlgRounds(input: { token: string }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WLG_PATHS.rounds, moduleId: 'GAME', value: ZWlgRoundsResponse, body: input }, ctx);
  }
  wlgSlotSpin(input: TWlgSlotSpinRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WLG_PATHS.slotSpin, moduleId: 'GAME', value: ZWlgSlotSpinResponse, body: input }, ctx);
  }
  /** The crash game's live state (docs/0042): public, the same for every page of the game. */
  wlgCrashLive(input: { game: string }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WLG_CRASH_PATHS.live, moduleId: 'GAME', value: ZWlgCrashLive, body: input }, ctx);
  }
  wlgCrashBet(input: TWlgCrashBetRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WLG_CRASH_PATHS.bet, moduleId: 'GAME', value: ZWlgCrashBetResponse, body: input }, ctx);
  }
  wlgCrashCashOut(input: TWlgCrashCashOutRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WLG_CRASH_PATHS.cashOut, moduleId: 'GAME', value: ZWlgCrashBetResponse, body: input }, ctx);
  }
  wlgCrashMine(input: { token: string }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WLG_CRASH_PATHS.mine, moduleId: 'GAME', value: ZWlgCrashMineResponse, body: input }, ctx);
  }
  /** The member closes whatever real-money game is open (the web's answer to 734). */
  wlgCloseMine(ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WLG_PATHS.closeMine, moduleId: 'GAME', value: ZWlgCloseMineResponse, body: {} }, ctx);
  }
  /** The built-in lottery's page (docs/0041): draws, settings, the player's bets and balance. */
  wlgLotteryState(input: { token: string }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WLG_LOTTERY_PATHS.state, moduleId: 'GAME', value: ZWlgLotteryStateResponse, body: input }, ctx);
  }
  /** A bet on the lottery's open draw. */
  wlgLotteryBet(input: TWlgLotteryBetRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WLG_LOTTERY_PATHS.bet, moduleId: 'GAME', value: ZWlgLotteryBetResponse, body: input }, ctx);
  }
  /** SPEC §6 "opened numero" (GET, public): the open draw and the last results of a lottery game. */
  wlgLotteryNumero(input: { gameCode: string }, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WLG_LOTTERY_PATHS.numero, moduleId: 'GAME', value: ZWlgLotteryNumeroResponse, query: input }, ctx);
  }
}

/**
 * The upstream could not read the encrypted body, most likely because its key changed (a restart).
 * The gateway already validated the payload, so a bare bad-request on login can only mean that.
 */
function isDecryptFailure(error: unknown): boolean {
  return (
    error instanceof UpstreamError &&
    error.code === WPS_CODES.badRequest &&
    error.messageKey === WPS_MESSAGES.badRequest &&
    // A refused form names its fields; a body the upstream could not decrypt names none.
    !(typeof error.value === 'object' && error.value !== null && 'fieldErrors' in error.value)
  );
}
