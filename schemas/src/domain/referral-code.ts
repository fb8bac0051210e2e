/** A member's referral code (docs/0097): eight letters and digits without the look-alikes (0, O, 1, I). Kept apart so the register popup takes it without the call declarations. */
export const REFERRAL_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;
