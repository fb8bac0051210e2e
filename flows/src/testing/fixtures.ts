/** Test fixtures shared by the machine tests (not exported from the package). */
import { MEMBER_TYPE, type TMemberInfo } from '@wl/schemas';

/** A member info answer with sensible defaults. */
export function memberInfo(overrides: Partial<TMemberInfo> = {}): TMemberInfo {
  return {
    id: 7,
    userName: 'demo',
    nickname: 'Demo',
    type: MEMBER_TYPE,
    firstTimeLogin: false,
    passwordExpired: false,
    hasVip: false,
    vipLabelName: '',
    vipRankLevel: 0,
    availablePromoCount: 0,
    unreadMessage: 0,
    referralEnabled: false,
    avatarUrl: '',
    ...overrides,
  };
}
