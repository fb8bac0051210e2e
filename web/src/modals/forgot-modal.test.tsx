import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, type THandlers } from '../test/render.tsx';
import { screenConfigFixture } from '../test/fixtures.ts';
import { ForgotModal } from './forgot-modal.tsx';

function renderForgot(tabs: ('email' | 'mobile')[], handlers: THandlers = {}) {
  const base = screenConfigFixture();
  const config = screenConfigFixture({ forms: { ...base.forms, forgotPassword: { tabs } } });
  return renderWithApp(<ForgotModal onClose={() => undefined} onLogin={() => undefined} onLoggedIn={() => undefined} />, { config, handlers });
}
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('forgot password popup', () => {
  it('offers only the email tab without CHNGPASSVERIF3', () => {
    renderForgot(['email']);
    expect(screen.queryByTestId('forgot.tab.mobile')).toBeNull();
    expect(screen.getByTestId('forgot.username')).toBeTruthy();
  });

  it('opens on the mobile tab when it is offered, and checks the new password and its confirmation', () => {
    renderForgot(['mobile', 'email']);
    expect(screen.getByTestId('forgot.tab.mobile').getAttribute('aria-selected')).toBe('true');
    type('forgot.new-password', 'abc123');
    type('forgot.confirm-password', 'abc12');
    fireEvent.click(screen.getByTestId('forgot.submit'));
    expect(screen.getByTestId('forgot.error.confirmPassword').textContent).toBe('The two entries do not match.');
    type('forgot.confirm-password', 'abc123');
    fireEvent.click(screen.getByTestId('forgot.submit'));
    expect(screen.getByTestId('forgot.error.mobileNum').textContent).toBe('This field must not be empty.');
    expect(screen.getByTestId('forgot.error.verificationCode').textContent).toBe('This field must not be empty.');
  });

  it('requires username and email, then shows in_been_out', async () => {
    renderForgot(['mobile', 'email'], { 'account.forgotByEmail': () => ({ messageKey: 'in_been_out' }) });
    fireEvent.click(screen.getByTestId('forgot.tab.email'));
    fireEvent.click(screen.getByTestId('forgot.submit'));
    expect(screen.getByTestId('forgot.error.username').textContent).toBe('This field must not be empty.');
    expect(screen.getByTestId('forgot.error.email').textContent).toBe('This field must not be empty.');
    type('forgot.username', 'demo_member');
    type('forgot.email', 'demo_member@example.test');
    fireEvent.click(screen.getByTestId('forgot.submit'));
    expect((await screen.findByTestId('forgot.success')).textContent).toMatch(/reset link has been sent/);
  });
});
