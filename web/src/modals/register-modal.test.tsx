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
    expect(fieldsForTab(FIELDS, 'mobile', false)).toEqual(['password', 'confirmPassword', 'mobileNum', 'affiliateCode']);
    expect(fieldsForTab(FIELDS, 'username', true)).toEqual(['username', 'password', 'confirmPassword', 'mobileNum', 'verificationCode', 'affiliateCode']);
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

  function fillValid() {
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
      mode: 'mobile',
      values: { mobileNum: '1712345678', password: 'abc123', confirmPassword: 'abc123' },
      countryDialingCode: '+880',
      termsAccepted: true,
      ageConfirmed: true,
      captchaId: 'c9',
      captcha: 'AB12',
    });
    expect(sessionStorage.getItem('token')).toBe('tok-abcdefgh');
  });
});
