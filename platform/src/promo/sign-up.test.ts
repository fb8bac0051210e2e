import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, AGENT_TEAM_PATHS, TRIAL_TYPE } from '@wl/schemas';
import { DEMO_AGENT_INVITATION_CODE } from '../seed/demo-accounts.ts';
import { usePlatform } from '../test-support/db.ts';
import { loginToken, registerMember, tokenCall } from '../test-support/http.ts';
import { ensureReferralCode } from '../referral/referral.queries.ts';
import { demoMemberRow } from '../test-support/demo-merchant.ts';

/**
 * Who is offered the sign-up bonus (docs/0100): a player who signs up, with no code, through a
 * member's referral link or an agent's member link; never an agent's account (an agent link that
 * makes an agent), an account an agent opens for a member, or a trial account.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
let agentId = 0;
let agentToken = '';

const idOf = async (username: string) => (await demoMemberRow(ctx.db, username).select('id').executeTakeFirstOrThrow()).id;
/** The member's sign-up offers (the seed runs one sign-up promotion). */
const signUpOffers = async (memberId: number) =>
  ctx.db.selectFrom('bonus_awards').select(['state', 'source']).where('member_id', '=', memberId).where('source', '=', 'sign_up').execute();
let mobile = 1712300000;
const register = async (username: string, extra: Record<string, unknown> = {}) => {
  mobile += 1;
  const res = await registerMember(ctx, 'username', { username, password: 'Abcd1234', confirmPassword: 'Abcd1234', mobileNum: String(mobile), ...extra });
  expect(res.json(), username).toMatchObject({ success: true });
  return idOf(username);
};

beforeAll(async () => {
  agentId = await idOf('demo_agent');
  agentToken = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
  const { merchant_id } = await ctx.db.selectFrom('members').select('merchant_id').where('id', '=', agentId).executeTakeFirstOrThrow();
  // An agent's link that makes an agent (registerCenter's agent invitation).
  await ctx.db.insertInto('agent_invitations').values({ merchant_id, agent_id: agentId, code: 'AGSIGN22', member_type: 'agent' }).execute();
});

describe('the sign-up bonus at registration', () => {
  it('is offered to a player who signs up: no code, a referral link, an agent’s member link', async () => {
    const code = await ensureReferralCode(ctx.db, await idOf('demo_member'));
    for (const [username, extra] of [
      ['signself1', {}],
      ['signref1', { referralCode: code }],
      ['signagm1', { affiliateCode: DEMO_AGENT_INVITATION_CODE }],
    ] as const) {
      const id = await register(username, extra);
      expect(await signUpOffers(id), username).toEqual([{ state: 'offered', source: 'sign_up' }]);
    }
  });

  it('is not offered to an agent’s account made through an agent link', async () => {
    const id = await register('signaga1', { affiliateCode: 'AGSIGN22' });
    const row = await ctx.db.selectFrom('members').select(['type', 'upline_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.upline_id).toBe(agentId);
    expect(row.type).not.toBe(0);
    expect(await signUpOffers(id)).toEqual([]);
  });

  it('is not offered to an account an agent opens for a member, nor to a trial account', async () => {
    const res = await call('POST', AGENT_TEAM_PATHS.registerDownline, agentToken, {
      username: 'signopen1',
      password: 'Abcd1234',
      confirmPassword: 'Abcd1234',
      role: 'member',
    });
    expect(res.json()).toMatchObject({ success: true });
    expect(await signUpOffers(await idOf('signopen1'))).toEqual([]);
    const trial = (
      await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginFreePlay, payload: { os: 'linux', platform: 'W', gatewayVersion: 3 } })
    ).json();
    expect(trial.success).toBe(true);
    const trials = await ctx.db.selectFrom('members').select('id').where('type', '=', TRIAL_TYPE).execute();
    expect(trials.length).toBeGreaterThan(0);
    const offered = await ctx.db.selectFrom('bonus_awards').select('member_id').where('source', '=', 'sign_up').execute();
    expect(offered.filter((o) => trials.some((t) => t.id === o.member_id))).toEqual([]);
  });
});
