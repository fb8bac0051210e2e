import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, MISSION_CALLS, MISSION_PATHS, type TMissionSave } from '@wl/schemas';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import type { WpsError } from '../http/envelope.ts';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { usePlatform } from '../test-support/db.ts';
import { expectRealAccountOnly, tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { signedInMember } from '../test-support/promo.ts';
import { insertSettledRounds } from '../test-support/rewards.ts';
import { dayOf, weekOf } from '../kernel/local-day.ts';
import { runLeaderboardPrizes } from './leaderboards.ts';
import { claimMission } from './missions.service.ts';

/**
 * Missions and leaderboards (docs/0119) at the platform: the check ladder (no session, trial account,
 * another merchant's mission, a claim before completion, a second claim, 50 claims at once), the
 * content/finance split, progress counted from settled rounds and sessions only, a bonus reward, a
 * closed account paid nothing, and the leaderboard's ranking and its prizes paid once by the job.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
let tokens: Awaited<ReturnType<typeof roleTokens>>;
let merchant: TMerchant;
const DAY = 86_400_000;
const deps = () => ({ db: ctx.db, clock: () => new Date() }) as unknown as TPlatformDeps;

const missionInput = (over: Partial<TMissionSave> = {}): TMissionSave => ({
  id: null,
  cadence: 'daily',
  nameEn: 'Play 2 rounds',
  nameBn: '২টি রাউন্ড খেলুন',
  tasks: [{ kind: 'rounds', gameType: null, target: 2 }],
  points: 10,
  active: true,
  sort: 0,
  ...over,
});
/** A mission saved by content and paid as finance sets it: its id. */
async function mission(over: Partial<TMissionSave>, reward: { kind: 'cash' | 'bonus'; amountMinor: number; turnoverMultiple: number | null }) {
  const saved = (await call('POST', MISSION_PATHS.saveMission, tokens.content, missionInput(over))).json();
  expect(saved, 'save').toMatchObject({ success: true });
  const id = saved.value.id as number;
  const termsVersion = saved.value.termsVersion as number;
  expect((await call('POST', MISSION_PATHS.setMissionReward, tokens.finance, { id, termsVersion, ...reward })).json(), 'reward').toMatchObject({
    success: true,
  });
  return id;
}
const claim = (token: string | null, missionId: unknown) => call('POST', MISSION_PATHS.claim, token, { missionId });
const list = async (token: string) =>
  (await call('GET', MISSION_PATHS.list, token)).json().value as {
    missions: { id: number; complete: boolean; claimed: boolean; tasks: { done: number }[] }[];
    claimable: number;
  };
const balance = async (memberId: number, kind: 'member_bonus' | 'member_wallet') =>
  Number(
    (await ctx.db.selectFrom('ledger_accounts').select('balance_minor').where('member_id', '=', memberId).where('kind', '=', kind).executeTakeFirst())
      ?.balance_minor ?? 0,
  );
const claimsOf = (missionId: number) => ctx.db.selectFrom('mission_claims').selectAll().where('mission_id', '=', missionId).execute();

beforeAll(async () => {
  tokens = await roleTokens(ctx.app);
  merchant = (await ctx.db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow()) as unknown as TMerchant;
});

describe('missions', () => {
  it('keep the ladder: no session, a trial account, bad input, the content/finance split, audited', async () => {
    const trial = (
      await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginFreePlay, payload: { os: 'linux', platform: 'W', gatewayVersion: 3 } })
    ).json().value.token as string;
    await expectRealAccountOnly(
      ctx,
      trial,
      Object.values(MISSION_CALLS).map((c) => [c.method, c.path] as const),
      { missionId: 1 },
    );
    // Content writes missions, not what they pay; finance sets the reward, not the mission; support neither.
    expect((await call('POST', MISSION_PATHS.saveMission, tokens.finance, missionInput())).statusCode).toBe(403);
    expect((await call('POST', MISSION_PATHS.saveMission, tokens.support, missionInput())).statusCode).toBe(403);
    const before = await ctx.db.selectFrom('missions').select('id').execute();
    for (const bad of [
      missionInput({ tasks: [] }),
      missionInput({ tasks: [{ kind: 'rounds', gameType: null, target: 0 }] }),
      missionInput({ nameEn: 'x\u0000' }),
      missionInput({ nameBn: 'ম'.repeat(1_000_000) }),
      missionInput({ cadence: 'hourly' as 'daily' }),
    ])
      expect([400, 413]).toContain((await call('POST', MISSION_PATHS.saveMission, tokens.content, bad)).statusCode);
    expect(await ctx.db.selectFrom('missions').select('id').execute()).toEqual(before);
    const id = (await call('POST', MISSION_PATHS.saveMission, tokens.content, missionInput({ nameEn: 'Split' }))).json().value.id as number;
    expect(
      (await call('POST', MISSION_PATHS.setMissionReward, tokens.content, { id, termsVersion: 1, kind: 'cash', amountMinor: 500, turnoverMultiple: null }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', MISSION_PATHS.setMissionReward, tokens.finance, { id, termsVersion: 1, kind: 'bonus', amountMinor: 500, turnoverMultiple: null }))
        .statusCode,
    ).toBe(400);
    // Without a reward the mission is not offered (content alone cannot make it pay).
    const m = await signedInMember(ctx, 'mission_ladder');
    expect((await list(m.token)).missions.map((x) => x.id)).not.toContain(id);
    expect((await claim(m.token, id)).json()).toMatchObject({ success: false, message: 'mission_unknown' });
    const price = (termsVersion: number) =>
      call('POST', MISSION_PATHS.setMissionReward, tokens.finance, { id, termsVersion, kind: 'cash', amountMinor: 500, turnoverMultiple: null });
    expect((await price(1)).json().success).toBe(true);
    // Content makes the priced mission easier (one round, weekly): its reward goes and its terms move
    // on, so it is not offered, and finance's price for the terms it saw before is refused (M-51).
    const easier = (
      await call(
        'POST',
        MISSION_PATHS.saveMission,
        tokens.content,
        missionInput({ id, nameEn: 'Split', tasks: [{ kind: 'rounds', gameType: null, target: 1 }] }),
      )
    ).json();
    expect(easier.value).toMatchObject({ reward: null, termsVersion: 2 });
    expect((await list(m.token)).missions.map((x) => x.id)).not.toContain(id);
    expect((await claim(m.token, id)).json()).toMatchObject({ success: false, message: 'mission_unknown' });
    expect((await price(1)).json()).toMatchObject({ success: false, message: 'mission_terms_changed' });
    // A change of its name, points or switch keeps the price.
    expect((await price(2)).json().success).toBe(true);
    const renamed = (
      await call(
        'POST',
        MISSION_PATHS.saveMission,
        tokens.content,
        missionInput({ id, nameEn: 'Split again', points: 50, tasks: [{ kind: 'rounds', gameType: null, target: 1 }] }),
      )
    ).json();
    expect(renamed.value).toMatchObject({ reward: { kind: 'cash', amountMinor: 500 }, termsVersion: 2 });
    const audit = await ctx.db.selectFrom('config_audit').select('action').where('action', 'in', ['mission.save', 'mission.reward']).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['mission.reward', 'mission.reward', 'mission.save', 'mission.save', 'mission.save']);
    // Another merchant's mission is unknown to this member.
    const other = await otherMerchant(ctx.db, 'MISSX');
    const operator = await ctx.db.selectFrom('operators').select('id').executeTakeFirstOrThrow();
    const foreign = await ctx.db
      .insertInto('missions')
      .values({
        merchant_id: other.id,
        cadence: 'daily',
        name_en: 'x',
        name_bn: 'x',
        tasks: JSON.stringify([{ kind: 'login_days', gameType: null, target: 1 }]),
        active: true,
        reward_kind: 'cash',
        reward_minor: 100,
        created_by: operator.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await claim(m.token, foreign.id)).json()).toMatchObject({ success: false, message: 'mission_unknown' });
    for (const bad of [0, -1, 'x', null, 2 ** 40]) expect((await claim(m.token, bad)).statusCode, String(bad)).toBe(400);
    expect(await balance(m.id, 'member_wallet')).toBe(0);
  });

  it('count settled rounds only; a claim before completion is refused; a completed one is paid once; the badge follows', async () => {
    const id = await mission({ nameEn: 'Rounds' }, { kind: 'cash', amountMinor: 2_500, turnoverMultiple: null });
    const m = await signedInMember(ctx, 'mission_rounds');
    const mine = async () => (await list(m.token)).missions.find((x) => x.id === id)!;
    expect(await mine()).toMatchObject({ complete: false, claimed: false, tasks: [{ done: 0 }] });
    // A round settled yesterday is outside today's period.
    await insertSettledRounds(ctx.db, m.id, 'RNG', [{ stake: 1_000, payout: 0 }], new Date(Date.now() - DAY));
    await insertSettledRounds(ctx.db, m.id, 'RNG', [{ stake: 1_000, payout: 0 }]);
    expect(await mine()).toMatchObject({ complete: false, tasks: [{ done: 1 }] });
    expect((await claim(m.token, id)).json()).toMatchObject({ success: false, message: 'mission_not_complete' });
    const claimableBefore = (await call('GET', MISSION_PATHS.summary, m.token)).json().value.claimable as number;
    await insertSettledRounds(ctx.db, m.id, 'LIVE', [{ stake: 500, payout: 900 }]);
    expect(await mine()).toMatchObject({ complete: true, claimed: false, tasks: [{ done: 2 }] });
    const claimable = (await call('GET', MISSION_PATHS.summary, m.token)).json().value.claimable as number;
    expect(claimable).toBeGreaterThan(claimableBefore);
    expect((await claim(m.token, id)).json()).toMatchObject({
      success: true,
      value: { reward: { kind: 'cash', amountMinor: 2_500 }, points: 10, awardId: null },
    });
    expect((await claim(m.token, id)).json()).toMatchObject({ success: false, message: 'mission_already_claimed' });
    expect(await balance(m.id, 'member_wallet')).toBe(2_500);
    expect(await mine()).toMatchObject({ complete: true, claimed: true });
    expect((await call('GET', MISSION_PATHS.summary, m.token)).json().value.claimable).toBe(claimable - 1);
  });

  it('pay one of 50 parallel claims; a bonus reward goes to the bonus wallet with its turnover; a closed account gets nothing', async () => {
    const id = await mission(
      { nameEn: 'Log in', tasks: [{ kind: 'login_days', gameType: null, target: 1 }] },
      { kind: 'cash', amountMinor: 1_000, turnoverMultiple: null },
    );
    const m = await signedInMember(ctx, 'mission_race');
    const answers = await Promise.allSettled(Array.from({ length: 50 }, () => claimMission(deps(), merchant, m.id, id, '127.0.0.1')));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(new Set(answers.flatMap((a) => (a.status === 'rejected' ? [(a.reason as WpsError).message] : [])))).toEqual(new Set(['mission_already_claimed']));
    expect(await claimsOf(id)).toHaveLength(1);
    expect(await balance(m.id, 'member_wallet')).toBe(1_000);
    // A bare member has never logged in: the login task is not done.
    const { ids } = await insertBareMembers(ctx.db, 1, 'mission_bare_');
    await expect(claimMission(deps(), merchant, ids[0]!, id, '127.0.0.1')).rejects.toMatchObject({ message: 'mission_not_complete' });

    const bonus = await mission(
      { nameEn: 'Bonus', tasks: [{ kind: 'login_days', gameType: null, target: 1 }] },
      { kind: 'bonus', amountMinor: 3_000, turnoverMultiple: 4 },
    );
    expect((await claim(m.token, bonus)).json()).toMatchObject({ success: true, value: { reward: { kind: 'bonus', amountMinor: 3_000 }, held: false } });
    const award = await ctx.db.selectFrom('bonus_awards').selectAll().where('member_id', '=', m.id).executeTakeFirstOrThrow();
    expect([award.source, award.state, Number(award.turnover_required_minor)]).toEqual(['mission', 'active', 12_000]);
    expect(await balance(m.id, 'member_bonus')).toBe(3_000);

    const closed = await signedInMember(ctx, 'mission_closed');
    await ctx.db
      .insertInto('protection_exclusions')
      .values({
        member_id: closed.id,
        merchant_id: merchant.id,
        kind: 'timeout',
        period: '7d',
        started_at: new Date(),
        ends_at: new Date(Date.now() + 7 * DAY),
      })
      .execute();
    expect((await claim(closed.token, id)).json()).toMatchObject({ success: false, message: 'protection_excluded' });
    expect(await balance(closed.id, 'member_wallet')).toBe(0);
    expect((await claimsOf(id)).map((c) => c.member_id)).toEqual([m.id]);
  });

  it("count login days and periods in the merchant's local day; a claim of an overlapping earlier period counts as this one's (docs/0125)", async () => {
    const { tz_offset_minutes: offset } = await ctx.db
      .selectFrom('merchants')
      .select('tz_offset_minutes')
      .where('id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    expect(offset).toBe(360);
    const at = (from: Date, minutes: number) => new Date(from.getTime() + minutes * 60_000);
    const claimAt = (now: Date, missionId: number) =>
      claimMission({ db: ctx.db, clock: () => now } as unknown as TPlatformDeps, merchant, m!, missionId, '127.0.0.1');
    const logIn = (startedAt: Date) =>
      ctx.db
        .insertInto('sessions')
        .values({ member_id: m!, token_hash: `tz-${m}-${startedAt.getTime()}`, ip: '', expires_at: at(startedAt, 30), started_at: startedAt })
        .execute();
    const daily = await mission(
      { nameEn: 'Local day', tasks: [{ kind: 'login_days', gameType: null, target: 1 }] },
      { kind: 'cash', amountMinor: 100, turnoverMultiple: null },
    );
    const weekly = await mission(
      { nameEn: 'Two local days', cadence: 'weekly', tasks: [{ kind: 'login_days', gameType: null, target: 2 }] },
      { kind: 'cash', amountMinor: 200, turnoverMultiple: null },
    );
    const {
      ids: [m],
    } = await insertBareMembers(ctx.db, 1, 'mission_tz_');
    // A local midnight ahead (18:00 UTC at +6) inside a local week, so both its sides are one week.
    let midnight = dayOf(new Date(), offset).end;
    if (weekOf(midnight, offset).start.getTime() === midnight.getTime()) midnight = at(midnight, 24 * 60);

    await logIn(at(midnight, -10));
    await expect(claimAt(at(midnight, -5), daily)).resolves.toMatchObject({ reward: { amountMinor: 100 } });
    // Past the local midnight (the same UTC day): a new day, not yet logged in.
    await expect(claimAt(at(midnight, 5), daily)).rejects.toMatchObject({ message: 'mission_not_complete' });
    await expect(claimAt(at(midnight, 5), weekly)).rejects.toMatchObject({ message: 'mission_not_complete' });
    await logIn(at(midnight, 10));
    // Two logins 20 minutes apart are two login days of the local week.
    await expect(claimAt(at(midnight, 15), weekly)).resolves.toMatchObject({ reward: { amountMinor: 200 } });
    await expect(claimAt(at(midnight, 15), daily)).resolves.toMatchObject({ reward: { amountMinor: 100 } });
    const claims = (await claimsOf(daily)).map((c) => new Date(c.period_start).getTime()).sort();
    expect(claims).toEqual([at(midnight, -24 * 60).getTime(), midnight.getTime()]);

    // A claim written under the UTC days (before docs/0125) of the UTC day inside the next local day covers it.
    const next = at(midnight, 24 * 60);
    const utcDay = dayOf(at(next, 1), 0).end;
    const first = (await claimsOf(daily))[0]!;
    await ctx.db
      .insertInto('mission_claims')
      .values({ ...first, id: undefined, created_at: undefined, period_start: utcDay })
      .execute();
    await logIn(at(next, 30));
    await expect(claimAt(at(next, 60), daily)).rejects.toMatchObject({ message: 'mission_already_claimed' });
  });
});

describe('leaderboards', () => {
  it('rank by valid turnover with masked names and the own rank; the job pays each prize once, passing over a closed account', async () => {
    const saved = (
      await call('POST', MISSION_PATHS.saveLeaderboard, tokens.content, {
        id: null,
        nameEn: 'Daily turnover',
        nameBn: 'দৈনিক টার্নওভার',
        metric: 'turnover',
        period: 'daily',
        active: true,
      })
    ).json();
    expect(saved).toMatchObject({ success: true });
    const board = saved.value.id as number;
    expect((await call('POST', MISSION_PATHS.setLeaderboardPrizes, tokens.content, { id: board, prizes: [3_000, 1_000] })).statusCode).toBe(403);
    expect((await call('POST', MISSION_PATHS.setLeaderboardPrizes, tokens.finance, { id: board, prizes: [3_000, 1_000] })).json().success).toBe(true);
    await ctx.db
      .updateTable('leaderboards')
      .set({ created_at: new Date(Date.now() - 3 * DAY) })
      .where('id', '=', board)
      .execute();
    const [a, b, c] = [await signedInMember(ctx, 'board_alpha'), await signedInMember(ctx, 'board_bravo'), await signedInMember(ctx, 'board_charlie')];
    const yesterday = new Date(Date.now() - DAY);
    // Valid amounts yesterday: a 500,000 (the stake, lost), b 200,000, c 80,000 (|payout − stake| below the stake).
    await insertSettledRounds(ctx.db, a.id, 'RNG', [{ stake: 500_000, payout: 0 }], yesterday);
    await insertSettledRounds(ctx.db, b.id, 'RNG', [{ stake: 200_000, payout: 0 }], yesterday);
    await insertSettledRounds(ctx.db, c.id, 'RNG', [{ stake: 200_000, payout: 280_000 }], yesterday);
    await insertSettledRounds(ctx.db, c.id, 'RNG', [{ stake: 70_000, payout: 0 }]);
    await insertSettledRounds(ctx.db, b.id, 'RNG', [{ stake: 30_000, payout: 0 }]);

    const view = (await call('GET', MISSION_PATHS.leaderboards, b.token)).json().value.boards.find((x: { id: number }) => x.id === board);
    expect(view.top.slice(0, 2)).toEqual([
      { rank: 1, name: 'bo********ie', score: 70_000 },
      { rank: 2, name: 'bo*******vo', score: 30_000 },
    ]);
    expect(view.mine).toEqual({ rank: 2, score: 30_000 });
    expect(view.prizes).toEqual([
      { rank: 1, amountMinor: 3_000 },
      { rank: 2, amountMinor: 1_000 },
    ]);
    expect((await call('GET', MISSION_PATHS.leaderboards, a.token)).json().value.boards.find((x: { id: number }) => x.id === board).mine).toEqual({
      rank: null,
      score: 0,
    });

    // a, first yesterday, is closed: b takes the first prize and c the second.
    await ctx.db
      .insertInto('protection_exclusions')
      .values({ member_id: a.id, merchant_id: merchant.id, kind: 'timeout', period: '7d', started_at: new Date(), ends_at: new Date(Date.now() + 7 * DAY) })
      .execute();
    await runLeaderboardPrizes(ctx.db, new Date());
    await Promise.all([runLeaderboardPrizes(ctx.db, new Date()), runLeaderboardPrizes(ctx.db, new Date())]);
    const payouts = await ctx.db
      .selectFrom('leaderboard_payouts')
      .select(['member_id', 'rank', 'amount_minor'])
      .where('leaderboard_id', '=', board)
      .orderBy('rank')
      .execute();
    expect(payouts.map((p) => [p.member_id, p.rank, Number(p.amount_minor)])).toEqual([
      [b.id, 1, 3_000],
      [c.id, 2, 1_000],
    ]);
    expect([await balance(a.id, 'member_wallet'), await balance(b.id, 'member_wallet'), await balance(c.id, 'member_wallet')]).toEqual([0, 3_000, 1_000]);
    const audit = await ctx.db.selectFrom('config_audit').select('action').where('action', 'in', ['leaderboard.save', 'leaderboard.prizes']).execute();
    expect(audit.map((x) => x.action).sort()).toEqual(['leaderboard.prizes', 'leaderboard.save']);
  });

  it("pay the merchant's local days, and never a period overlapping one paid under the UTC days (docs/0125)", async () => {
    const board = (
      await call('POST', MISSION_PATHS.saveLeaderboard, tokens.content, {
        id: null,
        nameEn: 'Local days',
        nameBn: 'স্থানীয় দিন',
        metric: 'turnover',
        period: 'daily',
        active: true,
      })
    ).json().value.id as number;
    expect((await call('POST', MISSION_PATHS.setLeaderboardPrizes, tokens.finance, { id: board, prizes: [500] })).json().success).toBe(true);
    const now = new Date();
    await ctx.db
      .updateTable('leaderboards')
      .set({ created_at: new Date(now.getTime() - 4 * DAY) })
      .where('id', '=', board)
      .execute();
    const local = (days: number) => dayOf(new Date(now.getTime() - days * DAY), 360).start.getTime();
    // Paid under the UTC days: the UTC day from the midnight inside the local day three back.
    const utcPaid = dayOf(new Date(local(3) + 60_000), 0).end;
    await ctx.db.insertInto('leaderboard_runs').values({ leaderboard_id: board, period_start: utcPaid }).execute();
    await runLeaderboardPrizes(ctx.db, now);
    const runs = (await ctx.db.selectFrom('leaderboard_runs').select('period_start').where('leaderboard_id', '=', board).execute())
      .map((r) => new Date(r.period_start).getTime())
      .sort();
    // The local days four and one back; the two overlapping the UTC day paid before (three and two back) are passed.
    expect(runs).toEqual([local(4), utcPaid.getTime(), local(1)]);
  });
});
