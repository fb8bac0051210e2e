import type { TFormField, TMemberInfo } from '@wl/schemas';
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FlowError } from '../shared/flow-error.ts';
import { failsWith, memberInfo } from '../testing/fixtures.ts';
import { registrationMachine, type TRegisterRequest, type TRegistrationInput } from './registration.machine.ts';

const fields: TFormField[] = [
  { field: 'username', required: true, rule: { patternId: 'LETTER_FIRST_ALNUM', minLength: 6, maxLength: 16, acceptedPattern: '*' } },
  { field: 'password', required: true, rule: { patternId: 'DIGITS_WITH_LETTERS', minLength: 6, maxLength: 20, acceptedPattern: '*' } },
  { field: 'confirmPassword', required: true, rule: null },
  { field: 'mobileNum', required: false, rule: { patternId: 'DIGITS_ONLY', minLength: 10, maxLength: 11, acceptedPattern: '*' } },
  { field: 'affiliateCode', required: false, rule: null },
];
const input: TRegistrationInput = { tabs: ['username', 'mobile'], fields, smsVerification: false };
const values = { username: ' player01 ', password: 'abc123', confirmPassword: 'abc123', termsAccepted: true, ageConfirmed: true };

function start(
  server: { affiliate?: (code: string) => Promise<{ valid: boolean }>; register?: () => Promise<{ token: string }>; member?: () => Promise<TMemberInfo> } = {},
  machineInput: TRegistrationInput = input,
) {
  const calls = { affiliate: [] as string[], register: [] as TRegisterRequest[], loadMember: [] as string[] };
  const machine = registrationMachine.provide({
    actors: {
      checkAffiliate: fromPromise(async ({ input: { code } }: { input: { code: string } }) => {
        calls.affiliate.push(code);
        return server.affiliate ? server.affiliate(code) : { valid: true };
      }),
      register: fromPromise(async ({ input: request }: { input: TRegisterRequest }) => {
        calls.register.push(request);
        return server.register ? server.register() : { token: 'tok-new' };
      }),
      loadMember: fromPromise(async ({ input: { token } }: { input: { token: string } }) => {
        calls.loadMember.push(token);
        return server.member ? server.member() : memberInfo({ userName: 'player01' });
      }),
    },
  });
  const actor = createActor(machine, { input: machineInput });
  actor.start();
  return { actor, calls };
}

describe('registration machine: examples', () => {
  it('registers a valid username form after human verification and goes to /', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'register.submit', values });
    expect(actor.getSnapshot().value).toBe('humanVerification');
    actor.send({ type: 'human.verified', captchaId: 'c1', captcha: ' ab12 ' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.affiliate).toEqual([]);
    expect(calls.register).toEqual([
      {
        mode: 'username',
        values: { username: 'player01', password: 'abc123', confirmPassword: 'abc123', termsAccepted: true, ageConfirmed: true },
        captchaId: 'c1',
        captcha: 'ab12',
      },
    ]);
    expect(calls.loadMember).toEqual(['tok-new']);
    expect(actor.getSnapshot().output).toEqual({ token: 'tok-new', member: memberInfo({ userName: 'player01' }), redirect: '/' });
  });

  it('stays on the form with the first error per field and calls nothing', () => {
    const { actor, calls } = start();
    actor.send({ type: 'register.submit', values: { ...values, confirmPassword: 'abc124', termsAccepted: false } });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      confirmPassword: { key: 'inconsistent_twice', params: {} },
      termsAccepted: { key: 'not_empty', params: {} },
    });
    expect(calls.register).toHaveLength(0);
  });

  it('checks a filled affiliate code and refuses an invalid one', async () => {
    const { actor, calls } = start({ affiliate: async (code) => ({ valid: code === 'GOOD1' }) });
    actor.send({ type: 'register.submit', values: { ...values, affiliateCode: ' BAD1 ' } });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.fieldErrors).length > 0);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ affiliateCode: { key: 'invalid_invitation_code', params: {} } });
    actor.send({ type: 'register.submit', values: { ...values, affiliateCode: 'GOOD1' } });
    await waitFor(actor, (s) => s.matches('humanVerification'));
    expect(calls.affiliate).toEqual(['BAD1', 'GOOD1']);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('treats a failing affiliate call as an invalid code', async () => {
    const { actor } = start({
      affiliate: failsWith(new FlowError('error_unknown')),
    });
    actor.send({ type: 'register.submit', values: { ...values, affiliateCode: 'X1' } });
    await waitFor(actor, (s) => s.matches('editing') && s.context.fieldErrors.affiliateCode !== undefined);
  });

  it('requires a filled human check and can go back to the form', () => {
    const { actor, calls } = start();
    actor.send({ type: 'register.submit', values });
    actor.send({ type: 'human.verified', captchaId: 'c1', captcha: ' ' });
    expect(actor.getSnapshot().context.error).toBe('complete_verification_first');
    actor.send({ type: 'human.cancel' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toBeNull();
    expect(calls.register).toHaveLength(0);
  });

  it('shows the server message when registering fails', async () => {
    const { actor } = start({
      register: failsWith(new FlowError('error_username_taken')),
    });
    actor.send({ type: 'register.submit', values });
    actor.send({ type: 'human.verified', captchaId: 'c1', captcha: 'ab' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('error_username_taken');
  });

  it('starts on the first offered tab and switches only to offered tabs', () => {
    const mobileFirst = start({}, { ...input, tabs: ['mobile', 'username'] });
    expect(mobileFirst.actor.getSnapshot().context.tab).toBe('mobile');
    const mobileOnly = start({}, { ...input, tabs: ['mobile'] });
    mobileOnly.actor.send({ type: 'register.tab', tab: 'username' });
    expect(mobileOnly.actor.getSnapshot().context.tab).toBe('mobile');
  });

  it.each([false, true])('on the mobile tab requires the number and its SMS code, and no second human check (REGMOBVERF3 %s)', async (smsVerification) => {
    const { actor, calls } = start({}, { ...input, tabs: ['mobile'], smsVerification });
    const { username: _u, ...mobileValues } = values;
    actor.send({ type: 'register.submit', values: { ...mobileValues, mobileNum: '01712345678' } });
    expect(actor.getSnapshot().context.fieldErrors.verificationCode?.key).toBe('pattern.DIGITS_ONLY');
    actor.send({ type: 'register.submit', values: { ...mobileValues, mobileNum: '01712345678', verificationCode: '123456' } });
    // The code was sent behind a human check (docs/rules/reach.md: one check, not two).
    expect(actor.getSnapshot().matches('humanVerification')).toBe(false);
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.register[0]?.mode).toBe('mobile');
    expect(calls.register[0]?.values.verificationCode).toBe('123456');
    expect(calls.register[0]).not.toHaveProperty('captcha');
  });

  it('asks the username tab for the SMS code only with REGMOBVERF3, then goes on without a second check', async () => {
    const { actor, calls } = start({}, { ...input, smsVerification: true });
    actor.send({ type: 'register.submit', values: { ...values, mobileNum: '01712345678' } });
    expect(actor.getSnapshot().context.fieldErrors.verificationCode?.key).toBe('pattern.DIGITS_ONLY');
    actor.send({ type: 'register.submit', values: { ...values, mobileNum: '01712345678', verificationCode: '123456', affiliateCode: 'AFF1' } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.affiliate).toEqual(['AFF1']);
    expect(calls.register[0]).not.toHaveProperty('captchaId');
  });

  it('completes even when member info fails after a successful registration', async () => {
    const { actor } = start({
      member: failsWith(new FlowError('error_unknown')),
    });
    actor.send({ type: 'register.submit', values });
    actor.send({ type: 'human.verified', captchaId: 'c1', captcha: 'ab' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ token: 'tok-new', member: null, redirect: '/' });
  });
});
