export * from './constants.ts';
export * from './domain/content.ts';
export * from './domain/game.ts';
export * from './domain/member.ts';
export * from './domain/merchant.ts';
export * from './domain/operator-audit.ts';
export * from './screen/screen-config.ts';
export * from './screen/vendors.ts';
export * from './wps/calls.ts';
export * from './wps/account-calls.ts';
export * from './wps/operator-calls.ts';
export * from './wps/cs-link.ts';
export * from './wps/envelope.ts';
export * from './wps/headers.ts';
export * from './wps/paths.ts';
export * from './rules/index.ts';
export * from './text.ts';
export * from './domain/money.ts';
export * from './domain/money-settings.ts';
// Which permission each whitelabel flag needs (docs/0066).
export * from './domain/operator-flags.ts';
export * from './wps/deposit-calls.ts';
export * from './wps/withdraw-calls.ts';
export * from './wps/transfer-calls.ts';
export * from './wps/record-calls.ts';
export * from './wps/contact-calls.ts';
export * from './domain/records.ts';
export * from './wps/seamless-calls.ts';
export * from './wps/wlg-calls.ts';
export * from './wps/wlg-crash.ts';
export * from './wps/recent-calls.ts';
export * from './wps/operator-games-calls.ts';
export * from './wps/operator-rounds-calls.ts';
export * from './wps/wlg-lottery-calls.ts';
export * from './wps/agent-calls.ts';
// One declaration per call (docs/0076).
export * from './wps/call.ts';
export * from './wps/all-calls.ts';
export * from './wps/reward-calls.ts';
export * from './wps/bonus-calls.ts';
export * from './wps/promo-calls.ts';
export * from './wps/operator-call-set.ts';
// Sessions, accounts, system, catalogue and content, declared call by call (docs/0076).
export * from './wps/account-call-set.ts';
export * from './wps/system-call-set.ts';
export * from './wps/catalogue-call-set.ts';
export * from './wps/launch-calls.ts';
// docs/0051 registerCenter and team reports.
export * from './wps/agent-team-calls.ts';
// Agent contracts and salary settlement (docs/0049).
export * from './domain/contracts.ts';
// What a promotion pays, and the terms a bonus carries (docs/0094).
export * from './domain/promotion-terms/index.ts';
export * from './wps/contract-calls.ts';
// The member's platform messages (messageV2).
export * from './wps/message-calls.ts';
export * from './wps/announcement-calls.ts';
export * from './wps/operator-message-calls.ts';
export * from './wps/member-call-sets.ts';
// Member referral and held bonuses (docs/0097).
export * from './wps/referral-calls.ts';
export * from './wps/bonus-review-calls.ts';
export * from './wps/reward-code-calls.ts';
export * from './wps/mission-calls.ts';
export * from './wps/ticket-calls.ts';
export * from './wps/config-change-calls.ts';
// Player protection: limits, pending raises and the protection log (docs/0102).
export * from './wps/protection-calls.ts';
export * from './wps/profile-calls.ts';
export * from './domain/avatars.ts';
// Operator compliance controls: account states, operator limits, gaming switch-offs (docs/0106).
export * from './wps/compliance-calls.ts';
// The owner's emergency switch and support's member lookup (docs/0122).
export * from './wps/emergency-calls.ts';
export * from './wps/points-calls.ts';
export * from './wps/chat-calls.ts';
// Manual-apply promotions and the console's promotions, VIP levels and rates (docs/0098).
export * from './wps/promotion-apply-calls.ts';
export * from './wps/operator-promotion-calls.ts';
// The help centre's texts and the console's editor (docs/0109).
export * from './wps/help-calls.ts';
export * from './domain/image-header.ts';
// Member feedback and the operator's feedback inbox (docs/0111).
export * from './wps/feedback-calls.ts';
