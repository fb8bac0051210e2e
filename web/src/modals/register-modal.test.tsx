import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TFormField } from '@wl/schemas';
import { renderWithApp, type THandlers } from '../test/render.tsx';
import { loginSessionFixture, memberFixture, screenConfigFixture } from '../test/fixtures.ts';
import { fieldsForTab, RegisterModal } from './register-modal.tsx';

const FIELDS: TFormField[] = [
  { field: 'username', required: true, rule: { acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$', minLength: 6, maxLength: 12, patternId: 'LETTER_FIRST_ALNUM' } },
  { field: 'password', required: true, rule: { acceptedPattern: '*', minLength: 6, maxLength: 20, patternId: 'DIGITS_WITH_LETTERS' } },
  { field: 'confirmPassword', required: true, rule: null },
  { field: 'mobileNum', required: false, rule: { acceptedPattern: '^[0-9]+$', minLength: 10, maxLength: 10, patternId: 'DIGITS_ONLY' } },
  { field: 'affiliateCode', required: false, rule: null },
];

function renderRegister(handlers: THandlers = {}, tabs: ('username' | 'mobile')[] = ['mobile', 'username']) {
  const onSuccess = vi.fn();
  const base = screenConfigFixture();
  const config = screenConfigFixture({ forms: { ...base.forms, register: { tabs, fields: FIELDS, minAge: 21, smsVerification: false } } });
  const view = renderWithApp(<RegisterModal onClose={() => undefined} onLogin={() => undefined} onSuccess={onSuccess} />, { config, handlers });
  return { ...view, onSuccess };
}
const type = (field: string, value: string) => fireEvent.change(screen.getByTestId(`register.field.${field}`), { target: { value } });
const errorText = (field: string) => screen.getByTestId(`register.error.${field}`).textContent;

describe('register popup', () => {
  it('lays out each tab: the mobile tab has no username and needs the number', () => {
    // The mobile tab always takes the number's SMS code; the username tab only with REGMOBVERF3 (docs/rules/reach.md).
    expect(fieldsForTab(FIELDS, 'mobile', false)).toEqual(['password', 'confirmPassword', 'mobileNum', 'verificationCode', 'affiliateCode']);
    expect(fieldsForTab(FIELDS, 'username', false)).toEqual(['username', 'password', 'confirmPassword', 'mobileNum', 'affiliateCode']);
    expect(fieldsForTab(FIELDS, 'username', true)).toEqual(['username', 'password', 'confirmPassword', 'mobileNum', 'verificationCode', 'affiliateCode']);
  });

  it('shows the rule of each field before any submit, and links the terms', () => {
    renderRegister();
    expect(screen.getByTestId('register.hint.password').textContent).toBe('6–20 characters with both digits and letters.');
    expect(screen.getByTestId('register.hint.mobileNum').textContent).toBe('Exactly 10 digits.');
    expect(screen.getByTestId('register.hint.confirmPassword').textContent).toBe('Type the same password again.');
    expect(screen.getByTestId('register.field.password').getAttribute('aria-describedby')).toBe('register-hint-password');
    fireEvent.click(screen.getByTestId('register.tab.username'));
    expect(screen.getByTestId('register.hint.username').textContent).toBe('6–12 letters and digits, starting with a letter.');
    expect(screen.queryByTestId('register.field.verificationCode')).toBeNull();
    // The error takes the hint's place.
    type('username', '1abcdef');
    expect(screen.queryByTestId('register.hint.username')).toBeNull();
    const terms = screen.getByTestId('register.terms-link');
    expect(terms.getAttribute('href')).toBe('/help#term');
    expect(terms.getAttribute('target')).toBe('_blank');
  });

  it('opens on the first tab the config lists (mobile first with MOBILENUMREG3)', () => {
    renderRegister();
    expect(screen.getByTestId('register.tab.mobile').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('register.field.username')).toBeNull();
    fireEvent.click(screen.getByTestId('register.tab.username'));
    expect(screen.getByTestId('register.field.username')).toBeTruthy();
  });

  it('checks values on input with the rule message, min and max filled in, one length when equal', () => {
    renderRegister();
    type('mobileNum', '12345');
    expect(errorText('mobileNum')).toBe('Exactly 10 digits.');
    type('password', 'abc');
    expect(errorText('password')).toBe('6–20 characters with both digits and letters.');
    type('password', 'abc123');
    type('confirmPassword', 'abc124');
    expect(errorText('confirmPassword')).toBe('The two entries do not match.');
    fireEvent.click(screen.getByTestId('register.tab.username'));
    type('username', '1abcdef');
    expect(errorText('username')).toBe('6–12 letters and digits, starting with a letter.');
  });

  it('requires terms and the configured age on submit', () => {
    renderRegister();
    fireEvent.click(screen.getByTestId('register.submit'));
    expect(errorText('termsAccepted')).toBe('Please accept the terms and conditions.');
    expect(errorText('ageConfirmed')).toBe('Please confirm that you are at least 21 years old.');
    expect(errorText('mobileNum')).toBe('Exactly 10 digits.');
  });

  /** A valid username-tab form (no SMS code there without REGMOBVERF3). */
  function fillValid() {
    fireEvent.click(screen.getByTestId('register.tab.username'));
    type('username', 'player01');
    type('mobileNum', '1712345678');
    type('password', 'abc123');
    type('confirmPassword', 'abc123');
    fireEvent.click(screen.getByTestId('register.terms'));
    fireEvent.click(screen.getByTestId('register.age'));
  }

  it('refuses an invitation code the server does not know', async () => {
    renderRegister({
      'account.checkAffiliate': () => {
        throw new Error('invalid_invitation_code');
      },
    });
    fillValid();
    type('affiliateCode', 'NOPE');
    fireEvent.click(screen.getByTestId('register.submit'));
    await waitFor(() => expect(errorText('affiliateCode')).toBe('Invalid invitation code.'));
  });

  it('asks for human verification, registers, and logs in', async () => {
    const { calls, onSuccess } = renderRegister({
      'session.captcha': () => ({ captchaId: 'c9', image: 'data:image/svg+xml;base64,AA' }),
      'account.register': () => loginSessionFixture({ token: 'tok-abcdefgh', member: memberFixture({ userName: 'new' }), firstTimeLogin: true }),
    });
    fillValid();
    fireEvent.click(screen.getByTestId('register.submit'));
    expect(await screen.findByTestId('register.captcha-image')).toBeTruthy();
    fireEvent.change(screen.getByTestId('register.captcha'), { target: { value: 'AB12' } });
    fireEvent.click(screen.getByTestId('register.captcha-submit'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls.find((c) => c.path === 'account.register')?.input).toMatchObject({
      mode: 'username',
      values: { username: 'player01', mobileNum: '1712345678', password: 'abc123', confirmPassword: 'abc123' },
      countryDialingCode: '+880',
      termsAccepted: true,
      ageConfirmed: true,
      captchaId: 'c9',
      captcha: 'AB12',
    });
    expect(sessionStorage.getItem('token')).toBe('tok-abcdefgh');
  });

  it('on the mobile tab asks for one human check only: the one before the SMS code', async () => {
    const { calls, onSuccess } = renderRegister({
      'session.captcha': () => ({ captchaId: 'c7', image: 'data:image/svg+xml;base64,AA' }),
      'session.sendSms': () => ({ expiredMinutes: 1, serverTime: new Date().toISOString(), expiresAt: new Date(Date.now() + 60_000).toISOString() }),
      'account.register': () => loginSessionFixture({ token: 'tok-mobile01', member: memberFixture({ userName: 'm1712345678' }), firstTimeLogin: true }),
    });
    type('mobileNum', '1712345678');
    fireEvent.click(screen.getByTestId('register.send-code'));
    expect(await screen.findByTestId('register.captcha-image')).toBeTruthy();
    fireEvent.change(screen.getByTestId('register.captcha'), { target: { value: 'CD34' } });
    fireEvent.click(screen.getByTestId('register.captcha-submit'));
    await waitFor(() => expect(calls.some((c) => c.path === 'session.sendSms')).toBe(true));
    type('verificationCode', '123456');
    type('password', 'abc123');
    type('confirmPassword', 'abc123');
    fireEvent.click(screen.getByTestId('register.terms'));
    fireEvent.click(screen.getByTestId('register.age'));
    fireEvent.click(screen.getByTestId('register.submit'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls.filter((c) => c.path === 'session.captcha')).toHaveLength(1);
    const register = calls.find((c) => c.path === 'account.register')?.input as Record<string, unknown>;
    expect(register).toMatchObject({ mode: 'mobile', values: { mobileNum: '1712345678', verificationCode: '123456' } });
    expect(register).not.toHaveProperty('captcha');
  });

  it('sends the optional fields turned on, the referral field filled from the link and sent as the member leaves it (docs/0115)', async () => {
    const onSuccess = vi.fn();
    const base = screenConfigFixture();
    const fields: TFormField[] = [
      ...FIELDS,
      { field: 'wechat', required: false, rule: null },
      { field: 'paymentPassword', required: false, rule: null },
      { field: 'referralCode', required: false, rule: null },
    ];
    const config = screenConfigFixture({ forms: { ...base.forms, register: { tabs: ['username'], fields, minAge: 18, smsVerification: false } } });
    const { calls } = renderWithApp(<RegisterModal onClose={() => undefined} onLogin={() => undefined} onSuccess={onSuccess} />, {
      config,
      path: '/register?ref=K7M2Q9XP',
      handlers: {
        'session.captcha': () => ({ captchaId: 'c8', image: 'data:image/svg+xml;base64,AA' }),
        'account.register': () => loginSessionFixture({ token: 'tok-referred', member: memberFixture({ userName: 'player02' }), firstTimeLogin: true }),
      },
    });
    expect((screen.getByTestId('register.field.referralCode') as HTMLInputElement).value).toBe('K7M2Q9XP');
    type('username', 'player02');
    type('mobileNum', '1712345679');
    type('password', 'abc123');
    type('confirmPassword', 'abc123');
    type('wechat', 'wx_player');
    type('paymentPassword', 'pay12345');
    type('referralCode', 'AB23CD45');
    fireEvent.click(screen.getByTestId('register.terms'));
    fireEvent.click(screen.getByTestId('register.age'));
    fireEvent.click(screen.getByTestId('register.submit'));
    fireEvent.change(await screen.findByTestId('register.captcha'), { target: { value: 'EF56' } });
    fireEvent.click(screen.getByTestId('register.captcha-submit'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls.find((c) => c.path === 'account.register')?.input).toMatchObject({
      values: { wechat: 'wx_player', paymentPassword: 'pay12345', referralCode: 'AB23CD45' },
    });
  });
});
