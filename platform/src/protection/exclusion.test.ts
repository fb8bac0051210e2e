import fs from 'node:fs';
import { sql } from 'kysely';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_PATHS, DEFAULT_BONUS_TERMS, DEPOSIT_PATHS, PROTECTION_PATHS, TRANSFER_PATHS, WPS_PATHS } from '@wl/schemas';
import { activateBonus, awardBonus, offerBonus } from '../bonus/award.ts';
import type { TMerchant } from '../http/auth.ts';
import { isExcluded, mayMarket } from '../kernel/closure.ts';
import { BUILT_IN_PROVIDER } from '../kernel/catalogue.ts';
import { payCashbackRows } from '../promo/cashback-pay.ts';
import { payRebates } from '../rewards/rebate.service.ts';
import { hashPassword } from '../session/password.service.ts';
import { seamlessBet } from '../games/seamless-wallet.service.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken, registerMember, stepUpToken, tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { freshDownline } from '../test-support/protection.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { payFromBonusExpense } from '../wallet/member-wallets.ts';
import { walletBalance } from '../wallet/wallet.queries.ts';
import { requestWithdrawal } from '../withdraw/withdraw.service.ts';
import { confirmReopen, excludeSelf, exclusionStatus, requestReopen } from './exclusion.ts';
import { stakeGateNeeded } from './effective-limits.ts';
import { demoChannelFrom, demoMerchantId } from '../test-support/demo-merchant.ts';

// docs/0105: time-out and self-exclusion, on both databases (PGlite; PostgreSQL with DATABASE_URL).
// The clock is the platform's (deps.clock): moving it ends closures and cooling-offs, and the
// sessions with them, so each step signs in again.

const HOUR = 3_600_000;
let nowMs = Date.parse('2026-06-01T10:00:00.000Z');
const ctx = usePlatform({ clock: () => new Date(nowMs) });
const call = tokenCall(ctx);
const t = { finance: '', agent: '', owner: '', support: '' };
let merchant: TMerchant;
let bkash = 0;
let slotNode = '';
const TK = 100;
const MONEY = ['deposits', 'ledger_transactions', 'ledger_entries', 'launch_tickets', 'seamless_transactions'] as const;

beforeAll(async () => {
  const ops = await roleTokens(ctx.app);
  [t.finance, t.owner, t.support] = [ops.finance, ops.owner, ops.support];
  t.agent = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
  merchant = (await ctx.db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow()) as unknown as TMerchant;
  bkash = await demoChannelFrom(ctx.db, 'bkash', TK);
  await ctx.db.updateTable('merchants').set({ payout_cooling_minutes: 0, withdraw_min_minor: 100 }).where('id', '=', merchant.id).execute();
  slotNode = (await ctx.db.selectFrom('games').select('node_id').where('merchant_id', '=', merchant.id).where('engine', '=', 'slot').executeTakeFirstOrThrow())
    .node_id;
});

let keys = 0;
const key = (p: string) => `${p}-${++keys}`;
const order = (token: string, amountMinor: number) => call('POST', DEPOSIT_PATHS.deposit, token, { channelId: bkash, amountMinor, key: key('ex-dep') });
const agentTransfer = (memberId: number, amountMinor: number) =>
  call('POST', AGENT_PATHS.transfer, t.agent, { memberId, amountMinor, key: key('ex-agent'), remark: '' });
const exclude = (token: string, kind: string, period: string) => call('POST', PROTECTION_PATHS.exclude, token, { kind, period, confirm: true });
const excluded = { success: false, message: 'protection_excluded' };
const logKinds = async (memberId: number) =>
  (await ctx.db.selectFrom('protection_log').select(['kind', 'channel']).where('member_id', '=', memberId).orderBy('id').execute()).map(
    (r) => `${r.channel}:${r.kind}`,
  );

/** A fresh downline of demo_agent with ৳1,000 from the agent, a withdraw password and a payout account. */
async function player(name: string) {
  const m = await freshDownline(ctx, name);
  expect((await agentTransfer(m.id, 1_000 * TK)).json().success).toBe(true);
  await ctx.db
    .updateTable('members')
    .set({ withdraw_password_hash: await hashPassword('Money5678') })
    .where('id', '=', m.id)
    .execute();
  const bank = await ctx.db
    .insertInto('member_bank_accounts')
    .values({
      member_id: m.id,
      bank_name: 'Ex Bank',
      account_number: `77${m.id}`.padStart(10, '0'),
      holder_name: `Holder ${name}`,
      created_at: new Date(nowMs - HOUR),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...m, bankId: bank.id, login: () => loginToken(ctx.app, name, 'Demo1234') };
}

describe('a time-out closes the account at once', () => {
  it('revokes every session; signing in again opens only withdraw, records and the protection page', async () => {
    const m = await player('ex_timeout');
    const earlier = (await order(m.token, 50 * TK)).json().value as { id: number };
    const second = await m.login();
    const answer = await exclude(m.token, 'timeout', '7d');
    expect(answer.json()).toMatchObject({ success: true, value: { exclusion: { kind: 'timeout', period: '7d', ended: false, otherBrand: false } } });
    expect(answer.json().value.exclusion.endsAt).toBe(new Date(nowMs + 7 * 24 * HOUR).toISOString());
    for (const token of [m.token, second]) expect((await call('GET', PROTECTION_PATHS.limits, token)).statusCode).toBe(401);
    expect(await ctx.db.selectFrom('sessions').select('id').where('member_id', '=', m.id).where('revoked_at', 'is', null).execute()).toEqual([]);
    expect(await logKinds(m.id)).toEqual(['member:exclusion_started']);
    // Its agent no longer lists it among the members to promote to.
    const listed = await call('GET', AGENT_PATHS.downlines, t.agent, undefined, { search: 'ex_timeout', level: '0', pageNo: '1', pageSize: '10' });
    expect(listed.json().value).toMatchObject({ rows: [], total: 0 });

    // Restricted mode: everything that stakes or brings money in is refused, changing nothing.
    const token = await stepUpToken(ctx.app, await m.login(), 'Demo1234');
    const before = await rowCounts(ctx.db, [...MONEY]);
    const deposit = await order(token, 10 * TK);
    expect(deposit.statusCode).toBe(403);
    expect(deposit.json()).toMatchObject({ ...excluded, value: { kind: 'timeout', endsAt: new Date(nowMs + 7 * 24 * HOUR).toISOString(), ended: false } });
    expect((await call('POST', DEPOSIT_PATHS.operatorDepositApprove, t.finance, { depositId: earlier.id })).json()).toMatchObject(excluded);
    expect((await agentTransfer(m.id, TK)).json()).toMatchObject(excluded);
    expect((await call('POST', TRANSFER_PATHS.transferUpline, token, { amountMinor: TK, key: key('ex-upline-key'), remark: '' })).json()).toMatchObject(
      excluded,
    );
    const launch = await call('GET', `${WPS_PATHS.launchGame}?nodeId=${slotNode}&launchMode=GLS&accountType=1`, token);
    expect(launch.json()).toMatchObject(excluded);
    const provider = await ctx.db
      .selectFrom('seamless_providers')
      .where('merchant_id', '=', demoMerchantId(ctx.db))
      .select('id')
      .where('code', '=', BUILT_IN_PROVIDER.code)
      .executeTakeFirstOrThrow();
    const bet = { playerId: String(m.id), roundId: 'ex-round', transactionId: 'ex-round:bet', gameCode: 'slot', amountMinor: TK };
    await expect(seamlessBet(ctx.app.platform, { id: provider.id, code: BUILT_IN_PROVIDER.code, merchant }, bet)).rejects.toMatchObject({
      code: 403,
      messageKey: 'protection_excluded',
    });
    expect(await rowCounts(ctx.db, [...MONEY])).toEqual(before);

    // What works: the protection page, the records, and withdrawing the whole cash balance.
    expect((await call('GET', PROTECTION_PATHS.exclusion, token)).json().value.exclusion).toMatchObject({ kind: 'timeout' });
    expect((await call('GET', PROTECTION_PATHS.history, token)).json().success).toBe(true);
    expect((await call('GET', DEPOSIT_PATHS.deposit, token)).json().success).toBe(true);
    const session = { memberId: m.id, sessionId: 0, type: 0, username: 'ex_timeout', mustChangePassword: false };
    const w = await requestWithdrawal(ctx.app.platform, merchant, session, {
      bankAccountId: m.bankId,
      amountMinor: 1_000 * TK,
      withdrawPassword: 'Money5678',
      idempotencyKey: key('ex-w'),
    });
    expect(w).toMatchObject({ amountMinor: 1_000 * TK });
    expect(await walletBalance(ctx.db, m.id)).toBe(0);
  });

  it('refuses a bad kind, period or a missing confirmation, changing nothing', async () => {
    const m = await freshDownline(ctx, 'ex_bad');
    for (const bad of [
      { kind: 'timeout', period: '1y', confirm: true },
      { kind: 'self_exclusion', period: '24h', confirm: true },
      { kind: 'timeout', period: '7d' },
      { kind: 'timeout', period: '7d', confirm: false },
      { kind: 'break', period: '7d', confirm: true },
      { kind: 'timeout', period: '7d\u0000', confirm: true },
    ]) {
      expect((await call('POST', PROTECTION_PATHS.exclude, m.token, bad)).statusCode).toBe(400);
    }
    expect(await logKinds(m.id)).toEqual([]);
    expect(await isExcluded(ctx.db, m.id)).toBe(false);
  });
});

describe('parallel requests', () => {
  it('20 parallel closures of one member write one, log one, and refuse the rest as not longer', async () => {
    const m = await freshDownline(ctx, 'ex_parallel');
    const answers = await Promise.all(Array.from({ length: 20 }, () => exclude(m.token, 'timeout', '30d')));
    const ok = answers.filter((a) => a.json().success);
    // The first revokes the session: the rest are refused as signed out, or as not ending later.
    expect(ok).toHaveLength(1);
    expect(answers.every((a) => a.json().success || ['error_not_logged_in', 'protection_exclusion_cannot_shorten'].includes(a.json().message))).toBe(true);
    expect(await ctx.db.selectFrom('protection_exclusions').select('id').where('member_id', '=', m.id).execute()).toHaveLength(1);
    expect(await logKinds(m.id)).toEqual(['member:exclusion_started']);
  });
});

describe('nobody shortens a closure', () => {
  it('the member only lengthens; support cannot; an operator lengthens with a reason and never shortens', async () => {
    const m = await freshDownline(ctx, 'ex_long');
    expect((await exclude(m.token, 'self_exclusion', '1y')).json().success).toBe(true);
    const token = await loginToken(ctx.app, 'ex_long', 'Demo1234');
    expect((await exclude(token, 'timeout', '6w')).json()).toMatchObject({ success: false, message: 'protection_exclusion_cannot_shorten' });
    expect((await exclude(token, 'self_exclusion', '6m')).json()).toMatchObject({ success: false, message: 'protection_exclusion_cannot_shorten' });
    expect((await exclude(token, 'self_exclusion', '3y')).json().success).toBe(true);
    const status = await exclusionStatus(ctx.db, merchant.id, m.id, new Date(nowMs));
    expect(status.exclusion).toMatchObject({ kind: 'self_exclusion', period: '3y' });
    const end = status.exclusion!.endsAt!;

    const lengthen = (token2: string, body: object) => call('POST', PROTECTION_PATHS.lengthen, token2, body);
    expect((await lengthen(t.support, { memberId: m.id, endsAt: null, reason: 'asked by the member' })).statusCode).toBe(403);
    const sooner = new Date(Date.parse(end) - HOUR).toISOString();
    expect((await lengthen(t.owner, { memberId: m.id, endsAt: sooner, reason: 'shorter' })).json()).toMatchObject({ success: false });
    expect((await lengthen(t.owner, { memberId: m.id, endsAt: null, reason: '' })).statusCode).toBe(400);
    expect((await lengthen(t.owner, { memberId: m.id, endsAt: null, reason: 'x'.repeat(1_000_000) })).statusCode).toBeGreaterThanOrEqual(400);
    const other = await otherMerchant(ctx.db, 'EXOTHER1');
    const stranger = await ctx.db
      .insertInto('members')
      .values({
        merchant_id: other.id,
        username: 'ex_stranger',
        nickname: 'x',
        password_hash: 'x',
        type: 0,
        first_time_login: false,
        password_expires_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await lengthen(t.owner, { memberId: stranger.id, endsAt: null, reason: 'not ours' })).json().success).toBe(false);
    const ok = await lengthen(t.owner, { memberId: m.id, endsAt: null, reason: 'gambling problem reported' });
    expect(ok.json()).toMatchObject({ success: true, value: { exclusion: { period: 'permanent', endsAt: null } } });
    expect(await logKinds(m.id)).toEqual(['member:exclusion_started', 'member:exclusion_started', 'operator:exclusion_lengthened']);
    const last = await ctx.db.selectFrom('protection_log').select('after').where('member_id', '=', m.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last.after).toMatchObject({ endsAt: null, reason: 'gambling problem reported' });
  });
});

describe('reopening', () => {
  it('needs the end, a request, the cooling-off and a confirmation, each logged', async () => {
    const m = await player('ex_reopen');
    const start = nowMs;
    expect((await exclude(m.token, 'timeout', '24h')).json().success).toBe(true);
    let token = await m.login();
    expect((await call('POST', PROTECTION_PATHS.reopenRequest, token)).json()).toMatchObject({ success: false, message: 'protection_exclusion_not_ended' });
    nowMs = start + 25 * HOUR;
    token = await m.login();
    // Ended, not reopened: still closed.
    expect((await order(token, TK)).json()).toMatchObject({ ...excluded, value: { ended: true } });
    expect((await call('POST', PROTECTION_PATHS.reopenConfirm, token, { confirm: true })).json()).toMatchObject({ message: 'protection_no_reopen_request' });
    const asked = (await call('POST', PROTECTION_PATHS.reopenRequest, token)).json().value;
    expect(asked.exclusion.reopen).toEqual({
      requestedAt: new Date(nowMs).toISOString(),
      confirmableAt: new Date(nowMs + 24 * HOUR).toISOString(),
      confirmable: false,
    });
    nowMs = start + 48 * HOUR;
    token = await m.login();
    expect((await call('POST', PROTECTION_PATHS.reopenConfirm, token, { confirm: true })).json()).toMatchObject({ message: 'protection_cooling_off' });
    nowMs = start + 50 * HOUR;
    token = await m.login();
    expect((await call('POST', PROTECTION_PATHS.reopenConfirm, token, {})).statusCode).toBe(400);
    expect((await call('POST', PROTECTION_PATHS.reopenConfirm, token, { confirm: true })).json().value).toEqual({ exclusion: null, coolingOffHours: 24 });
    expect((await order(token, TK)).json().success).toBe(true);
    expect(await logKinds(m.id)).toEqual(['member:exclusion_started', 'member:reopen_requested', 'member:reopened']);
  });
});

describe('every brand of the deployment', () => {
  it('closes a member of another brand with the same mobile or e-mail (a payee name alone matches nothing), gates its bets, and refuses a registration with one', async () => {
    const now = new Date(nowMs);
    const m = await freshDownline(ctx, 'ex_person');
    await ctx.db
      .updateTable('members')
      .set({ mobile_num: '1712345678', email: 'Person@Example.com', bank_holder_name: 'Rahim  Uddin' })
      .where('id', '=', m.id)
      .execute();
    await excludeSelf(ctx.db, { merchantId: merchant.id, memberId: m.id, now }, { kind: 'self_exclusion', period: '6m', confirm: true });
    const other = await otherMerchant(ctx.db, 'EXOTHER2');
    const twin = async (username: string, values: object) =>
      (
        await ctx.db
          .insertInto('members')
          .values({
            merchant_id: other.id,
            username,
            nickname: 'x',
            password_hash: 'x',
            type: 0,
            first_time_login: false,
            password_expires_at: null,
            ...values,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const byMobile = await twin('ex_twin1', { mobile_num: '01712345678' });
    const byEmail = await twin('ex_twin2', { email: ' person@example.COM' });
    const byPayee = await twin('ex_twin3', { bank_holder_name: 'rahim uddin' });
    const stranger = await twin('ex_twin4', { mobile_num: '01799999999', email: 'someone@example.com', bank_holder_name: 'Karim' });
    // The bet's probe (lockBetSlot's RETURNING) sends the same members through the stake gate.
    const gated = async (id: number) => (await sql<{ g: boolean }>`select ${stakeGateNeeded(other.id, id)} as g`.execute(ctx.db)).rows[0]!.g;
    for (const id of [byMobile, byEmail]) {
      expect(await isExcluded(ctx.db, id)).toBe(true);
      expect(await gated(id)).toBe(true);
      const s = await exclusionStatus(ctx.db, other.id, id, now);
      expect(s.exclusion).toMatchObject({ kind: 'self_exclusion', otherBrand: true });
      // Only the excluded account itself can reopen.
      await expect(requestReopen(ctx.db, { merchantId: other.id, memberId: id, now: new Date(nowMs + 400 * 24 * HOUR) })).rejects.toMatchObject({
        messageKey: 'protection_exclusion_other_brand',
      });
      await expect(confirmReopen(ctx.db, { merchantId: other.id, memberId: id, now })).rejects.toMatchObject({
        messageKey: 'protection_exclusion_other_brand',
      });
    }
    // A common name would close strangers: the payee name is kept, not matched.
    for (const id of [byPayee, stranger]) {
      expect(await isExcluded(ctx.db, id)).toBe(false);
      expect(await gated(id)).toBe(false);
    }

    const reg = (username: string, mobileNum: string) =>
      registerMember(ctx, 'username', { username, password: 'Abcd1234', confirmPassword: 'Abcd1234', mobileNum });
    const refused = await reg('exreg1', '1712345678');
    expect(refused.json()).toMatchObject({ success: false, message: 'protection_registration_excluded' });
    expect(await ctx.db.selectFrom('members').select('id').where('username', '=', 'exreg1').execute()).toEqual([]);
    expect((await reg('exreg2', '1712000999')).json().success).toBe(true);
  });
});

describe('marketing goes dark', () => {
  it('pays a closed account nothing promotional on any path, and the paths are all there are', async () => {
    const now = new Date(nowMs);
    const m = await freshDownline(ctx, 'ex_dark');
    const grant = { memberId: m.id, promotionId: null, source: 'operator', amountMinor: 10 * TK, terms: DEFAULT_BONUS_TERMS, now, ip: 'test' };
    const offered = await inTransaction(ctx.db, (trx) => offerBonus(trx, merchant, { ...grant, sourceKey: 'ex-dark-1' } as never));
    await excludeSelf(ctx.db, { merchantId: merchant.id, memberId: m.id, now }, { kind: 'timeout', period: '24h', confirm: true });
    const before = await rowCounts(ctx.db, ['ledger_transactions', 'bonus_awards', 'rebate_claims']);
    const refused = { code: 403, messageKey: 'protection_excluded' };
    await inTransaction(ctx.db, async (trx) => expect(await mayMarket(trx, m.id, now)).toBe(false));
    // Bonuses of every kind (promotions, applications, deposit matches, sign-up, operator grants) are offered and activated here.
    await expect(inTransaction(ctx.db, (trx) => offerBonus(trx, merchant, { ...grant, sourceKey: 'ex-dark-2' } as never))).rejects.toMatchObject(refused);
    await expect(inTransaction(ctx.db, (trx) => awardBonus(trx, merchant, { ...grant, sourceKey: 'ex-dark-3' } as never))).rejects.toMatchObject(refused);
    await expect(inTransaction(ctx.db, (trx) => activateBonus(trx, merchant, m.id, offered.awardId, now, 'test'))).rejects.toMatchObject(refused);
    // Rebates (claim and job), cashback: the closed member is left out; the bonus expense refuses to pay it at all (VIP upgrade bonuses too).
    expect(await inTransaction(ctx.db, (trx) => payRebates(trx, merchant, [m.id], { key: 'ex-dark', source: 'job' }))).toEqual([]);
    expect(await inTransaction(ctx.db, (trx) => payCashbackRows(trx, merchant, 999_999, [{ id: 999_999, memberId: m.id, amountMinor: TK }], now, null))).toBe(
      true,
    );
    await expect(
      inTransaction(ctx.db, (trx) =>
        payFromBonusExpense(trx, merchant, [{ memberId: m.id, amountMinor: TK, key: 'vip-upgrade:1', kind: 'vip_upgrade_bonus', meta: {} }]),
      ),
    ).rejects.toThrow(/closed/);
    expect(await rowCounts(ctx.db, ['ledger_transactions', 'bonus_awards', 'rebate_claims'])).toEqual(before);

    // Every source file that pays from the merchant's bonus expense asks the one rule, or is named here with why not.
    const root = path.resolve(import.meta.dirname, '..');
    const files = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test-support') && !f.startsWith('seed') && !f.startsWith('db'));
    const paying = files.filter((f) => /'bonus_expense'|payFromBonusExpense\(|offerBonus\(|activateBonus\(/.test(fs.readFileSync(path.join(root, f), 'utf8')));
    const EXEMPT: Record<string, string> = {
      'bonus/ends.ts': 'an active bonus ending: converts what was already awarded, or takes it back',
      'bonus/wagering.ts': 'stakes and settles bonus money; bets of a closed account are refused before it',
      'agent/contracts/contract-settlement.ts': "an agent's contractual commission, not a promotion to a player",
    };
    const CALLERS_OF_GUARDED = /payFromBonusExpense\(|offerBonus\(|activateBonus\(|awardBonus\(/;
    const unguarded = paying.filter((f) => {
      const src = fs.readFileSync(path.join(root, f), 'utf8');
      return (
        !(f in EXEMPT) &&
        !/mayMarket\(|marketableMembers\(/.test(src) &&
        !CALLERS_OF_GUARDED.test(src.replace(/export async function (payFromBonusExpense|offerBonus|activateBonus|awardBonus)\(/g, ''))
      );
    });
    expect(unguarded).toEqual([]);
    expect(paying.sort()).toEqual(
      expect.arrayContaining([
        'bonus/award.ts',
        'wallet/member-wallets.ts',
        'referral/referral.service.ts',
        'rewards/rebate.service.ts',
        'rewards/vip.service.ts',
        'promo/cashback-pay.ts',
      ]),
    );
  });
});
