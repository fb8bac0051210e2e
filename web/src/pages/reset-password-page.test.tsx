import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../app/routes.tsx';
import { renderWithApp } from '../test/render.tsx';

describe('/resetPassword', () => {
  it('keeps the reset token out of the session, checks the confirmation, then resets', async () => {
    window.history.replaceState(null, '', '/resetPassword?token=reset-token-123');
    const { calls } = renderWithApp(<AppRoutes />, { path: '/resetPassword?token=reset-token-123', handlers: { 'account.resetByLink': () => ({ ok: true }) } });
    expect(await screen.findByTestId('reset.page')).toBeTruthy();
    expect(sessionStorage.getItem('token')).toBeNull();
    fireEvent.change(screen.getByTestId('reset.new-password'), { target: { value: 'Reset1234' } });
    fireEvent.change(screen.getByTestId('reset.confirm-password'), { target: { value: 'Reset1235' } });
    fireEvent.click(screen.getByTestId('reset.submit'));
    expect(screen.getByTestId('reset.error.confirmPassword').textContent).toBe('The two entries do not match.');
    fireEvent.change(screen.getByTestId('reset.confirm-password'), { target: { value: 'Reset1234' } });
    fireEvent.click(screen.getByTestId('reset.submit'));
    expect(await screen.findByTestId('reset.success')).toBeTruthy();
    expect(calls.find((c) => c.path === 'account.resetByLink')?.input).toEqual({
      resetToken: 'reset-token-123',
      newPassword: 'Reset1234',
      confirmPassword: 'Reset1234',
    });
    window.history.replaceState(null, '', '/');
  });
});
