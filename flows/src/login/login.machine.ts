import { CAPTCHA_REFRESH_THROTTLE_MS, WEAK_PASSWORD, WPS_MESSAGES, audienceOf, type TMemberInfo } from '@wl/schemas';
import { assign, setup } from 'xstate';
import { actorSlot, clean } from '../shared/actor-slot.ts';
import { NOT_EMPTY, toFlowError } from '../shared/flow-error.ts';

/** How the member signs in (SPEC §7 login body `type`). */
export type TLoginType = 'username' | 'sms' | 'firebase';

/** Second factors of SPEC §4 Login for a login from a new IP. */
export const SECOND_FACTOR_METHODS = ['mobile', 'email', 'bankHolder', 'totp'] as const;
export type TSecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** What the `login` actor sends: trimmed username (or mobile number) and password (or SMS code). */
export type TLoginCredentials = {
  username: string;
  password: string;
  captcha?: string;
  captchaId?: string;
  type: TLoginType;
};

/** What the `login` actor answers on success. Failures are thrown as FlowError (captchaRequired in details). */
export type TLoginAnswer = {
  /** Session token; empty while a second factor is pending. */
  token: string;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
  /** Present when the server wants a second factor before the login completes (new IP). */
  secondFactor: { challengeId: string; methods: TSecondFactorMethod[] } | null;
};

export type TCaptcha = { captchaId: string; image: string };

/** Answer of one second-factor method (SPEC §4): mobile needs the number and its SMS code. */
export type TSecondFactorSubmission = { method: TSecondFactorMethod; value: string; code?: string };

export type TLoginInput = {
  /** Login from the /agent page: only agents may log in there (SPEC §6). */
  isAgentPage?: boolean;
  /** PWDEXPFORCECHANGE3: an expired password forces the change-password modal. */
  forceChangeExpiredPassword?: boolean;
};

export type TLoginOutput = { token: string; member: TMemberInfo; redirect: '/agentHome' | null };

/** The login form's values; `loginType` carries the body's `type` (the event's own `type` is taken). */
export type TLoginSubmission = Omit<TLoginCredentials, 'type'> & { loginType?: TLoginType };

export type TLoginEvent =
  | ({ type: 'login.submit' } & TLoginSubmission)
  | { type: 'captcha.refresh' }
  | { type: 'password.changed' }
  | ({ type: 'secondFactor.submit' } & TSecondFactorSubmission)
  | { type: 'login.cancel' };

export type TLoginContext = {
  isAgentPage: boolean;
  forceChangeExpiredPassword: boolean;
  loginType: TLoginType;
  username: string;
  /** Held only while the login call runs, then wiped (no plaintext password kept). */
  password: string;
  captchaText: string;
  captchaId: string | null;
  /** SPEC §4: the weak password 123456 forces a change; remembered as a flag, not as the password. */
  isWeakPassword: boolean;
  captchaRequired: boolean;
  captcha: TCaptcha | null;
  /** Translation key of the last failure, shown by the page. */
  error: string | null;
  token: string | null;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
  secondFactor: { challengeId: string; methods: TSecondFactorMethod[] } | null;
  member: TMemberInfo | null;
};

type TSubmit = Extract<TLoginEvent, { type: 'login.submit' }>;
type TSecondFactorEvent = Extract<TLoginEvent, { type: 'secondFactor.submit' }>;

function credentialsFilled(event: TSubmit): boolean {
  return clean(event.username) !== '' && clean(event.password) !== '';
}

/** A submit once the server asked for a captcha: the captcha answer is required too (SPEC §5). */
const submitWithCaptcha = [
  {
    guard: 'credentialsWithCaptchaFilled',
    target: '#login.submitting',
    actions: ['storeCredentials', 'useSubmittedCaptchaId'],
  },
  { actions: 'flagEmpty' },
] as const;

/**
 * Login flow of SPEC §4 and §5: credentials → login call → (captcha | second factor) → member info →
 * (forced password change | first-login step) → logged in. On the agent page non-agents are signed
 * out again with error_not_agent. Actors to provide: login, loadMember, fetchCaptcha, firstLogin,
 * verifySecondFactor, logout.
 */
export const loginMachine = setup({
  types: {
    context: {} as TLoginContext,
    events: {} as TLoginEvent,
    input: {} as TLoginInput,
    output: {} as TLoginOutput,
  },
  actors: {
    login: actorSlot<TLoginAnswer, TLoginCredentials>('login'),
    loadMember: actorSlot<TMemberInfo, { token: string }>('loadMember'),
    fetchCaptcha: actorSlot<TCaptcha, void>('fetchCaptcha'),
    firstLogin: actorSlot<void, { token: string; member: TMemberInfo }>('firstLogin'),
    verifySecondFactor: actorSlot<{ token: string }, TSecondFactorSubmission & { challengeId: string }>('verifySecondFactor'),
    logout: actorSlot<void, { token: string }>('logout'),
  },
  delays: {
    captchaThrottle: CAPTCHA_REFRESH_THROTTLE_MS,
  },
  guards: {
    credentialsFilled: ({ event }) => event.type === 'login.submit' && credentialsFilled(event),
    credentialsWithCaptchaFilled: ({ context, event }) =>
      event.type === 'login.submit' &&
      credentialsFilled(event) &&
      clean(event.captcha) !== '' &&
      (clean(event.captchaId) !== '' || context.captcha !== null),
    needsSecondFactor: (_, answer: TLoginAnswer) => answer.secondFactor !== null && answer.secondFactor.methods.length > 0,
    asksCaptcha: (_, { error }: { error: unknown }) => toFlowError(error).details.captchaRequired === true,
    secondFactorFilled: ({ context, event }) => {
      if (event.type !== 'secondFactor.submit') return false;
      const offered = context.secondFactor?.methods.includes(event.method) ?? false;
      return offered && clean(event.value) !== '' && (event.method !== 'mobile' || clean(event.code) !== '');
    },
    methodNotOffered: ({ context, event }) =>
      event.type === 'secondFactor.submit' && !(context.secondFactor?.methods.includes(event.method) ?? false),
    notAgentOnAgentPage: ({ context }, member: TMemberInfo) => context.isAgentPage && audienceOf(member) !== 'agent',
    // SPEC §4: weak or (expired and PWDEXPFORCECHANGE3) forces a change, never for SMS or third-party logins.
    mustChangePassword: ({ context }) =>
      context.loginType === 'username' &&
      (context.isWeakPassword || (context.passwordExpired && context.forceChangeExpiredPassword)),
    isFirstLogin: ({ context }) => context.firstTimeLogin,
  },
  actions: {
    storeCredentials: assign(({ event }) => {
      const submit = event as TSubmit;
      const password = clean(submit.password);
      return {
        loginType: submit.loginType ?? 'username',
        username: clean(submit.username),
        password,
        captchaText: clean(submit.captcha),
        isWeakPassword: password === WEAK_PASSWORD,
        error: null,
      };
    }),
    useSubmittedCaptchaId: assign(({ context, event }) => {
      const submitted = clean((event as TSubmit).captchaId);
      return { captchaId: submitted !== '' ? submitted : (context.captcha?.captchaId ?? null) };
    }),
    flagEmpty: assign({ error: NOT_EMPTY }),
    refuseMethod: assign({ error: WPS_MESSAGES.badRequest }),
    forgetPassword: assign({ password: '', captchaText: '' }),
    storeAnswer: assign((_, answer: TLoginAnswer) => ({
      token: answer.token,
      firstTimeLogin: answer.firstTimeLogin,
      passwordExpired: answer.passwordExpired,
      secondFactor: answer.secondFactor,
      captchaRequired: false,
    })),
    storeFailure: assign((_, { error }: { error: unknown }) => {
      const failure = toFlowError(error);
      return {
        error: failure.messageKey,
        captchaRequired: failure.details.captchaRequired === true,
        // A captcha answers one attempt only: the next one needs a fresh image.
        captcha: null,
        captchaId: null,
      };
    }),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: toFlowError(error).messageKey })),
    // Keeps `error`: the failure that asked for the captcha stays on screen beside the new image.
    storeCaptcha: assign((_, captcha: TCaptcha) => ({ captcha, captchaId: captcha.captchaId })),
    storeMember: assign((_, member: TMemberInfo) => ({ member })),
    storeToken: assign((_, answer: { token: string }) => ({ token: answer.token, secondFactor: null, error: null })),
    rejectNonAgent: assign({ error: 'error_not_agent' }),
    clearError: assign({ error: null }),
    clearSession: assign({ token: null, member: null, secondFactor: null, firstTimeLogin: false, passwordExpired: false }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    isAgentPage: input.isAgentPage === true,
    forceChangeExpiredPassword: input.forceChangeExpiredPassword === true,
    loginType: 'username',
    username: '',
    password: '',
    captchaText: '',
    captchaId: null,
    isWeakPassword: false,
    captchaRequired: false,
    captcha: null,
    error: null,
    token: null,
    firstTimeLogin: false,
    passwordExpired: false,
    secondFactor: null,
    member: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'login.submit': [
          { guard: 'credentialsFilled', target: 'submitting', actions: ['storeCredentials', 'useSubmittedCaptchaId'] },
          { actions: 'flagEmpty' },
        ],
      },
    },
    captchaRequired: {
      initial: 'loading',
      states: {
        // Submits wait for the image: the answer belongs to a captcha the member has seen.
        loading: {
          invoke: {
            id: 'fetchCaptcha',
            src: 'fetchCaptcha',
            onDone: { target: 'cooling', actions: { type: 'storeCaptcha', params: ({ event }) => event.output } },
            onError: { target: 'cooling', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        // SPEC §5 throttles: the captcha image refreshes at most once per second.
        cooling: { after: { captchaThrottle: 'ready' }, on: { 'login.submit': submitWithCaptcha } },
        ready: { on: { 'captcha.refresh': 'loading', 'login.submit': submitWithCaptcha } },
      },
    },
    submitting: {
      exit: 'forgetPassword',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({
          username: context.username,
          password: context.password,
          type: context.loginType,
          ...(context.captchaText === '' ? {} : { captcha: context.captchaText }),
          ...(context.captchaId === null ? {} : { captchaId: context.captchaId }),
        }),
        onDone: [
          {
            guard: { type: 'needsSecondFactor', params: ({ event }) => event.output },
            target: 'secondFactor',
            actions: { type: 'storeAnswer', params: ({ event }) => event.output },
          },
          { target: 'loadingMember', actions: { type: 'storeAnswer', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'asksCaptcha', params: ({ event }) => ({ error: event.error }) },
            target: 'captchaRequired',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'idle', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    secondFactor: {
      initial: 'waiting',
      on: { 'login.cancel': { target: 'idle', actions: ['clearSession', 'clearError'] } },
      states: {
        waiting: {
          on: {
            'secondFactor.submit': [
              { guard: 'secondFactorFilled', target: 'verifying', actions: 'clearError' },
              { guard: 'methodNotOffered', actions: 'refuseMethod' },
              { actions: 'flagEmpty' },
            ],
          },
        },
        verifying: {
          invoke: {
            id: 'verifySecondFactor',
            src: 'verifySecondFactor',
            input: ({ context, event }) => {
              const submitted = event as TSecondFactorEvent;
              return {
                challengeId: context.secondFactor?.challengeId ?? '',
                method: submitted.method,
                value: clean(submitted.value),
                ...(submitted.code === undefined ? {} : { code: clean(submitted.code) }),
              };
            },
            onDone: { target: '#login.loadingMember', actions: { type: 'storeToken', params: ({ event }) => event.output } },
            onError: { target: 'waiting', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    loadingMember: {
      invoke: {
        id: 'loadMember',
        src: 'loadMember',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'notAgentOnAgentPage', params: ({ event }) => event.output },
            target: 'signingOut',
            actions: [{ type: 'storeMember', params: ({ event }) => event.output }, 'rejectNonAgent'],
          },
          {
            guard: 'mustChangePassword',
            target: 'forcedPasswordChange',
            actions: { type: 'storeMember', params: ({ event }) => event.output },
          },
          { guard: 'isFirstLogin', target: 'firstLogin', actions: { type: 'storeMember', params: ({ event }) => event.output } },
          { target: 'loggedIn', actions: { type: 'storeMember', params: ({ event }) => event.output } },
        ],
        onError: { target: 'idle', actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'clearSession'] },
      },
    },
    forcedPasswordChange: {
      on: {
        'password.changed': [{ guard: 'isFirstLogin', target: 'firstLogin' }, { target: 'loggedIn' }],
        // Leaving the forced change without changing must not leave a usable session behind.
        'login.cancel': { target: 'signingOut' },
      },
    },
    firstLogin: {
      invoke: {
        id: 'firstLogin',
        src: 'firstLogin',
        input: ({ context }) => ({ token: context.token ?? '', member: context.member as TMemberInfo }),
        // SPEC §4 does not show what the first-login step does; its failure must not undo a valid login.
        onDone: 'loggedIn',
        onError: 'loggedIn',
      },
    },
    signingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'idle', actions: 'clearSession' },
        // The session is dropped client-side either way; the server's idle timeout ends it.
        onError: { target: 'idle', actions: 'clearSession' },
      },
    },
    loggedIn: { type: 'final' },
  },
  output: ({ context }) => ({
    token: context.token ?? '',
    member: context.member as TMemberInfo,
    redirect: context.isAgentPage ? '/agentHome' : null,
  }),
});
