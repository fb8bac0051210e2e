/** Message keys of the wagering engine's refusals and warnings (docs/0095); the web translates them. */
export const BONUS_WAGER_MESSAGES = {
  /** A stake above the active bonus's maximum stake: refused at placement, nothing moves. */
  maxStake: 'bonus_max_stake',
  /** A withdrawal while a bonus is active: resend with forfeitBonus to give the bonus up. */
  forfeitWarning: 'bonus_forfeit_warning',
  /** The bonus named is not active (it ended, or was never claimed). */
  notActive: 'bonus_not_active',
} as const;
