import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PATHS, DEPOSIT_PATHS, EMERGENCY_PATHS, SEAMLESS_PATHS, TRANSFER_PATHS, WPS_PATHS, type TOperatorRole } from '@wl/schemas';
import { BUILT_IN_PROVIDER } from '../kernel/catalogue.ts';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import { convertPoints } from '../points/points.service.ts';
import { redeemCode } from '../reward-codes/reward-codes.service.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken, tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { freshDownline } from '../test-support/protection.ts';
import { seamlessCalls } from '../test-support/seamless-calls.ts';
import { demoChannelFrom, demoProviderSecret } from '../test-support/demo-merchant.ts';

// docs/0122: the owner's emergency switch (all gaming, all money movement) enforced on every path in
// the action's transaction, a round in flight settling; support's member lookup, masked per role and
// audited. One seeded platform; PGlite, PostgreSQL with DATABASE_URL.

const ctx = usePlatform();
const call = tokenCall(ctx);
let t: Record<TOperatorRole, string>;
let agent = '';
let secret = '';
let bkash = 0;
let keys = 0;
let merchant: TMerchant;
let deps: TPlatformDeps;
const TK = 100;

beforeAll(async () => {
  t = await roleTokens(ctx.app);
  agent = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
  secret = await demoProviderSecret(ctx.db, BUILT_IN_PROVIDER.code);
  bkash = await demoChannelFrom(ctx.db, 'bkash', TK);
  merchant = (await ctx.db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow()) as unknown as TMerchant;
  deps = { db: ctx.db, clock: () => new Date() } as unknown as TPlatformDeps;
});

const emergency = (part: string, stopped: boolean, reason = 'Payment provider breach', token = t.owner) =>
  call('POST', EMERGENCY_PATHS.emergency, token, { part, stopped, reason });
const order = (token: string, amountMinor = 10 * TK) => call('POST', DEPOSIT_PATHS.deposit, token, { channelId: bkash, amountMinor, key: `em-key-${++keys}` });
const approve = (depositId: number) => call('POST', DEPOSIT_PATHS.operatorDepositApprove, t.finance, { depositId });
const launch = (token: string) => call('GET', `${WPS_PATHS.launchGame}?nodeId=SPINORA-001&launchMode=GLS&accountType=1`, token);
const wallet = seamlessCalls(
  ctx,
  () => secret,
  () => Date.now(),
);
const seamless = async (path: string, body: object) => (await wallet.call(path, body)).body;
async function spin(memberId: number) {
  const n = ++keys;
  const round = `R:em-${n}`;
  return {
    ...(await seamless(SEAMLESS_PATHS.bet, { playerId: String(memberId), roundId: round, transactionId: `em-bet-${n}`, gameCode: 'slot', amountMinor: TK })),
    round,
  };
}
const winOf = (memberId: number, round: string) =>
  seamless(SEAMLESS_PATHS.win, { playerId: String(memberId), roundId: round, transactionId: `em-win-${++keys}`, gameCode: 'slot', amountMinor: 2 * TK });
const refusedWith = async (work: Promise<unknown>) =>
  work.then(
    () => 'done',
    (e: { message?: string }) => e.message,
  );

describe('the emergency switch (docs/rules/operator.md#o-12, #o-13, #o-14)', () => {
  it('only the owner switches, with a bounded reason; gaming stops launches and bets while a round in flight settles; money stops every path; lifted, all runs', async () => {
    const m = await freshDownline(ctx, 'em_member');
    expect((await approve((await order(m.token, 50 * TK)).json().value.id)).json().success).toBe(true);
    const early = (await order(m.token)).json().value;
    const inFlight = await spin(m.id);
    expect(inFlight.success).toBe(true);

    // The ladder: not the owner, not an operator, bad reasons, unknown parts: refused, nothing written.
    const before = await rowCounts(ctx.db, ['emergency_stops', 'config_audit']);
    for (const role of ['finance', 'support', 'content'] as const) expect((await emergency('gaming', true, 'x', t[role])).statusCode).toBe(403);
    expect((await emergency('gaming', true, 'x', m.token)).statusCode).not.toBe(200);
    for (const reason of ['', '  ', 'a\u0000b', 'x'.repeat(501), 'x'.repeat(1_000_000)])
      expect((await emergency('gaming', true, reason)).json().success).toBe(false);
    expect((await emergency('everything', true)).json().success).toBe(false);
    expect((await emergency('gaming', false)).json()).toMatchObject({ success: false, message: 'emergency_unchanged' });
    expect(await rowCounts(ctx.db, ['emergency_stops', 'config_audit'])).toEqual(before);

    // Gaming stopped: the site's pages learn it from the config (a new version), launches and new bets are refused.
    const version = (await ctx.db.selectFrom('merchants').select('config_version').where('id', '=', merchant.id).executeTakeFirstOrThrow()).config_version;
    const stopped = (await emergency('gaming', true, 'Game server compromised')).json();
    expect(stopped).toMatchObject({ success: true, value: { stops: [{ part: 'gaming', reason: 'Game server compromised', by: 'demo_operator' }] } });
    expect((await ctx.db.selectFrom('merchants').select('config_version').where('id', '=', merchant.id).executeTakeFirstOrThrow()).config_version).toBe(
      version + 1,
    );
    expect((await ctx.app.inject({ method: 'GET', url: WPS_PATHS.domainRoute })).json().value.emergencyStops).toEqual(['gaming']);
    expect((await call('GET', EMERGENCY_PATHS.emergency, t.content)).json().value.stops).toHaveLength(1);
    expect((await launch(m.token)).json()).toMatchObject({ success: false, message: 'emergency_gaming_stopped' });
    expect(await spin(m.id)).toMatchObject({ success: false, message: 'emergency_gaming_stopped' });
    // The round begun before the stop settles; money still moves.
    expect((await winOf(m.id, inFlight.round)).success).toBe(true);
    expect((await order(m.token)).json().success).toBe(true);
    const audit = await ctx.db.selectFrom('config_audit').select(['before', 'after']).where('action', '=', 'emergency.set').executeTakeFirstOrThrow();
    expect(audit).toEqual({ before: { part: 'gaming', stopped: false }, after: { part: 'gaming', stopped: true, reason: 'Game server compromised' } });

    // Money stopped: every path refuses and moves nothing.
    expect((await emergency('money', true)).json().value.stops.map((s: { part: string }) => s.part)).toEqual(['gaming', 'money']);
    const moved = await rowCounts(ctx.db, ['deposits', 'ledger_transactions', 'withdrawals', 'points_conversions', 'reward_code_uses']);
    const MONEY = { success: false, message: 'emergency_money_stopped' };
    expect((await order(m.token)).json()).toMatchObject(MONEY);
    expect((await approve(early.id)).json()).toMatchObject(MONEY);
    expect((await call('POST', AGENT_PATHS.transfer, agent, { memberId: m.id, amountMinor: TK, key: `em-agent-${++keys}`, remark: '' })).json()).toMatchObject(
      MONEY,
    );
    expect((await call('POST', TRANSFER_PATHS.walletRecall, m.token, { key: `em-recall-${++keys}` })).json()).toMatchObject(MONEY);
    const withdraw = { bankAccountId: 1, amountMinor: 100_000, withdrawPassword: 'x', idempotencyKey: `em-withdraw-${++keys}` };
    expect((await call('POST', '/wps/member/withdraw', m.token, withdraw)).json()).toMatchObject(MONEY);
    expect(await refusedWith(convertPoints(deps, merchant, m.id, { points: 100, key: `em-points-${++keys}` }))).toBe('emergency_money_stopped');
    expect(await refusedWith(redeemCode(deps, merchant, m.id, 'ANYCODE1', '127.0.0.1'))).toBe('emergency_money_stopped');
    expect(await rowCounts(ctx.db, ['deposits', 'ledger_transactions', 'withdrawals', 'points_conversions', 'reward_code_uses'])).toEqual(moved);

    // Lifted: launches, bets and money run again; the pages' config says nothing is stopped.
    expect((await emergency('gaming', false, 'Servers patched')).json().success).toBe(true);
    expect((await emergency('money', false, 'Provider secured')).json().value.stops).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: WPS_PATHS.domainRoute })).json().value.emergencyStops).toBeUndefined();
    expect((await spin(m.id)).success).toBe(true);
    expect((await launch(m.token)).json().success).toBe(true);
    expect((await approve(early.id)).json().success).toBe(true);
  });
});

describe('the member lookup (docs/rules/operator.md#o-15, #o-16, #o-17)', () => {
  it('finds by username, mobile or id in this merchant only; contact masked for support, shown to the owner; every lookup audited', async () => {
    const m = await freshDownline(ctx, 'em_lookup');
    await ctx.db.updateTable('members').set({ mobile_num: '01712345678', email: 'rahim@example.com' }).where('id', '=', m.id).execute();
    await ctx.db
      .insertInto('member_bank_accounts')
      .values({ member_id: m.id, bank_name: 'BRAC', account_number: '1234567890123', holder_name: 'Rahim Uddin' })
      .execute();
    const look = (q: string, token = t.support) => call('GET', EMERGENCY_PATHS.lookup, token, undefined, { q });

    const audits = await rowCounts(ctx.db, ['config_audit']);
    expect((await look('em_lookup', t.content)).statusCode).toBe(403);
    expect((await look('em_lookup', m.token)).statusCode).not.toBe(200);
    for (const q of ['', 'a\u0000b', 'x'.repeat(65), 'x'.repeat(1_000_000)]) expect((await look(q)).json().success).toBe(false);
    expect((await look('nobody_here')).json()).toMatchObject({ success: false, message: 'lookup_member_not_found' });
    const other = await otherMerchant(ctx.db, 'EMOTHER');
    const stranger = await ctx.db
      .insertInto('members')
      .values({ merchant_id: other.id, username: 'em_stranger', nickname: 'x', password_hash: 'x', type: 0, mobile_num: '01999888777' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const q of ['em_stranger', '01999888777', String(stranger.id)]) expect((await look(q)).json().message).toBe('lookup_member_not_found');
    expect(await rowCounts(ctx.db, ['config_audit'])).toEqual(audits);

    const bySupport = (await look('EM_LOOKUP')).json().value;
    expect(bySupport).toMatchObject({ memberId: m.id, username: 'em_lookup', balanceMinor: 0 });
    expect(bySupport.contact).toEqual({
      masked: true,
      mobile: '01******678',
      email: 'ra***@example.com',
      bankAccounts: [{ bankName: 'BRAC', accountNumber: '•••• 0123', holderName: 'Ra*******in' }],
    });
    expect((await look('+880 1712-345678', t.finance)).json().value.contact.masked).toBe(true);
    const byOwner = (await look(String(m.id), t.owner)).json().value;
    expect(byOwner.contact).toEqual({
      masked: false,
      mobile: '01712345678',
      email: 'rahim@example.com',
      bankAccounts: [{ bankName: 'BRAC', accountNumber: '1234567890123', holderName: 'Rahim Uddin' }],
    });
    // Who looked at whom, newest first, in the member's trail too.
    expect(byOwner.audit.slice(0, 3).map((a: { operator: string; action: string }) => [a.operator, a.action])).toEqual([
      ['demo_operator', 'member.lookup'],
      ['demo_finance', 'member.lookup'],
      ['demo_support', 'member.lookup'],
    ]);
    const rows = await ctx.db.selectFrom('config_audit').select(['operator_username', 'after']).where('action', '=', 'member.lookup').orderBy('id').execute();
    expect(rows.map((r) => [r.operator_username, r.after])).toEqual([
      ['demo_support', { memberId: m.id, username: 'em_lookup', contactShown: false }],
      ['demo_finance', { memberId: m.id, username: 'em_lookup', contactShown: false }],
      ['demo_operator', { memberId: m.id, username: 'em_lookup', contactShown: true }],
    ]);
  });
});
