import type { TFormField, TMemberInfo } from '@wl/schemas';
import { MIN_AGE } from '@wl/schemas/constants';
import {
  buildRegistrationSchema,
  firstFieldErrors,
  smsCodeRequired,
  type TFieldError,
  type TRegistrationMode,
  type TRegistrationValues,
} from '@wl/schemas/rules/validate-field';
import { assign, setup } from 'xstate';
import { actorSlot } from '../shared/actor-slot.ts';
import { storeFailure, toFlowError } from '../shared/flow-error.ts';
import { loadingMemberThen, loadMemberSlot } from '../shared/load-member.ts';

/** docs/rules/accounts.md#a-20: the affiliate (invitation) code check failed. */
export const INVALID_INVITATION_CODE = 'invalid_invitation_code';

export type TRegistrationInput = {
  /** Tabs offered (USERNAMEREG3, MOBILENUMREG3), in display order; the first is the default. */
  tabs: TRegistrationMode[];
  /** Form fields with required flags and server rules (ScreenConfig forms.register.fields). */
  fields: TFormField[];
  /** REGMOBVERF3: an SMS code is required. */
  smsVerification: boolean;
  minAge?: number;
};

/** The human-verification answer (captcha) the page collected. */
export type THumanCheck = { captchaId: string; captcha: string };

/** The register call: the human check only where the tab takes no SMS code (smsCodeRequired: the code was sent behind one). */
export type TRegisterRequest = { mode: TRegistrationMode; values: TRegistrationValues } & Partial<THumanCheck>;

export type TRegistrationEvent =
  | { type: 'register.tab'; tab: TRegistrationMode }
  | { type: 'register.submit'; values: Record<string, unknown> }
  | ({ type: 'human.verified' } & THumanCheck)
  | { type: 'human.cancel' };

export type TRegistrationContext = {
  tabs: TRegistrationMode[];
  tab: TRegistrationMode;
  fields: TFormField[];
  smsVerification: boolean;
  minAge: number;
  /** Validated values, kept from a valid submit until the register call ends. */
  values: TRegistrationValues | null;
  /** First error of each field (docs/rules/README.md#messages), keyed by field name. */
  fieldErrors: Record<string, TFieldError>;
  /** Form-level failure (the server's message key). */
  error: string | null;
  token: string | null;
  member: TMemberInfo | null;
};

export type TRegistrationOutput = { token: string; member: TMemberInfo | null; redirect: '/' };

function validate(context: TRegistrationContext, values: Record<string, unknown>) {
  const schema = buildRegistrationSchema(context.fields, context.tab, {
    smsVerification: context.smsVerification,
    minAge: context.minAge,
  });
  return schema.safeParse(values);
}

/**
 * Registration of docs/rules/accounts.md#a-18: terms accepted and validation (schemas rules, same as the server) →
 * optional affiliate code check → human verification (skipped on a tab with the SMS code, which was
 * sent behind one: one human check, docs/0053) → register → load member info → done
 * (redirect '/'). Actors to provide: checkAffiliate, register, loadMember.
 */
export const registrationMachine = setup({
  types: {
    context: {} as TRegistrationContext,
    events: {} as TRegistrationEvent,
    input: {} as TRegistrationInput,
    output: {} as TRegistrationOutput,
  },
  actors: {
    checkAffiliate: actorSlot<{ valid: boolean }, { code: string }>('checkAffiliate'),
    register: actorSlot<{ token: string }, TRegisterRequest>('register'),
    loadMember: loadMemberSlot(),
  },
  guards: {
    tabOffered: ({ context, event }) => event.type === 'register.tab' && context.tabs.includes(event.tab),
    valuesInvalid: ({ context, event }) => event.type === 'register.submit' && !validate(context, event.values).success,
    // docs/rules/accounts.md#a-20: the invitation code is optional; it is checked by a call only when filled.
    hasAffiliateCode: ({ context, event }) => {
      if (event.type !== 'register.submit') return false;
      const result = validate(context, event.values);
      return result.success && (result.data.affiliateCode ?? '') !== '';
    },
    affiliateValid: (_, { valid }: { valid: boolean }) => valid,
    affiliateValidCheckedBySms: ({ context }, { valid }: { valid: boolean }) => valid && smsCodeRequired(context.tab, context.smsVerification),
    // One human check (docs/rules/reach.md): a tab with the SMS code had it when the code was sent.
    checkedBySms: ({ context }) => smsCodeRequired(context.tab, context.smsVerification),
    humanCheckFilled: ({ event }) => event.type === 'human.verified' && event.captchaId.trim() !== '' && event.captcha.trim() !== '',
  },
  actions: {
    switchTab: assign(({ event }) => ({
      tab: event.type === 'register.tab' ? event.tab : 'username',
      fieldErrors: {},
      error: null,
    })),
    storeErrors: assign(({ context, event }) => {
      if (event.type !== 'register.submit') return {};
      const result = validate(context, event.values);
      return { fieldErrors: result.success ? {} : firstFieldErrors(result.error), values: null, error: null };
    }),
    storeValues: assign(({ context, event }) => {
      if (event.type !== 'register.submit') return {};
      const result = validate(context, event.values);
      return { values: result.success ? result.data : null, fieldErrors: {}, error: null };
    }),
    rejectAffiliate: assign({
      fieldErrors: { affiliateCode: { key: INVALID_INVITATION_CODE, params: {} } },
      values: null,
    }),
    storeFailure: assign((_, { error }: { error: unknown }) => ({ error: toFlowError(error).messageKey, values: null })),
    storeToken: assign((_, { token }: { token: string }) => ({ token, values: null })),
    storeMember: assign((_, member: TMemberInfo) => ({ member })),
    flagHumanCheck: assign({ error: 'complete_verification_first' }),
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({
    tabs: input.tabs,
    tab: input.tabs[0] ?? 'username',
    fields: input.fields,
    smsVerification: input.smsVerification,
    minAge: input.minAge ?? MIN_AGE,
    values: null,
    fieldErrors: {},
    error: null,
    token: null,
    member: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'register.tab': { guard: 'tabOffered', actions: 'switchTab' },
        'register.submit': [
          { guard: 'valuesInvalid', actions: 'storeErrors' },
          { target: 'checkingAffiliate', guard: 'hasAffiliateCode', actions: 'storeValues' },
          { target: 'registering', guard: 'checkedBySms', actions: 'storeValues' },
          { target: 'humanVerification', actions: 'storeValues' },
        ],
      },
    },
    checkingAffiliate: {
      invoke: {
        id: 'checkAffiliate',
        src: 'checkAffiliate',
        input: ({ context }) => ({ code: context.values?.affiliateCode ?? '' }),
        onDone: [
          { guard: { type: 'affiliateValidCheckedBySms', params: ({ event }) => event.output }, target: 'registering' },
          { guard: { type: 'affiliateValid', params: ({ event }) => event.output }, target: 'humanVerification' },
          { target: 'editing', actions: 'rejectAffiliate' },
        ],
        // docs/rules/accounts.md#a-20: a failed affiliate check shows the invitation-code error.
        onError: { target: 'editing', actions: 'rejectAffiliate' },
      },
    },
    humanVerification: {
      on: {
        'human.verified': [{ guard: 'humanCheckFilled', target: 'registering' }, { actions: 'flagHumanCheck' }],
        'human.cancel': { target: 'editing', actions: assign({ values: null }) },
      },
    },
    registering: {
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context, event }) => ({
          mode: context.tab,
          values: context.values as TRegistrationValues,
          // Only from the human check; a tab with the SMS code comes here without one.
          ...(event.type === 'human.verified' ? { captchaId: event.captchaId.trim(), captcha: event.captcha.trim() } : {}),
        }),
        onDone: { target: 'loadingMember', actions: { type: 'storeToken', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: storeFailure },
      },
    },
    loadingMember: loadingMemberThen('done'),
    done: { type: 'final' },
  },
  output: ({ context }) => ({ token: context.token ?? '', member: context.member, redirect: '/' }),
});
