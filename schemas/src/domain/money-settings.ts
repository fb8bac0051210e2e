/**
 * Bounds of the merchant's money settings (docs/0028): the platform's schema enforces them and
 * the operator console checks the same ones. No zod here: the console imports this module alone.
 */
export const MONEY_SETTING_BOUNDS = {
  withdrawDailyCount: { min: 1, max: 100 },
  withdrawConfirmMinutes: { min: 1, max: 10_080 },
  bankAccountsMax: { min: 1, max: 20 },
  autoSettleSeconds: { min: 0, max: 86_400 },
  /** Minutes a new payout account waits before its first withdrawal (docs/0068); default 1440. */
  payoutCoolingMinutes: { min: 0, max: 10_080 },
} as const;

/**
 * The money settings that guard the four eyes themselves (docs/0066): the adjustment threshold, the
 * rolling daily limits and the deposit approval limit. With the deposit channels they are owner-only
 * (money.controls), and a change is a pending request that a second owner approves.
 */
export const MONEY_CONTROL_FIELDS = ['adjustmentFourEyesMinor', 'adjustmentDailyOperatorMinor', 'adjustmentDailyMemberMinor', 'depositFourEyesMinor'] as const;
export type TMoneyControlField = (typeof MONEY_CONTROL_FIELDS)[number];
