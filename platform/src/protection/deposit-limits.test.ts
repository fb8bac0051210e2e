import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PATHS, DEPOSIT_PATHS, PROTECTION_PATHS } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken, tokenCall } from '../test-support/http.ts';
import { operatorToken } from '../test-support/operators.ts';
import { freshDownline } from '../test-support/protection.ts';
import { accountFor, transfer } from '../wallet/ledger.service.ts';
import { ledgerViolations, NO_VIOLATIONS } from '../wallet/ledger-invariants.ts';
import { walletBalance } from '../wallet/wallet.queries.ts';
import { demoChannelFrom } from '../test-support/demo-merchant.ts';

// docs/0102: a member's deposit limits hold on every path that credits a deposit — the request
// (early), the operator's approval and an agent's transfer into the member's wallet — on the gross
// deposits of the rolling window, in the crediting transaction. Both databases (PGlite; PostgreSQL
// with DATABASE_URL).

const ctx = usePlatform();
const call = tokenCall(ctx);
const t = { finance: '', agent: '' };
let bkash = 0;
const TK = 100; // ৳1 in minor units

beforeAll(async () => {
  t.finance = await operatorToken(ctx.app, 'demo_finance', 'Finance1234');
  t.agent = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
  // ৳1 deposits: the channel's own minimum must not be what refuses them.
  bkash = await demoChannelFrom(ctx.db, 'bkash', TK);
});

let keys = 0;
const order = (token: string, amountMinor: number) => call('POST', DEPOSIT_PATHS.deposit, token, { channelId: bkash, amountMinor, key: `dl-key-${++keys}` });
const approve = (depositId: number) => call('POST', DEPOSIT_PATHS.operatorDepositApprove, t.finance, { depositId });
const agentTransfer = (memberId: number, amountMinor: number) =>
  call('POST', AGENT_PATHS.transfer, t.agent, { memberId, amountMinor, key: `dl-agent-${++keys}`, remark: '' });
const setLimit = (token: string, kind: string, value: number) => call('POST', PROTECTION_PATHS.set, token, { kind, value });
const refusal = (kind: string) => ({ success: false, message: `protection_deposit_limit_${kind}` });
const MONEY = ['deposits', 'ledger_transactions', 'ledger_entries'] as const;

describe('deposit limits on every crediting path', () => {
  it('deposit ৳5,000, withdraw ৳5,000, then ৳1 against a ৳5,000 24-hour limit: refused on the request, the approval and the agent transfer', async () => {
    const m = await freshDownline(ctx, 'dl_gross');
    const first = (await order(m.token, 5_000 * TK)).json().value;
    // Placed before the limit: its approval is where the limit refuses it.
    const early = (await order(m.token, TK)).json().value;
    expect((await setLimit(m.token, 'deposit_24h', 5_000 * TK)).json().success).toBe(true);
    expect((await approve(first.id)).json().value).toMatchObject({ status: 'approved' });
    // A withdrawal (the member's wallet to its withdrawal hold, as a request moves it) frees no room.
    const merchant = await ctx.db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow();
    await transfer(ctx.db, {
      from: await accountFor(ctx.db, merchant, 'member_wallet', { memberId: m.id }),
      to: await accountFor(ctx.db, merchant, 'member_withdrawal_hold', { memberId: m.id }),
      amountMinor: 5_000 * TK,
      owner: { kind: 'member', id: m.id },
      idempotencyKey: 'dl-withdraw-1',
      kind: 'withdraw_hold',
    });
    expect(await walletBalance(ctx.db, m.id)).toBe(0);
    const before = await rowCounts(ctx.db, [...MONEY]);

    const request = await order(m.token, TK);
    expect(request.statusCode).toBe(400);
    expect(request.json()).toMatchObject(refusal('24h'));
    const approval = await approve(early.id);
    expect(approval.statusCode).toBe(400);
    expect(approval.json()).toMatchObject(refusal('24h'));
    const agent = await agentTransfer(m.id, TK);
    expect(agent.statusCode).toBe(400);
    expect(agent.json()).toMatchObject(refusal('24h'));

    expect(await rowCounts(ctx.db, [...MONEY])).toEqual(before);
    expect(await walletBalance(ctx.db, m.id)).toBe(0);
    expect((await ctx.db.selectFrom('deposits').select('status').where('id', '=', early.id).executeTakeFirstOrThrow()).status).toBe('pending');
    const status = (await call('GET', PROTECTION_PATHS.limits, m.token)).json().value.deposit;
    expect(status).toMatchObject({ roomMinor: 0, binding: 'deposit_24h', limitMinor: 5_000 * TK });
    expect(Date.parse(status.backAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
  });

  it('counts an agent transfer as a deposit, and refuses ৳1 over the room left on each path', async () => {
    const m = await freshDownline(ctx, 'dl_agent');
    const pending = (await order(m.token, 2 * TK)).json().value;
    await setLimit(m.token, 'deposit_7d', 1_000 * TK);
    expect((await agentTransfer(m.id, 999 * TK)).json().success).toBe(true);
    // ৳1 of room left: ৳2 is refused on every path, naming the 7-day limit; ৳1 passes.
    expect((await order(m.token, 2 * TK)).json()).toMatchObject(refusal('7d'));
    expect((await approve(pending.id)).json()).toMatchObject(refusal('7d'));
    expect((await agentTransfer(m.id, 2 * TK)).json()).toMatchObject(refusal('7d'));
    expect((await agentTransfer(m.id, TK)).json().success).toBe(true);
    expect(await walletBalance(ctx.db, m.id)).toBe(1_000 * TK);
  });

  it('lets 20 parallel approvals credit only what the limit leaves room for, never more', async () => {
    const m = await freshDownline(ctx, 'dl_parallel');
    const orders = [];
    for (let i = 0; i < 20; i += 1) orders.push((await order(m.token, 200 * TK)).json().value as { id: number });
    await setLimit(m.token, 'deposit_24h', 1_000 * TK);
    const answers = await Promise.all(orders.map((o) => approve(o.id)));
    expect(answers.filter((a) => a.json().success)).toHaveLength(5);
    expect(answers.filter((a) => !a.json().success).every((a) => a.json().message === 'protection_deposit_limit_24h')).toBe(true);
    expect(await walletBalance(ctx.db, m.id)).toBe(1_000 * TK);
    expect(await ledgerViolations(ctx.db)).toEqual(NO_VIOLATIONS);
  });

  it('answers a replayed request and a replayed agent transfer as the first, even once they filled the limit', async () => {
    const m = await freshDownline(ctx, 'dl_replay');
    await setLimit(m.token, 'deposit_24h', 100 * TK);
    const body = { channelId: bkash, amountMinor: 60 * TK, key: 'dl-replay-order' };
    const first = (await call('POST', DEPOSIT_PATHS.deposit, m.token, body)).json().value as { id: number };
    expect((await approve(first.id)).json().value).toMatchObject({ status: 'approved' });
    const moved = { memberId: m.id, amountMinor: 40 * TK, key: 'dl-replay-agent', remark: '' };
    const transferred = (await call('POST', AGENT_PATHS.transfer, t.agent, moved)).json();
    expect(transferred.success).toBe(true);
    // The limit is full now: new money is refused, the replays answer what was done.
    expect((await order(m.token, TK)).json()).toMatchObject(refusal('24h'));
    const before = await rowCounts(ctx.db, [...MONEY]);
    expect((await call('POST', DEPOSIT_PATHS.deposit, m.token, body)).json()).toMatchObject({ success: true, value: { id: first.id } });
    expect((await call('POST', AGENT_PATHS.transfer, t.agent, moved)).json()).toMatchObject({ success: true, value: transferred.value });
    expect(await rowCounts(ctx.db, [...MONEY])).toEqual(before);
    expect(await walletBalance(ctx.db, m.id)).toBe(100 * TK);
  });

  it('leaves a member without a limit as before', async () => {
    const m = await freshDownline(ctx, 'dl_none');
    const o = (await order(m.token, 10_000 * TK)).json().value;
    expect((await approve(o.id)).json().value).toMatchObject({ status: 'approved' });
    expect((await agentTransfer(m.id, 10 * TK)).json().success).toBe(true);
  });
});
