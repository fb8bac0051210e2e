import type { TRPCClient } from '@trpc/client';
import { fromPromise } from 'xstate';
import { FlowError } from '@wl/flows/shared/flow-error';
import type { inferRouterOutputs } from '@trpc/server';
import type { TCaptcha, TLoginAnswer, TLoginCredentials, TLoginSession, TSecondFactorSubmission, loginMachine } from '@wl/flows/login/login.machine';
import type { AppRouter } from '../api/trpc.ts';
import { asFlow } from '../api/flow-errors.ts';
import { setPendingToken } from '../session/session-storage.ts';

/** A login outcome of the gateway, as its router declares it (docs/rules/accounts.md contract: `TLoginOutcome`). */
export type TLoginOutcome = inferRouterOutputs<AppRouter>['session']['login'];

/** What the page knows about the login beside the machine: the member and the masked second-factor targets. */
export type TLoginSideData = {
  maskedMobile: string | null;
  maskedEmail: string | null;
};

/** Form values the login call needs beyond the machine's credentials. */
export type TLoginOptions = {
  countryDialingCode: () => string;
  rememberMe: () => boolean;
  isAgentPage: boolean;
  /** Resolves when the member leaves the first-login step (its continue button). */
  firstLoginContinue: () => Promise<void>;
};

/**
 * The machine's answer for an outcome, exactly as the server decided it (member, first login,
 * mustChangePassword); a session's token is held as the pending token meanwhile.
 */
export function toAnswer(outcome: TLoginOutcome, side: TLoginSideData): TLoginAnswer {
  if (outcome.kind === 'secondFactor') {
    side.maskedMobile = outcome.maskedMobile;
    side.maskedEmail = outcome.maskedEmail;
    return { kind: 'secondFactor', challengeId: outcome.challengeId, methods: outcome.methods };
  }
  setPendingToken(outcome.token);
  return {
    kind: 'session',
    token: outcome.token,
    member: outcome.member,
    firstTimeLogin: outcome.firstTimeLogin,
    mustChangePassword: outcome.mustChangePassword,
  };
}

/**
 * The side effects the flows' loginMachine needs, backed by the gateway (docs/rules/accounts.md procedures):
 * username or SMS login, captcha, second factor, the first-login step and logout. The login answer
 * carries the member and the server's decisions; the machine follows them.
 */
export function loginActors(client: TRPCClient<AppRouter>, side: TLoginSideData, options: TLoginOptions): Parameters<typeof loginMachine.provide>[0]['actors'] {
  return {
    login: fromPromise<TLoginAnswer, TLoginCredentials>(async ({ input }) => {
      const rememberMe = options.rememberMe();
      const agentPage = options.isAgentPage;
      const outcome = await asFlow<TLoginOutcome>(() =>
        input.type === 'sms'
          ? client.session.loginSms.mutate({
              mobileNum: input.username,
              countryDialingCode: options.countryDialingCode(),
              verificationCode: input.password,
              rememberMe,
              agentPage,
            })
          : client.session.login.mutate({
              username: input.username,
              password: input.password,
              ...(input.captcha ? { captcha: input.captcha } : {}),
              ...(input.captchaId ? { captchaId: input.captchaId } : {}),
              rememberMe,
              agentPage,
            }),
      );
      return toAnswer(outcome, side);
    }),
    fetchCaptcha: fromPromise<TCaptcha, void>(() => asFlow(() => client.session.captcha.query())),
    // docs/rules/accounts.md#a-9 first login: the step is shown until the member continues, then the server clears the flag.
    firstLogin: fromPromise<void, { token: string; member: TLoginSession['member'] }>(async () => {
      await options.firstLoginContinue();
      await asFlow(() => client.session.firstLoginDone.mutate());
    }),
    verifySecondFactor: fromPromise<TLoginSession, TSecondFactorSubmission & { challengeId: string }>(async ({ input }) => {
      const outcome = await asFlow<TLoginOutcome>(() =>
        client.session.verifySecondFactor.mutate({ challengeId: input.challengeId, method: input.method, code: input.code }),
      );
      const answer = toAnswer(outcome, side);
      if (answer.kind !== 'session') throw new FlowError('second_factor_wrong');
      return answer;
    }),
    logout: fromPromise<void, { token: string }>(async () => {
      try {
        await client.session.logout.mutate();
      } catch {
        // the session is dropped client-side either way
      } finally {
        setPendingToken(null);
      }
    }),
  };
}
