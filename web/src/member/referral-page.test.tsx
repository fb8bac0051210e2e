import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TReferralSummary } from '@wl/schemas/wps/referral-calls';
import { AppRoutes } from '../app/routes.tsx';
import { referralCodeOf } from '../modals/register-modal.tsx';
import { memberFixture } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';

/** The first render of a lazy page compiles its chunks: wait for it, not for a fixed time. */
const LAZY = { timeout: 10_000 };

const SUMMARY: TReferralSummary = {
  enabled: true,
  code: 'K7M2Q9XP',
  promotion: { title: 'Invite friends', rules: 'Line one\nLine two', rewardMinor: 7_000, minDepositMinor: 50_000, turnoverMinor: 20_000, windowDays: 30 },
  friends: [
    { name: 'a****1', registeredAt: '2026-11-20T10:00:00.000Z', state: 'pending', missing: ['mobile', 'turnover'], rewardMinor: 0 },
    { name: 'b****2', registeredAt: '2026-11-19T10:00:00.000Z', state: 'paid', missing: [], rewardMinor: 7_000 },
    { name: 'c****3', registeredAt: '2026-11-18T10:00:00.000Z', state: 'not_eligible', missing: [], rewardMinor: 0 },
  ],
  friendCount: 3,
  totalPaidMinor: 7_000,
};

describe('referral page', () => {
  it('settles before it reads, then shows the link on the site’s own origin, the code, the QR, the terms and each friend’s state', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    const { calls } = renderWithApp(<AppRoutes />, {
      path: '/member/referral',
      handlers: {
        'member.info': () => memberFixture(),
        'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
        'referral.summary': () => SUMMARY,
        'referral.settle': () => ({ paid: 0 }),
      },
    });
    expect((await screen.findByTestId('referral.code', {}, LAZY)).textContent).toBe('K7M2Q9XP');
    expect(screen.getByTestId('referral.link').textContent).toBe(`${window.location.origin}/register?ref=K7M2Q9XP`);
    expect(screen.getByTestId('referral.terms').textContent).toContain('30 days');
    const friends = screen.getAllByTestId('referral.friend');
    expect(friends.map((f) => f.getAttribute('data-state'))).toEqual(['pending', 'paid', 'not_eligible']);
    expect(within(friends[0]!).getByTestId('referral.friend.missing').textContent).toBe('Still missing: a verified mobile, the turnover');
    expect(within(friends[2]!).getByTestId('referral.friend.state').textContent).toBe('Not eligible');
    expect(screen.getByTestId('referral.total').textContent).toContain('70');
    expect((await screen.findByTestId('referral.qr', {}, LAZY)).getAttribute('alt')).toBe('QR code of your referral link');
    const order = calls.map((c) => c.path).filter((p) => p.startsWith('referral.'));
    expect(order[0]).toBe('referral.settle');
    expect(order).toContain('referral.summary');
  });

  it('says so when no referral promotion runs', async () => {
    sessionStorage.setItem('token', 'tok-member1');
    renderWithApp(<AppRoutes />, {
      path: '/member/referral',
      handlers: {
        'member.info': () => memberFixture(),
        'member.balance': () => ({ balance: 0, currencySymbol: '৳' }),
        'referral.settle': () => ({ paid: 0 }),
        'referral.summary': () => ({ ...SUMMARY, enabled: false, promotion: null, friends: [], friendCount: 0, totalPaidMinor: 0 }),
      },
    });
    expect(await screen.findByTestId('referral.off', {}, LAZY)).toBeTruthy();
    expect(screen.getByTestId('referral.none')).toBeTruthy();
    expect(screen.queryByTestId('referral.terms')).toBeNull();
  });
});

describe('a referral link', () => {
  it('carries its code into the registration, upper-cased, and nothing that cannot be a code', () => {
    expect(referralCodeOf('?ref=k7m2q9xp')).toBe('K7M2Q9XP');
    expect(referralCodeOf('?ref=K7M2Q9XP&code=abc')).toBe('K7M2Q9XP');
    for (const bad of ['', '?ref=', '?ref=K7M2Q9X', '?ref=K7M2Q9XO', `?ref=${'A'.repeat(9)}`, '?ref=%00K7M2Q9X']) expect(referralCodeOf(bad), bad).toBeNull();
  });
});
