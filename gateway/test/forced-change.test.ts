import { describe, expect, it } from 'vitest';
import { expectTRPCError } from './errors.ts';
import { sessionOf, useGateway, type THarness } from './harness.ts';

/**
 * docs/0014 through tRPC: the platform decides the forced password change and refuses a
 * must-change session everything but the change, member info and logout, until it is done.
 */

let h: THarness;

useGateway((started) => (h = started));

describe('forced password change through the gateway', () => {
  it('refuses favourites, launch and balance with error_password_change_required until the change, then allows them', async () => {
    const session = sessionOf(await h.client().session.login.mutate({ username: 'demo_weak', password: '123456' }));
    expect(session.mustChangePassword).toBe(true);
    const member = h.client({ token: session.token });
    const refused = (call: Promise<unknown>) => expectTRPCError(call, 'FORBIDDEN', 'error_password_change_required');
    await refused(member.member.balance.query());
    await refused(member.catalogue.favouriteIds.query());
    await refused(member.catalogue.launch.mutate({ nodeId: 'no-such-game', freeTrial: false }));
    await refused(member.session.firstLoginDone.mutate());
    // What the change modal needs still answers.
    expect((await member.member.info.query()).userName).toBe('demo_weak');

    await expectTRPCError(member.account.changePassword.mutate({ newPassword: 'Better123', confirmPassword: 'Better124' }), 'BAD_REQUEST');
    await refused(member.member.balance.query());
    expect(await member.account.changePassword.mutate({ newPassword: 'Better123', confirmPassword: 'Better123' })).toEqual({ ok: true });

    expect((await member.member.balance.query()).currencySymbol).toBeTruthy();
    expect(Array.isArray((await member.catalogue.favouriteIds.query()).ids)).toBe(true);
    const again = sessionOf(await h.client().session.login.mutate({ username: 'demo_weak', password: 'Better123' }));
    expect(again.mustChangePassword).toBe(false);
  });

  it('lets a must-change session log out', async () => {
    const session = sessionOf(await h.client().session.login.mutate({ username: 'demo_weak2', password: '123456' }));
    const member = h.client({ token: session.token });
    await member.session.logout.mutate();
    await expectTRPCError(member.member.info.query(), 'UNAUTHORIZED');
  });
});
