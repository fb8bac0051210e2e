import { beforeAll, describe, expect, it } from 'vitest';
import { SEAMLESS_HEADERS, SEAMLESS_PATHS, SEAMLESS_REPLAY_WINDOW_MS, WPS_HEADERS } from '@wl/schemas';
import { BUILT_IN_PROVIDER } from '../kernel/catalogue.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { ledgerTotal, ledgerViolations, NO_VIOLATIONS } from '../wallet/ledger-invariants.ts';
import { newSeamlessNonce, seamlessSignature } from './seamless-signature.ts';
import { demoMerchantId } from '../test-support/demo-merchant.ts';

// docs/0035: the seamless wallet a provider's game server calls, signed, idempotent by the
// provider's transaction ids, safe against replays, reordering and forgeries.
const now = Date.parse('2026-11-25T12:00:00Z');
const ctx = usePlatform({ clock: () => new Date(now) });

let secret: string;
let member: string;
let other: string;
let trial: string;
let seq = 0;
const id = (tag: string) => `${tag}-${(seq += 1)}`;

type TCallOpts = {
  secret?: string;
  timestamp?: number;
  provider?: string;
  raw?: string;
  signature?: string;
  nonce?: string;
  signedPath?: string;
  headers?: Record<string, string>;
};
async function call(path: string, body: unknown, opts: TCallOpts = {}) {
  const payload = opts.raw ?? JSON.stringify(body);
  const timestamp = String(opts.timestamp ?? now);
  const nonce = opts.nonce ?? newSeamlessNonce();
  const res = await ctx.app.inject({
    method: 'POST',
    url: path,
    headers: {
      ...opts.headers,
      'content-type': 'application/json',
      [SEAMLESS_HEADERS.provider]: opts.provider ?? BUILT_IN_PROVIDER.code,
      [SEAMLESS_HEADERS.timestamp]: timestamp,
      [SEAMLESS_HEADERS.nonce]: nonce,
      [SEAMLESS_HEADERS.signature]:
        opts.signature ?? seamlessSignature(opts.secret ?? secret, { method: 'POST', path: opts.signedPath ?? path, timestamp, nonce, body: payload }),
    },
    payload,
  });
  return {
    status: res.statusCode,
    body: res.json() as { success: boolean; message: string | null; value: { balanceMinor: number; duplicate: boolean } | null },
  };
}
const balance = async (playerId = member) => (await call(SEAMLESS_PATHS.balance, { playerId })).body.value!.balanceMinor;
/** Each bet is its own round (`R:<bet id>`) unless told; a win names the round it pays (docs/0072). */
const bet = (transactionId: string, amountMinor: number, playerId = member, roundId = `R:${transactionId}`) =>
  call(SEAMLESS_PATHS.bet, { playerId, roundId, transactionId, gameCode: 'slot', amountMinor });
const win = (transactionId: string, amountMinor: number, roundOfBet: string, playerId = member) =>
  call(SEAMLESS_PATHS.win, { playerId, roundId: `R:${roundOfBet}`, transactionId, gameCode: 'slot', amountMinor });
const rollback = (transactionId: string, refTransactionId: string, playerId = member) =>
  call(SEAMLESS_PATHS.rollback, { playerId, roundId: `R:${refTransactionId}`, transactionId, gameCode: 'slot', refTransactionId });
const counts = () => rowCounts(ctx.db, ['seamless_transactions', 'ledger_transactions', 'ledger_entries']);

beforeAll(async () => {
  const p = await ctx.db
    .selectFrom('seamless_providers')
    .select('secret')
    .where('merchant_id', '=', demoMerchantId(ctx.db))
    .where('code', '=', BUILT_IN_PROVIDER.code)
    .executeTakeFirstOrThrow();
  secret = p.secret;
  const ids = await ctx.db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('merchant_id', '=', demoMerchantId(ctx.db))
    .where('username', 'in', ['demo_member', 'demo_down1', 'demo_trial'])
    .execute();
  const of = (u: string) => String(ids.find((m) => m.username === u)!.id);
  [member, other, trial] = [of('demo_member'), of('demo_down1'), of('demo_trial')];
});

describe('seamless wallet: signed calls (docs/0035)', () => {
  it('answers the balance of a real member of the merchant', async () => {
    const answer = await call(SEAMLESS_PATHS.balance, { playerId: member });
    expect(answer).toMatchObject({ status: 200, body: { success: true, value: { currency: 'BDT', duplicate: false } } });
    expect(answer.body.value!.balanceMinor).toBeGreaterThan(0);
    expect((await call(SEAMLESS_PATHS.balance, { playerId: trial })).body.message).toBe('seamless_player_unknown');
    expect((await call(SEAMLESS_PATHS.balance, { playerId: '999999' })).body.message).toBe('seamless_player_unknown');
  });

  it('refuses forged calls: wrong secret, tampered body, unknown or disabled provider, no headers — all alike, nothing moves', async () => {
    const before = await counts();
    const body = { playerId: member, roundId: 'r', transactionId: id('forged'), gameCode: 'slot', amountMinor: 100 };
    const signed = JSON.stringify(body);
    const cases = [
      await call(SEAMLESS_PATHS.bet, body, { secret: 'f'.repeat(64) }),
      await call(SEAMLESS_PATHS.bet, body, {
        raw: JSON.stringify({ ...body, amountMinor: 1 }),
        nonce: 'n'.repeat(22),
        signature: seamlessSignature(secret, { method: 'POST', path: SEAMLESS_PATHS.bet, timestamp: String(now), nonce: 'n'.repeat(22), body: signed }),
      }),
      // A bet signed for another path (a rollback's signature carried to the bet), or without its nonce.
      await call(SEAMLESS_PATHS.bet, body, { signedPath: SEAMLESS_PATHS.rollback }),
      await call(SEAMLESS_PATHS.bet, body, { nonce: 'short' }),
      await call(SEAMLESS_PATHS.bet, body, { provider: 'NOPE' }),
      await call(SEAMLESS_PATHS.bet, body, { signature: 'zz' }),
      await call(SEAMLESS_PATHS.bet, body, { signature: '' }),
    ];
    for (const c of cases) expect(c, JSON.stringify(c)).toMatchObject({ status: 401, body: { message: 'seamless_unauthorised' } });
    await ctx.db.updateTable('seamless_providers').set({ enabled: false }).execute();
    expect((await call(SEAMLESS_PATHS.bet, body)).body.message).toBe('seamless_unauthorised');
    await ctx.db.updateTable('seamless_providers').set({ enabled: true }).execute();
    expect(await counts()).toEqual(before);
  });

  it('refuses a stale or future timestamp (replays after the window)', async () => {
    const body = { playerId: member, roundId: 'r', transactionId: id('stale'), gameCode: 'slot', amountMinor: 100 };
    for (const timestamp of [now - SEAMLESS_REPLAY_WINDOW_MS - 1, now + SEAMLESS_REPLAY_WINDOW_MS + 1]) {
      expect(await call(SEAMLESS_PATHS.bet, body, { timestamp })).toMatchObject({ status: 401, body: { message: 'seamless_stale_timestamp' } });
    }
    // Within the window a provider's retry, signed anew, answers as a duplicate: it moves money once.
    const first = await call(SEAMLESS_PATHS.bet, body, { timestamp: now - 60_000 });
    const retry = await call(SEAMLESS_PATHS.bet, body, { timestamp: now - 60_000 });
    expect([first.body.value!.duplicate, retry.body.value!.duplicate]).toEqual([false, true]);
    expect(retry.body.value!.balanceMinor).toBe(first.body.value!.balanceMinor);
  });

  it('refuses a replayed signed call inside the window: the same nonce is seen once (docs/0072)', async () => {
    const before = await counts();
    const nonce = newSeamlessNonce();
    const replayed = { playerId: member, roundId: 'rp', transactionId: id('replay'), gameCode: 'slot', amountMinor: 100 };
    const first = await call(SEAMLESS_PATHS.balance, { playerId: member }, { nonce });
    expect(first.body.success).toBe(true);
    // The copy of a signed call is refused, and so is the nonce under another signed call.
    expect(await call(SEAMLESS_PATHS.balance, { playerId: member }, { nonce })).toMatchObject({ status: 401, body: { message: 'seamless_replayed' } });
    expect(await call(SEAMLESS_PATHS.bet, replayed, { nonce })).toMatchObject({ status: 401, body: { message: 'seamless_replayed' } });
    expect(await counts()).toEqual(before);
    // 50 parallel copies of one signed bet: one is answered, 49 refused as replays, money moves once.
    const start = await balance();
    const shared = newSeamlessNonce();
    const copy = { ...replayed, transactionId: id('replay') };
    const copies = await Promise.all(Array.from({ length: 50 }, () => call(SEAMLESS_PATHS.bet, copy, { nonce: shared })));
    expect(copies.filter((c) => c.body.success)).toHaveLength(1);
    expect(copies.filter((c) => c.body.message === 'seamless_replayed')).toHaveLength(49);
    expect(await balance()).toBe(start - 100);
  });

  it('a provider kept after its first call is re-checked by every call: re-keyed or disabled, refused at once; its new secret accepted (docs/0081)', async () => {
    expect((await call(SEAMLESS_PATHS.balance, { playerId: member })).body.success).toBe(true);
    const rekeyed = 'k'.repeat(48);
    const provider = ctx.db.updateTable('seamless_providers').where('merchant_id', '=', demoMerchantId(ctx.db)).where('code', '=', BUILT_IN_PROVIDER.code);
    try {
      await provider.set({ secret: rekeyed }).execute();
      expect(await call(SEAMLESS_PATHS.balance, { playerId: member })).toMatchObject({ status: 401, body: { message: 'seamless_unauthorised' } });
      expect((await call(SEAMLESS_PATHS.balance, { playerId: member }, { secret: rekeyed })).body.success).toBe(true);
      await provider.set({ enabled: false }).execute();
      expect(await call(SEAMLESS_PATHS.balance, { playerId: member }, { secret: rekeyed })).toMatchObject({
        status: 401,
        body: { message: 'seamless_unauthorised' },
      });
    } finally {
      await provider.set({ secret, enabled: true }).execute();
    }
    expect((await call(SEAMLESS_PATHS.balance, { playerId: member })).body.success).toBe(true);
  });

  it('each brand has its own built-in provider of one code, told apart by the secret that signed the call (docs/0131)', async () => {
    const brand2 = await ctx.db
      .selectFrom('seamless_providers')
      .innerJoin('merchants', 'merchants.id', 'seamless_providers.merchant_id')
      .select(['seamless_providers.secret', 'merchants.id'])
      .where('merchants.code', '=', 'DEMO2')
      .where('seamless_providers.code', '=', BUILT_IN_PROVIDER.code)
      .executeTakeFirstOrThrow();
    expect(brand2.secret).not.toBe(secret);
    const member2 = (
      await ctx.db.selectFrom('members').select('id').where('merchant_id', '=', brand2.id).where('username', '=', 'demo_member').executeTakeFirstOrThrow()
    ).id;
    // Alternating, so each call finds the other brand's provider kept from the call before.
    for (let i = 0; i < 2; i++) {
      expect(await call(SEAMLESS_PATHS.balance, { playerId: String(member2) }, { secret: brand2.secret })).toMatchObject({
        status: 200,
        body: { success: true, value: { balanceMinor: 250_000 } },
      });
      expect((await call(SEAMLESS_PATHS.balance, { playerId: member })).body.success).toBe(true);
    }
    // A brand's provider reaches only its own members: DEMO's demo_member is no player of DEMO2's, and the other way round.
    expect((await call(SEAMLESS_PATHS.balance, { playerId: member }, { secret: brand2.secret })).body.message).toBe('seamless_player_unknown');
    expect((await call(SEAMLESS_PATHS.balance, { playerId: String(member2) })).body.message).toBe('seamless_player_unknown');
  });

  it("a signed call is for its provider's merchant, whatever Merchant header it carries (docs/0081)", async () => {
    const res = await call(SEAMLESS_PATHS.balance, { playerId: member }, { headers: { [WPS_HEADERS.merchant]: 'NO_SUCH_BRAND' } });
    expect(res).toMatchObject({ status: 200, body: { success: true, value: { currency: 'BDT' } } });
  });

  it('bad input: malformed JSON, extra fields, negative or fractional stakes, huge bodies, NUL — refused, nothing moves', async () => {
    const before = await counts();
    expect((await call(SEAMLESS_PATHS.bet, null, { raw: '{"playerId":' })).status).toBe(400);
    for (const amountMinor of [0, -5, 1.5, 1e13, '100']) {
      expect((await bet(id('bad'), amountMinor as number)).body.success).toBe(false);
    }
    expect(
      (await call(SEAMLESS_PATHS.bet, { playerId: member, roundId: 'r', transactionId: id('x'), gameCode: 'slot', amountMinor: 1, extra: 1 })).status,
    ).toBe(400);
    expect((await call(SEAMLESS_PATHS.bet, { playerId: member, roundId: 'r\u0000', transactionId: id('x'), gameCode: 'slot', amountMinor: 1 })).status).toBe(
      400,
    );
    expect(
      (await call(SEAMLESS_PATHS.bet, { playerId: member, roundId: 'x'.repeat(1_000_000), transactionId: id('x'), gameCode: 'slot', amountMinor: 1 })).status,
    ).toBe(413);
    expect(await counts()).toEqual(before);
  });
});

describe('seamless wallet: money moves once per transaction id', () => {
  it('bet debits, win credits, each once; the same id with other values is a conflict', async () => {
    const start = await balance();
    const b = id('bet');
    expect((await bet(b, 1_000)).body.value).toMatchObject({ balanceMinor: start - 1_000, duplicate: false });
    expect((await bet(b, 1_000)).body.value).toMatchObject({ balanceMinor: start - 1_000, duplicate: true });
    expect(await bet(b, 2_000)).toMatchObject({ status: 409, body: { message: 'seamless_transaction_conflict', value: { balanceMinor: start - 1_000 } } });
    const w = id('win');
    expect((await win(w, 2_500, b)).body.value).toMatchObject({ balanceMinor: start + 1_500, duplicate: false });
    expect((await win(w, 2_500, b)).body.value!.duplicate).toBe(true);
    // A lost round closes with a win of 0: recorded, nothing moves.
    const lost = id('bet');
    await bet(lost, 500);
    expect((await win(id('win0'), 0, lost)).body.value!.balanceMinor).toBe(start + 1_000);
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
  });

  it('refuses a bet above the balance with the balance, nothing moves', async () => {
    const before = await counts();
    const have = await balance();
    expect(await bet(id('big'), have + 1)).toMatchObject({ status: 400, body: { message: 'insufficient_funds', value: { balanceMinor: have } } });
    expect(await counts()).toEqual(before);
  });

  it('rollback refunds a bet once; a second rollback id for it moves nothing; a win cannot be rolled back', async () => {
    const start = await balance();
    const b = id('bet');
    await bet(b, 700);
    const r = id('rb');
    expect((await rollback(r, b)).body.value!.balanceMinor).toBe(start);
    expect((await rollback(r, b)).body.value!.duplicate).toBe(true);
    expect((await rollback(id('rb'), b)).body.value!.balanceMinor).toBe(start);
    const paidBet = id('bet');
    await bet(paidBet, 100);
    const w = id('win');
    await win(w, 300, paidBet);
    expect(await rollback(id('rb'), w)).toMatchObject({ status: 409, body: { message: 'seamless_not_rollbackable' } });
    expect(await balance()).toBe(start + 200);
  });

  it('a rollback before its bet is recorded, and the late bet is refused (out of order)', async () => {
    const start = await balance();
    const b = id('late');
    expect((await rollback(id('rb'), b)).body.value!.balanceMinor).toBe(start);
    expect(await bet(b, 500)).toMatchObject({ status: 409, body: { message: 'seamless_bet_rolled_back' } });
    expect(await balance()).toBe(start);
  });

  it('another player cannot roll back a member’s bet', async () => {
    const b = id('mine');
    await bet(b, 100);
    expect((await rollback(id('rb'), b, other)).body.message).toBe('seamless_not_rollbackable');
  });

  it('50 parallel copies of a bet, a win and a bet racing its rollback: each moves money at most once', async () => {
    const start = await balance();
    const total = await ledgerTotal(ctx.db);
    const b = id('par');
    const bets = await Promise.all(Array.from({ length: 50 }, () => bet(b, 200)));
    expect(bets.filter((a) => a.body.success && !a.body.value!.duplicate)).toHaveLength(1);
    expect(bets.every((a) => a.body.success)).toBe(true);
    const w = id('parw');
    await Promise.all(Array.from({ length: 50 }, () => win(w, 50, b)));
    expect(await balance()).toBe(start - 200 + 50);
    // A bet and its rollback at once: either the bet is refunded, or it is refused; never a lost stake.
    const pairs = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const pb = id('pair');
        const [placed] = await Promise.all([bet(pb, 100), rollback(id('prb'), pb)]);
        return placed.body.success;
      }),
    );
    expect(pairs.length).toBe(20);
    expect(await balance()).toBe(start - 200 + 50);
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
    expect(await ledgerTotal(ctx.db)).toBe(total);
  });
});

describe("seamless wallet: the provider's deadline (docs/0088)", () => {
  it('a signed call past its own deadline is refused busy before any work; within it, it runs; a forged one is refused as forged', async () => {
    const before = await counts();
    const late = await call(
      SEAMLESS_PATHS.bet,
      { playerId: member, roundId: 'R:late', transactionId: id('late'), gameCode: 'slot', amountMinor: 100 },
      { headers: { [SEAMLESS_HEADERS.deadline]: String(now) } },
    );
    expect(late).toMatchObject({ status: 503, body: { success: false, message: 'error_system_busy' } });
    expect(await counts()).toEqual(before);
    const forged = await call(
      SEAMLESS_PATHS.balance,
      { playerId: member },
      { secret: 'not-the-secret', headers: { [SEAMLESS_HEADERS.deadline]: String(now) } },
    );
    expect(forged.body.message).toBe('seamless_unauthorised');
    const tx = id('in-time');
    const inTime = await call(
      SEAMLESS_PATHS.bet,
      { playerId: member, roundId: `R:${tx}`, transactionId: tx, gameCode: 'slot', amountMinor: 100 },
      { headers: { [SEAMLESS_HEADERS.deadline]: String(now + 60_000) } },
    );
    expect(inTime.body.success).toBe(true);
  });
});

describe('seamless wallet: a round is paid once, never after its rollback (docs/0072)', () => {
  it('a second win id for a paid round is refused; so is a rollback of its bet', async () => {
    const start = await balance();
    const b = id('bet');
    await bet(b, 1_000);
    expect((await win(id('win'), 3_000, b)).body.value!.balanceMinor).toBe(start + 2_000);
    expect(await win(id('win'), 3_000, b)).toMatchObject({ status: 409, body: { message: 'seamless_round_settled', value: { balanceMinor: start + 2_000 } } });
    expect(await rollback(id('rb'), b)).toMatchObject({ status: 409, body: { message: 'seamless_not_rollbackable' } });
    expect(await balance()).toBe(start + 2_000);
  });

  it('a win after the bet was rolled back is refused, nothing moves', async () => {
    const b = id('bet');
    await bet(b, 1_000);
    await rollback(id('rb'), b);
    const before = await counts();
    const start = await balance();
    expect(await win(id('win'), 5_000, b)).toMatchObject({ status: 409, body: { message: 'seamless_bet_rolled_back', value: { balanceMinor: start } } });
    // A rollback that came before its bet (the late bet refused) leaves nothing to pay either.
    const late = id('late');
    await rollback(id('rb'), late);
    await bet(late, 1_000);
    expect(await win(id('win'), 5_000, late)).toMatchObject({ status: 404, body: { message: 'seamless_bet_unknown' } });
    expect(await balance()).toBe(start);
    expect((await counts()).seamless_transactions).toBe(before.seamless_transactions! + 1);
  });

  it('a win for an unknown round, or for another player’s round, is refused', async () => {
    const before = await counts();
    expect(await win(id('win'), 5_000, 'never-bet')).toMatchObject({ status: 404, body: { message: 'seamless_bet_unknown' } });
    const b = id('bet');
    await bet(b, 100);
    const mid = await counts();
    // The member's round, claimed for another player.
    expect(await win(id('win'), 5_000, b, other)).toMatchObject({ status: 404, body: { message: 'seamless_bet_unknown' } });
    expect(await counts()).toEqual(mid);
    expect(mid.ledger_transactions).toBe(before.ledger_transactions! + 1);
  });

  it('50 parallel wins of one round under different ids, racing its rollback: the round is paid once or refunded, never both', async () => {
    const total = await ledgerTotal(ctx.db);
    for (const withRollback of [false, true]) {
      const start = await balance();
      const b = id('bet');
      await bet(b, 1_000);
      const calls: Promise<{ status: number; body: { success: boolean } }>[] = Array.from({ length: 50 }, () => win(id('pwin'), 4_000, b));
      if (withRollback) calls.splice(25, 0, rollback(id('prb'), b));
      const answers = await Promise.all(calls);
      const wins = answers.filter((a, i) => a.body.success && !(withRollback && i === 25));
      const refunded = withRollback && answers[25]!.body.success && (await balance()) === start;
      if (refunded) expect(wins).toHaveLength(0);
      else expect(wins).toHaveLength(1);
      expect(await balance()).toBe(refunded ? start : start + 3_000);
    }
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
    expect(await ledgerTotal(ctx.db)).toBe(total);
  });
});
