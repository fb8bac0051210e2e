import type { TCallDescriptor, TCallSet } from './call.ts';
import { AGENT_CALLS } from './agent-calls.ts';
import {
  DEPOSIT_CALLS,
  FAVOURITE_CALLS,
  MEMBER_CALLS,
  MESSAGE_CALLS,
  RECENT_CALLS,
  RECORD_CALLS,
  SECURITY_CALLS,
  TRANSFER_CALLS,
  WITHDRAW_CALLS,
  WITHDRAW_PROOF_UPLOAD_CALLS,
} from './member-call-sets.ts';
import { AGENT_TEAM_CALLS } from './agent-team-calls.ts';
import { CONTRACT_CALLS } from './contract-calls.ts';
import { OPERATOR_CALLS, OPERATOR_DEPOSIT_CALLS, OPERATOR_GAMES_CALLS, OPERATOR_WITHDRAW_CALLS } from './operator-call-set.ts';
import { ACCOUNT_CALLS, SESSION_CALLS, VERIFICATION_CALLS } from './account-call-set.ts';
import { ASSET_CALLS, CATALOGUE_CALLS, CONTENT_CALLS } from './catalogue-call-set.ts';
import { SEAMLESS_CALLS } from './seamless-calls.ts';
import { CONFIG_WATCH_CALLS, SYSTEM_CALLS } from './system-call-set.ts';
import { WLG_CALLS } from './wlg-calls.ts';
import { WLG_CRASH_CALLS } from './wlg-crash.ts';
import { WLG_LOTTERY_CALLS } from './wlg-lottery-calls.ts';
import { LAUNCH_CALLS } from './launch-calls.ts';
import { REWARD_CALLS } from './reward-calls.ts';
import { REFERRAL_CALLS } from './referral-calls.ts';
import { OPERATOR_BONUS_CALLS } from './bonus-review-calls.ts';
import { PROMOTION_APPLY_CALLS, PROMOTION_IMAGE_UPLOAD_CALLS } from './promotion-apply-calls.ts';
import { OPERATOR_PROMOTION_BANNER_CALLS, OPERATOR_PROMOTION_CALLS } from './operator-promotion-calls.ts';
import { BONUS_CALLS } from './bonus-calls.ts';
import { PROMO_CALLS, PROMO_FINANCE_CALLS } from './promo-calls.ts';
import { PROTECTION_CALLS } from './protection-calls.ts';
import { PROFILE_CALLS } from './profile-calls.ts';
import { OPERATOR_COMPLIANCE_CALLS } from './compliance-calls.ts';
import { OPERATOR_EMERGENCY_CALLS } from './emergency-calls.ts';
import { FEEDBACK_CALLS, FEEDBACK_IMAGE_UPLOAD_CALLS, OPERATOR_FEEDBACK_CALLS } from './feedback-calls.ts';
import { ANNOUNCEMENT_CALLS } from './announcement-calls.ts';
import { OPERATOR_MESSAGE_CALLS } from './operator-message-calls.ts';
import { OPERATOR_HELP_CALLS } from './help-calls.ts';
import { OPERATOR_POINTS_CALLS, POINTS_CALLS } from './points-calls.ts';
import { OPERATOR_REWARD_CODE_CALLS, REWARD_CODE_CALLS } from './reward-code-calls.ts';
import { MISSION_CALLS, OPERATOR_MISSION_CALLS } from './mission-calls.ts';
import { OPERATOR_TICKET_CALLS, TICKET_CALLS } from './ticket-calls.ts';
import { CHAT_CALLS, OPERATOR_CHAT_CALLS } from './chat-calls.ts';
import { OPERATOR_CONFIG_CHANGE_CALLS } from './config-change-calls.ts';

/**
 * Areas the gateway relays whole (docs/0090): each becomes a tRPC router of the same name made of
 * `passThrough` procedures, and is part of CALL_SETS. A new member-facing area is one line here,
 * its calls file and its platform routes; nothing in the gateway.
 */
export const RELAYED_AREAS = {
  rewards: REWARD_CALLS,
  referral: REFERRAL_CALLS,
  promotionApply: PROMOTION_APPLY_CALLS,
  bonus: BONUS_CALLS,
  promo: PROMO_CALLS,
  protection: PROTECTION_CALLS,
  // docs/0112: the member's and the agent centre's announcement lists.
  announcements: ANNOUNCEMENT_CALLS,
  // The member's profile, avatar and saved language (docs/0115).
  profile: PROFILE_CALLS,
  points: POINTS_CALLS,
  rewardCodes: REWARD_CODE_CALLS,
  missions: MISSION_CALLS,
  tickets: TICKET_CALLS,
} as const satisfies Record<string, TCallSet>;

/**
 * Every declared call set, by area (docs/0076). The call-gate table, the platform's route
 * registration tests and the access tests walk this: a set missing here is a set no test probes,
 * which `all-calls.test.ts` refuses (every descriptor's path is unique per method).
 */
export const CALL_SETS = {
  ...RELAYED_AREAS,
  agent: AGENT_CALLS,
  deposit: DEPOSIT_CALLS,
  withdraw: WITHDRAW_CALLS,
  withdrawProofUpload: WITHDRAW_PROOF_UPLOAD_CALLS,
  transfer: TRANSFER_CALLS,
  records: RECORD_CALLS,
  messages: MESSAGE_CALLS,
  security: SECURITY_CALLS,
  member: MEMBER_CALLS,
  favourites: FAVOURITE_CALLS,
  recent: RECENT_CALLS,
  launch: LAUNCH_CALLS,
  agentTeam: AGENT_TEAM_CALLS,
  contract: CONTRACT_CALLS,
  operator: OPERATOR_CALLS,
  operatorDeposit: OPERATOR_DEPOSIT_CALLS,
  operatorWithdraw: OPERATOR_WITHDRAW_CALLS,
  operatorGames: OPERATOR_GAMES_CALLS,
  operatorBonus: OPERATOR_BONUS_CALLS,
  operatorPromotions: OPERATOR_PROMOTION_CALLS,
  operatorPromo: PROMO_FINANCE_CALLS,
  operatorCompliance: OPERATOR_COMPLIANCE_CALLS,
  // docs/0122: the owner's emergency switch and support's member lookup.
  operatorEmergency: OPERATOR_EMERGENCY_CALLS,
  // docs/0111: member feedback (its own router: the send is rate-limited) and the operator's inbox.
  feedback: FEEDBACK_CALLS,
  feedbackImageUpload: FEEDBACK_IMAGE_UPLOAD_CALLS,
  operatorFeedback: OPERATOR_FEEDBACK_CALLS,
  operatorMessages: OPERATOR_MESSAGE_CALLS,
  operatorHelp: OPERATOR_HELP_CALLS,
  operatorPoints: OPERATOR_POINTS_CALLS,
  operatorRewardCodes: OPERATOR_REWARD_CODE_CALLS,
  operatorMissions: OPERATOR_MISSION_CALLS,
  operatorTickets: OPERATOR_TICKET_CALLS,
  chat: CHAT_CALLS,
  operatorChat: OPERATOR_CHAT_CALLS,
  // docs/0123: drafts, approvals, versions and restore of the merchant's configuration.
  operatorConfigChanges: OPERATOR_CONFIG_CHANGE_CALLS,
  session: SESSION_CALLS,
  account: ACCOUNT_CALLS,
  verification: VERIFICATION_CALLS,
  system: SYSTEM_CALLS,
  configWatch: CONFIG_WATCH_CALLS,
  catalogue: CATALOGUE_CALLS,
  content: CONTENT_CALLS,
  assets: ASSET_CALLS,
  games: WLG_CALLS,
  crash: WLG_CRASH_CALLS,
  lottery: WLG_LOTTERY_CALLS,
  seamless: SEAMLESS_CALLS,
  promotionImageUpload: PROMOTION_IMAGE_UPLOAD_CALLS,
  operatorPromotionBanner: OPERATOR_PROMOTION_BANNER_CALLS,
} as const satisfies Record<string, TCallSet>;

/** An area's name: the platform's route table (`platform/src/areas.ts`) has one plugin for each. */
export type TAreaName = keyof typeof CALL_SETS;

/** Every declared call, once. */
export const ALL_CALLS: readonly TCallDescriptor[] = Object.values(CALL_SETS).flatMap((set) => Object.values(set));
