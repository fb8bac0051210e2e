import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import accountsBn from '../i18n/accounts.bn.json';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, type THandlers } from '../test/render.tsx';
import { loginSessionFixture, screenConfigFixture } from '../test/fixtures.ts';
import { LoginModal } from './login-modal.tsx';

const session = loginSessionFixture;

function renderLogin(handlers: THandlers, smsLogin = false) {
  const onSuccess = vi.fn();
  const config = screenConfigFixture({ forms: { ...screenConfigFixture().forms, login: { smsLogin } } });
  const view = renderWithApp(<LoginModal onClose={() => undefined} onRegister={() => undefined} onForgot={() => undefined} onSuccess={onSuccess} />, {
    config,
    handlers,
  });
  return { ...view, onSuccess };
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('login popup', () => {
  it('shows the SMS tab only with forms.login.smsLogin', () => {
    renderLogin({});
    expect(screen.queryByTestId('login.tab.sms')).toBeNull();
  });

  it('requires username and password, and a mobile number and code on the SMS tab', () => {
    renderLogin({}, true);
    fireEvent.click(screen.getByTestId('login.submit'));
    expect(screen.getByTestId('login.error.username').textContent).toBe('This field must not be empty.');
    expect(screen.getByTestId('login.error.password').textContent).toBe('This field must not be empty.');
    fireEvent.click(screen.getByTestId('login.tab.sms'));
    type('login.mobile', '12ab');
    fireEvent.click(screen.getByTestId('login.submit'));
    expect(screen.getByTestId('login.error.mobile').textContent).toBe('Invalid phone number format.');
    expect(screen.getByTestId('login.error.code').textContent).toBe('The verification code is missing.');
  });

  it('logs in by SMS with the number, dialing code and code, and remembers nothing but the username', async () => {
    const { calls, onSuccess } = renderLogin({ 'session.loginSms': () => session() }, true);
    fireEvent.click(screen.getByTestId('login.tab.sms'));
    type('login.mobile', '1711000001');
    type('login.code', '123456');
    fireEvent.click(screen.getByTestId('login.submit'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls.find((c) => c.path === 'session.loginSms')?.input).toMatchObject({
      mobileNum: '1711000001',
      countryDialingCode: '+880',
      verificationCode: '123456',
    });
    expect(sessionStorage.getItem('token')).toBe('tok-12345678');
  });

  it('asks for a captcha when the server does, with the failure kept on screen', async () => {
    renderLogin({
      'session.login': () => {
        throw new Error('error_captcha_required');
      },
      'session.captcha': () => ({ captchaId: 'c1', image: 'data:image/svg+xml;base64,AA' }),
    });
    type('login.username', 'someone');
    type('login.password', 'Wrong123');
    fireEvent.click(screen.getByTestId('login.submit'));
    expect(await screen.findByTestId('login.captcha-image')).toBeTruthy();
    expect(screen.getByTestId('login.error').textContent).toBe('Please enter the verification code.');
    fireEvent.click(screen.getByTestId('login.submit'));
    expect(screen.getByTestId('login.error.captcha').textContent).toBe('This field must not be empty.');
  });

  it('runs the second factor the server asks for, authenticator first, a code sent to the bound e-mail, then completes the login', async () => {
    const { calls, onSuccess } = renderLogin({
      'session.login': () => ({ kind: 'secondFactor', challengeId: 'ch1', methods: ['email', 'totp'], maskedMobile: null, maskedEmail: 'd***@example.test' }),
      'session.sendSecondFactorCode': () => ({
        expiredMinutes: 5,
        serverTime: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
      }),
      'session.verifySecondFactor': () => session(),
    });
    type('login.username', 'demo_member');
    type('login.password', 'Demo1234');
    fireEvent.click(screen.getByTestId('login.submit'));
    expect(await screen.findByTestId('second-factor.step')).toBeTruthy();
    // docs/0067: the authenticator is offered first; no holder name, no address to type.
    expect(screen.getByTestId('second-factor.method.totp').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('second-factor.method.bankHolder')).toBeNull();
    expect(screen.queryByTestId('second-factor.value')).toBeNull();
    fireEvent.click(screen.getByTestId('second-factor.method.email'));
    expect(screen.getByTestId('second-factor.address').textContent).toContain('d***@example.test');
    fireEvent.click(screen.getByTestId('second-factor.send-code'));
    await waitFor(() => expect(calls.find((c) => c.path === 'session.sendSecondFactorCode')?.input).toEqual({ challengeId: 'ch1', method: 'email' }));
    type('second-factor.code', '123456');
    fireEvent.click(screen.getByTestId('second-factor.submit'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls.find((c) => c.path === 'session.verifySecondFactor')?.input).toEqual({ challengeId: 'ch1', method: 'email', code: '123456' });
  });

  it('opens the forced change without an old password when the server says so', async () => {
    renderLogin({ 'session.login': () => session({ mustChangePassword: true }) });
    type('login.username', 'demo_weak');
    type('login.password', 'Strong1234');
    fireEvent.click(screen.getByTestId('login.submit'));
    expect(await screen.findByTestId('change-password.modal')).toBeTruthy();
    expect(screen.queryByTestId('change-password.old')).toBeNull();
    type('change-password.new', 'Better123');
    type('change-password.confirm', 'Better124');
    fireEvent.click(screen.getByTestId('change-password.submit'));
    expect(screen.getByTestId('change-password.error.confirmPassword').textContent).toBe('The two entries do not match.');
  });

  it('does not decide from the typed password: 123456 without the server flag logs straight in', async () => {
    const { onSuccess } = renderLogin({ 'session.login': () => session() });
    type('login.username', 'demo');
    type('login.password', '123456');
    fireEvent.click(screen.getByTestId('login.submit'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(screen.queryByTestId('change-password.modal')).toBeNull();
  });
});

describe('the previous login after a login (docs/rules/protection.md#p-14)', () => {
  const LAZY = { timeout: 10_000 };
  const protectionSession = (previousLoginAt: string | null) => () => ({
    startedAt: '2026-11-30T08:00:00.000Z',
    minutes: 0,
    previousLoginAt,
    stakedMinor: 0,
    netMinor: 0,
    realityCheck: { intervalMinutes: null, own: false, dueAt: null, due: false },
    sessionLimitMinutes: null,
    sessionEndsAt: null,
  });
  const logIn = () => {
    type('login.username', 'demo');
    type('login.password', 'Demo1234');
    fireEvent.click(screen.getByTestId('login.submit'));
  };

  it('shows the login before this one in the local date and time, as a status the member closes', async () => {
    const { onSuccess, calls } = renderLogin({ 'session.login': () => session(), 'protection.session': protectionSession('2026-11-29T18:05:00.000Z') });
    logIn();
    const notice = await screen.findByTestId('last-login', {}, LAZY);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    const when = new Date('2026-11-29T18:05:00.000Z');
    expect(screen.getByTestId('last-login.text').textContent).toMatch(/^Last login: .*2026/);
    expect(screen.getByTestId('last-login.text').textContent).toContain(String(when.getDate()));
    expect(screen.queryByTestId('login.modal')).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.path === 'protection.session')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('last-login.close'));
    expect(onSuccess).toHaveBeenCalled();
  });

  it('says so on the first login, in Bengali with Bengali digits for a date', async () => {
    const first = renderLogin({ 'session.login': () => session(), 'protection.session': protectionSession(null) });
    logIn();
    expect((await screen.findByTestId('last-login.text', {}, LAZY)).textContent).toBe('This is your first login.');
    first.unmount();

    const bn = renderLogin({ 'session.login': () => session(), 'protection.session': protectionSession('2026-11-29T18:05:00.000Z') });
    bn.i18n.addResourceBundle('bn', 'translation', accountsBn, true, false);
    await act(() => bn.i18n.changeLanguage('bn'));
    logIn();
    const text = (await screen.findByTestId('last-login.text', {}, LAZY)).textContent ?? '';
    expect(text).toMatch(/^শেষ লগইন: /);
    expect(text).toMatch(/[০-৯]/);
    expect(text).not.toMatch(/[0-9A-Za-z]/);
  });

  it('shows nothing when the session cannot be read (a trial account), and the popup is done', async () => {
    const { onSuccess } = renderLogin({ 'session.login': () => session() });
    logIn();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled(), LAZY);
    expect(screen.queryByTestId('last-login')).toBeNull();
  });
});
