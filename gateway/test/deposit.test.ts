import { describe, expect, it } from 'vitest';
import { expectTRPCError } from './errors.ts';
import { BAD_AMOUNTS } from './fuzz-inputs.ts';
import { ACCOUNTS, loginToken, operatorToken, useGateway, type THarness } from './harness.ts';

// Deposits through the real gateway and the real embedded platform over HTTP (docs/0028):
// the member's order, the operator's approval, the balance; and the attack list at the gateway.

let h: THarness;
const t = { member: '', trial: '', owner: '', finance: '' };
let channelId = 0;

useGateway(async (started) => {
  h = started;
  t.member = await loginToken(h, ACCOUNTS.member);
  t.trial = await loginToken(h, ACCOUNTS.trial);
  t.owner = await operatorToken(h, ACCOUNTS.operator);
  t.finance = await operatorToken(h, { username: 'demo_finance', password: 'Finance1234' });
  channelId = (await h.client({ token: t.member }).deposit.channels.query()).channels.find((c) => c.code === 'nagad')!.id;
});

describe('deposit through the gateway', () => {
  it('member orders, the finance operator approves, the balance grows by the amount once', async () => {
    const member = h.client({ token: t.member });
    const before = (await member.member.balance.query()).balance;
    const order = await member.deposit.create.mutate({ channelId, amountMinor: 250_050, key: 'gw-deposit-0001' });
    expect(order).toMatchObject({ status: 'pending', channelName: 'Nagad', amountMinor: 250_050 });
    const pending = await h.client({ token: t.finance }).operator.deposits.query({});
    expect(pending.deposits.map((d) => d.reference)).toContain(order.reference);
    const approved = await h.client({ token: t.finance }).operator.approveDeposit.mutate({ depositId: order.id });
    expect(approved.status).toBe('approved');
    await expectTRPCError(h.client({ token: t.owner }).operator.approveDeposit.mutate({ depositId: order.id }), 'CONFLICT', 'deposit_not_pending');
    expect((await member.member.balance.query()).balance).toBe(before + 250_050);
    expect((await member.deposit.list.query({})).deposits[0]).toMatchObject({ reference: order.reference, status: 'approved' });
  });

  it('refuses no session, a trial account, and a member calling operator procedures', async () => {
    await expectTRPCError(h.client().deposit.channels.query(), 'UNAUTHORIZED');
    await expectTRPCError(
      h.client({ token: t.trial }).deposit.create.mutate({ channelId, amountMinor: 50_000, key: 'gw-trial-0001' }),
      'FORBIDDEN',
      'in_need_true_account',
    );
    await expectTRPCError(h.client({ token: t.trial }).deposit.channels.query(), 'FORBIDDEN', 'in_need_true_account');
    await expectTRPCError(h.client({ token: t.member }).operator.deposits.query({}), 'UNAUTHORIZED');
  });

  it.each(BAD_AMOUNTS)('refuses an amount that is %s at the gateway, naming the field', async (_name, amountMinor) => {
    const error = await expectTRPCError(
      h.client({ token: t.member }).deposit.create.mutate({ channelId, amountMinor: amountMinor as number, key: 'gw-bad-amount' }),
      'BAD_REQUEST',
    );
    expect(new Set(error.data?.issues?.map((i) => i.path))).toEqual(new Set(['amountMinor']));
  });

  it('passes the platform field refusal on: below the channel minimum', async () => {
    const error = await expectTRPCError(
      h.client({ token: t.member }).deposit.create.mutate({ channelId, amountMinor: 100, key: 'gw-below-min' }),
      'BAD_REQUEST',
    );
    expect(error.data?.issues).toEqual([{ path: 'amountMinor', message: 'deposit_amount_below_min' }]);
  });

  it('makes 50 parallel sends of one key one order', async () => {
    const member = h.client({ token: t.member });
    const orders = await Promise.all(Array.from({ length: 50 }, () => member.deposit.create.mutate({ channelId, amountMinor: 30_000, key: 'gw-parallel-50' })));
    expect(new Set(orders.map((o) => o.id)).size).toBe(1);
  });

  it('operator adjustments and money settings answer through the gateway', async () => {
    const adj = await h
      .client({ token: t.finance })
      .operator.requestAdjustment.mutate({ username: 'demo_member', amountMinor: 1_000, reason: 'gateway test', key: 'gw-adjust-0001' });
    expect(adj).toMatchObject({ status: 'applied', requestedBy: 'demo_finance' });
    const settings = await h.client({ token: t.finance }).operator.moneySettings.query();
    expect(settings.channels.length).toBe(5);
    const next = await h.client({ token: t.finance }).operator.setMoneySettings.mutate({ withdrawDailyCount: 4 });
    expect(next.withdrawDailyCount).toBe(4);
  });

  it('the four-eyes limits change only through a second owner (docs/0066)', async () => {
    const finance = h.client({ token: t.finance });
    const refused = await expectTRPCError(finance.operator.setMoneySettings.mutate({ adjustmentFourEyesMinor: 90_000_000 }), 'FORBIDDEN');
    expect(refused.message).toBe('settings_owner_only');
    const asked = await h.client({ token: t.owner }).operator.setMoneySettings.mutate({ depositFourEyesMinor: 3_000_000 });
    expect(asked).toMatchObject({
      depositFourEyesMinor: 2_000_000,
      pendingChanges: [{ requestedBy: 'demo_operator', items: [{ field: 'depositFourEyesMinor', before: 2_000_000, after: 3_000_000 }] }],
    });
    const changeId = asked.pendingChanges[0]!.id;
    expect((await finance.operator.adjustments.query()).settingChanges.map((c) => c.id)).toEqual([changeId]);
    const own = await expectTRPCError(h.client({ token: t.owner }).operator.decideMoneySettings.mutate({ changeId, approve: true }), 'FORBIDDEN');
    expect(own.message).toBe('settings_second_owner_required');
    const owner2 = await operatorToken(h, { username: 'demo_owner2', password: 'Owner21234' });
    expect(await h.client({ token: owner2 }).operator.decideMoneySettings.mutate({ changeId, approve: true })).toMatchObject({
      depositFourEyesMinor: 3_000_000,
      pendingChanges: [],
    });
  });
});
