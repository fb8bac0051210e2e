import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants.ts';

/** docs/rules/README.md#fields Member info. The password is never part of it (house rule: no plaintext anywhere). */
export const ZMemberInfo = z.object({
  id: z.number().int(),
  userName: z.string().max(MAX_TEXT_LENGTH),
  nickname: z.string().max(MAX_TEXT_LENGTH),
  type: z.number().int(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  hasVip: z.boolean(),
  vipLabelName: z.string().max(MAX_TEXT_LENGTH),
  vipRankLevel: z.number().int().nonnegative(),
  availablePromoCount: z.number().int().nonnegative(),
  unreadMessage: z.number().int().nonnegative(),
  /** The mission badge (docs/0119): missions complete and not yet claimed. */
  missionCount: z.number().int().nonnegative(),
  referralEnabled: z.boolean(),
  avatarUrl: z.string().max(500),
});
export type TMemberInfo = z.infer<typeof ZMemberInfo>;

/** Balance in minor units (integer), with its currency symbol. */
export const ZBalance = z.object({
  balance: z.number().int(),
  currencySymbol: z.string().max(8),
});
export type TBalance = z.infer<typeof ZBalance>;

export { audienceOf, type TAudience } from './audience.ts';
