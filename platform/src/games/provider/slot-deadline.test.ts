import { describe, expect, it } from 'vitest';
import { WLG_PATHS, WPS_CODES, WPS_MESSAGES, ZWlgSlotSpinResponse } from '@wl/schemas';
import { commitHold } from '../../test-support/commit-hold.ts';
import { useGamePlatform } from '../../test-support/games.ts';
import { openRealSlot, spinAsGateway } from '../../test-support/slot-as-gateway.ts';
import { roundIds } from './rounds.service.ts';

// docs/0078: a slot spin carries the gateway's deadline past its draw. The draw commits within it;
// the stake is asked for only while the gateway still waits. Nothing waits on time: the platform's
// clock is real time plus a shift the test moves, and a deadline check is held on a promise.

let shiftMs = 0;
const hold = commitHold();
const games = useGamePlatform({ clock: () => new Date(Date.now() + shiftMs), build: { beforeCommit: hold.beforeCommit } });
const { ctx } = games;

describe('a slot spin and the gateway deadline', () => {
  it('within its deadline a spin is played and paid as any other', async () => {
    const game = await openRealSlot(games);
    const res = await spinAsGateway(games, game.token, Date.now() + shiftMs);
    const spin = ZWlgSlotSpinResponse.parse(res.json().value);
    expect(spin.round.state).toBe('settled');
    expect((await games.walletCallsOf(roundIds(Number(spin.round.roundId)).round)).map((c) => c.kind)).toEqual(['bet', 'win']);
    expect((await games.post(WLG_PATHS.closeMine, {}, games.member)).json()).toMatchObject({ success: true });
  });

  it('a deadline that passes after the draw committed takes no stake: busy, the round refused, no wallet call, the balance unchanged', async () => {
    const game = await openRealSlot(games);
    const memberId = await games.demoMemberId();
    const before = await games.walletOf(memberId);
    const draw = hold.holdNext();
    const spin = spinAsGateway(games, game.token, Date.now() + shiftMs);
    await draw.reached;
    const stake = hold.holdNext();
    draw.release();
    // The draw commits; before the stake is asked for the deadline is checked again. A spin that
    // did not check would answer here instead.
    const next = await Promise.race([stake.reached.then(() => 'checked' as const), spin.then(() => 'answered' as const)]);
    expect(next).toBe('checked');
    shiftMs += 120_000;
    stake.release();
    const res = await spin;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: WPS_CODES.busy, message: WPS_MESSAGES.busy });
    const round = await ctx.db
      .selectFrom('game_rounds')
      .select(['id', 'state'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(round.state).toBe('refused');
    expect(await games.walletCallsOf(roundIds(round.id).round)).toEqual([]);
    expect(await games.walletOf(memberId)).toBe(before);
  });
});
