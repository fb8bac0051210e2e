import { z } from 'zod';
import { ACCOUNT_CALLS, CONFIG_WATCH_CALLS, SESSION_CALLS, type TCallDescriptor } from '@wl/schemas';
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
  OPERATOR_LOTTERY_PATHS,
  ZOperatorLotterySettingsResponse,
  type TOperatorSetLotterySettingsRequest,
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
  WPS_CODES,
  WPS_MESSAGES,
  WPS_PATHS,
  ZBalanceResponse,
  ZFavouriteIdsResponse,
  ZFavouriteListResponse,
  RECENT_PATHS,
  ZRecentListResponse,
  ZLaunchGameResponse,
  type ZLotteryLaunchQuery,
  ZMemberInfoResponse,
  ZOperatorConfigResponse,
  ZOperatorLoginResponse,
  type TGameType,
  type TLanguage,
  ACCOUNT_PATHS,
  ZOperatorSecurityResponse,
  ZOutboxResponse,
  type TSecuritySettings,
} from '@wl/schemas';
import {
  OPERATOR_PATHS,
  ZOperatorAuditResponse,
  ZOperatorTotpEnableResponse,
  ZOperatorTotpSetupResponse,
  type TOperatorAuditQuery,
  type TOperatorLoginRequest,
} from '@wl/schemas';
import {
  DEPOSIT_PATHS,
  ZAdjustment,
  ZAdjustmentsResponse,
  ZDeposit,
  ZDepositChannelsResponse,
  ZDepositListResponse,
  ZMoneySettingsResponse,
  ZOperatorDepositResponse,
  ZOperatorDepositsResponse,
  type TAdjustmentRequest,
  type TDepositListQuery,
  type TDepositRequest,
  type TMoneySettingsRequest,
  type TOperatorDepositsQuery,
  WITHDRAW_PATHS,
  ZBankAccountResponse,
  ZOperatorWithdrawalResponse,
  ZOperatorWithdrawalsResponse,
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
import {
  OPERATOR_GAMES_PATHS,
  ZOperatorGame,
  ZOperatorGameCategoriesResponse,
  ZOperatorGamesResponse,
  type TOperatorGamesQuery,
  type TOperatorSetGameCategoryRequest,
  type TOperatorSetGameRequest,
} from '@wl/schemas';
import { OPERATOR_ROUNDS_PATHS, ZOperatorRoundsResponse, type TOperatorRoundsQuery } from '@wl/schemas';
import { encryptBody } from '@wl/schemas/wps/body-cipher';
import type { TCallContext, TUpstreamRequest, UpstreamClient } from './upstream.client.ts';
import { UpstreamError } from './upstream.errors.ts';

/** SPEC §3 lottery launch fields a caller chooses (the mode is always GLS, the language the session's). */
export type TLotteryLaunchFields = Omit<z.infer<typeof ZLotteryLaunchQuery>, 'launchMode' | 'language'>;

/** A query as the client sends it. */
type TQuery = NonNullable<TUpstreamRequest<unknown>['query']>;

/** Value of calls whose success carries nothing we read. */
const ZIgnored = z.unknown();

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
   * retried, and only when the connection failed (upstream.client.ts). An encrypted call's body
   * travels encrypted under the upstream's RSA key.
   */
  call<D extends TCallDescriptor>(d: D, input: z.output<D['input']>, ctx: TCallContext): Promise<z.output<D['output']>> {
    const request = { method: d.method, path: d.path, moduleId: d.moduleId, value: d.output as z.ZodType<z.output<D['output']>> };
    if (d.encrypted) return this.encrypted(request, input, ctx);
    const carried = d.inputFrom === 'none' ? {} : d.inputFrom === 'query' ? { query: input as TQuery } : { body: input };
    return this.client.call({ ...request, ...carried }, ctx);
  }

  /** Form-encoded (SPEC §7 forgot by email); the same answer whether or not username and email match. */
  forgotByEmail(input: z.output<typeof ACCOUNT_CALLS.forgotByEmail.input>, ctx: TCallContext) {
    const d = ACCOUNT_CALLS.forgotByEmail;
    return this.client.call({ method: d.method, path: d.path, moduleId: d.moduleId, value: d.output, form: input }, { ...ctx, token: null });
  }

  /**
   * Long-poll (ours, docs/0021): the config version once it differs from `since`, or after `waitMs`.
   * Timed out a little after the wait; an upstream without it answers 404.
   */
  configWatch(query: { since: number | null; waitMs: number }, signal: AbortSignal) {
    const d = CONFIG_WATCH_CALLS.configWatch;
    return this.client.call(
      {
        method: d.method,
        path: d.path,
        moduleId: d.moduleId,
        value: d.output,
        query: { since: query.since, waitMs: query.waitMs },
        timeoutMs: query.waitMs + 10_000,
        signal,
        asGateway: true,
      },
      { language: 'bn' },
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

  /** The upstream's RSA public key, fetched once and shared by concurrent logins. */
  private publicKey(ctx: TCallContext): Promise<string> {
    if (!this.rsaKey) {
      const pending = this
        .call(SESSION_CALLS.rsaKey, undefined, ctx)
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
  operatorDeposits(input: TOperatorDepositsQuery, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: DEPOSIT_PATHS.operatorDeposits, moduleId: 'OPERATOR', value: ZOperatorDepositsResponse, query: input }, ctx);
  }
  operatorApproveDeposit(input: { depositId: number }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: DEPOSIT_PATHS.operatorDepositApprove, moduleId: 'OPERATOR', value: ZOperatorDepositResponse, body: input }, ctx);
  }
  operatorRejectDeposit(input: { depositId: number; remark: string }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: DEPOSIT_PATHS.operatorDepositReject, moduleId: 'OPERATOR', value: ZOperatorDepositResponse, body: input }, ctx);
  }
  operatorAdjustments(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: DEPOSIT_PATHS.operatorAdjustments, moduleId: 'OPERATOR', value: ZAdjustmentsResponse }, ctx);
  }
  operatorRequestAdjustment(input: TAdjustmentRequest, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: DEPOSIT_PATHS.operatorAdjustments, moduleId: 'OPERATOR', value: ZAdjustment, body: input }, ctx);
  }
  operatorDecideAdjustment(input: { adjustmentId: number; approve: boolean }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: DEPOSIT_PATHS.operatorAdjustmentDecide, moduleId: 'OPERATOR', value: ZAdjustment, body: input }, ctx);
  }
  operatorMoneySettings(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: DEPOSIT_PATHS.operatorMoneySettings, moduleId: 'OPERATOR', value: ZMoneySettingsResponse }, ctx);
  }
  operatorSetMoneySettings(input: TMoneySettingsRequest, ctx: TCallContext) {
    return this.client.call({ method: 'PUT', path: DEPOSIT_PATHS.operatorMoneySettings, moduleId: 'OPERATOR', value: ZMoneySettingsResponse, body: input }, ctx);
  }
  /** docs/0066: a second owner decides a pending change of the four-eyes limits or channels. */
  operatorDecideMoneySettings(input: { changeId: number; approve: boolean }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: DEPOSIT_PATHS.operatorMoneySettingsDecide, moduleId: 'OPERATOR', value: ZMoneySettingsResponse, body: input }, ctx);
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

  operatorLogin(input: TOperatorLoginRequest, ctx: TCallContext) {
    return this.client.call(
      { method: 'POST', path: WPS_PATHS.operatorLogin, moduleId: 'OPERATOR', value: ZOperatorLoginResponse, body: input },
      { ...ctx, token: null },
    );
  }
  operatorConfig(ctx: TCallContext) {
    return this.client.call(
      { method: 'GET', path: WPS_PATHS.operatorWhitelabel, moduleId: 'OPERATOR', value: ZOperatorConfigResponse },
      ctx,
    );
  }
  /** Answers the console configuration after the change. */
  operatorSetFlag(input: { modId: string; enabled: boolean }, ctx: TCallContext) {
    return this.client.call(
      { method: 'PUT', path: WPS_PATHS.operatorWhitelabel, moduleId: 'OPERATOR', value: ZOperatorConfigResponse, body: input },
      ctx,
    );
  }
  /** Messages the embedded SMS and email providers delivered (operator outbox). */
  operatorOutbox(input: { channel?: 'sms' | 'email'; to?: string; limit: number }, ctx: TCallContext) {
    return this.client.call(
      { method: 'GET', path: ACCOUNT_PATHS.operatorOutbox, moduleId: 'OPERATOR', value: ZOutboxResponse, query: input },
      ctx,
    );
  }
  /** The merchant's login security thresholds. */
  operatorSecurity(ctx: TCallContext) {
    return this.client.call(
      { method: 'GET', path: ACCOUNT_PATHS.operatorSecurity, moduleId: 'OPERATOR', value: ZOperatorSecurityResponse },
      ctx,
    );
  }
  /** Answers the security settings after the change. */
  operatorSetSecurity(input: Partial<TSecuritySettings>, ctx: TCallContext) {
    return this.client.call(
      { method: 'PUT', path: ACCOUNT_PATHS.operatorSecurity, moduleId: 'OPERATOR', value: ZOperatorSecurityResponse, body: input },
      ctx,
    );
  }
  /** The operator audit log, filtered and paged (issue 6). */
  operatorAudit(input: TOperatorAuditQuery, ctx: TCallContext) {
    return this.client.call(
      { method: 'GET', path: OPERATOR_PATHS.operatorAudit, moduleId: 'OPERATOR', value: ZOperatorAuditResponse, query: input },
      ctx,
    );
  }
  /** A pending authenticator secret for the calling operator. */
  /** Ends the calling operator's session on the platform (docs/0070). */
  async operatorLogout(ctx: TCallContext): Promise<void> {
    await this.client.call({ method: 'DELETE', path: WPS_PATHS.operatorLogout, moduleId: 'OPERATOR', value: ZIgnored }, ctx);
  }
  operatorTotpSetup(ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: OPERATOR_PATHS.operatorTotpSetup, moduleId: 'OPERATOR', value: ZOperatorTotpSetupResponse }, ctx);
  }
  /** Confirms the pending secret with a code: from now on login needs a code. */
  operatorTotpEnable(input: { code: string; currentCode?: string | undefined }, ctx: TCallContext) {
    return this.client.call(
      { method: 'POST', path: OPERATOR_PATHS.operatorTotpEnable, moduleId: 'OPERATOR', value: ZOperatorTotpEnableResponse, body: input },
      ctx,
    );
  }
  /** docs/0068: off with a code of the current authenticator. */
  operatorTotpRemove(input: { code: string }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: OPERATOR_PATHS.operatorTotpRemove, moduleId: 'OPERATOR', value: ZOperatorTotpEnableResponse, body: input }, ctx);
  }
  /** docs/0068: an owner turns another operator's authenticator off, audited. */
  operatorTotpReset(input: { operatorId: number }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: OPERATOR_PATHS.operatorTotpReset, moduleId: 'OPERATOR', value: ZOperatorTotpEnableResponse, body: input }, ctx);
  }
  /** Issue 9 item 8 (docs/0037): every category with its switch and game counts. */
  operatorGameCategories(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: OPERATOR_GAMES_PATHS.operatorGameCategories, moduleId: 'OPERATOR', value: ZOperatorGameCategoriesResponse }, ctx);
  }
  /** Switches one category; answers every category after the change. */
  operatorSetGameCategory(input: TOperatorSetGameCategoryRequest, ctx: TCallContext) {
    return this.client.call({ method: 'PUT', path: OPERATOR_GAMES_PATHS.operatorGameCategories, moduleId: 'OPERATOR', value: ZOperatorGameCategoriesResponse, body: input }, ctx);
  }
  /** A page of games found by name or vendor, switched on or off. */
  operatorGames(input: TOperatorGamesQuery, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: OPERATOR_GAMES_PATHS.operatorGames, moduleId: 'OPERATOR', value: ZOperatorGamesResponse, query: input }, ctx);
  }
  /** A page of the built-in games' rounds with their provably fair data and totals (money.read; docs/0043). */
  operatorGameRounds(input: TOperatorRoundsQuery, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: OPERATOR_ROUNDS_PATHS.operatorGameRounds, moduleId: 'OPERATOR', value: ZOperatorRoundsResponse, query: input }, ctx);
  }
  /** Switches one game; answers it after the change. */
  operatorSetGame(input: TOperatorSetGameRequest, ctx: TCallContext) {
    return this.client.call({ method: 'PUT', path: OPERATOR_GAMES_PATHS.operatorGames, moduleId: 'OPERATOR', value: ZOperatorGame, body: input }, ctx);
  }
  /** Answers the console configuration after the change. */
  operatorSetSystem(input: { maintenance?: boolean; regionRestriction?: boolean }, ctx: TCallContext) {
    return this.client.call(
      { method: 'PUT', path: WPS_PATHS.operatorSystem, moduleId: 'OPERATOR', value: ZOperatorConfigResponse, body: input },
      ctx,
    );
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
  operatorWithdrawals(input: { view: 'pending' | 'disputes' }, ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: WITHDRAW_PATHS.operatorWithdrawals, moduleId: 'OPERATOR', value: ZOperatorWithdrawalsResponse, query: input }, ctx);
  }
  operatorPayWithdrawal(input: { withdrawalId: number }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WITHDRAW_PATHS.operatorWithdrawalPay, moduleId: 'OPERATOR', value: ZOperatorWithdrawalResponse, body: input }, ctx);
  }
  operatorRejectWithdrawal(input: { withdrawalId: number; remark: string }, ctx: TCallContext) {
    return this.client.call({ method: 'POST', path: WITHDRAW_PATHS.operatorWithdrawalReject, moduleId: 'OPERATOR', value: ZOperatorWithdrawalResponse, body: input }, ctx);
  }
  operatorWithdrawalProof(input: { proofId: string }, ctx: TCallContext) {
    return this.client.call(
      { method: 'GET', path: WITHDRAW_PATHS.operatorWithdrawalProof, moduleId: 'OPERATOR', value: ZProofResponse, query: input, timeoutMs: 30_000 },
      ctx,
    );
  }

  /** The console's lottery settings (docs/0041). */
  operatorLotterySettings(ctx: TCallContext) {
    return this.client.call({ method: 'GET', path: OPERATOR_LOTTERY_PATHS.settings, moduleId: 'OPERATOR', value: ZOperatorLotterySettingsResponse }, ctx);
  }
  /** Sets a lottery's draw interval and payout table; answers every lottery's settings after the change. */
  operatorSetLotterySettings(input: TOperatorSetLotterySettingsRequest, ctx: TCallContext) {
    return this.client.call({ method: 'PUT', path: OPERATOR_LOTTERY_PATHS.settings, moduleId: 'OPERATOR', value: ZOperatorLotterySettingsResponse, body: input }, ctx);
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
