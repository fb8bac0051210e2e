import { z } from 'zod';
import type { TCallDescriptor } from '@wl/schemas';
import {
  CONTRACT_PATHS,
  ZContract,
  ZContractOverview,
  ZIncomeReport,
  ZSettlementList,
  type TContractActRequest,
  type TContractKind,
  type TContractOfferRequest,
  type TIncomeQuery,
  type TSettlementQuery,
} from '@wl/schemas';
import {
  MESSAGE_PATHS,
  ZMessageList,
  ZMessageReadResult,
  ZMessagesReadAllResult,
  type TMessageListQuery,
} from '@wl/schemas';
import {
  WLG_LOTTERY_PATHS,
  ZWlgLotteryBetResponse,
  ZWlgLotteryNumeroResponse,
  ZWlgLotteryStateResponse,
  type TWlgLotteryBetRequest,
} from '@wl/schemas';
import {
  AGENT_TEAM_PATHS,
  ZInvitation,
  ZInvitationDeleted,
  ZInvitationList,
  ZRegisterDownlineResult,
  ZTeamBets,
  ZTeamProfit,
  ZTeamTransactions,
  type TCreateInvitationRequest,
  type TInvitationListQuery,
  type TInvitationUpdateRequest,
  type TRegisterDownlineRequest,
  type TTeamBetsQuery,
  type TTeamProfitQuery,
  type TTeamTransactionsQuery,
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
  CONTACT_PATHS,
  ZBindCodeResponse,
  ZBindContactResponse,
  type TBindCodeRequest,
  type TBindContactRequest,
  RECORD_PATHS,
  ZAccountRecordResponse,
  ZProfitResponse,
  type TRecordQuery,
  TRANSFER_PATHS,
  ZConsolidatedResponse,
  ZMerchantWalletResponse,
  ZMoneyTransferResult,
  ZUplineResponse,
  type TUplineTransferRequest,
  type TWalletRecallRequest,
  type TWalletTransferRequest,
  GAME_LIST_CLIENT_TYPE,
  GAME_LIST_PLATFORM,
  VENDOR_PLATFORM,
  WINNER_BOARD_LIMIT,
  WPS_CODES,
  WPS_MESSAGES,
  WPS_PATHS,
  ZAnnouncementsResponse,
  ZBalanceResponse,
  ZCaptchaResponse,
  ZConfigVersionResponse,
  ZConfigWatchResponse,
  ZDomainRouteResponse,
  ZFavouriteIdsResponse,
  ZFavouriteListResponse,
  RECENT_PATHS,
  ZRecentListResponse,
  ZGameListResponse,
  ZGameMenusResponse,
  ZHotGamesResponse,
  ZLaunchGameResponse,
  type ZLotteryLaunchQuery,
  ZMemberInfoResponse,
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
import {
  DEPOSIT_PATHS,
  ZDeposit,
  ZDepositChannelsResponse,
  ZDepositListResponse,
  type TDepositListQuery,
  type TDepositRequest,
  WITHDRAW_PATHS,
  ZBankAccountResponse,
  ZProofResponse,
  ZProofUploadResponse,
  ZSecurityResponse,
  ZWithdrawConfirmResponse,
  ZWithdrawOverviewResponse,
  ZWithdrawPasswordResponse,
  ZWithdrawResponse,
  type TBankAccountRequest,
  type TWithdrawConfirmRequest,
  type TWithdrawPasswordRequest,
  type TWithdrawRequest,
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
   * retried, and only when the connection failed (upstream.client.ts). `timeoutMs`: for the few calls
   * that carry files (a proof as base64), longer than the client's default.
   */
  call<D extends TCallDescriptor>(d: D, input: z.output<D['input']>, ctx: TCallContext, options: { timeoutMs?: number } = {}): Promise<z.output<D['output']>> {
    const carried = d.inputFrom === 'none' ? {} : d.inputFrom === 'query' ? { query: input as TQuery } : { body: input };
    return this.client.call({ method: d.method, path: d.path, moduleId: d.moduleId, value: d.output as z.ZodType<z.output<D['output']>>, ...carried, ...options }, ctx);
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

  favouriteIds(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.favouriteIds, moduleId: 'FAVOURITE', value: ZFavouriteIdsResponse }, ctx);
  }
  favouriteList(input: { pageNo: number; pageSize: number; gameType?: TGameType }, ctx: TCallContext) {
    return this.client.call(
      {
        method: 'GET',
        path: WPS_PATHS.favouriteList,
        moduleId: 'FAVOURITE',
        value: ZFavouriteListResponse,
        query: {
          clientType: GAME_LIST_CLIENT_TYPE,
          platform: GAME_LIST_PLATFORM,
          language: ctx.language,
          pageNo: input.pageNo,
          pageSize: input.pageSize,
          gameType: input.gameType,
        },
      },
      ctx,
    );
  }
  async addFavourite(payload: { nodeId: string; vendor: string; gameType: TGameType }, ctx: TCallContext): Promise<void> {
    await this.client.call(
      { method: 'POST', path: WPS_PATHS.favouriteAdd, moduleId: 'FAVOURITE', value: ZIgnored, body: payload },
      ctx,
    );
  }
  async removeFavourite(nodeId: string, ctx: TCallContext): Promise<void> {
    await this.client.call(
      { method: 'DELETE', path: WPS_PATHS.favouriteRemove, moduleId: 'FAVOURITE', value: ZIgnored, query: { nodeId } },
      ctx,
    );
  }
  // Platform messages (SPEC §2 messageV2): the platform scopes each call to the session's member.
  messageList(input: TMessageListQuery, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: MESSAGE_PATHS.list, moduleId: 'MESSAGE', value: ZMessageList, query: input }, ctx);
  }
  messageRead(id: number, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: MESSAGE_PATHS.read, moduleId: 'MESSAGE', value: ZMessageReadResult, body: { id } }, ctx);
  }
  messagesReadAll(ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: MESSAGE_PATHS.readAll, moduleId: 'MESSAGE', value: ZMessagesReadAllResult, body: {} }, ctx);
  }
  /** The member's recently launched games, newest first (docs/0036). */
  recentList(input: { gameType?: TGameType | undefined }, ctx: TCallContext) {
    return this.client.call(
      {
        method: 'GET',
        path: RECENT_PATHS.recentList,
        moduleId: 'RECENT',
        value: ZRecentListResponse,
        query: { language: ctx.language, gameType: input.gameType },
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

  memberInfo(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.memberInfo, moduleId: 'MEMBERINFO', value: ZMemberInfoResponse }, ctx);
  }
  balance(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WPS_PATHS.balance, moduleId: 'BALANCE', value: ZBalanceResponse }, ctx);
  }

  // Issue 8 deposits, adjustments and money settings (paths ours: DEPOSIT_PATHS).
  depositChannels(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: DEPOSIT_PATHS.depositChannels, moduleId: 'DEPOSIT', value: ZDepositChannelsResponse }, ctx);
  }
  /** Never retried by the client (a POST); the member's key makes a resend safe. */
  createDeposit(input: TDepositRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: DEPOSIT_PATHS.deposit, moduleId: 'DEPOSIT', value: ZDeposit, body: input }, ctx);
  }
  myDeposits(input: TDepositListQuery, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: DEPOSIT_PATHS.deposit, moduleId: 'DEPOSIT', value: ZDepositListResponse, query: input }, ctx);
  }

  // Issue 8 transfers (TRANSFER_PATHS): merchant wallets, GCS_walletTransfer, consolidated funds, upline.
  merchantWallets(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: TRANSFER_PATHS.merchantWallet, moduleId: 'WALLET', value: ZMerchantWalletResponse }, ctx);
  }
  /** Never retried by the client (a POST); the member's key makes a resend safe. */
  walletTransfer(input: TWalletTransferRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: TRANSFER_PATHS.walletTransfer, moduleId: 'WALLET', value: ZMoneyTransferResult, body: input }, ctx);
  }
  walletRecall(input: TWalletRecallRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: TRANSFER_PATHS.walletRecall, moduleId: 'WALLET', value: ZMerchantWalletResponse, body: input }, ctx);
  }
  consolidatedFunds(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: TRANSFER_PATHS.consolidated, moduleId: 'WALLET', value: ZConsolidatedResponse }, ctx);
  }
  upline(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: TRANSFER_PATHS.transferUpline, moduleId: 'WALLET', value: ZUplineResponse }, ctx);
  }
  transferUpline(input: TUplineTransferRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: TRANSFER_PATHS.transferUpline, moduleId: 'WALLET', value: ZMoneyTransferResult, body: input }, ctx);
  }

  // Issue 8 records (RECORD_PATHS): the member's own rows only, chosen by the session.
  record(which: 'account' | 'bets' | 'bonus', input: TRecordQuery, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: RECORD_PATHS[which], moduleId: 'RECORDS', value: ZAccountRecordResponse, query: input }, ctx);
  }
  profitRecord(input: TRecordQuery, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: RECORD_PATHS.profit, moduleId: 'RECORDS', value: ZProfitResponse, query: input }, ctx);
  }

  // Issue 10 agent centre (AGENT_PATHS): the platform scopes every call to the session's own subtree.
  // Issue 10 registerCenter and team reports (AGENT_TEAM_PATHS, docs/0051): the caller's own subtree and codes only.
  /** Never retried by the client (a POST that creates a member). */
  agentRegisterDownline(input: TRegisterDownlineRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: AGENT_TEAM_PATHS.registerDownline, moduleId: 'REGCEN', value: ZRegisterDownlineResult, body: input }, ctx);
  }
  agentInvitations(input: TInvitationListQuery, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: AGENT_TEAM_PATHS.invitations, moduleId: 'REGCEN', value: ZInvitationList, query: input }, ctx);
  }
  agentCreateInvitation(input: TCreateInvitationRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: AGENT_TEAM_PATHS.invitations, moduleId: 'REGCEN', value: ZInvitation, body: input }, ctx);
  }
  agentUpdateInvitation(input: TInvitationUpdateRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: AGENT_TEAM_PATHS.invitationUpdate, moduleId: 'REGCEN', value: ZInvitation, body: input }, ctx);
  }
  agentDeleteInvitation(input: { id: number }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: AGENT_TEAM_PATHS.invitationDelete, moduleId: 'REGCEN', value: ZInvitationDeleted, body: input }, ctx);
  }
  agentTeamBets(input: TTeamBetsQuery, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: AGENT_TEAM_PATHS.teamBets, moduleId: 'TRANSBETREPMEM3', value: ZTeamBets, query: input }, ctx);
  }
  agentTeamProfit(input: TTeamProfitQuery, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: AGENT_TEAM_PATHS.teamProfit, moduleId: 'AGETEAMPNL3', value: ZTeamProfit, query: input }, ctx);
  }
  agentTeamTransactions(input: TTeamTransactionsQuery, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: AGENT_TEAM_PATHS.teamTransactions, moduleId: 'AGEDOWNTRANS3', value: ZTeamTransactions, query: input }, ctx);
  }
  // Issue 10 agent contracts and income (CONTRACT_PATHS, docs/0049): scoped to the caller like the rest.
  agentContracts(input: { kind: TContractKind }, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: CONTRACT_PATHS.overview, moduleId: 'AGENT', value: ZContractOverview, query: input }, ctx);
  }
  /** Never retried (a POST): a second offer to the same downline is refused (contract_exists). */
  agentContractOffer(input: TContractOfferRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: CONTRACT_PATHS.offer, moduleId: 'AGENT', value: ZContract, body: input }, ctx);
  }
  agentContractAct(input: TContractActRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: CONTRACT_PATHS.act, moduleId: 'AGENT', value: ZContract, body: input }, ctx);
  }
  agentSettlements(input: TSettlementQuery, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: CONTRACT_PATHS.settlements, moduleId: 'AGENT', value: ZSettlementList, query: input }, ctx);
  }
  agentIncome(input: TIncomeQuery, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: CONTRACT_PATHS.income, moduleId: 'AGENT', value: ZIncomeReport, query: input }, ctx);
  }

  // Issue 8: security centre, withdraw and its confirmation (docs/0029).
  security(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WITHDRAW_PATHS.security, moduleId: 'SECURITY', value: ZSecurityResponse }, ctx);
  }
  setWithdrawPassword(input: TWithdrawPasswordRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WITHDRAW_PATHS.withdrawPassword, moduleId: 'SECURITY', value: ZWithdrawPasswordResponse, body: input }, ctx);
  }
  addBankAccount(input: TBankAccountRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WITHDRAW_PATHS.bankAccount, moduleId: 'SECURITY', value: ZBankAccountResponse, body: input }, ctx);
  }
  sendBindCode(input: TBindCodeRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: CONTACT_PATHS.bindCode, moduleId: 'SECURITY', value: ZBindCodeResponse, body: input }, ctx);
  }
  bindContact(input: TBindContactRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: CONTACT_PATHS.bind, moduleId: 'SECURITY', value: ZBindContactResponse, body: input }, ctx);
  }
  withdrawOverview(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WITHDRAW_PATHS.withdraw, moduleId: 'WITHDRAW', value: ZWithdrawOverviewResponse }, ctx);
  }
  requestWithdrawal(input: TWithdrawRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WITHDRAW_PATHS.withdraw, moduleId: 'WITHDRAW', value: ZWithdrawResponse, body: input }, ctx);
  }
  confirmWithdrawal(input: TWithdrawConfirmRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WITHDRAW_PATHS.withdrawConfirm, moduleId: 'WITHDRAW', value: ZWithdrawConfirmResponse, body: input }, ctx);
  }
  /** One proof file as base64 (the gateway's upload door reads the raw bytes). */
  uploadProof(input: { withdrawalId: number; base64: string }, ctx: TCallContext) {
    return this.client.call(
      { method: 'POST', path: WITHDRAW_PATHS.withdrawProof, moduleId: 'WITHDRAW', value: ZProofUploadResponse, body: input, timeoutMs: 30_000 },
      ctx,
    );
  }
  proof(input: { proofId: string }, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WITHDRAW_PATHS.withdrawProof, moduleId: 'WITHDRAW', value: ZProofResponse, query: input, timeoutMs: 30_000 }, ctx);
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
