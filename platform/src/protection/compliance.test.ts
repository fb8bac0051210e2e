import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PATHS, COMPLIANCE_PATHS, DEPOSIT_PATHS, PROTECTION_PATHS, SEAMLESS_PATHS, WPS_PATHS } from '@wl/schemas';
import { BUILT_IN_PROVIDER } from '../kernel/catalogue.ts';
import { seamlessCalls } from '../test-support/seamless-calls.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { encryptedLogin, loginToken, tokenCall } from '../test-support/http.ts';
import { operatorToken } from '../test-support/operators.ts';
import { freshDownline } from '../test-support/protection.ts';
import { demoChannelFrom, demoProviderSecret } from '../test-support/demo-merchant.ts';

// docs/0106: operator compliance controls. Account states set with a reason and enforced on every
// path (deposits, bets, withdrawals, launches, login), operator limits (the lower of the member's
// own and the operator's binds), gaming switch-offs, the permissions, the audit log and the
// protection log. PGlite; PostgreSQL with DATABASE_URL.

const ctx = usePlatform();
const call = tokenCall(ctx);
const t = { finance: '', support: '', content: '', agent: '' };
let secret = '';
let bkash = 0;
let keys = 0;
const TK = 100;
const NONE = { depositBlocked: false, betBlocked: false, withdrawBlocked: false, suspended: false, fullBlock: false };

beforeAll(async () => {
  t.finance = await operatorToken(ctx.app, 'demo_finance', 'Finance1234');
  t.support = await operatorToken(ctx.app, 'demo_support', 'Support1234');
  t.content = await operatorToken(ctx.app, 'demo_content', 'Content1234');
  t.agent = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
  secret = await demoProviderSecret(ctx.db, BUILT_IN_PROVIDER.code);
  bkash = await demoChannelFrom(ctx.db, 'bkash', TK);
});

const setState = (memberId: number, state: Partial<typeof NONE>, reason = 'Source of funds check', token = t.finance) =>
  call('POST', COMPLIANCE_PATHS.accountState, token, { memberId, state: { ...NONE, ...state }, reason });
const order = (token: string, amountMinor = 10 * TK) => call('POST', DEPOSIT_PATHS.deposit, token, { channelId: bkash, amountMinor, key: `cp-key-${++keys}` });
const approve = (depositId: number) => call('POST', DEPOSIT_PATHS.operatorDepositApprove, t.finance, { depositId });
const agentTransfer = (memberId: number) =>
  call('POST', AGENT_PATHS.transfer, t.agent, { memberId, amountMinor: TK, key: `cp-agent-key-${++keys}`, remark: '' });
const launch = (token: string, nodeId = 'SPINORA-001') => call('GET', `${WPS_PATHS.launchGame}?nodeId=${nodeId}&launchMode=GLS&accountType=1`, token);
/** The built-in provider's signed wallet call (test-support/seamless-calls.ts), answering its body. */
const wallet = seamlessCalls(
  ctx,
  () => secret,
  () => Date.now(),
);
const seamless = async (path: string, body: object) => (await wallet.call(path, body)).body;
/** A bet of ৳1 in a round of its own; answers the round's id with the provider's answer. */
async function spin(memberId: number) {
  const n = ++keys;
  return {
    ...(await seamless(SEAMLESS_PATHS.bet, {
      playerId: String(memberId),
      roundId: `R:cp-${n}`,
      transactionId: `cp-bet-${n}`,
      gameCode: 'slot',
      amountMinor: TK,
    })),
    round: `R:cp-${n}`,
  };
}
const winOf = (memberId: number, round: string) =>
  seamless(SEAMLESS_PATHS.win, { playerId: String(memberId), roundId: round, transactionId: `cp-win-${++keys}`, gameCode: 'slot', amountMinor: 2 * TK });
const STATE_TABLES = ['member_account_states', 'config_audit', 'protection_log'] as const;

describe('account states (docs/rules/protection.md#p-30, #p-31)', () => {
  it('needs compliance.write and a bounded reason; another merchant’s or an unknown member is not found; nothing changes', async () => {
    const m = await freshDownline(ctx, 'cp_refused');
    const before = await rowCounts(ctx.db, [...STATE_TABLES]);
    expect((await setState(m.id, { betBlocked: true }, 'x', t.support)).statusCode).toBe(403);
    expect((await setState(m.id, { betBlocked: true }, 'x', t.content)).statusCode).toBe(403);
    expect((await call('GET', COMPLIANCE_PATHS.member, t.content, undefined, { username: 'cp_refused' })).statusCode).toBe(403);
    expect((await setState(m.id, { betBlocked: true }, 'x', m.token)).statusCode).not.toBe(200);
    for (const reason of ['', '   ', 'a\u0000b', 'x'.repeat(501), 'x'.repeat(1_000_000)]) {
      expect((await setState(m.id, { betBlocked: true }, reason)).json().success).toBe(false);
    }
    expect((await setState(2_000_000_000, { betBlocked: true })).json()).toMatchObject({ success: false, message: 'compliance_member_not_found' });
    expect((await call('GET', COMPLIANCE_PATHS.member, t.support, undefined, { username: 'nobody_here' })).json().message).toBe('compliance_member_not_found');
    expect((await setState(m.id, {})).json()).toMatchObject({ success: false, message: 'compliance_unchanged' });
    expect(await rowCounts(ctx.db, [...STATE_TABLES])).toEqual(before);
  });

  it('a bet block refuses the spin and the launch, keeps deposits, is audited with before and after and logged for the member', async () => {
    const m = await freshDownline(ctx, 'cp_bets');
    await ctx.db.updateTable('members').set({ type: 0 }).where('id', '=', m.id).execute();
    expect((await approve((await order(m.token, 50 * TK)).json().value.id)).json().success).toBe(true);
    expect((await spin(m.id)).success).toBe(true);
    const set = await setState(m.id, { betBlocked: true }, 'Affordability review');
    expect(set.json()).toMatchObject({ success: true, value: { state: { ...NONE, betBlocked: true }, stateReason: 'Affordability review' } });
    expect(await spin(m.id)).toMatchObject({ success: false, message: 'account_bet_blocked' });
    expect((await launch(m.token)).json()).toMatchObject({ success: false, message: 'account_bet_blocked' });
    expect((await order(m.token)).json().success).toBe(true);
    const audit = await ctx.db
      .selectFrom('config_audit')
      .select(['action', 'before', 'after'])
      .where('action', '=', 'compliance.state.set')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ memberId: m.id, state: NONE, reason: '' });
    expect(audit.after).toMatchObject({ memberId: m.id, state: { betBlocked: true }, reason: 'Affordability review' });
    const history = (await call('GET', PROTECTION_PATHS.history, m.token)).json().value.events;
    expect(history[0]).toMatchObject({
      channel: 'operator',
      kind: 'account_state_set',
      after: { reason: 'Affordability review', state: { betBlocked: true } },
    });
    // The console reads it back; support may read.
    const seen = (await call('GET', COMPLIANCE_PATHS.member, t.support, undefined, { username: 'CP_BETS' })).json().value;
    expect(seen).toMatchObject({ memberId: m.id, state: { betBlocked: true }, history: [{ kind: 'account_state_set' }] });
    // Lifted: the spin goes through again.
    expect((await setState(m.id, {}, 'Review passed')).json().success).toBe(true);
    expect((await spin(m.id)).success).toBe(true);
  });

  it('a deposit block refuses the request, the approval of an earlier order and an agent transfer; a withdrawal block the withdrawal', async () => {
    const m = await freshDownline(ctx, 'cp_money');
    const early = (await order(m.token)).json().value;
    expect((await setState(m.id, { depositBlocked: true, withdrawBlocked: true })).json().success).toBe(true);
    const before = await rowCounts(ctx.db, ['deposits', 'ledger_transactions', 'withdrawals']);
    expect((await order(m.token)).json()).toMatchObject({ success: false, message: 'account_deposit_blocked' });
    expect((await approve(early.id)).json()).toMatchObject({ success: false, message: 'account_deposit_blocked' });
    expect((await agentTransfer(m.id)).json()).toMatchObject({ success: false, message: 'account_deposit_blocked' });
    const w = await call('POST', '/wps/member/withdraw', m.token, {
      bankAccountId: 1,
      amountMinor: 100_000,
      withdrawPassword: 'x',
      idempotencyKey: `cp-withdraw-${++keys}`,
    });
    expect(w.json()).toMatchObject({ success: false, message: 'account_withdraw_blocked' });
    expect(await rowCounts(ctx.db, ['deposits', 'ledger_transactions', 'withdrawals'])).toEqual(before);
  });

  it('a suspension ends the member’s sessions and refuses its login; 20 parallel changes leave one state and 20 log rows', async () => {
    const m = await freshDownline(ctx, 'cp_suspend');
    expect((await setState(m.id, { suspended: true }, 'Investigation')).json().success).toBe(true);
    expect((await call('GET', PROTECTION_PATHS.limits, m.token)).statusCode).toBe(401);
    expect((await encryptedLogin(ctx.app, { username: 'cp_suspend', password: 'Demo1234' })).json()).toMatchObject({
      success: false,
      message: 'account_suspended',
    });
    const states = Array.from({ length: 20 }, (_, i) => ({ depositBlocked: i % 2 === 0, fullBlock: true }));
    const answers = await Promise.all(states.map((s, i) => setState(m.id, s, `change ${i}`)));
    const done = answers.filter((a) => a.json().success).length;
    const log = await ctx.db.selectFrom('protection_log').select('id').where('member_id', '=', m.id).where('kind', '=', 'account_state_set').execute();
    expect(log).toHaveLength(done + 1);
    expect((await encryptedLogin(ctx.app, { username: 'cp_suspend', password: 'Demo1234' })).json().message).toBe('account_full_block');
  });
});

describe('operator limits (docs/rules/protection.md#p-32)', () => {
  it('the lower of the member’s own and the operator’s binds the deposit; the merchant’s limit binds every member; audited', async () => {
    const m = await freshDownline(ctx, 'cp_limits');
    await call('POST', PROTECTION_PATHS.set, m.token, { kind: 'deposit_24h', value: 1_000 * TK });
    const lim = (memberId: number | null, value: number | null, token = t.finance) =>
      call('POST', COMPLIANCE_PATHS.limit, token, { memberId, kind: 'deposit_24h', value, reason: 'Affordability' });
    expect((await lim(m.id, 100 * TK, t.support)).statusCode).toBe(403);
    expect((await lim(m.id, 100 * TK)).json().success).toBe(true);
    expect((await order(m.token, 101 * TK)).json().message).toBe('protection_deposit_limit_24h');
    const status = (await call('GET', PROTECTION_PATHS.limits, m.token)).json().value;
    expect(status.deposit).toMatchObject({ roomMinor: 100 * TK, limitMinor: 100 * TK });
    expect(status.operator).toEqual([{ kind: 'deposit_24h', value: 100 * TK }]);
    expect(status.lifetime).toEqual({ depositsMinor: 0, withdrawalsMinor: 0, netMinor: 0 });
    // Merchant-wide, lower still: binds this member and one without a limit of its own.
    const other = await freshDownline(ctx, 'cp_limits2');
    expect((await lim(null, 50 * TK)).json().value.limits).toEqual([{ kind: 'deposit_24h', value: 50 * TK }]);
    expect((await order(m.token, 51 * TK)).json().message).toBe('protection_deposit_limit_24h');
    expect((await order(other.token, 51 * TK)).json().message).toBe('protection_deposit_limit_24h');
    const credited = (await order(other.token, 50 * TK)).json().value;
    expect((await approve(credited.id)).json().success).toBe(true);
    // docs/0106: lifetime deposits less withdrawals on the member's status.
    expect((await call('GET', PROTECTION_PATHS.limits, other.token)).json().value.lifetime).toEqual({
      depositsMinor: 50 * TK,
      withdrawalsMinor: 0,
      netMinor: 50 * TK,
    });
    const seen = (await call('GET', COMPLIANCE_PATHS.member, t.support, undefined, { username: 'cp_limits' })).json().value;
    expect(seen.operator.find((o: { kind: string }) => o.kind === 'deposit_24h')).toEqual({
      kind: 'deposit_24h',
      member: 100 * TK,
      merchant: 50 * TK,
      effective: 50 * TK,
    });
    expect((await lim(null, null)).json().value.limits).toEqual([]);
    expect((await lim(null, null)).json().message).toBe('compliance_unchanged');
    const audits = await ctx.db.selectFrom('config_audit').select('id').where('action', '=', 'compliance.limit.set').execute();
    expect(audits).toHaveLength(3);
  });
});

describe('gaming switch-offs (docs/rules/protection.md#p-33)', () => {
  it('one game, one vendor, all gaming: new launches refused, a round in flight settles; back on launches again', async () => {
    const m = await freshDownline(ctx, 'cp_switch');
    const sw = (scope: string, target: string, off: boolean) =>
      call('POST', COMPLIANCE_PATHS.gaming, t.finance, { scope, target, off, reason: 'Vendor outage' });
    expect((await launch(m.token)).json().success).toBe(true);
    expect((await approve((await order(m.token, 5 * TK)).json().value.id)).json().success).toBe(true);
    const inFlight = await spin(m.id);
    expect(inFlight.success).toBe(true);
    expect((await sw('game', 'NO-SUCH-GAME', true)).statusCode).toBe(404);
    for (const [scope, target] of [
      ['game', 'SPINORA-001'],
      ['vendor', 'SPINORA'],
      ['all', ''],
    ] as const) {
      expect((await sw(scope, target, true)).json().success).toBe(true);
      expect((await launch(m.token)).json()).toMatchObject({ success: false, message: 'gaming_switched_off' });
      // The round begun before it settles (the wallet's calls never read the switch-offs).
      if (scope === 'all') expect((await winOf(m.id, inFlight.round)).success).toBe(true);
      expect((await sw(scope, target, false)).json().success).toBe(true);
    }
    expect((await launch(m.token)).json().success).toBe(true);
    expect((await call('GET', COMPLIANCE_PATHS.gaming, t.support)).json().value.switchOffs).toEqual([]);
    const audit = await ctx.db.selectFrom('config_audit').select('after').where('action', '=', 'compliance.gaming.set').orderBy('id').executeTakeFirstOrThrow();
    expect(audit.after).toEqual({ scope: 'game', target: 'SPINORA-001', off: true, reason: 'Vendor outage' });
  });
});
