import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { WLG_MESSAGES, WLG_PATHS, WPS_CODES, ZWlgSlotSpinResponse } from '@wl/schemas';
import { openDatabase, type TDatabase } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { platformEnv } from '../../env.ts';
import { commitHold } from '../../test-support/commit-hold.ts';
import { databaseUrlOf } from '../../test-support/db.ts';
import { useGamePlatform } from '../../test-support/games.ts';
import { openRealSlot, spinAsGateway } from '../../test-support/slot-as-gateway.ts';
import { accountFor } from '../../wallet/ledger.service.ts';
import { afterAnswerDone } from './after-answer.ts';
import { roundIds } from './rounds.service.ts';

// docs/0088: a spin whose wallet calls cannot finish before the gateway's deadline still answers
// before it, with the truth, and the money ends right. The slow step is real: the member's wallet
// row held by another transaction (on PGlite, whose one session then waits as a whole), or the win's own
// transaction held open at its commit. The wallet's loopback calls carry the deadline: the client
// waits no longer, the wallet commits nothing past it. The platform's clock is real time plus a
// shift the test moves; nothing in the test waits on time.

let shiftMs = 0;
/**
 * What is left of the deadline once the test moves the clock: the real time the wallet client then
 * waits. Long enough for the next check (the same turn of the event loop but for a loaded machine)
 * to come before it.
 */
const MOMENT_MS = 1500;
const hold = commitHold();
const games = useGamePlatform({ clock: () => new Date(Date.now() + shiftMs), build: { beforeCommit: hold.beforeCommit } });
const { ctx } = games;
const extra: TDatabase[] = [];
afterAll(async () => {
  for (const d of extra) await d.close();
});

/** Another handle on the test database: on PostgreSQL a pool of its own (another process's session); on PGlite the same one. */
async function secondHandle(): Promise<Kysely<DB>> {
  if (!platformEnv.databaseUrl) return ctx.db;
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(ctx.db)).rows[0]!.s;
  const second = await openDatabase({ databaseUrl: databaseUrlOf(ctx.db), schema });
  extra.push(second);
  return second.db;
}

/** Holds the row of the member's wallet account (which every move of its money updates) until `release`. */
async function holdWalletRow(db: Kysely<DB>, memberId: number) {
  const walletId = await accountFor(ctx.db, { id: 1, currency: 'BDT' }, 'member_wallet', { memberId });
  let locked!: () => void;
  let release!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const done = db.transaction().execute(async (trx) => {
    await trx.selectFrom('ledger_accounts').select('id').where('id', '=', walletId).forUpdate().execute();
    locked();
    await released;
  });
  await isLocked;
  return { release: async () => (release(), await done) };
}

/** The member's newest slot round. */
const lastRound = (memberId: number) =>
  ctx.db.selectFrom('game_rounds').select(['id', 'state']).where('member_id', '=', memberId).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

/** Lets the spin run to its stake: the draw committed, the check before the stake reached and held. */
async function untilStake(token: string) {
  const draw = hold.holdNext();
  const spin = spinAsGateway(games, token, Date.now() + shiftMs);
  await draw.reached;
  const stake = hold.holdNext();
  draw.release();
  await stake.reached;
  return { spin, stake };
}

describe('a spin whose wallet calls overrun the deadline', () => {
  it('a stake held up by a locked wallet row: busy before the deadline, nothing taken, the round rolled back', async () => {
    const game = await openRealSlot(games);
    const memberId = await games.demoMemberId();
    const before = await games.walletOf(memberId);
    const { spin, stake } = await untilStake(game.token);
    const row = await holdWalletRow(await secondHandle(), memberId);
    // A moment of the deadline is left when the stake is asked for; the bet waits for the row.
    shiftMs += 60_000 - MOMENT_MS;
    stake.release();
    const res = await spin;
    // Answered while the row is still held: the spin did not wait for the database.
    const answer: unknown = res.json();
    await row.release();
    expect(answer).toMatchObject({ success: false, code: WPS_CODES.systemBusy, message: WLG_MESSAGES.busy });
    await afterAnswerDone();
    const round = await lastRound(memberId);
    expect(round.state).toBe('rolled_back');
    // The bet was never committed (past its deadline) or was refunded: the rollback is recorded, the money is where it was.
    const calls = (await games.walletCallsOf(roundIds(round.id).round)).map((c) => c.kind);
    expect(calls.at(-1)).toBe('rollback');
    expect(await games.walletOf(memberId)).toBe(before);
    expect((await games.post(WLG_PATHS.closeMine, {}, games.member)).json()).toMatchObject({ success: true });
  });

  it('a win held up at its commit: the round answered placed with the balance it lands on, then paid once', async () => {
    const game = await openRealSlot(games);
    const memberId = await games.demoMemberId();
    const before = await games.walletOf(memberId);
    const { spin, stake } = await untilStake(game.token);
    const bet = hold.holdNext();
    stake.release();
    await bet.reached;
    // The bet commits with a moment left; the win's transaction is then held open at its commit.
    shiftMs += 60_000 - MOMENT_MS;
    const win = hold.holdNext();
    bet.release();
    await win.reached;
    const res = await spin;
    const answer = ZWlgSlotSpinResponse.parse(res.json().value);
    expect(answer.round.state).toBe('placed');
    expect(answer.balanceMinor).toBe(before - answer.round.stakeMinor + answer.round.payoutMinor);
    // The held win commits past the deadline: rolled back. The win owed goes on after the answer, once.
    win.release();
    await afterAnswerDone();
    const round = await lastRound(memberId);
    expect(round.state).toBe('settled');
    expect((await games.walletCallsOf(roundIds(round.id).round)).map((c) => c.kind)).toEqual(['bet', 'win']);
    expect(await games.walletOf(memberId)).toBe(answer.balanceMinor);
    expect((await games.post(WLG_PATHS.closeMine, {}, games.member)).json()).toMatchObject({ success: true });
  });
});
