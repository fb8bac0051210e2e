/** A bonus or redeem code as typed (docs/0118): letters and digits, 4 to 32; stored and compared upper-case. */
export const REWARD_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;
