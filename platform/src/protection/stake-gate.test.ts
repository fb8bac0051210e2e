import { beforeAll, describe, expect, it } from 'vitest';
import { PROTECTION_PATHS } from '@wl/schemas';
import { BUILT_IN_PROVIDER } from '../kernel/catalogue.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken, tokenCall } from '../test-support/http.ts';
import { fundWallet } from '../test-support/bare-members.ts';
import { signedInMember } from '../test-support/promo.ts';
import { seamlessCalls } from '../test-support/seamless-calls.ts';
import { armProtectionClockSeam } from './clock-seam.ts';
import { ledgerViolations, NO_VIOLATIONS } from '../wallet/ledger-invariants.ts';
import { demoProviderSecret } from '../test-support/demo-merchant.ts';

// docs/0104: loss, stake and session limits and the reality check hold in the bet's debit
// transaction (seamlessBet, the one path every stake takes), with the member's row locked, so 20
// parallel bets never overshoot. Both databases (PGlite; PostgreSQL with DATABASE_URL).

let nowMs = Date.now();
const ctx = usePlatform({ clock: () => new Date(nowMs) });
const call = tokenCall(ctx);
let secret = '';
const wallet = seamlessCalls(
  ctx,
  () => secret,
  () => nowMs,
);
let merchant: { id: number; currency: string };
const TK = 100;
let seq = 0;
const id = (tag: string) => `${tag}-${(seq += 1)}`;
const MONEY = ['seamless_transactions', 'ledger_transactions', 'ledger_entries'] as const;

beforeAll(async () => {
  secret = await demoProviderSecret(ctx.db, BUILT_IN_PROVIDER.code);
  merchant = await ctx.db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();
});

/** A new member with ৳10,000, signed in. */
async function player(name: string) {
  const m = await signedInMember(ctx, name);
  await fundWallet(ctx.db, merchant, m.id, 10_000 * TK, `sg-fund-${name}`);
  return { ...m, playerId: String(m.id) };
}
const setLimit = (token: string, kind: string, value: number) => call('POST', PROTECTION_PATHS.set, token, { kind, value });
/** `count` bets at once; each answer carries the transaction id it was sent with. */
const parallelBets = (playerId: string, count: number, amountMinor: number) =>
  Promise.all(
    Array.from({ length: count }, async () => {
      const txId = id('sg');
      return { txId, ...(await wallet.bet(playerId, txId, amountMinor)) };
    }),
  );

describe('loss and stake limits in the debit (docs/0104)', () => {
  it('20 parallel bets against a stake limit: exactly the room is staked, the rest refused naming the limit and when it resets', async () => {
    const m = await player('sg_stake');
    expect((await setLimit(m.token, 'stake_24h', 1_000 * TK)).json().success).toBe(true);
    expect((await setLimit(m.token, 'stake_7d', 5_000 * TK)).json().success).toBe(true);
    const first = await wallet.bet(m.playerId, id('sg'), 150 * TK);
    expect(first.body.success).toBe(true);
    // A rolled-back bet frees its room.
    const undone = id('sg');
    await wallet.bet(m.playerId, undone, 100 * TK);
    expect((await wallet.rollback(m.playerId, id('sg-rb'), undone)).body.success).toBe(true);

    const answers = await parallelBets(m.playerId, 20, 100 * TK);
    const taken = answers.filter((a) => a.body.success);
    const refused = answers.filter((a) => !a.body.success);
    // ৳1,000 − ৳150 = ৳850 of room: 8 bets of ৳100.
    expect(taken).toHaveLength(8);
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('protection_stake_limit_24h');
      const value = r.body.value as unknown as { balanceMinor: number; resetAt: string };
      expect(Date.parse(value.resetAt) - nowMs).toBeGreaterThan(23 * 3_600_000);
    }
    expect(await wallet.balance(m.playerId)).toBe((10_000 - 150 - 800) * TK);
    // A replay of a bet that was taken still answers as its duplicate (which of the 20 were taken is the
    // database's order, so the replay names one that was), and a ৳50 bet fits the room left.
    expect((await wallet.bet(m.playerId, taken[0]!.txId, 100 * TK)).body).toMatchObject({ success: true });
    expect((await wallet.bet(m.playerId, id('sg'), 50 * TK)).body.success).toBe(true);
    expect((await wallet.bet(m.playerId, id('sg'), 1)).body.message).toBe('protection_stake_limit_24h');
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
  });

  it('20 parallel bets against a loss limit: an open bet counts as lost until its win lands, wins give room back', async () => {
    const m = await player('sg_loss');
    expect((await setLimit(m.token, 'loss_24h', 1_000 * TK)).json().success).toBe(true);
    const won = id('sg');
    await wallet.bet(m.playerId, won, 500 * TK);
    await wallet.win(m.playerId, id('sg-win'), 300 * TK, won);
    // Lost ৳200 so far: room ৳800.
    const answers = await parallelBets(m.playerId, 20, 100 * TK);
    expect(answers.filter((a) => a.body.success)).toHaveLength(8);
    for (const r of answers.filter((a) => !a.body.success)) expect(r.body.message).toBe('protection_loss_limit_24h');
    const before = await rowCounts(ctx.db, [...MONEY]);
    expect((await wallet.bet(m.playerId, id('sg'), 1)).body.message).toBe('protection_loss_limit_24h');
    expect(await rowCounts(ctx.db, [...MONEY])).toEqual(before);
    // One of the open bets wins ৳250: ৳250 of room again.
    const open = await ctx.db
      .selectFrom('seamless_transactions')
      .select('transaction_id')
      .where('member_id', '=', m.id)
      .where('kind', '=', 'bet')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await wallet.win(m.playerId, id('sg-win'), 250 * TK, open.transaction_id);
    expect((await wallet.bet(m.playerId, id('sg'), 250 * TK)).body.success).toBe(true);
    expect((await wallet.bet(m.playerId, id('sg'), 1)).body.message).toBe('protection_loss_limit_24h');
  });

  it('a member without limits is not gated; another member’s limit never touches it', async () => {
    const m = await player('sg_free');
    const answers = await parallelBets(m.playerId, 20, 100 * TK);
    expect(answers.every((a) => a.body.success)).toBe(true);
  });
});

describe('session limit and reality check (docs/0104)', () => {
  it('a reality check due refuses the next round until acknowledged; the acknowledgement is logged', async () => {
    const m = await player('sg_reality');
    const set = await call('POST', PROTECTION_PATHS.realityCheck, m.token, { intervalMinutes: 15 });
    expect(set.json().value.realityCheck).toMatchObject({ intervalMinutes: 15, own: true, due: false });
    expect((await call('POST', PROTECTION_PATHS.realityCheck, m.token, { intervalMinutes: 20 })).statusCode).toBe(400);
    expect((await wallet.bet(m.playerId, id('sg'), 100 * TK)).body.success).toBe(true);
    // Too early: an acknowledgement changes nothing and logs nothing.
    await call('POST', PROTECTION_PATHS.acknowledge, m.token, {});
    nowMs += 15 * 60_000;
    const due = await wallet.bet(m.playerId, id('sg'), 100 * TK);
    expect(due).toMatchObject({ status: 403, body: { message: 'protection_reality_check_due' } });
    const session = (await call('GET', PROTECTION_PATHS.session, m.token)).json().value;
    expect(session).toMatchObject({ stakedMinor: 100 * TK, netMinor: -100 * TK, realityCheck: { due: true } });
    const acked = (await call('POST', PROTECTION_PATHS.acknowledge, m.token, {})).json().value;
    expect(acked.realityCheck.due).toBe(false);
    expect(Date.parse(acked.realityCheck.dueAt)).toBe(nowMs + 15 * 60_000);
    expect((await wallet.bet(m.playerId, id('sg'), 100 * TK)).body.success).toBe(true);
    const log = (await call('GET', PROTECTION_PATHS.history, m.token)).json().value.events;
    expect(log.filter((e: { kind: string }) => e.kind === 'reality_check')).toEqual([
      expect.objectContaining({ channel: 'member', after: { intervalMinutes: 15, sessionMinutes: 15, stakedMinor: 100 * TK, netMinor: -100 * TK } }),
    ]);
    // Turned off, nothing interrupts play.
    await call('POST', PROTECTION_PATHS.realityCheck, m.token, { intervalMinutes: null });
    nowMs += 16 * 60_000;
    expect((await wallet.bet(m.playerId, id('sg'), 100 * TK)).body.success).toBe(true);
  });

  it('the merchant’s default reality check applies to members who never chose', async () => {
    const m = await player('sg_default');
    await ctx.db
      .insertInto('protection_settings')
      .values({ merchant_id: merchant.id, reality_check_minutes: 15 })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ reality_check_minutes: 15 }))
      .execute();
    try {
      nowMs += 31 * 60_000;
      const fresh = await loginToken(ctx.app, 'sg_default', 'Promo1234');
      expect((await call('GET', PROTECTION_PATHS.session, fresh)).json().value).toMatchObject({
        realityCheck: { intervalMinutes: 15, own: false, due: false },
      });
      nowMs += 15 * 60_000;
      expect((await wallet.bet(m.playerId, id('sg'), TK)).body.message).toBe('protection_reality_check_due');
      await call('POST', PROTECTION_PATHS.acknowledge, fresh, {});
      expect((await wallet.bet(m.playerId, id('sg'), TK)).body.success).toBe(true);
      expect((await call('GET', PROTECTION_PATHS.session, fresh)).json().value.realityCheck).toMatchObject({ intervalMinutes: 15, own: false, due: false });
    } finally {
      await ctx.db.updateTable('protection_settings').set({ reality_check_minutes: null }).where('merchant_id', '=', merchant.id).execute();
    }
  });

  it('a session past its session limit starts no round; a new login does', async () => {
    const m = await player('sg_session');
    expect((await setLimit(m.token, 'session_minutes', 20)).json().success).toBe(true);
    expect((await wallet.bet(m.playerId, id('sg'), TK)).body.success).toBe(true);
    nowMs += 20 * 60_000;
    expect(await wallet.bet(m.playerId, id('sg'), TK)).toMatchObject({ status: 403, body: { message: 'protection_session_limit' } });
    const again = await loginToken(ctx.app, 'sg_session', 'Promo1234');
    expect((await wallet.bet(m.playerId, id('sg'), TK)).body.success).toBe(true);
    const session = (await call('GET', PROTECTION_PATHS.session, again)).json().value;
    expect(session.previousLoginAt).not.toBeNull();
    expect(Date.parse(session.sessionEndsAt)).toBe(nowMs + 20 * 60_000);
  });

  it('the e2e protection clock seam is refused by a production start', () => {
    expect(() => armProtectionClockSeam({ file: '/tmp/protection-clock', nodeEnv: 'production' })).toThrow(/PROTECTION_CLOCK_FILE/);
  });
});
