/**
 * Every action the operator audit log records (config_audit.action): the platform may write no other
 * (TAuditRecord), and the console names each one in both languages and offers it as a filter.
 */
export const OPERATOR_AUDIT_ACTIONS = [
  'whitelabel.set',
  'system.set',
  'security.set',
  'operator.totp.setup',
  'operator.totp.enable',
  'operator.totp.remove',
  'operator.totp.reset',
  'catalogue.category.set',
  'catalogue.game.set',
  'lottery.settings.set',
  'money.settings.set',
  'deposit.approve',
  'deposit.reject',
  'withdrawal.pay',
  'withdrawal.reject',
  'adjustment.request',
  'adjustment.apply',
  'adjustment.approve',
  'adjustment.reject',
  // docs/0066: the four-eyes limits and channels change through a second owner; large deposits need two approvals.
  'money.settings.request',
  'money.settings.approve',
  'money.settings.reject',
  'deposit.approve.first',
  /** docs/0064: the agent downline limits (depth, direct agent-type downlines), the owner's. */
  'agent.limits.set',
  /** docs/0067: every read of the message outbox (no mutation, but who looked is on record). */
  'outbox.read',
  /** docs/0097: a held bonus (linked accounts) approved (paid) or rejected (lapsed) by a finance operator. */
  'bonus.review.approve',
  'bonus.review.reject',
  /** docs/0098: promotions (create, edit, status, banner), applications decided, VIP levels and rates. */
  'promotion.save',
  'promotion.status',
  'promotion.banner',
  /** docs/0100: finance approves a paying promotion's money (terms, budget, recipients, dates). */
  'promotion.approve',
  'application.approve',
  'application.reject',
  'vip.settings.set',
  /** docs/0096: a finance operator pays or refuses a cashback above the promotion's automatic limit. */
  'promo.cashback.pay',
  'promo.cashback.reject',
  /** docs/0106: compliance: a member's account state, an operator limit, gaming switched off or on. */
  'compliance.state.set',
  'compliance.limit.set',
  'compliance.gaming.set',
  /** docs/0111: a member's feedback opened (its words and images read), replied to, closed. */
  'feedback.read',
  'feedback.reply',
  'feedback.close',
  /** docs/0112: a broadcast or a member's message sent or scheduled, and a scheduled one withdrawn. */
  'message.send',
  'message.cancel',
  /** docs/0109: a help-centre text (section, language, device) changed by the content role. */
  'help.save',
  /** docs/0113: the points mall: earn rates and exchange ratio (finance), goods (content), an order's state. */
  'points.settings.set',
  'points.goods.save',
  'points.order.status',
  /** docs/0118: finance creates a bonus or cash code members redeem on the reward centre. */
  'reward_code.create',
  /** docs/0119: content saves a mission or a leaderboard; finance sets what they pay. */
  'mission.save',
  'mission.reward',
  'leaderboard.save',
  'leaderboard.prizes',
  /** docs/0120, docs/0126: content saves a ticket rule and a raffle, finance a rule's prizes; texts and create are the older rows' names. */
  'ticket_rule.save',
  'ticket_rule.prizes',
  'ticket_rule.texts',
  'raffle.save',
  'raffle.create',
  /** docs/0117: the chat room: a member muted (or the mute lifted), a message deleted, the room closed or opened. */
  'chat.mute',
  'chat.delete',
  'chat.room',
  /** docs/0122: the owner stopped or lifted all gaming or all money movement; a member looked up (who looked at whom). */
  'emergency.set',
  'member.lookup',
  /** docs/0123: a configuration draft saved, approved, scheduled, discarded; a publish (a version, a restore among them). */
  'config.draft.save',
  'config.draft.approve',
  'config.draft.schedule',
  'config.draft.discard',
  'config.publish',
] as const;
export type TOperatorAuditAction = (typeof OPERATOR_AUDIT_ACTIONS)[number];
