/** Test fixtures shared by the machine tests (not exported from the package). */
import { MEMBER_TYPE, type TFormField, type TMemberInfo } from '@wl/schemas';

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

/** The account fields of a merchant's register form (the agent's direct registration uses these). */
export const accountFields: TFormField[] = [
  { field: 'username', required: true, rule: { patternId: 'LETTER_FIRST_ALNUM', minLength: 6, maxLength: 12, acceptedPattern: '*' } },
  { field: 'password', required: true, rule: null },
  { field: 'mobileNum', required: true, rule: null },
];
