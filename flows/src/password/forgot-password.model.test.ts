import type { SnapshotFrom } from 'xstate';
import { describe, expect } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { memberInfo, signInFormState } from '../testing/fixtures.ts';
import { pending, settles, walkGraph } from '../testing/graph-coverage.ts';
import { modelTests } from '../testing/model-suite.ts';
import { forgotPasswordMachine } from './forgot-password.machine.ts';

const machine = forgotPasswordMachine.provide({
  actors: { sendResetEmail: pending(), resetByMobile: pending(), autoLogin: pending(), loadMember: pending() },
});
type TSnapshot = SnapshotFrom<typeof machine>;

const walk = walkGraph(machine, {
  inputs: [{ tabs: ['email', 'mobile'], passwordRule: null }],
  events: () => [
    { type: 'forgot.tab', tab: 'email' },
    { type: 'forgot.tab', tab: 'mobile' },
    { type: 'forgot.submitEmail', username: '', email: '' },
    { type: 'forgot.submitEmail', username: 'demo', email: 'demo@example.com' },
    { type: 'forgot.submitMobile', mobileNum: '', verificationCode: '', newPassword: '' },
    { type: 'forgot.submitMobile', mobileNum: '0171', verificationCode: '1234', newPassword: 'abc123' },
    ...settles('sendResetEmail', undefined, new FlowError('username_email_not_exist')),
    ...settles('resetByMobile', undefined, new FlowError('verification_code_invalid')),
    ...settles('autoLogin', { token: 'tok' }, new FlowError('error_unknown')),
    ...settles('loadMember', memberInfo(), new FlowError('error_unknown')),
  ],
  serializeState: (s: TSnapshot) => signInFormState(s, s.context.request !== null),
});

describe('forgot password: model', () => {
  modelTests(machine, walk, { claim: 'replays every path; the new password is held only while resetting and logging in' }, (seen) => {
    for (const s of seen) {
      expect(s.context.request !== null).toBe(s.matches('resetting') || s.matches('loggingIn'));
      if (s.matches('emailSent')) expect(s.output).toEqual({ kind: 'emailSent', messageKey: 'in_been_out' });
      if (s.matches('loggedIn')) expect(s.output).toMatchObject({ kind: 'loggedIn', redirect: '/' });
    }
  });
});
