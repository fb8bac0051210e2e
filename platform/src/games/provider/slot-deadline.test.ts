import { describe, expect, it } from 'vitest';
import { WLG_PATHS, WPS_CODES, WPS_HEADERS, WPS_MESSAGES, ZWlgSlotSpinResponse } from '@wl/schemas';
import { BUILT_IN_GAMES } from '../../kernel/catalogue.ts';
import { commitHold } from '../../test-support/commit-hold.ts';
import { useGamePlatform } from '../../test-support/games.ts';
import { fromClientIp } from '../../test-support/http.ts';
import { roundIds } from './rounds.service.ts';

// docs/0078: a slot spin carries the gateway's deadline past its draw. The draw commits within it;
// the stake is asked for only while the gateway still waits. Nothing waits on time: the platform's
// clock is real time plus a shift the test moves, and a deadline check is held on a promise.

let shiftMs = 0;
const hold = commitHold();
const games = useGamePlatform({ clock: () => new Date(Date.now() + shiftMs), build: { beforeCommit: hold.beforeCommit } });
const { ctx } = games;

/** A spin as the gateway relays it: its secret, and a deadline a minute from the platform's now. */
const spinAsGateway = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: WLG_PATHS.slotSpin,
    headers: { ...fromClientIp('203.0.113.9'), [WPS_HEADERS.deadline]: String(Date.now() + shiftMs + 60_000) },
    payload: { token, betPerLineMinor: 100 },
  });

/** demo_member's real-money slot session, opened as the game page opens it. */
async function openSlot() {
  const launched = await games.launch(BUILT_IN_GAMES[0].nodeId, games.member);
  expect(launched.success).toBe(true);
  return games.openPage(new URL(launched.value!.content.game_url, 'http://x'));
}

describe('a slot spin and the gateway deadline', () => {
  it('within its deadline a spin is played and paid as any other', async () => {
    const game = await openSlot();
    const res = await spinAsGateway(game.token);
    const spin = ZWlgSlotSpinResponse.parse(res.json().value);
    expect(spin.round.state).toBe('settled');
    expect((await games.walletCallsOf(roundIds(Number(spin.round.roundId)).round)).map((c) => c.kind)).toEqual(['bet', 'win']);
    expect((await games.post(WLG_PATHS.closeMine, {}, games.member)).json()).toMatchObject({ success: true });
  });

  it('a deadline that passes after the draw committed takes no stake: busy, the round refused, no wallet call, the balance unchanged', async () => {
    const game = await openSlot();
    const memberId = await games.demoMemberId();
    const before = await games.walletOf(memberId);
    const draw = hold.holdNext();
    const spin = spinAsGateway(game.token);
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
