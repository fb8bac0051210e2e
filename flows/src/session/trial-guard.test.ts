import { describe, expect, it } from 'vitest';
import { guardMemberAction } from './trial-guard.ts';

describe('guardMemberAction (SPEC §6, §8)', () => {
  it.each([
    [{ isLoggedIn: false, isTrial: false }, { kind: 'login' }],
    [{ isLoggedIn: false, isTrial: true }, { kind: 'login' }],
    [
      { isLoggedIn: true, isTrial: true },
      { kind: 'trialBlocked', messageKey: 'in_need_true_account' },
    ],
    [{ isLoggedIn: true, isTrial: false }, { kind: 'allowed' }],
  ])('%j → %j', (session, expected) => {
    expect(guardMemberAction(session)).toEqual(expected);
  });
});
