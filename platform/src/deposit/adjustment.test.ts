import { beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_PATHS } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { operatorToken } from '../test-support/operators.ts';
import { walletBalance } from '../wallet/wallet.queries.ts';
import { demoMemberRow } from '../test-support/demo-merchant.ts';

// Operator balance adjustments (docs/0028) and the money settings, on both databases.

const ctx = usePlatform();
const t = { finance: '', owner: '', support: '' };
let memberId = 0;

beforeAll(async () => {
  t.finance = await operatorToken(ctx.app, 'demo_finance', 'Finance1234');
  t.owner = await operatorToken(ctx.app, 'demo_operator', 'Operator1234');
  t.support = await operatorToken(ctx.app, 'demo_support', 'Support1234');
  memberId = (await demoMemberRow(ctx.db, 'demo_member').select('id').executeTakeFirstOrThrow()).id;
});

const adjust = (token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: DEPOSIT_PATHS.operatorAdjustments, headers: { authorization: token }, payload });
const decide = (token: string, adjustmentId: number, approve: boolean) =>
  ctx.app.inject({ method: 'POST', url: DEPOSIT_PATHS.operatorAdjustmentDecide, headers: { authorization: token }, payload: { adjustmentId, approve } });
const TABLES = ['balance_adjustments', 'ledger_transactions', 'config_audit'] as const;

describe('balance adjustments', () => {
  it('applies a credit up to the four-eyes amount at once, audited, with a ledger adjustment', async () => {
    const before = await walletBalance(ctx.db, memberId);
    const res = (await adjust(t.finance, { username: 'demo_member', amountMinor: 5_000, reason: 'goodwill', key: 'adj-small-001' })).json();
    expect(res.value).toMatchObject({ status: 'applied', amountMinor: 5_000, requestedBy: 'demo_finance', approvedBy: null });
    expect(await walletBalance(ctx.db, memberId)).toBe(before + 5_000);
    const tx = await ctx.db
      .selectFrom('ledger_transactions')
      .select(['kind', 'meta'])
      .where('idempotency_key', '=', `adjustment:${res.value.id}`)
      .executeTakeFirstOrThrow();
    expect(tx).toEqual({ kind: 'adjustment', meta: { adjustmentId: res.value.id } });
    const audit = await ctx.db.selectFrom('config_audit').select(['action', 'operator_username']).where('action', '=', 'adjustment.apply').execute();
    expect(audit).toEqual([{ action: 'adjustment.apply', operator_username: 'demo_finance' }]);
  });

  it('50 parallel sends of one key make one adjustment; the key with another amount is refused', async () => {
    const before = await walletBalance(ctx.db, memberId);
    const payload = { username: 'demo_member', amountMinor: 100, reason: 'parallel', key: 'adj-parallel-50' };
    const answers = await Promise.all(Array.from({ length: 50 }, () => adjust(t.finance, payload)));
    expect(new Set(answers.map((a) => a.json().value.id)).size).toBe(1);
    expect(await walletBalance(ctx.db, memberId)).toBe(before + 100);
    const reused = await adjust(t.finance, { ...payload, amountMinor: 101 });
    expect([reused.statusCode, reused.json().message]).toEqual([409, 'idempotency_key_reused']);
  });

  it('keeps an adjustment above the threshold pending until a second operator approves it', async () => {
    const before = await walletBalance(ctx.db, memberId);
    const req = (await adjust(t.finance, { username: 'demo_member', amountMinor: 2_000_000, reason: 'big correction', key: 'adj-big-0001' })).json().value;
    expect(req.status).toBe('pending');
    expect(await walletBalance(ctx.db, memberId)).toBe(before);
    const queue = (await ctx.app.inject({ url: DEPOSIT_PATHS.operatorAdjustments, headers: { authorization: t.owner } })).json().value;
    expect(queue.pending.map((a: { id: number }) => a.id)).toContain(req.id);
    expect(queue.fourEyesMinor).toBe(1_000_000);
    // The requester cannot approve their own request; nothing changes.
    const own = await decide(t.finance, req.id, true);
    expect([own.statusCode, own.json().message]).toEqual([403, 'adjustment_second_operator_required']);
    expect(await walletBalance(ctx.db, memberId)).toBe(before);
    const [a, b] = await Promise.all([decide(t.owner, req.id, true), decide(t.owner, req.id, true)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await walletBalance(ctx.db, memberId)).toBe(before + 2_000_000);
    const done = (await ctx.app.inject({ url: DEPOSIT_PATHS.operatorAdjustments, headers: { authorization: t.owner } })).json().value;
    expect(done.recent.find((x: { id: number }) => x.id === req.id)).toMatchObject({ status: 'applied', approvedBy: 'demo_operator' });
  });

  it('a second operator may reject: no money moves', async () => {
    const before = await walletBalance(ctx.db, memberId);
    const req = (await adjust(t.owner, { username: 'demo_member', amountMinor: -2_000_000, reason: 'claw back', key: 'adj-reject-01' })).json().value;
    expect((await decide(t.finance, req.id, false)).json().value).toMatchObject({ status: 'rejected', approvedBy: 'demo_finance' });
    expect(await walletBalance(ctx.db, memberId)).toBe(before);
  });

  it('refuses a debit the wallet cannot cover, bad amounts, empty reasons, unknown and trial members, and support; nothing changes', async () => {
    const balance = await walletBalance(ctx.db, memberId);
    const before = await rowCounts(ctx.db, [...TABLES]);
    const cases: [object, number, unknown][] = [
      // demo_down2 has nothing: a debit below the four-eyes amount is applied at once, so refused at once.
      [{ username: 'demo_down2', amountMinor: -100, reason: 'too much', key: 'adj-overdraft' }, 400, { field: 'amountMinor', issue: 'insufficient_funds' }],
      [{ username: 'demo_member', amountMinor: 0, reason: 'x', key: 'adj-bad-0001' }, 400, { field: 'amountMinor', issue: 'amount_invalid' }],
      [{ username: 'demo_member', amountMinor: 1.5, reason: 'x', key: 'adj-bad-0002' }, 400, { field: 'amountMinor', issue: 'amount_invalid' }],
      [{ username: 'demo_member', amountMinor: 1e21, reason: 'x', key: 'adj-bad-0003' }, 400, { field: 'amountMinor', issue: 'amount_invalid' }],
      [{ username: 'demo_member', amountMinor: 'abc', reason: 'x', key: 'adj-bad-0004' }, 400, { field: 'amountMinor', issue: 'amount_invalid' }],
      [{ username: 'demo_member', amountMinor: 100, reason: '   ', key: 'adj-bad-0005' }, 400, { field: 'reason', issue: 'adjustment_reason_required' }],
      [{ username: 'demo_member', amountMinor: 100, reason: 'a\u0000b', key: 'adj-bad-0006' }, 400, { field: 'reason', issue: 'invalid_characters' }],
      [{ username: 'nobody_here', amountMinor: 100, reason: 'x', key: 'adj-bad-0007' }, 400, { field: 'username', issue: 'adjustment_member_unknown' }],
      [{ username: 'demo_house', amountMinor: 100, reason: 'x', key: 'adj-bad-0008' }, 400, { field: 'username', issue: 'adjustment_member_unknown' }],
    ];
    for (const [payload, status, value] of cases) {
      const res = await adjust(t.finance, payload);
      expect([res.statusCode, res.json().value]).toEqual([status, value]);
    }
    expect((await adjust(t.finance, { username: 'demo_trial', amountMinor: 100, reason: 'x', key: 'adj-bad-0009' })).json().message).toBe(
      'in_need_true_account',
    );
    expect((await adjust(t.support, { username: 'demo_member', amountMinor: 100, reason: 'x', key: 'adj-bad-0010' })).statusCode).toBe(403);
    expect((await adjust('', { username: 'demo_member', amountMinor: 100, reason: 'x', key: 'adj-bad-0011' })).statusCode).toBe(401);
    expect((await decide(t.owner, 9_999_999, true)).statusCode).toBe(404);
    expect(await rowCounts(ctx.db, [...TABLES])).toEqual(before);
    expect(await walletBalance(ctx.db, memberId)).toBe(balance);
  });
});

describe('money settings', () => {
  const put = (token: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: DEPOSIT_PATHS.operatorMoneySettings, headers: { authorization: token }, payload });

  it('reads and changes limits, the window, four eyes and a channel, audited with before and after', async () => {
    const current = (await ctx.app.inject({ url: DEPOSIT_PATHS.operatorMoneySettings, headers: { authorization: t.support } })).statusCode;
    expect(current).toBe(403);
    const s = (await ctx.app.inject({ url: DEPOSIT_PATHS.operatorMoneySettings, headers: { authorization: t.finance } })).json().value;
    expect(s).toMatchObject({ withdrawMinMinor: 50_000, withdrawConfirmMinutes: 30, adjustmentFourEyesMinor: 1_000_000, merchantWalletSingle: true });
    const demo = s.channels.find((c: { code: string }) => c.code === 'demo_instant');
    const next = (await put(t.finance, { withdrawConfirmMinutes: 15 })).json().value;
    expect(next).toMatchObject({ withdrawConfirmMinutes: 15, adjustmentFourEyesMinor: 1_000_000 });
    // The four-eyes amount and the channels are the owner's and wait for a second owner (docs/0066; four-eyes.test.ts).
    const pending = (await put(t.owner, { adjustmentFourEyesMinor: 500_000, channels: [{ id: demo.id, autoSettleSeconds: 2, maxMinor: 2_000_000 }] })).json()
      .value;
    expect(pending).toMatchObject({ adjustmentFourEyesMinor: 1_000_000, pendingChanges: [{ requestedBy: 'demo_operator' }] });
    const owner2 = await operatorToken(ctx.app, 'demo_owner2', 'Owner21234');
    const approved = (
      await ctx.app.inject({
        method: 'POST',
        url: DEPOSIT_PATHS.operatorMoneySettingsDecide,
        headers: { authorization: owner2 },
        payload: { changeId: pending.pendingChanges[0].id, approve: true },
      })
    ).json().value;
    expect(approved).toMatchObject({ withdrawConfirmMinutes: 15, adjustmentFourEyesMinor: 500_000, pendingChanges: [] });
    expect(approved.channels.find((c: { id: number }) => c.id === demo.id)).toMatchObject({ autoSettleSeconds: 2, maxMinor: 2_000_000 });
    const audit = await ctx.db.selectFrom('config_audit').select(['before', 'after']).where('action', '=', 'money.settings.set').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({ withdrawConfirmMinutes: 30 });
    expect(audit[0]!.after).toMatchObject({ withdrawConfirmMinutes: 15 });
    // The same values again change nothing and audit nothing.
    await put(t.finance, { withdrawConfirmMinutes: 15 });
    expect(await ctx.db.selectFrom('config_audit').select('id').where('action', '=', 'money.settings.set').execute()).toHaveLength(1);
  });

  it('refuses ranges that do not hold and other merchants channels, changing nothing', async () => {
    const before = (await ctx.app.inject({ url: DEPOSIT_PATHS.operatorMoneySettings, headers: { authorization: t.finance } })).json().value;
    const bkash = before.channels[0];
    const cases: [object, string][] = [
      [{ withdrawMaxMinor: before.withdrawMinMinor - 1 }, 'withdrawMaxMinor'],
      [{ withdrawDailyCount: 0 }, 'withdrawDailyCount'],
      [{ withdrawConfirmMinutes: 100_000 }, 'withdrawConfirmMinutes'],
      [{ bankAccountsMax: 21 }, 'bankAccountsMax'],
      [{ adjustmentFourEyesMinor: -1 }, 'adjustmentFourEyesMinor'],
      [{ withdrawMinMinor: 1.5 }, 'withdrawMinMinor'],
      [{ channels: [{ id: bkash.id, minMinor: bkash.maxMinor + 1 }] }, 'channels.0.maxMinor'],
      [{ channels: [{ id: bkash.id, quickAmountsMinor: [bkash.maxMinor + 100] }] }, 'channels.0.quickAmountsMinor'],
      [{ channels: [{ id: bkash.id, autoSettleSeconds: 86_401 }] }, 'channels.0.autoSettleSeconds'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(t.finance, payload);
      expect([res.statusCode, res.json().value?.field]).toEqual([400, field]);
    }
    expect((await put(t.finance, { channels: [{ id: 999_999, minMinor: 100 }] })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: DEPOSIT_PATHS.operatorMoneySettings, headers: { authorization: t.finance } })).json().value).toEqual(before);
  });
});
