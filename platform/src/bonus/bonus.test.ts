import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BONUS_CALLS, BONUS_PATHS, DEFAULT_BONUS_TERMS, RECORD_PATHS, WITHDRAW_PATHS } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { expectRealAccountOnly, loginToken, steppedUpToken, tokenCall } from '../test-support/http.ts';
import { ledgerViolations, NO_VIOLATIONS } from '../wallet/ledger-invariants.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { awardBonus } from './award.ts';
import { demoMemberRow } from '../test-support/demo-merchant.ts';

/**
 * The member's bonus area (docs/0095): the check ladder, the list, the cancel once whatever races,
 * another member's award not found; and the withdrawal's forfeit warning, then the forfeit.
 */

const NOW = Date.parse('2026-11-25T12:00:00Z');
const ctx = usePlatform({ clock: () => new Date(NOW) });
const call = tokenCall(ctx);
const merchant = { id: 0, currency: '' };
const tokens = { member: '', other: '', trial: '' };
const ids = { member: 0, other: 0 };
let seq = 0;

const bonusMinor = async (memberId: number) =>
  Number(
    (await ctx.db.selectFrom('ledger_accounts').select('balance_minor').where('member_id', '=', memberId).where('kind', '=', 'member_bonus').executeTakeFirst())
      ?.balance_minor ?? 0,
  );
const counts = () => rowCounts(ctx.db, ['ledger_transactions', 'member_audit', 'withdrawals']);
const give = (memberId: number, amountMinor: number) =>
  inTransaction(ctx.db, (trx) =>
    awardBonus(trx, merchant, {
      memberId,
      promotionId: null,
      source: 'operator',
      sourceKey: `give-${(seq += 1)}`,
      amountMinor,
      terms: DEFAULT_BONUS_TERMS,
      now: new Date(NOW),
      ip: 'test',
    }),
  );
const cancel = (token: string, awardId: number, key = `cancel-${randomUUID()}`) => call('POST', BONUS_PATHS.cancel, token, { awardId, key });

beforeAll(async () => {
  Object.assign(merchant, await ctx.db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow());
  tokens.member = await steppedUpToken(ctx.app, 'demo_member', 'Demo1234');
  tokens.other = await loginToken(ctx.app, 'demo_down1', 'Down1234');
  tokens.trial = await loginToken(ctx.app, 'demo_trial', 'Trial1234');
  const of = async (u: string) => (await demoMemberRow(ctx.db, u).select('id').executeTakeFirstOrThrow()).id;
  [ids.member, ids.other] = [await of('demo_member'), await of('demo_down1')];
});

describe('the bonus area: check ladder (docs/0095)', () => {
  it('refuses every bonus call without a session, and to a trial account', async () => {
    const before = await counts();
    await expectRealAccountOnly(
      ctx,
      tokens.trial,
      Object.values(BONUS_CALLS).map((c) => [c.method, c.path] as const),
      { awardId: 1, key: 'ladder-key-1' },
    );
    expect(await counts()).toEqual(before);
  });

  it("answers another member's award not found and changes nothing", async () => {
    const theirs = await give(ids.other, 2_000);
    const before = await counts();
    expect((await cancel(tokens.member, theirs.awardId)).json()).toMatchObject({ success: false, message: 'error_not_found' });
    expect(await counts()).toEqual(before);
    expect(await bonusMinor(ids.other)).toBe(2_000);
    const list = (await call('GET', BONUS_PATHS.list, tokens.member)).json();
    expect(list.value.rows.map((r: { id: number }) => r.id)).not.toContain(theirs.awardId);
    await ctx.db
      .updateTable('bonus_awards')
      .set({ state: 'cancelled', ended_at: new Date(NOW) })
      .where('id', '=', theirs.awardId)
      .execute();
  });

  it('refuses bad input with a clear message: NUL bytes, a 1 MB key, bad ids and pages', async () => {
    const before = await counts();
    for (const body of [
      { awardId: 1, key: 'nul\u0000key-123' },
      { awardId: 1, key: 'k'.repeat(1_000_000) },
      { awardId: -1, key: 'good-key-123' },
      { awardId: 1.5, key: 'good-key-123' },
      { awardId: '1', key: 'good-key-123' },
      {},
    ]) {
      const res = await call('POST', BONUS_PATHS.cancel, tokens.member, body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.json()).toMatchObject({ success: false });
      expect(['error_bad_request', 'error_payload_too_large']).toContain(res.json().message);
    }
    expect((await call('GET', BONUS_PATHS.list, tokens.member, undefined, { pageNo: '0' })).json()).toMatchObject({
      success: false,
      message: 'error_bad_request',
    });
    expect(await counts()).toEqual(before);
  });
});

describe('the bonus area: list and cancel (docs/0095)', () => {
  it('lists the awards newest first with their terms and the balance, and cancels the active one once under 50 racing cancels', async () => {
    const mine = await give(ids.member, 4_000);
    const list = (await call('GET', BONUS_PATHS.list, tokens.member, undefined, { pageSize: '5' })).json();
    expect(list).toMatchObject({ success: true, value: { balanceMinor: 4_000 } });
    expect(list.value.rows[0]).toMatchObject({
      id: mine.awardId,
      state: 'active',
      amountMinor: 4_000,
      turnoverRequiredMinor: 40_000,
      turnoverDoneMinor: 0,
      maxStakeMinor: null,
    });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => cancel(tokens.member, mine.awardId, `race-${i}-cancel`)));
    expect(answers.every((a) => a.json().success)).toBe(true);
    expect(answers.map((a) => a.json().value.forfeitedMinor).filter((m) => m > 0)).toEqual([4_000]);
    expect(await bonusMinor(ids.member)).toBe(0);
    const ends = await ctx.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `bonus-end:${mine.awardId}`).execute();
    expect(ends).toHaveLength(1);
    const audit = await ctx.db
      .selectFrom('member_audit')
      .select('action')
      .where('member_id', '=', ids.member)
      .where('action', '=', 'bonus_cancelled')
      .execute();
    expect(audit).toHaveLength(1);
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
    // The account record shows the bonus wallet's movements, labelled and marked as bonus money.
    const range = {
      from: new Date(Date.now() - 3_600_000).toISOString(),
      to: new Date(Date.now() + 3_600_000).toISOString(),
      tzOffsetMinutes: '0',
      type: 'bonus',
    };
    const record = (await call('GET', RECORD_PATHS.account, tokens.member, undefined, range)).json();
    const kinds = record.value.rows
      .filter((r: { bonusMoney?: boolean }) => r.bonusMoney)
      .map((r: { kind: string; amountMinor: number }) => [r.kind, r.amountMinor]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['bonus_award', 4_000],
        ['bonus_cancelled', -4_000],
      ]),
    );
  });
});

describe('withdrawing with an active bonus (docs/0095)', () => {
  it('warns with the bonus that would be lost and changes nothing; with forfeitBonus the bonus is forfeited with the withdrawal', async () => {
    await ctx.db.updateTable('merchants').set({ withdraw_daily_count: 100, payout_cooling_minutes: 0 }).execute();
    await call('POST', WITHDRAW_PATHS.withdrawPassword, tokens.member, { newPassword: 'Money5678', confirmNewPassword: 'Money5678' });
    const bank = (
      await call('POST', WITHDRAW_PATHS.bankAccount, tokens.member, { bankName: 'City Bank', accountNumber: '5550001111', holderName: 'Demo Member' })
    ).json();
    expect(bank).toMatchObject({ success: true });
    const award = await give(ids.member, 3_000);
    const body = { bankAccountId: bank.value.id, amountMinor: 100_000, withdrawPassword: 'Money5678', idempotencyKey: `w-${randomUUID()}` };
    const before = await counts();
    const warned = (await call('POST', WITHDRAW_PATHS.withdraw, tokens.member, body)).json();
    expect(warned).toMatchObject({ success: false, code: 409, message: 'bonus_forfeit_warning', value: { awardId: award.awardId, bonusMinor: 3_000 } });
    expect(await counts()).toEqual(before);
    expect(await bonusMinor(ids.member)).toBe(3_000);
    const done = (await call('POST', WITHDRAW_PATHS.withdraw, tokens.member, { ...body, forfeitBonus: true })).json();
    expect(done).toMatchObject({ success: true });
    expect(await bonusMinor(ids.member)).toBe(0);
    expect(await ctx.db.selectFrom('bonus_awards').select('state').where('id', '=', award.awardId).executeTakeFirstOrThrow()).toEqual({ state: 'forfeited' });
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
  });
});
