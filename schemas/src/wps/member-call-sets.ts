import { ZBalance, ZMemberInfo } from '../domain/member.ts';
import { declareCall, MEMBER, MEMBER_IN_FORCED_CHANGE, REAL_MEMBER } from './call.ts';
import { ZFavouriteIdsResponse, ZFavouriteListQuery, ZFavouriteListResponse, ZFavouritePayload, ZFavouriteRemove } from './calls.ts';
import { CONTACT_PATHS, ZBindCodeRequest, ZBindCodeResponse, ZBindContactRequest, ZBindContactResponse } from './contact-calls.ts';
import { DEPOSIT_PATHS, ZDeposit, ZDepositChannelsResponse, ZDepositListQuery, ZDepositListResponse, ZDepositRequest } from './deposit-calls.ts';
import {
  MESSAGE_PATHS,
  ZMessageList,
  ZMessageListQuery,
  ZMessageReadRequest,
  ZMessageReadResult,
  ZMessagesReadAllRequest,
  ZMessagesReadAllResult,
} from './message-calls.ts';
import { WPS_PATHS } from './paths.ts';
import { RECENT_PATHS, ZRecentListQuery, ZRecentListResponse, ZVnGameMenuRecentQuery } from './recent-calls.ts';
import { RECORD_PATHS, ZAccountRecordResponse, ZProfitResponse, ZRecordQuery } from './record-calls.ts';
import {
  TRANSFER_PATHS,
  ZConsolidatedResponse,
  ZMerchantWalletResponse,
  ZMoneyTransferResult,
  ZUplineResponse,
  ZUplineTransferRequest,
  ZWalletRecallRequest,
  ZWalletTransferRequest,
} from './transfer-calls.ts';
import {
  WITHDRAW_PATHS,
  ZBankAccountRequest,
  ZBankAccountResponse,
  ZProofQuery,
  ZProofResponse,
  ZProofUploadRequest,
  ZProofUploadResponse,
  ZSecurityResponse,
  ZWithdrawConfirmRequest,
  ZWithdrawConfirmResponse,
  ZWithdrawOverviewResponse,
  ZWithdrawPasswordRequest,
  ZWithdrawPasswordResponse,
  ZWithdrawRequest,
  ZWithdrawResponse,
} from './withdraw-calls.ts';

/**
 * The member's own money and member-centre calls (docs/0076), one set per gateway router; the keys
 * are its procedure names. Money and records refuse trial accounts (REAL_MEMBER); member info
 * answers during a forced password change (docs/0014); the balance answers any live member. The
 * sets live together here (not beside each area's schemas) because the operator's calls of the
 * same areas are declared beside those schemas at the same time.
 */

/** Deposit (DEPOSIT3): channels, a pending order per member key, the member's deposits. */
export const DEPOSIT_CALLS = {
  channels: declareCall({
    method: 'GET',
    path: DEPOSIT_PATHS.depositChannels,
    moduleId: 'DEPOSIT',
    output: ZDepositChannelsResponse,
    audience: REAL_MEMBER,
    modules: ['DEPOSIT3'],
  }),
  /** Never retried (a POST); the member's key makes a resend the same order. */
  create: declareCall({
    method: 'POST',
    path: DEPOSIT_PATHS.deposit,
    moduleId: 'DEPOSIT',
    input: ZDepositRequest,
    output: ZDeposit,
    audience: REAL_MEMBER,
    modules: ['DEPOSIT3'],
    kind: 'money',
  }),
  list: declareCall({
    method: 'GET',
    path: DEPOSIT_PATHS.deposit,
    moduleId: 'DEPOSIT',
    input: ZDepositListQuery,
    output: ZDepositListResponse,
    audience: REAL_MEMBER,
    modules: ['DEPOSIT3'],
  }),
} as const;

/**
 * Withdraw (WITHDRAW3). The member's answer after payment moves no money and has a deadline
 * (docs/0029): maintenance does not take it away.
 */
export const WITHDRAW_CALLS = {
  overview: declareCall({
    method: 'GET',
    path: WITHDRAW_PATHS.withdraw,
    moduleId: 'WITHDRAW',
    output: ZWithdrawOverviewResponse,
    audience: REAL_MEMBER,
    modules: ['WITHDRAW3'],
  }),
  request: declareCall({
    method: 'POST',
    path: WITHDRAW_PATHS.withdraw,
    moduleId: 'WITHDRAW',
    input: ZWithdrawRequest,
    output: ZWithdrawResponse,
    audience: REAL_MEMBER,
    modules: ['WITHDRAW3'],
    kind: 'money',
  }),
  confirm: declareCall({
    method: 'POST',
    path: WITHDRAW_PATHS.withdrawConfirm,
    moduleId: 'WITHDRAW',
    input: ZWithdrawConfirmRequest,
    output: ZWithdrawConfirmResponse,
    audience: REAL_MEMBER,
    modules: ['WITHDRAW3'],
  }),
  /** One of the member's own proof files as base64 (the gateway waits longer for it than for other calls). */
  proof: declareCall({
    method: 'GET',
    path: WITHDRAW_PATHS.withdrawProof,
    moduleId: 'WITHDRAW',
    input: ZProofQuery,
    output: ZProofResponse,
    audience: REAL_MEMBER,
    modules: ['WITHDRAW3'],
  }),
} as const;

/** The proof upload: the gateway's upload door sends it (never a tRPC procedure: the door reads and limits the raw bytes). */
export const WITHDRAW_PROOF_UPLOAD_CALLS = {
  uploadProof: declareCall({
    method: 'POST',
    path: WITHDRAW_PATHS.withdrawProof,
    moduleId: 'WITHDRAW',
    input: ZProofUploadRequest,
    output: ZProofUploadResponse,
    audience: REAL_MEMBER,
    modules: ['WITHDRAW3'],
  }),
} as const;

/** Transfer fund (TRANSFUND3), consolidated funds also behind the agent policy; the transfer to the upline (TRANSUP3). */
export const TRANSFER_CALLS = {
  wallets: declareCall({
    method: 'GET',
    path: TRANSFER_PATHS.merchantWallet,
    moduleId: 'WALLET',
    output: ZMerchantWalletResponse,
    audience: REAL_MEMBER,
    modules: ['TRANSFUND3'],
  }),
  /** Never retried (a POST); the member's key makes a resend the same transfer. */
  wallet: declareCall({
    method: 'POST',
    path: TRANSFER_PATHS.walletTransfer,
    moduleId: 'WALLET',
    input: ZWalletTransferRequest,
    output: ZMoneyTransferResult,
    audience: REAL_MEMBER,
    modules: ['TRANSFUND3'],
    kind: 'money',
  }),
  recall: declareCall({
    method: 'POST',
    path: TRANSFER_PATHS.walletRecall,
    moduleId: 'WALLET',
    input: ZWalletRecallRequest,
    output: ZMerchantWalletResponse,
    audience: REAL_MEMBER,
    modules: ['TRANSFUND3'],
    kind: 'money',
  }),
  consolidated: declareCall({
    method: 'GET',
    path: TRANSFER_PATHS.consolidated,
    moduleId: 'WALLET',
    output: ZConsolidatedResponse,
    audience: REAL_MEMBER,
    modules: ['TRANSFUND3', 'AGENTPOLICY3'],
  }),
  upline: declareCall({
    method: 'GET',
    path: TRANSFER_PATHS.transferUpline,
    moduleId: 'WALLET',
    output: ZUplineResponse,
    audience: REAL_MEMBER,
    modules: ['TRANSUP3'],
  }),
  toUpline: declareCall({
    method: 'POST',
    path: TRANSFER_PATHS.transferUpline,
    moduleId: 'WALLET',
    input: ZUplineTransferRequest,
    output: ZMoneyTransferResult,
    audience: REAL_MEMBER,
    modules: ['TRANSUP3'],
    kind: 'money',
  }),
} as const;

/** The member's records, each behind its member-centre page: own rows only. */
export const RECORD_CALLS = {
  /** transactionHistory. */
  account: declareCall({
    method: 'GET',
    path: RECORD_PATHS.account,
    moduleId: 'RECORDS',
    input: ZRecordQuery,
    output: ZAccountRecordResponse,
    audience: REAL_MEMBER,
    modules: ['TRANSHIST3'],
  }),
  /** personalHistoryCopy. */
  bets: declareCall({
    method: 'GET',
    path: RECORD_PATHS.bets,
    moduleId: 'RECORDS',
    input: ZRecordQuery,
    output: ZAccountRecordResponse,
    audience: REAL_MEMBER,
    modules: ['BETHIST3'],
  }),
  /** bonusDetails. */
  bonus: declareCall({
    method: 'GET',
    path: RECORD_PATHS.bonus,
    moduleId: 'RECORDS',
    input: ZRecordQuery,
    output: ZAccountRecordResponse,
    audience: REAL_MEMBER,
    modules: ['BONUS3'],
  }),
  /** personalProfit. */
  profit: declareCall({
    method: 'GET',
    path: RECORD_PATHS.profit,
    moduleId: 'RECORDS',
    input: ZRecordQuery,
    output: ZProfitResponse,
    audience: REAL_MEMBER,
    modules: ['PROFIT3'],
  }),
} as const;

/** Platform messages (MESSAGE3, docs/rules/content.md#c-10 messageV2): the session's member's own rows only. */
export const MESSAGE_CALLS = {
  list: declareCall({
    method: 'GET',
    path: MESSAGE_PATHS.list,
    moduleId: 'MESSAGE',
    input: ZMessageListQuery,
    output: ZMessageList,
    audience: REAL_MEMBER,
    modules: ['MESSAGE3'],
  }),
  read: declareCall({
    method: 'POST',
    path: MESSAGE_PATHS.read,
    moduleId: 'MESSAGE',
    input: ZMessageReadRequest,
    output: ZMessageReadResult,
    audience: REAL_MEMBER,
    modules: ['MESSAGE3'],
  }),
  readAll: declareCall({
    method: 'POST',
    path: MESSAGE_PATHS.readAll,
    moduleId: 'MESSAGE',
    input: ZMessagesReadAllRequest,
    output: ZMessagesReadAllResult,
    audience: REAL_MEMBER,
    modules: ['MESSAGE3'],
  }),
} as const;

/** Security centre (SECCEN3): withdraw password, bank accounts, mobile and e-mail. */
export const SECURITY_CALLS = {
  centre: declareCall({
    method: 'GET',
    path: WITHDRAW_PATHS.security,
    moduleId: 'SECURITY',
    output: ZSecurityResponse,
    audience: REAL_MEMBER,
    modules: ['SECCEN3'],
  }),
  setWithdrawPassword: declareCall({
    method: 'POST',
    path: WITHDRAW_PATHS.withdrawPassword,
    moduleId: 'SECURITY',
    input: ZWithdrawPasswordRequest,
    output: ZWithdrawPasswordResponse,
    audience: REAL_MEMBER,
    modules: ['SECCEN3'],
  }),
  addBankAccount: declareCall({
    method: 'POST',
    path: WITHDRAW_PATHS.bankAccount,
    moduleId: 'SECURITY',
    input: ZBankAccountRequest,
    output: ZBankAccountResponse,
    audience: REAL_MEMBER,
    modules: ['SECCEN3'],
  }),
  sendBindCode: declareCall({
    method: 'POST',
    path: CONTACT_PATHS.bindCode,
    moduleId: 'SECURITY',
    input: ZBindCodeRequest,
    output: ZBindCodeResponse,
    audience: REAL_MEMBER,
    modules: ['SECCEN3'],
  }),
  bindContact: declareCall({
    method: 'POST',
    path: CONTACT_PATHS.bind,
    moduleId: 'SECURITY',
    input: ZBindContactRequest,
    output: ZBindContactResponse,
    audience: REAL_MEMBER,
    modules: ['SECCEN3'],
  }),
} as const;

/** The signed-in member. Member info is served in maintenance and a restricted region: the status pages show the viewer. */
export const MEMBER_CALLS = {
  info: declareCall({
    method: 'GET',
    path: WPS_PATHS.memberInfo,
    moduleId: 'MEMBERINFO',
    output: ZMemberInfo,
    audience: MEMBER_IN_FORCED_CHANGE,
    region: 'serve',
  }),
  /** Any live member, trial accounts too: the ledger's balance. */
  balance: declareCall({ method: 'GET', path: WPS_PATHS.balance, moduleId: 'BALANCE', output: ZBalance, audience: MEMBER }),
} as const;

/**
 * The member's favourite games: own rows only, trial accounts refused. Adding and removing answer
 * the member's favourite ids after the change.
 */
export const FAVOURITE_CALLS = {
  favouriteIds: declareCall({ method: 'GET', path: WPS_PATHS.favouriteIds, moduleId: 'FAVOURITE', output: ZFavouriteIdsResponse, audience: REAL_MEMBER }),
  favourites: declareCall({
    method: 'GET',
    path: WPS_PATHS.favouriteList,
    moduleId: 'FAVOURITE',
    input: ZFavouriteListQuery,
    output: ZFavouriteListResponse,
    audience: REAL_MEMBER,
  }),
  addFavourite: declareCall({
    method: 'POST',
    path: WPS_PATHS.favouriteAdd,
    moduleId: 'FAVOURITE',
    input: ZFavouritePayload,
    output: ZFavouriteIdsResponse,
    audience: REAL_MEMBER,
  }),
  /** A DELETE: the platform reads the node id from the query or from a JSON body. */
  removeFavourite: declareCall({
    method: 'DELETE',
    path: WPS_PATHS.favouriteRemove,
    moduleId: 'FAVOURITE',
    input: ZFavouriteRemove,
    output: ZFavouriteIdsResponse,
    audience: REAL_MEMBER,
  }),
} as const;

/** Recently launched games (docs/0036): the member's own launches only, read by the session's member id. */
export const RECENT_CALLS = {
  recent: declareCall({
    method: 'GET',
    path: RECENT_PATHS.recentList,
    moduleId: 'RECENT',
    input: ZRecentListQuery,
    output: ZRecentListResponse,
    audience: REAL_MEMBER,
  }),
  /** The VN lottery menu's recent games (docs/rules/README.md#calls); no gateway procedure relays it yet. */
  vnGameMenuRecent: declareCall({
    method: 'GET',
    path: RECENT_PATHS.vnGameMenuRecent,
    moduleId: 'RECENT',
    input: ZVnGameMenuRecentQuery,
    output: ZRecentListResponse,
    audience: REAL_MEMBER,
  }),
} as const;
