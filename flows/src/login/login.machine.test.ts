import { createActor, fromPromise, SimulatedClock, waitFor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { failsWith, memberInfo } from '../testing/fixtures.ts';
import {
  loginMachine,
  orderSecondFactorMethods,
  SECOND_FACTOR_METHODS,
  type TCaptcha,
  type TLoginAnswer,
  type TLoginCredentials,
  type TLoginInput,
  type TLoginSession,
  type TSecondFactorMethod,
  type TSecondFactorSubmission,
} from './login.machine.ts';

/** A session answer of the server (the member rides along, as the gateway's login answer carries it). */
const session = (overrides: Partial<TLoginSession> = {}): TLoginSession => ({
  token: 'tok-1',
  member: memberInfo(),
  firstTimeLogin: false,
  mustChangePassword: false,
  ...overrides,
});
const answer = (overrides: Partial<TLoginSession> = {}): TLoginAnswer => ({ kind: 'session', ...session(overrides) });
const challenge = (challengeId: string, methods: TSecondFactorMethod[]): TLoginAnswer => ({ kind: 'secondFactor', challengeId, methods });

type TServer = {
  login: (credentials: TLoginCredentials) => Promise<TLoginAnswer>;
  verify?: (submission: TSecondFactorSubmission & { challengeId: string }) => Promise<TLoginSession>;
  firstLogin?: () => Promise<void>;
};

/** Starts the machine with real promise actors and records every call they receive. */
function start(server: TServer, input: TLoginInput = {}) {
  const calls = {
    login: [] as TLoginCredentials[],
    fetchCaptcha: 0,
    firstLogin: 0,
    verify: [] as (TSecondFactorSubmission & { challengeId: string })[],
    logout: [] as string[],
  };
  let captchaCount = 0;
  const clock = new SimulatedClock();
  const machine = loginMachine.provide({
    actors: {
      login: fromPromise(async ({ input: credentials }: { input: TLoginCredentials }) => {
        calls.login.push(credentials);
        return server.login(credentials);
      }),
      fetchCaptcha: fromPromise(async (): Promise<TCaptcha> => {
        calls.fetchCaptcha += 1;
        captchaCount += 1;
        return { captchaId: `cap-${captchaCount}`, image: `data:image/svg+xml;base64,${captchaCount}` };
      }),
      firstLogin: fromPromise(async () => {
        calls.firstLogin += 1;
        await server.firstLogin?.();
      }),
      verifySecondFactor: fromPromise(async ({ input: submission }: { input: TSecondFactorSubmission & { challengeId: string } }) => {
        calls.verify.push(submission);
        if (!server.verify) throw new Error('unexpected');
        return server.verify(submission);
      }),
      logout: fromPromise(async ({ input: { token } }: { input: { token: string } }) => {
        calls.logout.push(token);
      }),
    },
  });
  const actor = createActor(machine, { input, clock });
  actor.start();
  return { actor, calls, clock };
}

type TState = Parameters<SnapshotFrom<typeof loginMachine>['matches']>[0];
const settle = (actor: ReturnType<typeof start>['actor'], state: TState) => waitFor(actor, (snapshot) => snapshot.matches(state), { timeout: 1000 });

describe('login machine: examples', () => {
  it('refuses empty credentials with not_empty and never calls the server', () => {
    const { actor, calls } = start({ login: async () => answer() });
    actor.send({ type: 'login.submit', username: '   ', password: 'secret' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe('not_empty');
    actor.send({ type: 'login.submit', username: 'demo', password: '  ' });
    expect(actor.getSnapshot().context.error).toBe('not_empty');
    expect(calls.login).toHaveLength(0);
  });

  it('trims credentials, takes the member from the login answer and completes without a redirect', async () => {
    const { actor, calls } = start({ login: async () => answer() });
    actor.send({ type: 'login.submit', username: '  demo ', password: ' pass1234 ' });
    await settle(actor, 'loggedIn');
    expect(calls.login).toEqual([{ username: 'demo', password: 'pass1234', type: 'username' }]);
    expect(actor.getSnapshot().output).toEqual({ token: 'tok-1', member: memberInfo(), redirect: null });
    expect(actor.getSnapshot().context.password).toBe('');
  });

  it('shows the server message and returns to idle on a failed login', async () => {
    const { actor } = start({
      login: failsWith(new FlowError('error_invalid_credentials')),
    });
    actor.send({ type: 'login.submit', username: 'demo', password: 'wrong' });
    await settle(actor, 'idle');
    expect(actor.getSnapshot().context).toMatchObject({ error: 'error_invalid_credentials', captchaRequired: false, password: '' });
  });

  it('maps unknown failures to error_unknown', async () => {
    const { actor } = start({
      login: failsWith(new TypeError('network down')),
    });
    actor.send({ type: 'login.submit', username: 'demo', password: 'x' });
    await settle(actor, 'idle');
    expect(actor.getSnapshot().context.error).toBe('error_unknown');
  });

  it('asks for a captcha when the answer says so and sends it with the next attempt', async () => {
    let attempts = 0;
    const { actor, calls } = start({
      login: async () => {
        attempts += 1;
        if (attempts === 1) throw new FlowError('error_invalid_credentials', { captchaRequired: true });
        return answer();
      },
    });
    actor.send({ type: 'login.submit', username: 'demo', password: 'wrong' });
    await settle(actor, { captchaRequired: 'cooling' });
    expect(actor.getSnapshot().context.captcha?.captchaId).toBe('cap-1');
    expect(actor.getSnapshot().context.captchaRequired).toBe(true);

    actor.send({ type: 'login.submit', username: 'demo', password: 'right' });
    expect(actor.getSnapshot().context.error).toBe('not_empty');

    actor.send({ type: 'login.submit', username: 'demo', password: 'right', captcha: ' ab12 ' });
    await settle(actor, 'loggedIn');
    expect(calls.login[1]).toEqual({ username: 'demo', password: 'right', type: 'username', captcha: 'ab12', captchaId: 'cap-1' });
  });

  it('fetches a fresh captcha after every failed attempt', async () => {
    const { actor, calls } = start({
      login: failsWith(new FlowError('error_captcha_wrong', { captchaRequired: true })),
    });
    actor.send({ type: 'login.submit', username: 'demo', password: 'a' });
    await settle(actor, { captchaRequired: 'cooling' });
    actor.send({ type: 'login.submit', username: 'demo', password: 'a', captcha: 'zz' });
    await waitFor(actor, () => calls.fetchCaptcha === 2);
    await settle(actor, { captchaRequired: 'cooling' });
    expect(calls.login[1]?.captchaId).toBe('cap-1');
    expect(actor.getSnapshot().context.captcha?.captchaId).toBe('cap-2');
    expect(actor.getSnapshot().context.error).toBe('error_captcha_wrong');
  });

  it('refreshes the captcha image at most once per second', async () => {
    const { actor, calls, clock } = start({
      login: failsWith(new FlowError('error_invalid_credentials', { captchaRequired: true })),
    });
    actor.send({ type: 'login.submit', username: 'demo', password: 'a' });
    await settle(actor, { captchaRequired: 'cooling' });
    actor.send({ type: 'captcha.refresh' });
    actor.send({ type: 'captcha.refresh' });
    expect(calls.fetchCaptcha).toBe(1);
    clock.increment(999);
    actor.send({ type: 'captcha.refresh' });
    expect(calls.fetchCaptcha).toBe(1);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ captchaRequired: 'ready' })).toBe(true);
    actor.send({ type: 'captcha.refresh' });
    await settle(actor, { captchaRequired: 'cooling' });
    expect(calls.fetchCaptcha).toBe(2);
    expect(actor.getSnapshot().context.captcha?.captchaId).toBe('cap-2');
  });

  it('forces a password change when the server says so, whatever the password, and completes after password.changed', async () => {
    const { actor } = start({ login: async () => answer({ mustChangePassword: true }) });
    actor.send({ type: 'login.submit', username: 'demo', password: 'not-the-weak-one' });
    await settle(actor, 'forcedPasswordChange');
    expect(actor.getSnapshot().context).toMatchObject({ password: '', mustChangePassword: true });
    actor.send({ type: 'password.changed' });
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(actor.getSnapshot().context.mustChangePassword).toBe(false);
  });

  it('does not force a change from the password itself: 123456 without the server flag logs in', async () => {
    for (const loginType of ['username', 'sms', 'firebase'] as const) {
      const { actor, calls } = start({ login: async () => answer() });
      actor.send({ type: 'login.submit', username: 'demo', password: '123456', loginType });
      await settle(actor, 'loggedIn');
      expect(calls.login[0]?.type).toBe(loginType);
    }
  });

  it('follows the server flag after a second factor too', async () => {
    const { actor } = start({
      login: async () => challenge('ch-9', ['email']),
      verify: async () => session({ token: 'tok-2', mustChangePassword: true }),
    });
    actor.send({ type: 'login.submit', username: 'demo', password: 'pass' });
    await settle(actor, { secondFactor: 'waiting' });
    actor.send({ type: 'secondFactor.submit', method: 'email', code: '123456' });
    await settle(actor, 'forcedPasswordChange');
    expect(actor.getSnapshot().context.token).toBe('tok-2');
  });

  it('leaving the forced change signs the session out', async () => {
    const { actor, calls } = start({ login: async () => answer({ mustChangePassword: true }) });
    actor.send({ type: 'login.submit', username: 'demo', password: '123456' });
    await settle(actor, 'forcedPasswordChange');
    actor.send({ type: 'login.cancel' });
    await settle(actor, 'idle');
    expect(calls.logout).toEqual(['tok-1']);
    expect(actor.getSnapshot().context).toMatchObject({ token: null, member: null });
  });

  it('runs the first-login step on a first login, also after a forced change', async () => {
    const first = start({ login: async () => answer({ firstTimeLogin: true }) });
    first.actor.send({ type: 'login.submit', username: 'demo', password: 'pass' });
    await settle(first.actor, 'loggedIn');
    expect(first.calls.firstLogin).toBe(1);

    const both = start({ login: async () => answer({ firstTimeLogin: true, mustChangePassword: true }) });
    both.actor.send({ type: 'login.submit', username: 'demo', password: '123456' });
    await settle(both.actor, 'forcedPasswordChange');
    expect(both.calls.firstLogin).toBe(0);
    both.actor.send({ type: 'password.changed' });
    await settle(both.actor, 'loggedIn');
    expect(both.calls.firstLogin).toBe(1);
  });

  it('a failing first-login step does not undo the login', async () => {
    const { actor } = start({
      login: async () => answer({ firstTimeLogin: true }),
      firstLogin: failsWith(new FlowError('error_unknown')),
    });
    actor.send({ type: 'login.submit', username: 'demo', password: 'pass' });
    await settle(actor, 'loggedIn');
    expect(actor.getSnapshot().output?.token).toBe('tok-1');
  });

  it('asks for a second factor on a new IP, authenticator first, and completes with the verified token', async () => {
    const { actor, calls } = start({
      login: async () => challenge('ch-1', ['mobile', 'totp']),
      verify: async (submission) => {
        if (submission.code !== '123456') throw new FlowError('verification_code_invalid');
        return session({ token: 'tok-verified' });
      },
    });
    actor.send({ type: 'login.submit', username: 'demo', password: 'pass' });
    await settle(actor, { secondFactor: 'waiting' });
    // docs/0067: a bound authenticator is offered first, whatever order the server listed.
    expect(actor.getSnapshot().context.secondFactor?.methods).toEqual(['totp', 'mobile']);

    // Every method answers with a code: the address typed in proves nothing.
    actor.send({ type: 'secondFactor.submit', method: 'mobile', code: ' ' });
    expect(actor.getSnapshot().context.error).toBe('not_empty');
    actor.send({ type: 'secondFactor.submit', method: 'email', code: '123456' });
    expect(actor.getSnapshot().matches({ secondFactor: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('error_bad_request');

    actor.send({ type: 'secondFactor.submit', method: 'mobile', code: '000000' });
    await waitFor(actor, (s) => s.context.error === 'verification_code_invalid');
    expect(actor.getSnapshot().matches({ secondFactor: 'waiting' })).toBe(true);
    expect(calls.verify.at(-1)).toEqual({ challengeId: 'ch-1', method: 'mobile', code: '000000' });

    actor.send({ type: 'secondFactor.submit', method: 'totp', code: ' 123456 ' });
    await settle(actor, 'loggedIn');
    expect(calls.verify.at(-1)).toEqual({ challengeId: 'ch-1', method: 'totp', code: '123456' });
    expect(actor.getSnapshot().output?.token).toBe('tok-verified');
  });

  it('offers no holder name or typed address: only methods that prove possession', () => {
    expect(SECOND_FACTOR_METHODS).toEqual(['totp', 'mobile', 'email']);
    expect(orderSecondFactorMethods(['email', 'mobile', 'totp'])).toEqual(['totp', 'mobile', 'email']);
  });

  it('cancelling the second factor returns to idle without a session', async () => {
    const { actor, calls } = start({
      login: async () => challenge('ch-1', ['email']),
    });
    actor.send({ type: 'login.submit', username: 'demo', password: 'pass' });
    await settle(actor, { secondFactor: 'waiting' });
    actor.send({ type: 'login.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.secondFactor).toBeNull();
    expect(calls.verify).toHaveLength(0);
  });

  it('on the agent page rejects a non-agent with error_not_agent and signs it out', async () => {
    const { actor, calls } = start({ login: async () => answer() }, { isAgentPage: true });
    actor.send({ type: 'login.submit', username: 'demo', password: 'pass' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error === 'error_not_agent');
    expect(calls.logout).toEqual(['tok-1']);
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('a trial account is not an agent either', async () => {
    const { actor } = start({ login: async () => answer({ member: memberInfo({ type: 4 }) }) }, { isAgentPage: true });
    actor.send({ type: 'login.submit', username: 'trial', password: 'pass' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error === 'error_not_agent');
  });

  it('sends agents on the agent page to /agentHome', async () => {
    const { actor } = start({ login: async () => answer({ member: memberInfo({ type: 41 }) }) }, { isAgentPage: true });
    actor.send({ type: 'login.submit', username: 'agent', password: 'pass' });
    await settle(actor, 'loggedIn');
    expect(actor.getSnapshot().output?.redirect).toBe('/agentHome');
  });

  it('fails loudly when an actor was not provided', async () => {
    const actor = createActor(loginMachine, { input: {} });
    actor.start();
    actor.send({ type: 'login.submit', username: 'demo', password: 'pass' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('error_unknown');
  });
});
