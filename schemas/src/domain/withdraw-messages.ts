/**
 * Message keys of withdraw and the security centre; the web translates them (withdraw/money area
 * texts). Here, apart from the wire contracts (wps/withdraw-calls.ts re-exports them), so the
 * withdrawal confirmation machine of flows can use them in the browser without zod (docs/0022).
 */
export const WITHDRAW_MESSAGES = {
  withdrawPasswordNotSet: 'withdraw_password_not_set',
  withdrawPasswordWrong: 'withdraw_password_wrong',
  withdrawPasswordSame: 'withdraw_password_same_as_login',
  holderNameMismatch: 'bank_holder_name_mismatch',
  bankAccountsFull: 'bank_accounts_full',
  bankAccountTaken: 'bank_account_taken',
  accountNumberInvalid: 'bank_account_number_invalid',
  amountInvalid: 'amount_invalid',
  amountBelowMin: 'withdraw_amount_below_min',
  amountAboveMax: 'withdraw_amount_above_max',
  dailyCountReached: 'withdraw_daily_count_reached',
  /** The member's VIP level allows fewer withdrawals a day than the merchant (docs/0100); params: max, hours and minutes until 00:00 UTC. */
  vipDailyCountReached: 'withdraw_vip_daily_count_reached',
  /** The member's VIP level's amount a day would be passed (docs/0100); params: limitMinor, leftMinor, hours and minutes until 00:00 UTC. */
  vipDailyAmountReached: 'withdraw_vip_daily_amount_reached',
  insufficientFunds: 'insufficient_funds',
  keyReused: 'idempotency_key_reused',
  notPending: 'withdrawal_not_pending',
  notAwaitingAnswer: 'withdrawal_not_awaiting_answer',
  autoReceived: 'withdrawal_auto_received',
  windowClosed: 'withdrawal_confirm_window_closed',
  receivedAmountInvalid: 'withdrawal_received_amount_invalid',
  proofRequired: 'withdrawal_proof_required',
  proofTooLarge: 'proof_too_large',
  proofWrongType: 'proof_wrong_type',
  proofTooMany: 'proof_too_many',
  remarkTooLong: 'remark_too_long',
  /** A new payout account waits the merchant's cooling-off before its first withdrawal (docs/0068); params: hours, minutes left. */
  bankAccountCooling: 'bank_account_cooling',
} as const;
