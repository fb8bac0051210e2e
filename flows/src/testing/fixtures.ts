/** Test fixtures shared by the machine tests (not exported from the package). */
import { MEMBER_TYPE, type TFormField, type TMemberInfo } from '@wl/schemas';
import { fromPromise } from 'xstate';

/** A side effect that always fails with `error` (the FlowError a server's refusal becomes, or any other error). */
export const failsWith = (error: Error) => async (): Promise<never> => {
  throw error;
};

/** A promise actor for `machine.provide` that keeps every input it was given (`sent`) and answers with `answer`. */
export function recordingActor<TInput, TOutput>(answer: (input: TInput) => Promise<TOutput>) {
  const sent: TInput[] = [];
  const actor = fromPromise(async ({ input }: { input: TInput }) => {
    sent.push(input);
    return answer(input);
  });
  return { actor, sent };
}

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
    missionCount: 0,
    unreadMessage: 0,
    referralEnabled: false,
    avatarUrl: '',
    ...overrides,
  };
}

/** A form flow that ends signed in (registration, a password reset by mobile), as its model test tells snapshots apart. */
type TSignInFormSnapshot = { value: unknown; context: { tab: string; fieldErrors: object; error: string | null; token: string | null; member: unknown } };

/** The state of a form flow that ends signed in; `holdsValues` says whether it holds what was submitted. */
export function signInFormState(s: TSignInFormSnapshot, holdsValues: boolean): string {
  return JSON.stringify([s.value, s.context.tab, Object.keys(s.context.fieldErrors), s.context.error, holdsValues, s.context.token, s.context.member !== null]);
}

/** The account fields of a merchant's register form (the agent's direct registration uses these). */
export const accountFields: TFormField[] = [
  { field: 'username', required: true, rule: { patternId: 'LETTER_FIRST_ALNUM', minLength: 6, maxLength: 12, acceptedPattern: '*' } },
  { field: 'password', required: true, rule: null },
  { field: 'mobileNum', required: true, rule: null },
];
