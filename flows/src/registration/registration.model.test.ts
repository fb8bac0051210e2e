import type { TFormField } from '@wl/schemas';
import type { SnapshotFrom } from 'xstate';
import { describe, expect } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { memberInfo, signInFormState } from '../testing/fixtures.ts';
import { pending, settles, walkGraph } from '../testing/graph-coverage.ts';
import { modelTests } from '../testing/model-suite.ts';
import { registrationMachine } from './registration.machine.ts';

const machine = registrationMachine.provide({ actors: { checkAffiliate: pending(), register: pending(), loadMember: pending() } });
type TSnapshot = SnapshotFrom<typeof machine>;

const fields: TFormField[] = [
  { field: 'username', required: true, rule: { patternId: 'LETTER_FIRST_ALNUM', minLength: 6, maxLength: 16, acceptedPattern: '*' } },
  { field: 'password', required: true, rule: null },
  { field: 'affiliateCode', required: false, rule: null },
];
const good = { username: 'player01', password: 'abc123', confirmPassword: 'abc123', mobileNum: '01712345678', termsAccepted: true, ageConfirmed: true };

const walk = walkGraph(machine, {
  inputs: [{ tabs: ['username', 'mobile'], fields, smsVerification: false }],
  events: () => [
    { type: 'register.tab', tab: 'mobile' },
    { type: 'register.tab', tab: 'username' },
    { type: 'register.submit', values: { ...good, termsAccepted: false } },
    { type: 'register.submit', values: good },
    { type: 'register.submit', values: { ...good, affiliateCode: 'AFF1' } },
    // The mobile tab takes the SMS code, sent behind a human check: it goes on without a second one (docs/rules/reach.md).
    { type: 'register.submit', values: { ...good, verificationCode: '123456' } },
    { type: 'register.submit', values: { ...good, verificationCode: '123456', affiliateCode: 'AFF1' } },
    { type: 'human.verified', captchaId: 'c', captcha: '' },
    { type: 'human.verified', captchaId: 'c', captcha: 'ab' },
    { type: 'human.cancel' },
    { type: 'xstate.done.actor.checkAffiliate', output: { valid: true } },
    ...settles('checkAffiliate', { valid: false }, new FlowError('error_unknown')),
    ...settles('register', { token: 'tok' }, new FlowError('error_username_taken')),
    ...settles('loadMember', memberInfo(), new FlowError('error_unknown')),
  ],
  serializeState: (s: TSnapshot) => signInFormState(s, s.context.values !== null),
});

describe('registration machine: model', () => {
  modelTests(machine, walk, { claim: 'replays every path; the register call only ever sees validated values' }, (seen) => {
    for (const s of seen) {
      if (s.matches('checkingAffiliate') || s.matches('humanVerification') || s.matches('registering')) {
        expect(s.context.values).not.toBeNull();
        expect(s.context.fieldErrors).toEqual({});
      }
      if (s.matches('done')) expect(s.output?.redirect).toBe('/');
    }
  });
});
