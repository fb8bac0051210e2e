import type { TMemberInfo } from '@wl/schemas';
import { validateField, type TFieldError, type TFieldRule } from '@wl/schemas/rules/validate-field';
import { assign, setup } from 'xstate';
import { actorSlot, clean } from '../shared/actor-slot.ts';
import { NOT_EMPTY, storeFailure, toFlowError } from '../shared/flow-error.ts';
import { loadingMemberThen, loadMemberSlot } from '../shared/load-member.ts';

/** docs/rules/README.md#calls: the email was sent ('in been out'). */
export const RESET_EMAIL_SENT = 'in_been_out';

export type TForgotTab = 'email' | 'mobile';

export type TForgotPasswordInput = {
  /** Tabs offered; the mobile tab exists only with CHNGPASSVERIF3 and is then the default (docs/rules/accounts.md#a-15). */
  tabs: TForgotTab[];
  /** The password rule for the new password, when the server has one. */
  passwordRule?: TFieldRule | null;
};

export type TResetByMobileRequest = { mobileNum: string; verificationCode: string; newPassword: string };

export type TForgotPasswordEvent =
  | { type: 'forgot.tab'; tab: TForgotTab }
  | { type: 'forgot.submitEmail'; username: string; email: string }
  | ({ type: 'forgot.submitMobile' } & TResetByMobileRequest);

export type TForgotPasswordContext = {
  tabs: TForgotTab[];
  tab: TForgotTab;
  passwordRule: TFieldRule | null;
  fieldErrors: Record<string, TFieldError>;
  error: string | null;
  /** Held only between a valid mobile submit and the automatic login, then wiped. */
  request: TResetByMobileRequest | null;
  token: string | null;
  member: TMemberInfo | null;
};

export type TForgotPasswordOutput =
  { kind: 'emailSent'; messageKey: typeof RESET_EMAIL_SENT } | { kind: 'loggedIn'; token: string; member: TMemberInfo | null; redirect: '/' };

const EMAIL_RULE: TFieldRule = { acceptedPattern: '*', minLength: 3, maxLength: 254, patternId: 'EMAIL' };

function emailErrors(event: Extract<TForgotPasswordEvent, { type: 'forgot.submitEmail' }>) {
  const errors: Record<string, TFieldError> = {};
  const username = validateField(event.username, null, { required: true });
  const email = validateField(event.email, EMAIL_RULE, { required: true });
  if (username) errors.username = username;
  // docs/rules/accounts.md#a-11: both are required; an empty email says not_empty like the username.
  if (email) errors.email = clean(event.email) === '' ? { key: NOT_EMPTY, params: {} } : email;
  return errors;
}

function mobileErrors(rule: TFieldRule | null, event: Extract<TForgotPasswordEvent, { type: 'forgot.submitMobile' }>) {
  const errors: Record<string, TFieldError> = {};
  const mobileNum = validateField(event.mobileNum, null, { required: true });
  const code = validateField(event.verificationCode, null, { required: true });
  const password = validateField(event.newPassword, rule, { required: true });
  if (mobileNum) errors.mobileNum = mobileNum;
  if (code) errors.verificationCode = code;
  if (password) errors.newPassword = password;
  return errors;
}

/**
 * Forgot password of docs/rules/accounts.md#a-14: email tab (username + email → 'in_been_out') or mobile tab (number,
 * SMS code, new password → reset → automatic login → '/'). Actors to provide: sendResetEmail,
 * resetByMobile, autoLogin (signs in with the number and the new password), loadMember.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as TForgotPasswordContext,
    events: {} as TForgotPasswordEvent,
    input: {} as TForgotPasswordInput,
    output: {} as TForgotPasswordOutput,
  },
  actors: {
    sendResetEmail: actorSlot<void, { username: string; email: string }>('sendResetEmail'),
    resetByMobile: actorSlot<void, TResetByMobileRequest>('resetByMobile'),
    autoLogin: actorSlot<{ token: string }, { mobileNum: string; password: string }>('autoLogin'),
    loadMember: loadMemberSlot(),
  },
  guards: {
    tabOffered: ({ context, event }) => event.type === 'forgot.tab' && context.tabs.includes(event.tab),
    onEmailTab: ({ context }) => context.tab === 'email',
    onMobileTab: ({ context }) => context.tab === 'mobile',
    emailInvalid: ({ event }) => event.type === 'forgot.submitEmail' && Object.keys(emailErrors(event)).length > 0,
    mobileInvalid: ({ context, event }) => event.type === 'forgot.submitMobile' && Object.keys(mobileErrors(context.passwordRule, event)).length > 0,
  },
  actions: {
    switchTab: assign(({ event }) => ({ tab: event.type === 'forgot.tab' ? event.tab : 'email', fieldErrors: {}, error: null })),
    storeEmailErrors: assign(({ event }) => ({
      fieldErrors: event.type === 'forgot.submitEmail' ? emailErrors(event) : {},
      error: null,
    })),
    storeMobileErrors: assign(({ context, event }) => ({
      fieldErrors: event.type === 'forgot.submitMobile' ? mobileErrors(context.passwordRule, event) : {},
      error: null,
    })),
    storeRequest: assign(({ event }) => ({
      fieldErrors: {},
      error: null,
      request:
        event.type === 'forgot.submitMobile'
          ? { mobileNum: clean(event.mobileNum), verificationCode: clean(event.verificationCode), newPassword: clean(event.newPassword) }
          : null,
    })),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    storeFailure: assign((_, { error }: { error: unknown }) => ({ error: toFlowError(error).messageKey, request: null })),
    storeToken: assign((_, { token }: { token: string }) => ({ token, request: null })),
    storeMember: assign((_, member: TMemberInfo) => ({ member })),
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({
    tabs: input.tabs,
    tab: input.tabs.includes('mobile') ? 'mobile' : 'email',
    passwordRule: input.passwordRule ?? null,
    fieldErrors: {},
    error: null,
    request: null,
    token: null,
    member: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'forgot.tab': { guard: 'tabOffered', actions: 'switchTab' },
        'forgot.submitEmail': [
          { guard: 'emailInvalid', actions: 'storeEmailErrors' },
          { guard: 'onEmailTab', target: 'sendingEmail', actions: 'clearErrors' },
        ],
        'forgot.submitMobile': [
          { guard: 'mobileInvalid', actions: 'storeMobileErrors' },
          { guard: 'onMobileTab', target: 'resetting', actions: 'storeRequest' },
        ],
      },
    },
    sendingEmail: {
      invoke: {
        id: 'sendResetEmail',
        src: 'sendResetEmail',
        input: ({ event }) => {
          const submit = event as Extract<TForgotPasswordEvent, { type: 'forgot.submitEmail' }>;
          return { username: clean(submit.username), email: clean(submit.email) };
        },
        onDone: 'emailSent',
        onError: { target: 'editing', actions: storeFailure },
      },
    },
    emailSent: { type: 'final' },
    resetting: {
      invoke: {
        id: 'resetByMobile',
        src: 'resetByMobile',
        input: ({ context }) => context.request as TResetByMobileRequest,
        onDone: 'loggingIn',
        onError: { target: 'editing', actions: storeFailure },
      },
    },
    loggingIn: {
      invoke: {
        id: 'autoLogin',
        src: 'autoLogin',
        input: ({ context }) => ({ mobileNum: context.request?.mobileNum ?? '', password: context.request?.newPassword ?? '' }),
        onDone: { target: 'loadingMember', actions: { type: 'storeToken', params: ({ event }) => event.output } },
        // The password did change; the member signs in by hand with it.
        onError: { target: 'editing', actions: storeFailure },
      },
    },
    loadingMember: loadingMemberThen('loggedIn'),
    loggedIn: { type: 'final' },
  },
  output: ({ context }) =>
    context.token === null
      ? { kind: 'emailSent', messageKey: RESET_EMAIL_SENT }
      : { kind: 'loggedIn', token: context.token, member: context.member, redirect: '/' },
});
