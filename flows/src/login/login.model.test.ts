import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { memberInfo } from '../testing/fixtures.ts';
import { pending, settles, walkGraph } from '../testing/graph-coverage.ts';
import { replayEveryPath } from '../testing/model-suite.ts';
import { loginMachine, type TLoginAnswer, type TLoginSession } from './login.machine.ts';

const machine = loginMachine.provide({
  actors: {
    login: pending(),
    fetchCaptcha: pending(),
    firstLogin: pending(),
    verifySecondFactor: pending(),
    logout: pending(),
  },
});
type TSnapshot = SnapshotFrom<typeof machine>;

const session = (overrides: Partial<TLoginSession>): TLoginSession => ({
  token: 'tok',
  member: memberInfo(),
  firstTimeLogin: false,
  mustChangePassword: false,
  ...overrides,
});
const answer = (overrides: Partial<TLoginSession>): TLoginAnswer => ({ kind: 'session', ...session(overrides) });

/** The events a user or a side effect can produce; the walk tries each where the state listens. */
const events = (): AnyEventObject[] => [
  { type: 'login.submit', username: ' ', password: 'x' },
  { type: 'login.submit', username: 'demo', password: 'pass' },
  { type: 'login.submit', username: 'demo', password: '123456' },
  { type: 'login.submit', username: '0171', password: '123456', loginType: 'sms' },
  { type: 'login.submit', username: 'demo', password: 'pass', captcha: 'ab12' },
  { type: 'captcha.refresh' },
  { type: 'password.changed' },
  { type: 'login.cancel' },
  { type: 'secondFactor.submit', method: 'totp', code: '' },
  { type: 'secondFactor.submit', method: 'totp', code: '123456' },
  { type: 'secondFactor.submit', method: 'email', code: '123456' },
  // docs/0067: an address typed in is no answer; only a code is.
  { type: 'secondFactor.submit', method: 'email', value: 'a@b.co' },
  { type: 'xstate.done.actor.login', output: answer({}) },
  { type: 'xstate.done.actor.login', output: answer({ firstTimeLogin: true }) },
  { type: 'xstate.done.actor.login', output: answer({ mustChangePassword: true, firstTimeLogin: true }) },
  { type: 'xstate.done.actor.login', output: answer({ member: memberInfo({ type: 41 }) }) },
  { type: 'xstate.done.actor.login', output: { kind: 'secondFactor', challengeId: 'c', methods: ['totp'] } satisfies TLoginAnswer },
  ...settles(
    'login',
    { kind: 'secondFactor', challengeId: 'c', methods: ['email', 'mobile', 'totp'] } satisfies TLoginAnswer,
    new FlowError('error_invalid_credentials'),
  ),
  { type: 'xstate.error.actor.login', error: new FlowError('error_invalid_credentials', { captchaRequired: true }) },
  ...settles('fetchCaptcha', { captchaId: 'c1', image: 'data:' }, new FlowError('error_unknown')),
  { type: 'xstate.done.actor.verifySecondFactor', output: session({ token: 'tok2' }) },
  { type: 'xstate.done.actor.verifySecondFactor', output: session({ token: 'tok2', mustChangePassword: true }) },
  { type: 'xstate.done.actor.verifySecondFactor', output: session({ token: 'tok2', firstTimeLogin: true }) },
  ...settles('verifySecondFactor', session({ token: 'tok2', member: memberInfo({ type: 41 }) }), new FlowError('verification_code_invalid')),
  ...settles('firstLogin', undefined, new FlowError('error_unknown')),
  ...settles('logout', undefined, new FlowError('error_unknown')),
];

/** Context counts as state: keep only what guards and the page read. */
const serializeState = (s: TSnapshot) => {
  const c = s.context;
  return JSON.stringify([
    s.value,
    c.error,
    c.captchaRequired,
    c.captcha !== null,
    c.loginType,
    c.firstTimeLogin,
    c.mustChangePassword,
    c.secondFactor?.methods.join(',') ?? null,
    c.member?.type ?? null,
    c.token,
  ]);
};

const inputs = [{ isAgentPage: false }, { isAgentPage: true }];
const walk = walkGraph(machine, { inputs, events, serializeState });

/** Invariants that hold in every reachable snapshot. */
function checkInvariants(s: TSnapshot) {
  const c = s.context;
  if (!s.matches('submitting')) expect(c.password).toBe('');
  if (s.matches('captchaRequired')) expect(c.captchaRequired).toBe(true);
  if (s.matches('secondFactor')) expect(c.secondFactor?.methods.length).toBeGreaterThan(0);
  // docs/0067: a bound authenticator is offered first.
  if (c.secondFactor?.methods.includes('totp')) expect(c.secondFactor.methods[0]).toBe('totp');
  // Only the server's flag leads to the forced change, never the password typed.
  if (s.matches('forcedPasswordChange')) expect(c.mustChangePassword).toBe(true);
  if (s.matches('loggedIn')) {
    expect(s.status).toBe('done');
    expect(s.output?.member).toEqual(c.member);
    if (c.isAgentPage) {
      expect(s.output?.redirect).toBe('/agentHome');
      expect(c.member?.type).toBe(41);
    } else {
      expect(s.output?.redirect).toBeNull();
    }
  }
  if (s.matches('idle')) expect(c.member).toBeNull();
}

describe('login machine: model', () => {
  it('reaches every state', () => {
    expect(walk.missingStates).toEqual([]);
  });

  it('takes every transition', () => {
    expect(walk.missingTransitions).toEqual([]);
  });

  it('every shortest path replays on a live actor and keeps the invariants', () => {
    const count = replayEveryPath(machine, walk, (seen, _input, path) => {
      for (const snapshot of seen) checkInvariants(snapshot);
      expect(serializeState(seen.at(-1) as TSnapshot)).toBe(serializeState(path.state));
    });
    expect(count).toBeGreaterThan(20);
  });
});
