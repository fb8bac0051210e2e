import type { FastifyPluginCallback } from 'fastify';
import type { TAreaName } from '@wl/schemas';
import { accountRoutes } from './account/account.routes.ts';
import { operatorConfigChangeRoutes } from './operator/config-changes.routes.ts';
import { agentRoutes } from './agent/agent.routes.ts';
import { contractRoutes } from './agent/contracts/contract.routes.ts';
import { teamReportRoutes } from './agent/team-reports.routes.ts';
import { assetRoutes } from './assets/assets.routes.ts';
import { bonusReviewRoutes } from './bonus/bonus-review.routes.ts';
import { chatOperatorRoutes, chatRoutes } from './chat/chat.routes.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { announcementRoutes } from './content/announcements.routes.ts';
import { contentRoutes } from './content/content.routes.ts';
import { operatorHelpRoutes } from './content/help.routes.ts';
import { depositOperatorRoutes } from './deposit/deposit.operator-routes.ts';
import { depositRoutes } from './deposit/deposit.routes.ts';
import { launchRoutes } from './games/launch.routes.ts';
import { crashRoutes } from './games/provider/crash.routes.ts';
import { lotteryRoutes } from './games/provider/lottery.routes.ts';
import { providerRoutes } from './games/provider/provider.routes.ts';
import { seamlessWalletRoutes } from './games/seamless-wallet.routes.ts';
import type { TPlatformDeps } from './http/deps.ts';
import { feedbackImageUploadRoutes, feedbackRoutes, operatorFeedbackRoutes } from './feedback/feedback.routes.ts';
import { favouriteRoutes, memberRoutes, recentRoutes } from './member/member.routes.ts';
import { messageRoutes } from './member/messages.routes.ts';
import { emergencyRoutes } from './operator/emergency.routes.ts';
import { operatorGamesRoutes } from './operator/operator-games.routes.ts';
import { operatorMessageRoutes } from './operator/operator-messages.routes.ts';
import { operatorRoutes } from './operator/operator.routes.ts';
import { operatorPointsRoutes, pointsRoutes } from './points/points.routes.ts';
import { referralRoutes } from './referral/referral.routes.ts';
import { operatorPromotionBannerRoutes, operatorPromotionRoutes, promotionApplyRoutes, promotionImageUploadRoutes } from './promotions/promotions.routes.ts';
import { promoFinanceRoutes, promoRoutes } from './promo/promo.routes.ts';
import { complianceRoutes } from './protection/compliance.routes.ts';
import { protectionRoutes } from './protection/protection.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { recordRoutes } from './records/records.routes.ts';
import { rewardRoutes } from './rewards/rewards.routes.ts';
import { operatorRewardCodeRoutes, rewardCodeRoutes } from './reward-codes/reward-codes.routes.ts';
import { missionRoutes, operatorMissionRoutes } from './missions/missions.routes.ts';
import { operatorTicketRoutes, ticketRoutes } from './tickets/tickets.routes.ts';
import { bonusRoutes } from './bonus/bonus.routes.ts';
import { securityCentreRoutes } from './security-centre/security-centre.routes.ts';
import { sessionRoutes } from './session/session.routes.ts';
import { systemRoutes } from './system/system.routes.ts';
import { transferRoutes } from './transfer/transfer.routes.ts';
import { verificationRoutes } from './verification/verification.routes.ts';
import { withdrawOperatorRoutes } from './withdraw/withdraw.operator-routes.ts';
import { withdrawProofUploadRoutes, withdrawRoutes } from './withdraw/withdraw.routes.ts';

/** One area's routes (`routesOf(SET, handlers)`), registered with the platform's dependencies. */
export type TAreaRoutes = FastifyPluginCallback<{ deps: TPlatformDeps }>;

/**
 * The platform's routes of every declared area (docs/0090), keyed as `CALL_SETS` is: an area
 * declared in `schemas` without its routes here fails the typecheck, and `app.ts` registers this
 * table whole. The config watch is registered apart, with the watch it serves.
 */
export const AREA_ROUTES: { readonly [K in Exclude<TAreaName, 'configWatch'>]: TAreaRoutes } = {
  system: systemRoutes,
  session: sessionRoutes,
  account: accountRoutes,
  verification: verificationRoutes,
  catalogue: catalogueRoutes,
  content: contentRoutes,
  announcements: announcementRoutes,
  assets: assetRoutes,
  member: memberRoutes,
  favourites: favouriteRoutes,
  recent: recentRoutes,
  launch: launchRoutes,
  messages: messageRoutes,
  deposit: depositRoutes,
  withdraw: withdrawRoutes,
  withdrawProofUpload: withdrawProofUploadRoutes,
  transfer: transferRoutes,
  records: recordRoutes,
  rewards: rewardRoutes,
  bonus: bonusRoutes,
  promo: promoRoutes,
  referral: referralRoutes,
  protection: protectionRoutes,
  profile: profileRoutes,
  points: pointsRoutes,
  security: securityCentreRoutes,
  agent: agentRoutes,
  agentTeam: teamReportRoutes,
  contract: contractRoutes,
  operator: operatorRoutes,
  operatorDeposit: depositOperatorRoutes,
  operatorWithdraw: withdrawOperatorRoutes,
  operatorGames: operatorGamesRoutes,
  operatorPromo: promoFinanceRoutes,
  operatorCompliance: complianceRoutes,
  operatorEmergency: emergencyRoutes,
  operatorMessages: operatorMessageRoutes,
  chat: chatRoutes,
  operatorChat: chatOperatorRoutes,
  operatorBonus: bonusReviewRoutes,
  operatorHelp: operatorHelpRoutes,
  operatorPoints: operatorPointsRoutes,
  rewardCodes: rewardCodeRoutes,
  operatorRewardCodes: operatorRewardCodeRoutes,
  missions: missionRoutes,
  operatorMissions: operatorMissionRoutes,
  tickets: ticketRoutes,
  operatorTickets: operatorTicketRoutes,
  operatorConfigChanges: operatorConfigChangeRoutes,
  seamless: seamlessWalletRoutes,
  games: providerRoutes,
  crash: crashRoutes,
  lottery: lotteryRoutes,
  promotionApply: promotionApplyRoutes,
  promotionImageUpload: promotionImageUploadRoutes,
  operatorPromotions: operatorPromotionRoutes,
  operatorPromotionBanner: operatorPromotionBannerRoutes,
  feedback: feedbackRoutes,
  feedbackImageUpload: feedbackImageUploadRoutes,
  operatorFeedback: operatorFeedbackRoutes,
};
