import {
  OPERATOR_BONUS_CALLS,
  OPERATOR_CALLS,
  OPERATOR_CHAT_CALLS,
  OPERATOR_COMPLIANCE_CALLS,
  OPERATOR_EMERGENCY_CALLS,
  OPERATOR_REWARD_CODE_CALLS,
  OPERATOR_MISSION_CALLS,
  OPERATOR_TICKET_CALLS,
  OPERATOR_CONFIG_CHANGE_CALLS,
  OPERATOR_DEPOSIT_CALLS,
  OPERATOR_FEEDBACK_CALLS,
  OPERATOR_GAMES_CALLS,
  OPERATOR_MESSAGE_CALLS,
  OPERATOR_HELP_CALLS,
  OPERATOR_POINTS_CALLS,
  OPERATOR_PROMOTION_CALLS,
  OPERATOR_WITHDRAW_CALLS,
  PROMO_FINANCE_CALLS,
} from '@wl/schemas';
import type { TContext } from '../../trpc/context.ts';
import { router } from '../../trpc/init.ts';
import { passThrough } from '../../trpc/pass-through.ts';
import { chatChanged } from '../chat/router.ts';
import { getWithdrawalProof } from './get-withdrawal-proof.ts';
import { loginOperator } from './login-operator.ts';
import { logoutOperator } from './logout-operator.ts';
import { previewScreen } from './preview-screen.ts';

// Procedures of their own: login (rate limit, no token sent), logout (answers `{ ok: true }`) and the
// proof file (a longer timeout). `systemConfig` is the platform's second path to the config: the
// console reads `config`.
const { login: _login, logout: _logout, systemConfig: _systemConfig, ...CONSOLE_CALLS } = OPERATOR_CALLS;
const { withdrawalProof: _withdrawalProof, ...WITHDRAW_CALLS } = OPERATOR_WITHDRAW_CALLS;

/** Returns once committed; open pages hear of the change on the live config stream (docs/0021). */
const configChanged = (ctx: TContext) => ctx.configChanged();

/**
 * The operator console: login, configuration, security thresholds, the message outbox, the audit
 * log, the operator's authenticator, money, game switches and rounds. The platform checks each
 * call's permission (docs/0010); the rest is relayed as declared (docs/0076).
 */
export const operatorRouter = router({
  login: loginOperator,
  logout: logoutOperator,
  ...passThrough(CONSOLE_CALLS, { after: { setFlag: configChanged, setSystem: configChanged } }),
  // docs/0028: deposits, balance adjustments (four eyes), money settings, withdrawals.
  ...passThrough(OPERATOR_DEPOSIT_CALLS),
  ...passThrough(WITHDRAW_CALLS),
  // docs/0096: cashback above a promotion's automatic limit, paid or refused by finance.
  ...passThrough(PROMO_FINANCE_CALLS),
  withdrawalProof: getWithdrawalProof,
  // docs/0037: category and game switches, rounds (docs/0043), lottery settings (docs/0041).
  ...passThrough(OPERATOR_GAMES_CALLS, { after: { setGameCategory: configChanged, setGame: configChanged } }),
  // docs/0097: held bonuses of linked accounts, approved or rejected by finance.
  ...passThrough(OPERATOR_BONUS_CALLS),
  // docs/0118: bonus and cash codes, created by finance.
  ...passThrough(OPERATOR_REWARD_CODE_CALLS),
  // docs/0119: missions and leaderboards (content writes them, finance what they pay).
  ...passThrough(OPERATOR_MISSION_CALLS),
  // docs/0120: reward ticket rules: prizes and odds by finance, titles by content.
  ...passThrough(OPERATOR_TICKET_CALLS),
  // docs/0123: configuration drafts, approvals, versions, restore. A publish (or a restore published
  // at once) is where a sensitive flag goes live now (docs/0127): this instance serves it fresh at once.
  ...passThrough(OPERATOR_CONFIG_CHANGE_CALLS, { after: { configDraftPublish: configChanged, configRestore: configChanged } }),
  // The site as a draft would make it, for the draft's author (docs/0131).
  previewScreen,
  // docs/0098: applications, promotions, VIP levels and rebate rates.
  // docs/0106: compliance: account states, operator limits, gaming switch-offs.
  ...passThrough(OPERATOR_COMPLIANCE_CALLS, { after: { switchGaming: configChanged } }),
  // docs/0122: the owner's emergency switch (open pages show the stopped part live) and support's member lookup.
  ...passThrough(OPERATOR_EMERGENCY_CALLS, { after: { setEmergency: configChanged } }),
  // docs/0113: the points mall: rates and exchange ratio (finance), goods and orders (content).
  ...passThrough(OPERATOR_POINTS_CALLS),
  // docs/0117: the chat room's moderation; open chat pages hear of each change.
  ...passThrough(OPERATOR_CHAT_CALLS, { after: { chatMute: chatChanged, chatDelete: chatChanged, chatRoom: chatChanged } }),
  ...passThrough(OPERATOR_PROMOTION_CALLS, { after: { savePromotion: configChanged, setPromotionStatus: configChanged, setVipSettings: configChanged } }),
  // docs/0111: the feedback inbox: read, reply, close (support and owner).
  ...passThrough(OPERATOR_FEEDBACK_CALLS),
  // docs/0112: broadcasts and members' messages, sent now or scheduled.
  ...passThrough(OPERATOR_MESSAGE_CALLS),
  // docs/0109: the help centre's texts (read with config.read, written with content.write).
  ...passThrough(OPERATOR_HELP_CALLS),
});
