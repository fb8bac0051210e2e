import type { TRPCClient } from '@trpc/client';
import { fromPromise } from 'xstate';
import { FlowError } from '@wl/flows/shared/flow-error';
import type { TCaptcha, TLoginAnswer, TLoginCredentials, TSecondFactorSubmission, loginMachine } from '@wl/flows/login/login.machine';
import type { TMemberInfo } from '@wl/schemas';
import { captchaRequired, errorKey, type AppRouter } from '../api/trpc.ts';

/** Turns a tRPC failure into the flows' error shape (message key + captcha flag). */
function toFlow(err: unknown): FlowError {
  return new FlowError(errorKey(err), { captchaRequired: captchaRequired(err) });
}

/**
 * The side effects the flows' loginMachine needs, backed by the gateway. The login answer carries
 * the member, so loadMember hands it over without a second call.
 */
export function loginActors(client: TRPCClient<AppRouter>): Parameters<typeof loginMachine.provide>[0]['actors'] {
  let lastMember: TMemberInfo | null = null;
  return {
    login: fromPromise<TLoginAnswer, TLoginCredentials>(async ({ input }) => {
      try {
        const res = await client.session.login.mutate({
          username: input.username,
          password: input.password,
          ...(input.captcha ? { captcha: input.captcha } : {}),
          ...(input.captchaId ? { captchaId: input.captchaId } : {}),
        });
        lastMember = res.member;
        return { token: res.token, firstTimeLogin: res.firstTimeLogin, passwordExpired: res.passwordExpired, secondFactor: null };
      } catch (err) {
        throw toFlow(err);
      }
    }),
    loadMember: fromPromise<TMemberInfo, { token: string }>(async () => {
      if (!lastMember) throw new FlowError('error_unknown');
      return lastMember;
    }),
    fetchCaptcha: fromPromise<TCaptcha, void>(async () => {
      try {
        return await client.session.captcha.query();
      } catch (err) {
        throw toFlow(err);
      }
    }),
    // SPEC §4: a first-login action runs, its content is not specified; nothing to call yet.
    firstLogin: fromPromise<void, { token: string; member: TMemberInfo }>(async () => undefined),
    // The gateway answers no second-factor challenge in this release (secondFactor is always null).
    verifySecondFactor: fromPromise<{ token: string }, TSecondFactorSubmission & { challengeId: string }>(async () => {
      throw new FlowError('error_unknown');
    }),
    logout: fromPromise<void, { token: string }>(async () => {
      try {
        await client.session.logout.mutate();
      } catch {
        // the session is dropped client-side either way
      }
    }),
  };
}
