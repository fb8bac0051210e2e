import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_PATHS,
  ACCOUNT_PATHS,
  ALL_CALLS,
  COMPLIANCE_PATHS,
  EMERGENCY_PATHS,
  CONFIG_CHANGE_PATHS,
  DEPOSIT_PATHS,
  FEEDBACK_PATHS,
  HELP_PATHS,
  OPERATOR_CALLS,
  OPERATOR_GAMES_PATHS,
  OPERATOR_LOTTERY_PATHS,
  OPERATOR_PATHS,
  OPERATOR_POINTS_PATHS,
  OPERATOR_ROUNDS_PATHS,
  OPERATOR_PERMISSIONS,
  PROMO_PATHS,
  PROTECTION_PATHS,
  BONUS_REVIEW_PATHS,
  OPERATOR_MESSAGE_PATHS,
  REWARD_CODE_PATHS,
  MISSION_PATHS,
  TICKET_PATHS,
  OPERATOR_PROMOTION_PATHS,
  WITHDRAW_PATHS,
  WPS_PATHS,
  type TOperatorPermission,
  type TOperatorRole,
} from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { ROLE_ACCOUNTS } from '../test-support/operators.ts';

const ctx = usePlatform();

/** The roles × permissions table of docs/0010, written out here so a change to the code's table fails this test. */
const EXPECTED: Record<TOperatorRole, readonly TOperatorPermission[]> = {
  owner: OPERATOR_PERMISSIONS,
  finance: ['config.read', 'audit.read', 'money.read', 'money.write', 'compliance.read', 'compliance.write', 'member.lookup'],
  support: ['config.read', 'security.read', 'outbox.read', 'compliance.read', 'feedback.read', 'feedback.write', 'chat.moderate', 'member.lookup'],
  content: ['config.read', 'whitelabel.write', 'content.write'],
};
/** A valid request for every route that needs a body or query; mutations ask for what is already set. */
const SAMPLES: Record<string, { payload?: object; query?: Record<string, string> }> = {
  [`POST ${PROTECTION_PATHS.lengthen}`]: { payload: { memberId: 1, endsAt: null, reason: 'access probe' } },
  // docs/0106: compliance calls on a member that is not there, or a game that is not.
  [`GET ${COMPLIANCE_PATHS.member}`]: { query: { username: 'demo_member' } },
  // docs/0117: moderation of a member, a message that is not there, and opening an open room.
  [`POST ${CHAT_PATHS.mute}`]: { payload: { username: 'nobody_here', minutes: 5, reason: 'access probe' } },
  [`POST ${CHAT_PATHS.remove}`]: { payload: { messageId: 999_999_999, reason: 'access probe' } },
  [`POST ${CHAT_PATHS.room}`]: { payload: { open: true, reason: 'access probe' } },
  [`POST ${COMPLIANCE_PATHS.accountState}`]: {
    payload: {
      memberId: 2_000_000_000,
      state: { depositBlocked: false, betBlocked: true, withdrawBlocked: false, suspended: false, fullBlock: false },
      reason: 'x',
    },
  },
  [`POST ${COMPLIANCE_PATHS.limit}`]: { payload: { memberId: 2_000_000_000, kind: 'deposit_24h', value: null, reason: 'x' } },
  [`POST ${COMPLIANCE_PATHS.gaming}`]: { payload: { scope: 'game', target: 'NO-SUCH-GAME', off: true, reason: 'x' } },
  // docs/0122: lifting a stop that is not there (refused as unchanged); looking the demo member up.
  [`POST ${EMERGENCY_PATHS.emergency}`]: { payload: { part: 'gaming', stopped: false, reason: 'access probe' } },
  [`GET ${EMERGENCY_PATHS.lookup}`]: { query: { q: 'demo_member' } },
  // docs/0123: change sets that are not there, a version that is not there (each field's permission is checked in the service).
  [`POST ${CONFIG_CHANGE_PATHS.edit}`]: { payload: { id: 999_999, set: {}, unset: [] } },
  [`POST ${CONFIG_CHANGE_PATHS.approve}`]: { payload: { id: 999_999, revision: 1 } },
  [`POST ${CONFIG_CHANGE_PATHS.publish}`]: { payload: { id: 999_999, comment: 'access probe' } },
  [`POST ${CONFIG_CHANGE_PATHS.schedule}`]: { payload: { id: 999_999, comment: 'access probe', at: '2099-01-01T00:00:00Z' } },
  [`POST ${CONFIG_CHANGE_PATHS.discard}`]: { payload: { id: 999_999 } },
  [`GET ${CONFIG_CHANGE_PATHS.preview}`]: { query: { id: '999999' } },
  [`GET ${CONFIG_CHANGE_PATHS.previewContent}`]: { query: { id: '999999', language: 'bn' } },
  [`POST ${CONFIG_CHANGE_PATHS.restore}`]: { payload: { version: 999_999, comment: 'access probe' } },
  [`PUT ${WPS_PATHS.operatorWhitelabel}`]: { payload: { modId: 'FREEPLAY3', enabled: true } },
  [`PUT ${WPS_PATHS.operatorSystem}`]: { payload: { maintenance: false } },
  [`GET ${ACCOUNT_PATHS.operatorOutbox}`]: { query: { limit: '5' } },
  [`PUT ${ACCOUNT_PATHS.operatorSecurity}`]: { payload: { lockMinutes: 30 } },
  // docs/0064: the limits the seed sets (no change, nothing audited).
  [`PUT ${OPERATOR_CALLS.setAgentLimits.path}`]: { payload: { maxDepth: 3, maxDirectAgents: 20 } },
  [`GET ${OPERATOR_PATHS.operatorAudit}`]: { query: { pageNo: '1' } },
  [`POST ${OPERATOR_PATHS.operatorTotpEnable}`]: { payload: { code: '000000' } },
  // docs/0068: removing an authenticator that is off, resetting an operator that does not exist.
  [`POST ${OPERATOR_PATHS.operatorTotpRemove}`]: { payload: { code: '000000' } },
  [`POST ${OPERATOR_PATHS.operatorTotpReset}`]: { payload: { operatorId: 9_999_999 } },
  // docs/rules/money.md money calls: decisions on an id that does not exist (allowed roles get 404, not 403).
  [`POST ${DEPOSIT_PATHS.operatorDepositApprove}`]: { payload: { depositId: 9_999_999 } },
  [`POST ${DEPOSIT_PATHS.operatorDepositReject}`]: { payload: { depositId: 9_999_999 } },
  [`POST ${DEPOSIT_PATHS.operatorAdjustments}`]: { payload: { username: 'nobody_at_all', amountMinor: 1, reason: 'access test', key: 'access-test-key' } },
  [`POST ${DEPOSIT_PATHS.operatorAdjustmentDecide}`]: { payload: { adjustmentId: 9_999_999, approve: false } },
  [`PUT ${DEPOSIT_PATHS.operatorMoneySettings}`]: { payload: {} },
  [`POST ${DEPOSIT_PATHS.operatorMoneySettingsDecide}`]: { payload: { changeId: 9_999_999, approve: false } },
  [`GET ${WITHDRAW_PATHS.operatorWithdrawals}`]: { query: { view: 'pending' } },
  // No such withdrawal or proof: allowed roles get past the permission check to a 404.
  [`POST ${WITHDRAW_PATHS.operatorWithdrawalPay}`]: { payload: { withdrawalId: 999_999_999 } },
  [`POST ${WITHDRAW_PATHS.operatorWithdrawalReject}`]: { payload: { withdrawalId: 999_999_999, remark: 'no' } },
  [`GET ${WITHDRAW_PATHS.operatorWithdrawalProof}`]: { query: { proofId: 'none' } },
  // docs/0037: switches asked for what is already set (no change, nothing audited).
  [`PUT ${OPERATOR_GAMES_PATHS.operatorGameCategories}`]: { payload: { gameType: 'RNG', enabled: true } },
  [`GET ${OPERATOR_GAMES_PATHS.operatorGames}`]: { query: { search: 'golden' } },
  [`PUT ${OPERATOR_GAMES_PATHS.operatorGames}`]: { payload: { nodeId: 'no-such-game', enabled: true } },
  [`GET ${OPERATOR_ROUNDS_PATHS.operatorGameRounds}`]: { query: { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' } },
  // docs/0097, docs/0098: unknown reviews, applications, images and promotions (nothing changes).
  [`POST ${BONUS_REVIEW_PATHS.decide}`]: { payload: { reviewId: 999_999, approve: true } },
  // docs/0118: a code that would already have expired (refused, nothing created).
  [`POST ${REWARD_CODE_PATHS.create}`]: {
    payload: { code: 'ACCESS1', kind: 'cash', amountMinor: 100, turnoverMultiple: null, validDays: null, cap: 1, expiresAt: '2020-01-01T00:00:00Z' },
  },
  [`GET ${OPERATOR_PROMOTION_PATHS.applicationImage}`]: { query: { imageId: 'no-such-image' } },
  [`POST ${OPERATOR_PROMOTION_PATHS.approveApplication}`]: { payload: { applicationId: 999_999, amountMinor: 100 } },
  [`POST ${OPERATOR_PROMOTION_PATHS.rejectApplication}`]: { payload: { applicationId: 999_999, reason: 'No.' } },
  [`PUT ${OPERATOR_PROMOTION_PATHS.promotions}`]: {
    payload: {
      id: 999_999,
      titleEn: 'Unknown',
      titleBn: 'অজানা',
      rulesEn: '',
      rulesBn: '',
      category: 'EVENT',
      terms: { kind: 'info' },
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: null,
      budgetMinor: null,
      maxRecipients: null,
    },
  },
  [`POST ${OPERATOR_PROMOTION_PATHS.setPromotionStatus}`]: { payload: { id: 999_999, status: 'active' } },
  [`POST ${OPERATOR_PROMOTION_PATHS.approvePromotion}`]: { payload: { id: 999_999, moneyVersion: 'abc' } },
  // A table without level 0 is refused after the permission check (nothing changes).
  [`PUT ${OPERATOR_PROMOTION_PATHS.vip}`]: {
    payload: {
      periodDays: 30,
      rebatePayout: 'manual',
      levels: [
        {
          level: 1,
          nameEn: 'VIP 1',
          nameBn: 'ভিআইপি ১',
          minDepositMinor: 0,
          minTurnoverMinor: 0,
          upgradeBonusMinor: 0,
          withdrawLimitMinor: 0,
          withdrawCount: 0,
          rates: [],
        },
      ],
    },
  },
  // docs/0112: a message to a member who does not exist, and withdrawing one that does not (nothing is written).
  [`POST ${OPERATOR_MESSAGE_PATHS.messages}`]: {
    payload: { audience: 'member', username: 'no_such_member', titleEn: 'Hi', titleBn: 'হাই', bodyEn: 'Hi', bodyBn: 'হাই', key: 'access-sample-key' },
  },
  [`POST ${OPERATOR_MESSAGE_PATHS.cancel}`]: { payload: { id: 999_999 } },
  [`PUT ${OPERATOR_PROMOTION_PATHS.banner}`]: {
    payload: { id: 999_999, base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==' },
  },
  // docs/0111: feedback, an image and replies on ids that do not exist (nothing changes, nothing audited).
  [`GET ${FEEDBACK_PATHS.inboxItem}`]: { query: { id: '999999' } },
  [`GET ${FEEDBACK_PATHS.inboxImage}`]: { query: { imageId: 'no-such-image' } },
  [`POST ${FEEDBACK_PATHS.reply}`]: { payload: { id: 999_999, body: 'access probe' } },
  [`POST ${FEEDBACK_PATHS.close}`]: { payload: { id: 999_999 } },
  // docs/0109: a help text saved (allowed roles change the news; others are refused, nothing audited).
  [`PUT ${HELP_PATHS.operatorHelp}`]: { payload: { section: 'news', language: 'en', device: 'WEB', title: 'News', body: 'Access probe.' } },
  // docs/0113: the seeded rates and ratio asked for again; an unknown good and order (nothing changes).
  [`POST ${OPERATOR_POINTS_PATHS.setSettings}`]: {
    payload: {
      rates: [
        { source: 'live', pointsPer100: 50 },
        { source: 'lott', pointsPer100: 50 },
        { source: 'pvp', pointsPer100: 50 },
        { source: 'rng', pointsPer100: 100 },
        { source: 'sports', pointsPer100: 50 },
        { source: 'deposit', pointsPer100: 10 },
      ],
      exchangePoints: 100,
      exchangeMinor: 100,
      minConvertPoints: 100,
    },
  },
  [`POST ${OPERATOR_POINTS_PATHS.saveGoods}`]: {
    payload: { id: 999_999, nameEn: 'Unknown', nameBn: 'অজানা', descriptionEn: '', descriptionBn: '', points: 1, stock: 0, active: false },
  },
  [`POST ${OPERATOR_POINTS_PATHS.setOrderStatus}`]: { payload: { orderId: 999_999, status: 'shipped' } },
  // docs/0119: missions and boards that do not exist (nothing changes, nothing audited).
  [`POST ${MISSION_PATHS.saveMission}`]: {
    payload: {
      id: 999_999,
      cadence: 'daily',
      nameEn: 'Probe',
      nameBn: 'প্রোব',
      tasks: [{ kind: 'login_days', gameType: null, target: 1 }],
      points: 0,
      active: false,
      sort: 0,
    },
  },
  [`POST ${MISSION_PATHS.setMissionReward}`]: { payload: { id: 999_999, termsVersion: 1, kind: 'cash', amountMinor: 100, turnoverMultiple: null } },
  [`POST ${MISSION_PATHS.saveLeaderboard}`]: { payload: { id: 999_999, nameEn: 'Probe', nameBn: 'প্রোব', metric: 'turnover', period: 'daily', active: false } },
  [`POST ${MISSION_PATHS.setLeaderboardPrizes}`]: { payload: { id: 999_999, prizes: [100] } },
  // docs/0120, docs/0126: a ticket rule and a raffle's rule that do not exist (nothing changes, nothing audited).
  [`POST ${TICKET_PATHS.save}`]: {
    payload: { id: 999_999, kind: 'red_envelope', earn: 'login_day', thresholdMinor: 0, validHours: 24, titleEn: 'Probe', titleBn: 'প্রোব', active: false },
  },
  [`POST ${TICKET_PATHS.prizes}`]: {
    payload: { id: 999_999, termsVersion: 1, prizes: [{ kind: 'cash', amount: 100, turnoverMultiple: null, oddsBp: 10_000, stock: null, fallback: true }] },
  },
  [`POST ${TICKET_PATHS.saveRaffle}`]: {
    payload: {
      ruleId: 999_999,
      titleEn: 'Probe',
      titleBn: 'প্রোব',
      minDepositMinor: 0,
      startsAt: '2099-01-01T00:00:00.000Z',
      endsAt: '2099-01-02T00:00:00.000Z',
    },
  },
  // docs/0041: the lottery's settings of a game that is no lottery (nothing changes).
  [`POST ${PROMO_PATHS.decideCashback}`]: { payload: { payoutId: 999_999, decision: 'pay' } },
  [`PUT ${OPERATOR_LOTTERY_PATHS.settings}`]: {
    payload: { gameCode: 'no-such-game', settings: { intervalSeconds: 180, payouts: { exact3: 90000, last2: 9000, last1: 900, bigSmall: 195, oddEven: 195 } } },
  },
};

/** Allowed calls whose sample is refused after the permission check, with what they answer. */
const REFUSED_AFTER_ACCESS: Record<string, string> = {
  [COMPLIANCE_PATHS.accountState]: 'compliance_member_not_found',
  [CHAT_PATHS.mute]: 'chat_member_not_found',
  [CHAT_PATHS.remove]: 'chat_message_not_found',
  [CHAT_PATHS.room]: 'chat_unchanged',
  [COMPLIANCE_PATHS.limit]: 'compliance_member_not_found',
  [COMPLIANCE_PATHS.gaming + ' POST']: 'error_not_found',
  [EMERGENCY_PATHS.emergency + ' POST']: 'emergency_unchanged',
  [BONUS_REVIEW_PATHS.decide]: 'error_not_found',
  [REWARD_CODE_PATHS.create]: 'reward_code_expired',
  [MISSION_PATHS.saveMission]: 'mission_unknown',
  [MISSION_PATHS.setMissionReward]: 'mission_unknown',
  [MISSION_PATHS.saveLeaderboard]: 'mission_unknown',
  [MISSION_PATHS.setLeaderboardPrizes]: 'mission_unknown',
  [TICKET_PATHS.save]: 'ticket_rule_unknown',
  [TICKET_PATHS.prizes]: 'ticket_rule_unknown',
  [TICKET_PATHS.saveRaffle]: 'ticket_rule_unknown',
  // docs/0105: a member with no closure cannot have one lengthened.
  [PROTECTION_PATHS.lengthen]: 'protection_not_closed',
  [OPERATOR_PROMOTION_PATHS.applicationImage]: 'error_not_found',
  [OPERATOR_PROMOTION_PATHS.approveApplication]: 'error_not_found',
  [OPERATOR_PROMOTION_PATHS.rejectApplication]: 'error_not_found',
  [OPERATOR_PROMOTION_PATHS.promotions + ' PUT']: 'error_not_found',
  [OPERATOR_PROMOTION_PATHS.setPromotionStatus]: 'error_not_found',
  [OPERATOR_PROMOTION_PATHS.approvePromotion]: 'error_not_found',
  [OPERATOR_PROMOTION_PATHS.vip + ' PUT']: 'vip_level_zero_required',
  [OPERATOR_PROMOTION_PATHS.banner]: 'error_not_found',
  [PROMO_PATHS.decideCashback]: 'error_not_found',
  [FEEDBACK_PATHS.inboxItem]: 'error_not_found',
  [FEEDBACK_PATHS.inboxImage]: 'error_not_found',
  [FEEDBACK_PATHS.reply]: 'error_not_found',
  [FEEDBACK_PATHS.close]: 'error_not_found',
  [OPERATOR_MESSAGE_PATHS.messages + ' POST']: 'opmsg_member_not_found',
  [OPERATOR_MESSAGE_PATHS.cancel]: 'opmsg_not_scheduled',
  [OPERATOR_PATHS.operatorTotpEnable]: 'error_operator_totp_wrong',
  [OPERATOR_PATHS.operatorTotpRemove]: 'error_operator_totp_wrong',
  [OPERATOR_PATHS.operatorTotpReset]: 'error_not_found',
  [DEPOSIT_PATHS.operatorDepositApprove]: 'error_not_found',
  [DEPOSIT_PATHS.operatorDepositReject]: 'error_not_found',
  [DEPOSIT_PATHS.operatorAdjustments + ' POST']: 'error_bad_request',
  [DEPOSIT_PATHS.operatorAdjustmentDecide]: 'error_not_found',
  [DEPOSIT_PATHS.operatorMoneySettingsDecide]: 'error_not_found',
  [WITHDRAW_PATHS.operatorWithdrawalPay]: 'error_not_found',
  [WITHDRAW_PATHS.operatorWithdrawalReject]: 'error_not_found',
  [WITHDRAW_PATHS.operatorWithdrawalProof]: 'error_not_found',
  [OPERATOR_GAMES_PATHS.operatorGames + ' PUT']: 'error_not_found',
  [OPERATOR_LOTTERY_PATHS.settings + ' PUT']: 'error_not_found',
  [OPERATOR_POINTS_PATHS.saveGoods]: 'points_goods_unavailable',
  [OPERATOR_POINTS_PATHS.setOrderStatus]: 'points_order_not_found',
  [CONFIG_CHANGE_PATHS.edit]: 'error_not_found',
  [CONFIG_CHANGE_PATHS.approve]: 'error_not_found',
  [CONFIG_CHANGE_PATHS.publish]: 'error_not_found',
  [CONFIG_CHANGE_PATHS.schedule]: 'error_not_found',
  [CONFIG_CHANGE_PATHS.discard]: 'error_not_found',
  [CONFIG_CHANGE_PATHS.preview]: 'error_not_found',
  [CONFIG_CHANGE_PATHS.previewContent]: 'error_not_found',
  [CONFIG_CHANGE_PATHS.restore]: 'config_change_unknown_version',
};

const tokens = {} as Record<TOperatorRole, string>;
beforeAll(async () => {
  for (const role of Object.keys(ROLE_ACCOUNTS) as TOperatorRole[]) {
    const { username, password } = ROLE_ACCOUNTS[role];
    const res = (await ctx.app.inject({ method: 'POST', url: WPS_PATHS.operatorLogin, payload: { username, password } })).json();
    expect(res.value.operator).toMatchObject({ username, role, permissions: [...EXPECTED[role]] });
    tokens[role] = res.value.token;
  }
});

describe('operator permissions, enforced by the platform', () => {
  // Every declared operator call (docs/0076) but logout, which would end the session the others use.
  const routes = ALL_CALLS.flatMap((d) =>
    d.audience.kind === 'operator' && d.path !== WPS_PATHS.operatorLogout ? [{ method: d.method, url: d.path, permission: d.audience.permission }] : [],
  );
  const cases = (Object.keys(ROLE_ACCOUNTS) as TOperatorRole[]).flatMap((role) => routes.map((r) => ({ role, ...r })));

  it('covers every guarded route', () => {
    expect(routes.map((r) => `${r.method} ${r.url} ${r.permission}`)).toEqual([
      `POST ${PROTECTION_PATHS.lengthen} compliance.write`,
      `GET ${WPS_PATHS.operatorSystem} config.read`,
      `GET ${WPS_PATHS.operatorWhitelabel} config.read`,
      `PUT ${WPS_PATHS.operatorWhitelabel} whitelabel.write`,
      `PUT ${WPS_PATHS.operatorSystem} system.write`,
      `GET ${ACCOUNT_PATHS.operatorOutbox} outbox.read`,
      `GET ${ACCOUNT_PATHS.operatorSecurity} security.read`,
      `PUT ${ACCOUNT_PATHS.operatorSecurity} security.write`,
      `GET ${OPERATOR_CALLS.agentLimits.path} security.read`,
      `PUT ${OPERATOR_CALLS.setAgentLimits.path} security.write`,
      `GET ${OPERATOR_PATHS.operatorAudit} audit.read`,
      `POST ${OPERATOR_PATHS.operatorTotpSetup} null`,
      `POST ${OPERATOR_PATHS.operatorTotpEnable} null`,
      `POST ${OPERATOR_PATHS.operatorTotpRemove} null`,
      `POST ${OPERATOR_PATHS.operatorTotpReset} operators.manage`,
      `GET ${DEPOSIT_PATHS.operatorDeposits} money.read`,
      `POST ${DEPOSIT_PATHS.operatorDepositApprove} money.write`,
      `POST ${DEPOSIT_PATHS.operatorDepositReject} money.write`,
      `GET ${DEPOSIT_PATHS.operatorAdjustments} money.read`,
      `POST ${DEPOSIT_PATHS.operatorAdjustments} money.write`,
      `POST ${DEPOSIT_PATHS.operatorAdjustmentDecide} money.write`,
      `GET ${DEPOSIT_PATHS.operatorMoneySettings} money.read`,
      `PUT ${DEPOSIT_PATHS.operatorMoneySettings} money.write`,
      `POST ${DEPOSIT_PATHS.operatorMoneySettingsDecide} money.controls`,
      `GET ${WITHDRAW_PATHS.operatorWithdrawals} money.read`,
      `POST ${WITHDRAW_PATHS.operatorWithdrawalPay} money.write`,
      `POST ${WITHDRAW_PATHS.operatorWithdrawalReject} money.write`,
      `GET ${WITHDRAW_PATHS.operatorWithdrawalProof} money.read`,
      `GET ${OPERATOR_GAMES_PATHS.operatorGameCategories} config.read`,
      `PUT ${OPERATOR_GAMES_PATHS.operatorGameCategories} whitelabel.write`,
      `GET ${OPERATOR_GAMES_PATHS.operatorGames} config.read`,
      `PUT ${OPERATOR_GAMES_PATHS.operatorGames} whitelabel.write`,
      `GET ${OPERATOR_ROUNDS_PATHS.operatorGameRounds} money.read`,
      `GET ${OPERATOR_LOTTERY_PATHS.settings} config.read`,
      `PUT ${OPERATOR_LOTTERY_PATHS.settings} money.write`,
      `GET ${BONUS_REVIEW_PATHS.reviews} money.read`,
      `POST ${BONUS_REVIEW_PATHS.decide} money.write`,
      `GET ${OPERATOR_PROMOTION_PATHS.applications} money.read`,
      `GET ${OPERATOR_PROMOTION_PATHS.applicationImage} money.read`,
      `POST ${OPERATOR_PROMOTION_PATHS.approveApplication} money.write`,
      `POST ${OPERATOR_PROMOTION_PATHS.rejectApplication} money.write`,
      `GET ${OPERATOR_PROMOTION_PATHS.promotions} config.read`,
      `PUT ${OPERATOR_PROMOTION_PATHS.promotions} whitelabel.write`,
      `POST ${OPERATOR_PROMOTION_PATHS.setPromotionStatus} whitelabel.write`,
      `POST ${OPERATOR_PROMOTION_PATHS.approvePromotion} money.write`,
      `GET ${OPERATOR_PROMOTION_PATHS.vip} money.read`,
      `PUT ${OPERATOR_PROMOTION_PATHS.vip} money.write`,
      `GET ${PROMO_PATHS.cashbacks} money.read`,
      `POST ${PROMO_PATHS.decideCashback} money.write`,
      `GET ${COMPLIANCE_PATHS.member} compliance.read`,
      `POST ${COMPLIANCE_PATHS.accountState} compliance.write`,
      `POST ${COMPLIANCE_PATHS.limit} compliance.write`,
      `GET ${COMPLIANCE_PATHS.gaming} compliance.read`,
      `POST ${COMPLIANCE_PATHS.gaming} compliance.write`,
      `GET ${EMERGENCY_PATHS.emergency} config.read`,
      `POST ${EMERGENCY_PATHS.emergency} emergency.write`,
      `GET ${EMERGENCY_PATHS.lookup} member.lookup`,
      `GET ${FEEDBACK_PATHS.inbox} feedback.read`,
      `GET ${FEEDBACK_PATHS.inboxItem} feedback.read`,
      `GET ${FEEDBACK_PATHS.inboxImage} feedback.read`,
      `POST ${FEEDBACK_PATHS.reply} feedback.write`,
      `POST ${FEEDBACK_PATHS.close} feedback.write`,
      `GET ${OPERATOR_MESSAGE_PATHS.messages} config.read`,
      `POST ${OPERATOR_MESSAGE_PATHS.messages} whitelabel.write`,
      `POST ${OPERATOR_MESSAGE_PATHS.cancel} whitelabel.write`,
      `GET ${HELP_PATHS.operatorHelp} config.read`,
      `PUT ${HELP_PATHS.operatorHelp} content.write`,
      `GET ${OPERATOR_POINTS_PATHS.settings} config.read`,
      `POST ${OPERATOR_POINTS_PATHS.setSettings} money.write`,
      `GET ${OPERATOR_POINTS_PATHS.goods} config.read`,
      `POST ${OPERATOR_POINTS_PATHS.saveGoods} whitelabel.write`,
      `GET ${OPERATOR_POINTS_PATHS.orders} whitelabel.write`,
      `POST ${OPERATOR_POINTS_PATHS.setOrderStatus} whitelabel.write`,
      `GET ${REWARD_CODE_PATHS.list} money.read`,
      `POST ${REWARD_CODE_PATHS.create} money.write`,
      `GET ${MISSION_PATHS.operatorMissions} config.read`,
      `POST ${MISSION_PATHS.saveMission} content.write`,
      `POST ${MISSION_PATHS.setMissionReward} money.write`,
      `GET ${MISSION_PATHS.operatorLeaderboards} config.read`,
      `POST ${MISSION_PATHS.saveLeaderboard} content.write`,
      `POST ${MISSION_PATHS.setLeaderboardPrizes} money.write`,
      `GET ${TICKET_PATHS.rules} config.read`,
      `POST ${TICKET_PATHS.save} content.write`,
      `POST ${TICKET_PATHS.prizes} money.write`,
      `POST ${TICKET_PATHS.saveRaffle} content.write`,
      `GET ${CHAT_PATHS.console} chat.moderate`,
      `POST ${CHAT_PATHS.mute} chat.moderate`,
      `POST ${CHAT_PATHS.remove} chat.moderate`,
      `POST ${CHAT_PATHS.room} chat.moderate`,
      `GET ${CONFIG_CHANGE_PATHS.drafts} config.read`,
      `POST ${CONFIG_CHANGE_PATHS.create} config.read`,
      `POST ${CONFIG_CHANGE_PATHS.edit} config.read`,
      `POST ${CONFIG_CHANGE_PATHS.approve} config.read`,
      `POST ${CONFIG_CHANGE_PATHS.publish} config.read`,
      `POST ${CONFIG_CHANGE_PATHS.schedule} config.read`,
      `POST ${CONFIG_CHANGE_PATHS.discard} config.read`,
      `GET ${CONFIG_CHANGE_PATHS.preview} config.read`,
      `GET ${CONFIG_CHANGE_PATHS.previewContent} config.read`,
      `GET ${CONFIG_CHANGE_PATHS.versions} config.read`,
      `POST ${CONFIG_CHANGE_PATHS.restore} config.read`,
      `PUT ${OPERATOR_PROMOTION_PATHS.banner} whitelabel.write`,
    ]);
  });

  it.each(cases)('$role → $method $url ($permission)', async ({ role, method, url, permission }) => {
    const sample = SAMPLES[`${method} ${url}`] ?? {};
    const before = await rowCounts(ctx.db, ['config_audit']);
    const res = await ctx.app.inject({
      method,
      url,
      headers: { authorization: tokens[role] },
      ...(sample.payload ? { payload: sample.payload } : {}),
      ...(sample.query ? { query: sample.query } : {}),
    });
    const allowed = permission === null || EXPECTED[role].includes(permission);
    if (allowed) {
      expect(res.statusCode).not.toBe(403);
      // A sample refused after the access check (a made-up TOTP code, an unknown id) is not forbidden.
      const refusal = REFUSED_AFTER_ACCESS[url] ?? REFUSED_AFTER_ACCESS[`${url} ${method}`];
      if (refusal) expect(res.json().message).toBe(refusal);
      else expect(res.json().success).toBe(true);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, value: null, message: 'error_forbidden', code: 403 });
      expect(await rowCounts(ctx.db, ['config_audit'])).toEqual(before);
    }
  });

  it('a flag that pays or weakens logins is not the content role’s: contract kinds are money.write, login flags security.write', async () => {
    // docs/0066. Each call asks for the value the flag already has: an allowed role changes nothing.
    const config = (await ctx.app.inject({ url: WPS_PATHS.operatorWhitelabel, headers: { authorization: tokens.owner } })).json().value;
    const enabled = (modId: string): boolean => {
      const walk = (nodes: { modId: string; enabled: string; childrenNodes: unknown[] }[]): string | undefined =>
        nodes.map((n) => (n.modId === modId ? n.enabled : walk(n.childrenNodes as never))).find((x) => x !== undefined);
      return walk(config.whitelabel) === '1';
    };
    const status = async (role: TOperatorRole, modId: string) =>
      (
        await ctx.app.inject({
          method: 'PUT',
          url: WPS_PATHS.operatorWhitelabel,
          headers: { authorization: tokens[role] },
          payload: { modId, enabled: enabled(modId) },
        })
      ).statusCode;
    const matrix: Record<string, Record<TOperatorRole, number>> = {};
    for (const modId of [
      'FREEPLAY3',
      'DAYSAL',
      'RTSALARY3',
      'DIVIDEND',
      'HOURSAL3',
      'MOBILEVERCODELOGIN3',
      'PWDEXPFORCECHANGE3',
      'CHNGPASSVERIF3',
      'REGMOBVERF3',
    ]) {
      matrix[modId] = {
        owner: await status('owner', modId),
        finance: await status('finance', modId),
        support: await status('support', modId),
        content: await status('content', modId),
      };
    }
    const money = { owner: 200, finance: 200, support: 403, content: 403 };
    const security = { owner: 200, finance: 403, support: 403, content: 403 };
    expect(matrix).toEqual({
      FREEPLAY3: { owner: 200, finance: 403, support: 403, content: 200 },
      DAYSAL: money,
      RTSALARY3: money,
      DIVIDEND: money,
      HOURSAL3: money,
      MOBILEVERCODELOGIN3: security,
      PWDEXPFORCECHANGE3: security,
      CHNGPASSVERIF3: security,
      REGMOBVERF3: security,
    });
  });

  it('the lottery payouts are money: the content role may not change them', async () => {
    // Refused at the door, before the game is looked up (before docs/0066 it reached the handler).
    const payload = { gameCode: 'no-such-game', settings: { intervalSeconds: 180, payouts: { exact3: 1, last2: 1, last1: 1, bigSmall: 1, oddEven: 1 } } };
    const res = await ctx.app.inject({ method: 'PUT', url: OPERATOR_LOTTERY_PATHS.settings, headers: { authorization: tokens.content }, payload });
    expect([res.statusCode, res.json().message]).toEqual([403, 'error_forbidden']);
  });

  it('the outbox (live codes and reset links) is for owner and support only', async () => {
    const status = async (role: TOperatorRole) =>
      (await ctx.app.inject({ url: ACCOUNT_PATHS.operatorOutbox, headers: { authorization: tokens[role] } })).statusCode;
    expect({ owner: await status('owner'), support: await status('support'), content: await status('content'), finance: await status('finance') }).toEqual({
      owner: 200,
      support: 200,
      content: 403,
      finance: 403,
    });
  });

  it('refuses without a session before checking the role', async () => {
    for (const r of routes) expect((await ctx.app.inject({ method: r.method, url: r.url })).statusCode).toBe(401);
  });

  it('the config answers the caller role and permissions', async () => {
    const res = (await ctx.app.inject({ url: WPS_PATHS.operatorSystem, headers: { authorization: tokens.support } })).json();
    expect(res.value.operator).toEqual({
      id: expect.any(Number),
      username: 'demo_support',
      name: 'Demo Support',
      role: 'support',
      permissions: [...EXPECTED.support],
      totpEnabled: false,
    });
  });
});
