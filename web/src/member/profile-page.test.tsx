import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TMemberProfile } from '@wl/schemas/wps/profile-calls';
import { AppRoutes } from '../app/routes.tsx';
import { memberFixture } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';

/** The first render of a lazy page compiles its chunks: wait for it, not for a fixed time. */
const LAZY = { timeout: 10_000 };

const PROFILE: TMemberProfile = {
  id: 1001,
  userName: 'demo_member',
  nickname: 'Demo',
  registeredAt: '2026-11-20T10:00:00.000Z',
  language: 'bn',
  avatarUrl: '/wps/assets/avatar/AAAAAAAAAAAAAAAAAAAAAA.svg',
  avatarIcon: 0,
  maskedMobile: '+880 17*****001',
  maskedEmail: 'de***@example.test',
  holderName: 'D*** M*****',
  maskedIdNumber: '•••• 7766',
  contacts: { qqNum: '12*****89', line: null, whatsapp: null, facebook: null, wechat: 'wx***ep' },
  recommenderId: '1001',
  referredBy: null,
  withdrawPasswordSet: true,
};

describe('profile page (docs/0115)', () => {
  beforeEach(() => sessionStorage.clear());

  it('shows the details the server keeps, only the contacts given, and saves a chosen avatar', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    let current = PROFILE;
    const { calls } = renderWithApp(<AppRoutes />, {
      path: '/member/profile',
      handlers: {
        'member.info': () => memberFixture(),
        'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
        'profile.get': () => current,
        'profile.setLanguage': (input) => ({ language: input.language === 'en' ? 'en' : 'bn' }),
        'profile.setAvatar': (input) => {
          current = { ...current, avatarIcon: input.icon, avatarUrl: '/wps/assets/avatar/BBBBBBBBBBBBBBBBBBBBBB.svg' };
          return { avatarUrl: current.avatarUrl, icon: input.icon, count: 8 };
        },
      },
    });
    expect((await screen.findByTestId('profile.username', {}, LAZY)).textContent).toBe('demo_member');
    expect(screen.getByTestId('profile.qqNum').textContent).toBe('12*****89');
    expect(screen.getByTestId('profile.wechat').textContent).toBe('wx***ep');
    expect(screen.queryByTestId('profile.line')).toBeNull();
    expect(screen.getByTestId('profile.idNumber').textContent).toBe('•••• 7766');
    expect(screen.getByTestId('profile.withdraw-password').getAttribute('data-set')).toBe('true');
    expect(screen.getByTestId('profile.language').textContent).toBe('Bangla');
    // Nine choices: the generated picture and eight designs.
    expect(screen.getAllByRole('button', { pressed: false }).filter((b) => b.dataset.testid?.startsWith('profile.avatar-choice.'))).toHaveLength(8);
    fireEvent.click(screen.getByTestId('profile.avatar-choice.4'));
    await waitFor(() => expect(screen.getByTestId('profile.avatar').getAttribute('data-icon')).toBe('4'));
    expect(screen.getByTestId('profile.avatar-saved').textContent).toBe('Profile picture changed.');
    expect(calls.filter((c) => c.path === 'profile.setAvatar').map((c) => c.input)).toEqual([{ icon: 4 }]);
  });

  it("tells the server the site's language once per session and language", async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const { calls } = renderWithApp(<AppRoutes />, {
      path: '/member/profile',
      handlers: {
        'member.info': () => memberFixture(),
        'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
        'profile.get': () => PROFILE,
        'profile.setLanguage': (input) => ({ language: input.language === 'en' ? 'en' : 'bn' }),
      },
    });
    await screen.findByTestId('profile.username', {}, LAZY);
    await waitFor(() => expect(calls.filter((c) => c.path === 'profile.setLanguage').map((c) => c.input)).toEqual([{ language: 'en' }]));
    expect(sessionStorage.getItem('languageSaved')).toBe(`${memberFixture().id}:en`);
    fireEvent.click((await screen.findAllByTestId('language.bn'))[0]!);
    await waitFor(() => expect(calls.filter((c) => c.path === 'profile.setLanguage').map((c) => c.input)).toEqual([{ language: 'en' }, { language: 'bn' }]));
  });
});
