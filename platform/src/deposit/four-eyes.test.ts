import { beforeAll, describe, expect, it } from 'vitest';
import { DEPOSIT_PATHS, type TOperatorRole } from '@wl/schemas';
import { hashPassword } from '../session/password.service.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { operatorToken } from '../test-support/operators.ts';
import { loginToken } from '../test-support/http.ts';
import { walletBalance } from '../wallet/wallet.queries.ts';
import { demoMemberRow, demoMerchantId, demoOperatorRow } from '../test-support/demo-merchant.ts';

// docs/0066: four eyes that one person cannot pass, on both databases. Each attack below passed on
// the code before: a finance operator raised the threshold and adjusted at once, split one amount
// into pieces below it, or approved alone a large deposit an accomplice never paid.

const ctx = usePlatform();
/** The operator audit log's actions LIKE `pattern` with who did them, oldest first. */
const auditLike = (pattern: string) =>
  ctx.db.selectFrom('config_audit').select(['action', 'operator_username']).where('action', 'like', pattern).orderBy('id').execute();
const t = { finance: '', owner: '', owner2: '', content: '' };

/** A further operator of this test alone (its rolling totals start at zero). */
async function newOperator(username: string, role: TOperatorRole): Promise<string> {
  const merchant = await ctx.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('operators')
    .values({ merchant_id: merchant.id, username, name: username, role, password_hash: await hashPassword('FourEyes1234') })
    .execute();
  return operatorToken(ctx.app, username, 'FourEyes1234');
}

const memberId = async (username: string) => (await demoMemberRow(ctx.db, username).select('id').executeTakeFirstOrThrow()).id;
const adjust = (token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: DEPOSIT_PATHS.operatorAdjustments, headers: { authorization: token }, payload });
const decideAdjustment = (token: string, adjustmentId: number, approve: boolean) =>
  ctx.app.inject({ method: 'POST', url: DEPOSIT_PATHS.operatorAdjustmentDecide, headers: { authorization: token }, payload: { adjustmentId, approve } });
const putSettings = (token: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: DEPOSIT_PATHS.operatorMoneySettings, headers: { authorization: token }, payload });
const getSettings = async (token: string) =>
  (await ctx.app.inject({ url: DEPOSIT_PATHS.operatorMoneySettings, headers: { authorization: token } })).json().value;
const decideSettings = (token: string, changeId: number, approve: boolean) =>
  ctx.app.inject({ method: 'POST', url: DEPOSIT_PATHS.operatorMoneySettingsDecide, headers: { authorization: token }, payload: { changeId, approve } });
const approveDeposit = (token: string, depositId: number) =>
  ctx.app.inject({ method: 'POST', url: DEPOSIT_PATHS.operatorDepositApprove, headers: { authorization: token }, payload: { depositId } });
const rejectDeposit = (token: string, depositId: number) =>
  ctx.app.inject({ method: 'POST', url: DEPOSIT_PATHS.operatorDepositReject, headers: { authorization: token }, payload: { depositId, remark: 'not paid' } });
const answer = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];
const item = (n: number) => ({ username: 'demo_member', amountMinor: n, reason: 'four eyes test' });

beforeAll(async () => {
  t.finance = await operatorToken(ctx.app, 'demo_finance', 'Finance1234');
  t.owner = await operatorToken(ctx.app, 'demo_operator', 'Operator1234');
  t.owner2 = await operatorToken(ctx.app, 'demo_owner2', 'Owner21234');
  t.content = await operatorToken(ctx.app, 'demo_content', 'Content1234');
});

describe('the four-eyes limits and channels are the owner’s, and a change of them needs a second owner', () => {
  it('refuses a finance operator raising the threshold (then adjusting at once): nothing changes, the big adjustment waits', async () => {
    const before = await getSettings(t.finance);
    const counts = await rowCounts(ctx.db, ['config_audit', 'money_setting_changes']);
    for (const payload of [
      { adjustmentFourEyesMinor: 100_000_000 },
      { adjustmentDailyOperatorMinor: 100_000_000 },
      { adjustmentDailyMemberMinor: 100_000_000 },
      { depositFourEyesMinor: 100_000_000 },
      { channels: [{ id: before.channels[0].id, maxMinor: 90_000_000 }] },
      { channels: [{ id: before.channels[0].id, enabled: false }] },
      // Mixed with a setting finance may change: the whole request is refused.
      { withdrawConfirmMinutes: 20, adjustmentFourEyesMinor: 100_000_000 },
    ]) {
      expect(answer(await putSettings(t.finance, payload))).toEqual([403, 'settings_owner_only']);
    }
    expect(await getSettings(t.finance)).toEqual(before);
    expect(await rowCounts(ctx.db, ['config_audit', 'money_setting_changes'])).toEqual(counts);
    // The finance operator's ৳20,000 adjustment still waits for a second operator.
    const big = (await adjust(t.finance, { ...item(2_000_000), key: 'raise-then-adjust-1' })).json().value;
    expect(big.status).toBe('pending');
    expect(answer(await decideAdjustment(t.finance, big.id, true))).toEqual([403, 'adjustment_second_operator_required']);
    expect((await decideAdjustment(t.owner, big.id, false)).json().value.status).toBe('rejected');
    // Finance still changes what is theirs at once; the unchanged controlled values pass along.
    const next = (await putSettings(t.finance, { ...before, channels: undefined, pendingChanges: undefined, withdrawConfirmMinutes: 25 })).json().value;
    expect(next).toMatchObject({ withdrawConfirmMinutes: 25, adjustmentFourEyesMinor: before.adjustmentFourEyesMinor, pendingChanges: [] });
  });

  it('an owner’s change waits for a second owner: its author can neither approve nor reject it', async () => {
    const before = await getSettings(t.owner);
    const bkash = before.channels.find((c: { code: string }) => c.code === 'bkash');
    const res = (
      await putSettings(t.owner, { adjustmentFourEyesMinor: 50_000_000, withdrawConfirmMinutes: 40, channels: [{ id: bkash.id, maxMinor: 3_000_000 }] })
    ).json().value;
    // The withdraw window changes at once; the threshold and the channel wait.
    expect(res).toMatchObject({ withdrawConfirmMinutes: 40, adjustmentFourEyesMinor: before.adjustmentFourEyesMinor });
    expect(res.channels.find((c: { id: number }) => c.id === bkash.id).maxMinor).toBe(bkash.maxMinor);
    expect(res.pendingChanges).toHaveLength(1);
    const change = res.pendingChanges[0];
    expect(change).toMatchObject({ requestedBy: 'demo_operator' });
    expect(change.items).toEqual([
      { field: 'adjustmentFourEyesMinor', channelCode: null, before: before.adjustmentFourEyesMinor, after: 50_000_000 },
      { field: 'maxMinor', channelCode: 'bkash', before: bkash.maxMinor, after: 3_000_000 },
    ]);
    // The same queue shows it beside the pending adjustments.
    const queue = (await ctx.app.inject({ url: DEPOSIT_PATHS.operatorAdjustments, headers: { authorization: t.finance } })).json().value;
    expect(queue.settingChanges.map((c: { id: number }) => c.id)).toEqual([change.id]);
    // Its author cannot decide it; finance and content may not decide settings at all.
    expect(answer(await decideSettings(t.owner, change.id, true))).toEqual([403, 'settings_second_owner_required']);
    expect(answer(await decideSettings(t.owner, change.id, false))).toEqual([403, 'settings_second_owner_required']);
    expect(answer(await decideSettings(t.finance, change.id, true))).toEqual([403, 'error_forbidden']);
    expect(answer(await decideSettings(t.content, change.id, true))).toEqual([403, 'error_forbidden']);
    expect((await getSettings(t.owner)).adjustmentFourEyesMinor).toBe(before.adjustmentFourEyesMinor);
    // A second owner approves: both parts apply, once.
    const [a, b] = await Promise.all([decideSettings(t.owner2, change.id, true), decideSettings(t.owner2, change.id, true)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const after = await getSettings(t.owner);
    expect(after).toMatchObject({ adjustmentFourEyesMinor: 50_000_000, pendingChanges: [] });
    expect(after.channels.find((c: { id: number }) => c.id === bkash.id).maxMinor).toBe(3_000_000);
    const audit = await auditLike('money.settings.%');
    expect(audit.slice(-3)).toEqual([
      { action: 'money.settings.set', operator_username: 'demo_operator' },
      { action: 'money.settings.request', operator_username: 'demo_operator' },
      { action: 'money.settings.approve', operator_username: 'demo_owner2' },
    ]);
    // Put it back the same way (a rejection changes nothing).
    const back = (await putSettings(t.owner2, { adjustmentFourEyesMinor: before.adjustmentFourEyesMinor })).json().value.pendingChanges[0];
    const wrong = (await putSettings(t.owner2, { adjustmentFourEyesMinor: 0 })).json().value.pendingChanges[1];
    expect((await decideSettings(t.owner, wrong.id, false)).json().value.adjustmentFourEyesMinor).toBe(50_000_000);
    expect((await decideSettings(t.owner, back.id, true)).json().value.adjustmentFourEyesMinor).toBe(before.adjustmentFourEyesMinor);
    expect(answer(await decideSettings(t.owner2, 9_999_999, true))).toEqual([404, 'error_not_found']);
  });

  it('the database refuses a settings change decided by its author', async () => {
    const op = await demoOperatorRow(ctx.db, 'demo_operator').select(['id', 'merchant_id']).executeTakeFirstOrThrow();
    const row = await ctx.db
      .insertInto('money_setting_changes')
      .values({
        merchant_id: op.merchant_id,
        change: JSON.stringify({ adjustmentFourEyesMinor: 1 }),
        before: JSON.stringify({ adjustmentFourEyesMinor: 2 }),
        requested_by: op.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      ctx.db.updateTable('money_setting_changes').set({ status: 'applied', decided_by: op.id }).where('id', '=', row.id).execute(),
    ).rejects.toThrow();
    await ctx.db.deleteFrom('money_setting_changes').where('id', '=', row.id).execute();
  });
});

describe('adjustments split below the threshold', () => {
  it('counts what one member was adjusted by operators alone in 24 hours: the piece above the limit waits', async () => {
    // Two operators of this test alone, each well below their own daily limit (৳50,000).
    const a = await newOperator('split_fin_a', 'finance');
    const b = await newOperator('split_fin_b', 'finance');
    const id = await memberId('demo_down1');
    const before = await walletBalance(ctx.db, id);
    const piece = (token: string, key: string) => adjust(token, { username: 'demo_down1', amountMinor: 900_000, reason: 'split', key });
    // ৳9,000 each, below the ৳10,000 threshold; the member's limit is ৳20,000 a day.
    expect((await piece(a, 'split-member-1')).json().value.status).toBe('applied');
    expect((await piece(b, 'split-member-2')).json().value.status).toBe('applied');
    const third = (await piece(a, 'split-member-3')).json().value;
    expect(third.status).toBe('pending');
    expect(await walletBalance(ctx.db, id)).toBe(before + 1_800_000);
    // Its author cannot approve it; the other operator can.
    expect(answer(await decideAdjustment(a, third.id, true))).toEqual([403, 'adjustment_second_operator_required']);
    expect((await decideAdjustment(b, third.id, true)).json().value).toMatchObject({ status: 'applied', approvedBy: 'split_fin_b' });
    expect(await walletBalance(ctx.db, id)).toBe(before + 2_700_000);
    // Debits count too (absolute amounts): a small one now waits.
    expect((await adjust(b, { username: 'demo_down1', amountMinor: -300_000, reason: 'split', key: 'split-member-4' })).json().value.status).toBe('pending');
  });

  it('counts what one operator adjusted alone in 24 hours across members', async () => {
    const op = await newOperator('split_fin_c', 'finance');
    const members = ['demo_player1', 'demo_player2', 'demo_player3', 'demo_player4', 'demo_down2', 'demo_down3'];
    const statuses: string[] = [];
    for (const [i, username] of members.entries()) {
      statuses.push((await adjust(op, { username, amountMinor: 900_000, reason: 'split', key: `split-operator-${i}` })).json().value.status);
    }
    // ৳9,000 × 5 = ৳45,000 ≤ ৳50,000; the sixth would make ৳54,000.
    expect(statuses).toEqual(['applied', 'applied', 'applied', 'applied', 'applied', 'pending']);
  });

  it('parallel pieces are counted one after the other: exactly two of five apply', async () => {
    const op = await newOperator('split_fin_d', 'finance');
    const id = await memberId('team_a01');
    const before = await walletBalance(ctx.db, id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => adjust(op, { username: 'team_a01', amountMinor: 900_000, reason: 'parallel split', key: `split-parallel-${i}` })),
    );
    const statuses = answers.map((r) => r.json().value.status).sort();
    expect(statuses).toEqual(['applied', 'applied', 'pending', 'pending', 'pending']);
    expect(await walletBalance(ctx.db, id)).toBe(before + 1_800_000);
  });

  it('the database refuses an adjustment approved by its requester', async () => {
    const row = await ctx.db.selectFrom('balance_adjustments').select(['id', 'requested_by']).where('status', '=', 'pending').executeTakeFirstOrThrow();
    await expect(ctx.db.updateTable('balance_adjustments').set({ approved_by: row.requested_by }).where('id', '=', row.id).execute()).rejects.toThrow();
  });
});

describe('manual deposit approvals above the limit need a second operator', () => {
  let member = '';
  let bankId = 0;
  let bkashId = 0;
  const order = async (amountMinor: number, key: string, channelId = bankId) =>
    (await ctx.app.inject({ method: 'POST', url: DEPOSIT_PATHS.deposit, headers: { authorization: member }, payload: { channelId, amountMinor, key } })).json()
      .value;

  beforeAll(async () => {
    member = await loginToken(ctx.app, 'demo_player1', 'Player1234');
    const channels = await ctx.db.selectFrom('deposit_channels').where('merchant_id', '=', demoMerchantId(ctx.db)).select(['id', 'code']).execute();
    bankId = channels.find((c) => c.code === 'bank')!.id;
    bkashId = channels.find((c) => c.code === 'bkash')!.id;
  });

  it('a large deposit: the first approval credits nothing, its author cannot give the second, another operator can', async () => {
    const id = await memberId('demo_player1');
    const before = await walletBalance(ctx.db, id);
    const d = await order(5_000_000, 'large-deposit-1');
    // 20 parallel approvals by one operator: one records the first approval, none credits.
    const answers = await Promise.all(Array.from({ length: 20 }, () => approveDeposit(t.finance, d.id)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 403)).toBe(true);
    expect(answers.find((r) => r.statusCode === 403)!.json().message).toBe('deposit_second_operator_required');
    const first = answers.find((r) => r.statusCode === 200)!.json().value;
    expect(first).toMatchObject({ status: 'pending', firstApprovedBy: 'demo_finance' });
    expect(await walletBalance(ctx.db, id)).toBe(before);
    // The operator's list shows who gave the first approval; the member's own list never names operators.
    const listed = (await ctx.app.inject({ url: DEPOSIT_PATHS.operatorDeposits, headers: { authorization: t.owner } })).json().value.deposits;
    expect(listed.find((x: { id: number }) => x.id === d.id)).toMatchObject({ firstApprovedBy: 'demo_finance' });
    const own = (await ctx.app.inject({ url: DEPOSIT_PATHS.deposit, headers: { authorization: member } })).json().value.deposits;
    expect(own.find((x: { id: number }) => x.id === d.id)).not.toHaveProperty('firstApprovedBy');
    // Two different operators at once: one credits, once.
    const [a, b] = await Promise.all([approveDeposit(t.owner, d.id), approveDeposit(t.owner2, d.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await walletBalance(ctx.db, id)).toBe(before + 5_000_000);
    const audit = await auditLike('deposit.approve%');
    expect(audit.slice(-2).map((x) => x.action)).toEqual(['deposit.approve.first', 'deposit.approve']);
  });

  it('the first approver may still reject (no money moves)', async () => {
    const d = await order(3_000_000, 'large-deposit-2');
    expect((await approveDeposit(t.finance, d.id)).json().value.status).toBe('pending');
    expect((await rejectDeposit(t.finance, d.id)).json().value.status).toBe('rejected');
  });

  it('splitting into deposits below the limit does not pass: the member’s 24-hour total counts', async () => {
    const op = await newOperator('split_dep', 'finance');
    member = await loginToken(ctx.app, 'demo_player2', 'Player1234');
    const id = await memberId('demo_player2');
    const before = await walletBalance(ctx.db, id);
    const pieces = [await order(900_000, 'split-dep-1', bkashId), await order(900_000, 'split-dep-2', bkashId), await order(900_000, 'split-dep-3', bkashId)];
    const statuses = [];
    for (const d of pieces) statuses.push((await approveDeposit(op, d.id)).json().value.status);
    // ৳9,000 + ৳9,000 ≤ ৳20,000; the third would make ৳27,000.
    expect(statuses).toEqual(['approved', 'approved', 'pending']);
    expect(await walletBalance(ctx.db, id)).toBe(before + 1_800_000);
    expect(answer(await approveDeposit(op, pieces[2]!.id))).toEqual([403, 'deposit_second_operator_required']);
    expect((await approveDeposit(t.finance, pieces[2]!.id)).json().value.status).toBe('approved');
  });

  it('the database refuses a deposit approved by its first approver', async () => {
    const d = await order(4_000_000, 'large-deposit-3');
    await approveDeposit(t.finance, d.id);
    const fin = await ctx.db.selectFrom('operators').select('id').where('username', '=', 'demo_finance').executeTakeFirstOrThrow();
    await expect(ctx.db.updateTable('deposits').set({ status: 'approved', decided_by: fin.id }).where('id', '=', d.id).execute()).rejects.toThrow();
  });
});
