import type { TMemberInfo } from '@wl/schemas';
import { CAPTCHA_REFRESH_THROTTLE_MS } from '@wl/schemas/constants';
import { audienceOf } from '@wl/schemas/domain/audience';
import { WPS_MESSAGES } from '@wl/schemas/wps/messages';
import { assign, setup } from 'xstate';
import { actorSlot, clean } from '../shared/actor-slot.ts';
import { NOT_EMPTY, storeFailure, toFlowError, withError } from '../shared/flow-error.ts';

/** How the member signs in (docs/rules/README.md#calls login body `type`). */
export type TLoginType = 'username' | 'sms' | 'firebase';

/**
 * Second factors of docs/rules/accounts.md#a-7 Login for a login from a new IP, each proving possession (docs/0067):
 * the authenticator's code, or a one-time code sent to the bound mobile or e-mail. In the order
 * they are offered: the authenticator first when it is bound.
 */
export const SECOND_FACTOR_METHODS = ['totp', 'mobile', 'email'] as const;
export type TSecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** The methods in offering order (the authenticator first), whatever order the server listed them in. */
export function orderSecondFactorMethods(methods: readonly TSecondFactorMethod[]): TSecondFactorMethod[] {
  return SECOND_FACTOR_METHODS.filter((m) => methods.includes(m));
}

/** What the `login` actor sends: trimmed username (or mobile number) and password (or SMS code). */
export type TLoginCredentials = {
  username: string;
  password: string;
  captcha?: string;
  captchaId?: string;
  type: TLoginType;
};

/**
 * A completed login as the server answers it: the session, its member (the gateway's login answer
 * carries it) and what the server decided. The flow never looks at the password for the decision.
 */
export type TLoginSession = {
  token: string;
  member: TMemberInfo;
  firstTimeLogin: boolean;
  /** docs/rules/accounts.md#a-12 forced change (123456, or expired under PWDEXPFORCECHANGE3), decided and enforced by the platform. */
  mustChangePassword: boolean;
};

/** What the `login` actor answers on success: a session, or a second factor to answer first (new IP). Failures are thrown as FlowError (captchaRequired in details). */
export type TLoginAnswer = ({ kind: 'session' } & TLoginSession) | { kind: 'secondFactor'; challengeId: string; methods: TSecondFactorMethod[] };

export type TCaptcha = { captchaId: string; image: string };

/** Answer of one second-factor method: the authenticator's code, or the code sent to the bound mobile or e-mail (docs/0067). */
export type TSecondFactorSubmission = { method: TSecondFactorMethod; code: string };

export type TLoginInput = {
  /** Login from the /agent page: only agents may log in there (docs/rules/agent.md#ag-2). */
  isAgentPage?: boolean;
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
  loginType: TLoginType;
  username: string;
  /** Held only while the login call runs, then wiped (no plaintext password kept). */
  password: string;
  captchaText: string;
  captchaId: string | null;
  captchaRequired: boolean;
  captcha: TCaptcha | null;
  /** Translation key of the last failure, shown by the page. */
  error: string | null;
  token: string | null;
  firstTimeLogin: boolean;
  /** The server's decision from the login answer (never derived from the password). */
  mustChangePassword: boolean;
  secondFactor: { challengeId: string; methods: TSecondFactorMethod[] } | null;
  member: TMemberInfo | null;
};

type TSubmit = Extract<TLoginEvent, { type: 'login.submit' }>;
type TSecondFactorEvent = Extract<TLoginEvent, { type: 'secondFactor.submit' }>;

function credentialsFilled(event: TSubmit): boolean {
  return clean(event.username) !== '' && clean(event.password) !== '';
}

/** A submit once the server asked for a captcha: the captcha answer is required too (docs/rules/accounts.md#a-5). */
const submitWithCaptcha = [
  {
    guard: 'credentialsWithCaptchaFilled',
    target: '#login.submitting',
    actions: ['storeCredentials', 'useSubmittedCaptchaId'],
  },
  { actions: 'flagEmpty' },
] as const;

/** The session of a done event of `login` or `verifySecondFactor`. */
const sessionOf = (event: { type: string }): TLoginSession => (event as unknown as { output: TLoginSession }).output;

/**
 * Where a completed login goes, from the server's answer alone: a non-agent on the agent page is
 * signed out again; a forced change (server-decided) comes before the first-login step.
 */
const afterSession = [
  { guard: 'notAgentOnAgentPage', target: '#login.signingOut', actions: ['storeSession', 'rejectNonAgent'] },
  { guard: 'mustChangePassword', target: '#login.forcedPasswordChange', actions: 'storeSession' },
  { guard: 'isFirstLogin', target: '#login.firstLogin', actions: 'storeSession' },
  { target: '#login.loggedIn', actions: 'storeSession' },
] as const;

/**
 * Login flow of docs/rules/accounts.md#a-2: credentials → login call → (captcha | second factor) → (forced
 * password change | first-login step) → logged in. Every step follows a server answer: the login
 * answer carries the member and the server's mustChangePassword. On the agent page non-agents are
 * signed out again with error_not_agent. Actors to provide: login, fetchCaptcha, firstLogin,
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
    fetchCaptcha: actorSlot<TCaptcha, void>('fetchCaptcha'),
    firstLogin: actorSlot<void, { token: string; member: TMemberInfo }>('firstLogin'),
    verifySecondFactor: actorSlot<TLoginSession, TSecondFactorSubmission & { challengeId: string }>('verifySecondFactor'),
    logout: actorSlot<void, { token: string }>('logout'),
  },
  delays: {
    captchaThrottle: CAPTCHA_REFRESH_THROTTLE_MS,
  },
  guards: {
    credentialsFilled: ({ event }) => event.type === 'login.submit' && credentialsFilled(event),
    credentialsWithCaptchaFilled: ({ context, event }) =>
      event.type === 'login.submit' && credentialsFilled(event) && clean(event.captcha) !== '' && (clean(event.captchaId) !== '' || context.captcha !== null),
    needsSecondFactor: (_, answer: TLoginAnswer) => answer.kind === 'secondFactor',
    asksCaptcha: (_, { error }: { error: unknown }) => toFlowError(error).details.captchaRequired === true,
    secondFactorFilled: ({ context, event }) => {
      if (event.type !== 'secondFactor.submit') return false;
      const offered = context.secondFactor?.methods.includes(event.method) ?? false;
      return offered && clean(event.code) !== '';
    },
    methodNotOffered: ({ context, event }) => event.type === 'secondFactor.submit' && !(context.secondFactor?.methods.includes(event.method) ?? false),
    notAgentOnAgentPage: ({ context, event }) => context.isAgentPage && audienceOf(sessionOf(event).member) !== 'agent',
    // The server decides (docs/rules/accounts.md#a-12: weak, or expired under PWDEXPFORCECHANGE3; never after SMS login).
    mustChangePassword: ({ event }) => sessionOf(event).mustChangePassword,
    isFirstLogin: ({ event }) => sessionOf(event).firstTimeLogin,
    firstLoginPending: ({ context }) => context.firstTimeLogin,
  },
  actions: {
    storeCredentials: assign(({ event }) => {
      const submit = event as TSubmit;
      return {
        loginType: submit.loginType ?? 'username',
        username: clean(submit.username),
        password: clean(submit.password),
        captchaText: clean(submit.captcha),
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
    storeChallenge: assign((_, answer: TLoginAnswer) => ({
      secondFactor: answer.kind === 'secondFactor' ? { challengeId: answer.challengeId, methods: orderSecondFactorMethods(answer.methods) } : null,
      captchaRequired: false,
    })),
    storeSession: assign(({ event }) => {
      const session = sessionOf(event);
      return {
        token: session.token,
        member: session.member,
        firstTimeLogin: session.firstTimeLogin,
        mustChangePassword: session.mustChangePassword,
        secondFactor: null,
        captchaRequired: false,
        error: null,
      };
    }),
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
    rejectNonAgent: assign({ error: 'error_not_agent' }),
    passwordChanged: assign({ mustChangePassword: false }),
    clearError: assign({ error: null }),
    clearSession: assign({ token: null, member: null, secondFactor: null, firstTimeLogin: false, mustChangePassword: false }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    isAgentPage: input.isAgentPage === true,
    loginType: 'username',
    username: '',
    password: '',
    captchaText: '',
    captchaId: null,
    captchaRequired: false,
    captcha: null,
    error: null,
    token: null,
    firstTimeLogin: false,
    mustChangePassword: false,
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
            onError: { target: 'cooling', actions: { type: 'storeError', params: withError } },
          },
        },
        // docs/rules/accounts.md#a-5 throttles: the captcha image refreshes at most once per second.
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
            actions: { type: 'storeChallenge', params: ({ event }) => event.output },
          },
          ...afterSession,
        ],
        onError: [
          {
            guard: { type: 'asksCaptcha', params: withError },
            target: 'captchaRequired',
            actions: storeFailure,
          },
          { target: 'idle', actions: storeFailure },
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
                code: clean(submitted.code),
              };
            },
            onDone: [...afterSession],
            onError: { target: 'waiting', actions: { type: 'storeError', params: withError } },
          },
        },
      },
    },
    forcedPasswordChange: {
      on: {
        // The server cleared the flag with the change; the first-login step still follows.
        'password.changed': [
          { guard: 'firstLoginPending', target: 'firstLogin', actions: 'passwordChanged' },
          { target: 'loggedIn', actions: 'passwordChanged' },
        ],
        // Leaving the forced change without changing must not leave a usable session behind.
        'login.cancel': { target: 'signingOut' },
      },
    },
    firstLogin: {
      invoke: {
        id: 'firstLogin',
        src: 'firstLogin',
        input: ({ context }) => ({ token: context.token ?? '', member: context.member as TMemberInfo }),
        // the upstream contract does not say what the first-login step does (docs/rules/accounts.md#a-9); its failure must not undo a valid login.
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
