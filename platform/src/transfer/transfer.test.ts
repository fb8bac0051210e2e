import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PATHS, TRANSFER_CALLS, TRANSFER_PATHS, WPS_PATHS } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken, steppedUpToken } from '../test-support/http.ts';
import { walletBalance } from '../wallet/wallet.queries.ts';
import { demoMerchantId } from '../test-support/demo-merchant.ts';

// Transfers on both databases (PGlite; PostgreSQL with DATABASE_URL): merchant wallets (single and
// multi), main ⇄ merchant wallet, recall, consolidated funds, and the transfer to the upline — with
// the attack list of docs/rules/money.md on every call.

const ctx = usePlatform();
const t = { member: '', down: '', trial: '', agent: '', owner: '' };
const ids = { member: 0, agent: 0, down: 0 };
const INSUFFICIENT = { field: 'amountMinor', issue: 'insufficient_funds' };
const MONEY_TABLES = ['ledger_transactions', 'ledger_entries', 'member_audit'] as const;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { authorization: token }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function setSingle(single: boolean): Promise<void> {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/wps/operator/money/settings',
    headers: { authorization: t.owner },
    payload: { merchantWalletSingle: single },
  });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  // Upline transfers need a fresh step-up (docs/0068); step-up-test covers the refusal.
  t.member = await steppedUpToken(ctx.app, 'demo_member', 'Demo1234');
  t.down = await steppedUpToken(ctx.app, 'demo_down1', 'Down1234');
  t.trial = await loginToken(ctx.app, 'demo_trial', 'Trial1234');
  t.agent = await steppedUpToken(ctx.app, 'demo_agent', 'Agent1234');
  t.owner = (
    await ctx.app.inject({ method: 'POST', url: WPS_PATHS.operatorLogin, payload: { username: 'demo_operator', password: 'Operator1234' } })
  ).json().value.token;
  const rows = await ctx.db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('merchant_id', '=', demoMerchantId(ctx.db))
    .where('username', 'in', ['demo_member', 'demo_agent', 'demo_down1'])
    .execute();
  ids.member = rows.find((r) => r.username === 'demo_member')!.id;
  ids.agent = rows.find((r) => r.username === 'demo_agent')!.id;
  ids.down = rows.find((r) => r.username === 'demo_down1')!.id;
});

describe('every transfer call', () => {
  it('refuses no session (401) and a trial account (in_need_true_account), and writes nothing', async () => {
    const before = await rowCounts(ctx.db, [...MONEY_TABLES]);
    // Every declared transfer call: a new one is refused here too or this fails.
    for (const { method, path: url } of Object.values(TRANSFER_CALLS)) {
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
      const body = { direction: 'in', code: 'JILI', amountMinor: 100, key: 'trial-key-001' };
      expect((await call(method, url, t.trial, method === 'POST' ? body : undefined)).json()).toMatchObject({
        success: false,
        message: 'in_need_true_account',
      });
    }
    expect(await rowCounts(ctx.db, [...MONEY_TABLES])).toEqual(before);
  });
});

describe('transfer to the upline', () => {
  it('shows the upline agent by nickname and moves money to it once per member key', async () => {
    const overview = (await call('GET', TRANSFER_PATHS.transferUpline, t.member)).json().value;
    expect(overview.upline).toEqual({ nickname: 'Demo Agent' });
    const [memberBefore, agentBefore] = [await walletBalance(ctx.db, ids.member), await walletBalance(ctx.db, ids.agent)];
    const sends = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', TRANSFER_PATHS.transferUpline, t.member, { amountMinor: 12_345, key: 'upline-key-0001', remark: 'for the team' }),
      ),
    );
    const ids50 = new Set(sends.map((r) => r.json().value.transactionId));
    expect(ids50.size).toBe(1);
    expect(await walletBalance(ctx.db, ids.member)).toBe(memberBefore - 12_345);
    expect(await walletBalance(ctx.db, ids.agent)).toBe(agentBefore + 12_345);
    const after = (await call('GET', TRANSFER_PATHS.transferUpline, t.member)).json().value;
    expect(after.recent[0]).toMatchObject({ amountMinor: 12_345, remark: 'for the team' });
    // The same key with another amount is refused; another member's same key is its own transfer.
    expect((await call('POST', TRANSFER_PATHS.transferUpline, t.member, { amountMinor: 1, key: 'upline-key-0001' })).json()).toMatchObject({
      success: false,
      message: 'idempotency_key_reused',
    });
    const down = (await call('POST', TRANSFER_PATHS.transferUpline, t.down, { amountMinor: 1, key: 'upline-key-0001' })).json();
    expect(down.value).toEqual(INSUFFICIENT);
  });

  it('lets an agent and its downline send to each other at once, 20 each way, every one committing (one lock order, docs/0080)', async () => {
    const [memberBefore, agentBefore] = [await walletBalance(ctx.db, ids.member), await walletBalance(ctx.db, ids.agent)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => [
        call('POST', TRANSFER_PATHS.transferUpline, t.member, { amountMinor: 100, key: `both-ways-up-${i}`, remark: '' }),
        call('POST', AGENT_PATHS.transfer, t.agent, { memberId: ids.member, amountMinor: 300, key: `both-ways-down-${i}`, remark: '' }),
      ]).flat(),
    );
    // Each holding one member and waiting for the other would end in the database's deadlock refusal.
    expect(answers.map((a) => a.json().success)).toEqual(answers.map(() => true));
    expect(await walletBalance(ctx.db, ids.member)).toBe(memberBefore + 20 * 200);
    expect(await walletBalance(ctx.db, ids.agent)).toBe(agentBefore - 20 * 200);
  });

  it('refuses bad amounts, more than the balance, and a member without an agent upline; nothing moves', async () => {
    const before = await rowCounts(ctx.db, [...MONEY_TABLES]);
    for (const amountMinor of [0, -100, 1.5, 1e13, '100', null, Number.NaN]) {
      const res = (await call('POST', TRANSFER_PATHS.transferUpline, t.member, { amountMinor, key: `bad-amount-${String(amountMinor)}` })).json();
      expect(res.success, String(amountMinor)).toBe(false);
    }
    expect((await call('POST', TRANSFER_PATHS.transferUpline, t.member, { amountMinor: 999_999_999, key: 'too-much-0001' })).json().value).toEqual(
      INSUFFICIENT,
    );
    // The agent itself has no upline: nobody to send to.
    expect((await call('POST', TRANSFER_PATHS.transferUpline, t.agent, { amountMinor: 100, key: 'agent-key-0001' })).json()).toMatchObject({
      success: false,
      message: 'transfer_no_upline',
    });
    for (const remark of ['a\u0000b', 'x'.repeat(1_000_000)]) {
      expect((await call('POST', TRANSFER_PATHS.transferUpline, t.member, { amountMinor: 100, key: 'remark-key-01', remark })).json().success).toBe(false);
    }
    expect(await rowCounts(ctx.db, [...MONEY_TABLES])).toEqual(before);
  });

  it("names no target: another member's id in the body is ignored and the money goes to the own upline", async () => {
    const [agentBefore, downBefore] = [await walletBalance(ctx.db, ids.agent), await walletBalance(ctx.db, ids.down)];
    const sneaky = (
      await call('POST', TRANSFER_PATHS.transferUpline, t.member, { amountMinor: 100, key: 'sneaky-key-01', toMemberId: ids.down, uplineId: ids.down })
    ).json();
    expect(sneaky.success).toBe(true);
    expect(await walletBalance(ctx.db, ids.down)).toBe(downBefore);
    expect(await walletBalance(ctx.db, ids.agent)).toBe(agentBefore + 100);
  });
});

describe('merchant wallets', () => {
  it('single mode: only the main wallet, and transfers are refused', async () => {
    await setSingle(true);
    const res = (await call('GET', TRANSFER_PATHS.merchantWallet, t.member)).json().value;
    expect(res).toMatchObject({ isSingle: true, wallets: [] });
    expect(
      (await call('POST', TRANSFER_PATHS.walletTransfer, t.member, { direction: 'in', code: 'JILI', amountMinor: 100, key: 'single-key-01' })).json(),
    ).toMatchObject({ success: false, message: 'wallet_single_only' });
  });

  it('multi mode: main ⇄ a vendor wallet once per key, recall all, consolidated funds add up', async () => {
    await setSingle(false);
    const list = (await call('GET', TRANSFER_PATHS.merchantWallet, t.member)).json().value;
    expect(list.isSingle).toBe(false);
    expect(list.wallets.length).toBeGreaterThan(1);
    const [a, b] = [list.wallets[0].code as string, list.wallets[1].code as string];
    const main = await walletBalance(ctx.db, ids.member);
    const sends = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', TRANSFER_PATHS.walletTransfer, t.member, { direction: 'in', code: a, amountMinor: 30_000, key: 'wallet-in-0001' }),
      ),
    );
    expect(new Set(sends.map((r) => r.json().value.transactionId)).size).toBe(1);
    expect(
      (await call('POST', TRANSFER_PATHS.walletTransfer, t.member, { direction: 'in', code: b, amountMinor: 20_000, key: 'wallet-in-0002' })).json().value
        .mainMinor,
    ).toBe(main - 50_000);
    expect(
      (await call('POST', TRANSFER_PATHS.walletTransfer, t.member, { direction: 'out', code: a, amountMinor: 10_000, key: 'wallet-out-001' })).json().value
        .mainMinor,
    ).toBe(main - 40_000);
    // More than the vendor wallet holds; an unknown code; a code with SQL in it.
    expect(
      (await call('POST', TRANSFER_PATHS.walletTransfer, t.member, { direction: 'out', code: a, amountMinor: 20_001, key: 'wallet-out-002' })).json().value,
    ).toEqual(INSUFFICIENT);
    expect(
      (await call('POST', TRANSFER_PATHS.walletTransfer, t.member, { direction: 'in', code: 'NOPE', amountMinor: 1, key: 'wallet-in-0003' })).json(),
    ).toMatchObject({ success: false });
    expect(
      (await call('POST', TRANSFER_PATHS.walletTransfer, t.member, { direction: 'in', code: "x' or 1=1", amountMinor: 1, key: 'wallet-in-0004' })).json(),
    ).toMatchObject({ success: false });
    const funds = (await call('GET', TRANSFER_PATHS.consolidated, t.member)).json().value;
    expect(funds).toMatchObject({ mainMinor: main - 40_000, merchantWalletsMinor: 40_000 });
    expect(funds.totalMinor).toBe(funds.mainMinor + funds.merchantWalletsMinor + funds.withdrawalHoldMinor);
    // Recall twice with one key: everything comes back once.
    await call('POST', TRANSFER_PATHS.walletRecall, t.member, { key: 'recall-key-01' });
    const recalled = (await call('POST', TRANSFER_PATHS.walletRecall, t.member, { key: 'recall-key-01' })).json().value;
    expect(recalled.mainMinor).toBe(main);
    expect(recalled.wallets.every((w: { balanceMinor: number }) => w.balanceMinor === 0)).toBe(true);
    await setSingle(true);
  });

  it('consolidated funds follow AGENTPOLICY3 on the server too', async () => {
    await ctx.db.updateTable('whitelabel_nodes').set({ enabled: false }).where('mod_id', '=', 'AGENTPOLICY3').execute();
    try {
      expect((await call('GET', TRANSFER_PATHS.consolidated, t.member)).json()).toMatchObject({ success: false });
    } finally {
      await ctx.db.updateTable('whitelabel_nodes').set({ enabled: true }).where('mod_id', '=', 'AGENTPOLICY3').execute();
    }
  });
});
