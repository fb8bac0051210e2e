import { describe, expect, it } from 'vitest';
import { expectTRPCError } from './errors.ts';
import { BAD_AMOUNTS } from './fuzz-inputs.ts';
import { ACCOUNTS, loginToken, operatorToken, useGateway, type THarness } from './harness.ts';

// Transfers through the real gateway and the real embedded platform over HTTP (docs/0026, docs/0030):
// to the upline, main ⇄ merchant wallet, consolidated funds; and the attack list at the gateway.

let h: THarness;
const t = { member: '', trial: '', owner: '' };

useGateway(async (started) => {
  h = started;
  t.member = await loginToken(h, ACCOUNTS.member);
  // Money to the upline needs a fresh step-up of the session (docs/0068); the refusal without it is in withdraw.test.ts.
  await h.client({ token: t.member }).account.stepUp.mutate({ password: ACCOUNTS.member.password });
  t.trial = await loginToken(h, ACCOUNTS.trial);
  t.owner = await operatorToken(h, ACCOUNTS.operator);
});

describe('transfers through the gateway', () => {
  it('to the upline: once per key, the header balance follows', async () => {
    const member = h.client({ token: t.member });
    expect((await member.transfer.upline.query()).upline).toEqual({ nickname: 'Demo Agent' });
    const before = (await member.member.balance.query()).balance;
    const sends = await Promise.all(
      Array.from({ length: 20 }, () => member.transfer.toUpline.mutate({ amountMinor: 5_000, key: 'gw-upline-0001', remark: 'team' })),
    );
    expect(new Set(sends.map((s) => s.transactionId)).size).toBe(1);
    expect((await member.member.balance.query()).balance).toBe(before - 5_000);
    expect(sends[0]!.mainMinor).toBe(before - 5_000);
  });

  it('main ⇄ a merchant wallet in multi mode, recall, consolidated funds', async () => {
    await h.client({ token: t.owner }).operator.setMoneySettings.mutate({ merchantWalletSingle: false });
    const member = h.client({ token: t.member });
    const wallets = await member.transfer.wallets.query();
    expect(wallets.isSingle).toBe(false);
    const code = wallets.wallets[0]!.code;
    await member.transfer.wallet.mutate({ direction: 'in', code, amountMinor: 7_000, key: 'gw-wallet-0001' });
    expect((await member.transfer.consolidated.query()).merchantWalletsMinor).toBe(7_000);
    const recalled = await member.transfer.recall.mutate({ key: 'gw-recall-0001' });
    expect(recalled.wallets.every((w) => w.balanceMinor === 0)).toBe(true);
    await h.client({ token: t.owner }).operator.setMoneySettings.mutate({ merchantWalletSingle: true });
  });

  it('refuses no session and a trial account on every transfer procedure', async () => {
    await expectTRPCError(h.client().transfer.upline.query(), 'UNAUTHORIZED');
    const trial = h.client({ token: t.trial });
    await expectTRPCError(trial.transfer.wallets.query(), 'FORBIDDEN', 'in_need_true_account');
    await expectTRPCError(trial.transfer.consolidated.query(), 'FORBIDDEN', 'in_need_true_account');
    await expectTRPCError(trial.transfer.toUpline.mutate({ amountMinor: 100, key: 'gw-trial-0001' }), 'FORBIDDEN', 'in_need_true_account');
    await expectTRPCError(
      trial.transfer.wallet.mutate({ direction: 'in', code: 'JILI', amountMinor: 100, key: 'gw-trial-0002' }),
      'FORBIDDEN',
      'in_need_true_account',
    );
  });

  it.each(BAD_AMOUNTS)('refuses an amount that is %s at the gateway, naming the field', async (_name, amountMinor) => {
    const error = await expectTRPCError(
      h.client({ token: t.member }).transfer.toUpline.mutate({ amountMinor: amountMinor as number, key: 'gw-bad-amount' }),
      'BAD_REQUEST',
    );
    expect(new Set(error.data?.issues?.map((i) => i.path))).toEqual(new Set(['amountMinor']));
  });

  it('passes the platform refusal on: more than the balance, named on the amount field', async () => {
    const error = await expectTRPCError(
      h.client({ token: t.member }).transfer.toUpline.mutate({ amountMinor: 900_000_000, key: 'gw-too-much-01' }),
      'BAD_REQUEST',
    );
    expect(error.data?.issues).toEqual([{ path: 'amountMinor', message: 'insufficient_funds' }]);
  });
});

describe('records through the gateway', () => {
  const range = { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date(Date.now() + 86_400_000).toISOString() };

  it('the account record shows the transfers above, paged, with totals', async () => {
    const member = h.client({ token: t.member });
    const page = await member.records.account.query({ ...range, type: 'transfer', pageSize: 2 });
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.rows).toHaveLength(2);
    expect(page.rows.every((r) => r.type === 'transfer')).toBe(true);
    expect((await member.records.profit.query(range)).total).toBe(0);
  });

  it('refuses a trial account, a reversed or too long range, and a page size past the cap', async () => {
    await expectTRPCError(h.client({ token: t.trial }).records.account.query(range), 'FORBIDDEN', 'in_need_true_account');
    const member = h.client({ token: t.member });
    await expectTRPCError(member.records.account.query({ from: range.to, to: range.from }), 'BAD_REQUEST');
    await expectTRPCError(member.records.bets.query({ from: '2019-01-01T00:00:00Z', to: '2021-01-01T00:00:00Z' }), 'BAD_REQUEST');
    await expectTRPCError(member.records.bonus.query({ ...range, pageSize: 5_000 }), 'BAD_REQUEST');
  });
});
