import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, REWARD_CODE_CALLS, REWARD_CODE_PATHS, type TRewardCodeCreateRequest } from '@wl/schemas';
import type { TMerchant } from '../http/auth.ts';
import type { TPlatformDeps } from '../http/deps.ts';
import type { WpsError } from '../http/envelope.ts';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { usePlatform } from '../test-support/db.ts';
import { expectRealAccountOnly, tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { signedInMember } from '../test-support/promo.ts';
import { redeemCode } from './reward-codes.service.ts';

/**
 * Bonus and cash codes (docs/0118) at the platform: who may create and redeem them, bad input
 * refused with nothing changed, one award per member and code, a cap that races cannot pass, the
 * expiry, another merchant's code, and a closed account paid nothing.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
let tokens: Awaited<ReturnType<typeof roleTokens>>;
let trialToken = '';
let merchant: TMerchant;
const DAY = 86_400_000;

const codeInput = (code: string, over: Partial<TRewardCodeCreateRequest> = {}): TRewardCodeCreateRequest => ({
  code,
  kind: 'bonus',
  amountMinor: 5_000,
  turnoverMultiple: 5,
  validDays: 7,
  cap: 100,
  expiresAt: new Date(Date.now() + DAY).toISOString(),
  ...over,
});
const create = (token: string, body: unknown) => call('POST', REWARD_CODE_PATHS.create, token, body);
const created = async (code: string, over: Partial<TRewardCodeCreateRequest> = {}) => {
  const res = await create(tokens.finance, codeInput(code, over));
  expect(res.json(), code).toMatchObject({ success: true });
  return res.json().value as { id: number };
};
const redeem = (token: string | null, code: unknown) => call('POST', REWARD_CODE_PATHS.redeem, token, { code });
const balance = async (memberId: number, kind: 'member_bonus' | 'member_wallet') =>
  Number(
    (await ctx.db.selectFrom('ledger_accounts').select('balance_minor').where('member_id', '=', memberId).where('kind', '=', kind).executeTakeFirst())
      ?.balance_minor ?? 0,
  );
const usesOf = (codeId: number) => ctx.db.selectFrom('reward_code_uses').selectAll().where('code_id', '=', codeId).execute();

beforeAll(async () => {
  tokens = await roleTokens(ctx.app);
  merchant = (await ctx.db.selectFrom('merchants').selectAll().where('code', '=', 'DEMO').executeTakeFirstOrThrow()) as unknown as TMerchant;
  trialToken = (await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginFreePlay, payload: { os: 'linux', platform: 'W', gatewayVersion: 3 } })).json()
    .value.token;
});

describe('the check ladder', () => {
  it('refuses a redemption without a session and to a trial account', async () => {
    await created('LADDER1');
    const calls = Object.values(REWARD_CODE_CALLS).map((c) => [c.method, c.path] as const);
    await expectRealAccountOnly(ctx, trialToken, calls, { code: 'LADDER1' });
    expect(await ctx.db.selectFrom('reward_code_uses').selectAll().execute()).toEqual([]);
  });

  it('refuses bad codes (format, NUL bytes, 1 MB) and bad creations, and changes nothing', async () => {
    const m = await signedInMember(ctx, 'codes_bad');
    for (const code of [undefined, '', 'ab', 'bad-code!', 'with space', 'LADDER1\u0000', 'x'.repeat(1_000_000), 42]) {
      const res = await redeem(m.token, code);
      expect([400, 413], String(code).slice(0, 20)).toContain(res.statusCode);
      expect(res.json().success).toBe(false);
    }
    const before = await ctx.db.selectFrom('reward_codes').select('id').execute();
    for (const bad of [
      codeInput('BAD1', { amountMinor: 0 }),
      codeInput('BAD2', { cap: 0 }),
      codeInput('BAD3', { kind: 'cash' }),
      codeInput('BAD4', { turnoverMultiple: null }),
      codeInput('BAD\u00005'),
      codeInput('B'.repeat(1_000_000)),
      codeInput('BAD6', { expiresAt: new Date(Date.now() - DAY).toISOString() }),
    ]) {
      const res = await create(tokens.finance, bad);
      expect([400, 413]).toContain(res.statusCode);
    }
    expect(await ctx.db.selectFrom('reward_codes').select('id').execute()).toEqual(before);
  });

  it('lets finance (money.write) create codes, audited; support and content are refused; a code is unique', async () => {
    expect((await create(tokens.support, codeInput('SUPPORT1'))).statusCode).toBe(403);
    expect((await create(tokens.content, codeInput('CONTENT1'))).statusCode).toBe(403);
    const row = await created('audited1', { kind: 'cash', turnoverMultiple: null, validDays: null });
    expect(row).toMatchObject({ code: 'AUDITED1', kind: 'cash', used: 0 });
    expect((await create(tokens.finance, codeInput('Audited1'))).json()).toMatchObject({ success: false, message: 'reward_code_exists' });
    const audit = await ctx.db.selectFrom('config_audit').select(['operator_username', 'after']).where('action', '=', 'reward_code.create').execute();
    expect(audit.map((a) => (a.after as { code: string }).code)).toContain('AUDITED1');
    expect((await call('GET', REWARD_CODE_PATHS.list, tokens.finance)).json().value.rows.map((r: { code: string }) => r.code)).toContain('AUDITED1');
  });
});

describe('redeeming', () => {
  it('awards a bonus code once to a member: the second redemption is refused and nothing moves twice', async () => {
    const code = await created('TWICE1', { amountMinor: 7_000 });
    const m = await signedInMember(ctx, 'codes_twice');
    expect((await redeem(m.token, 'twice1')).json()).toMatchObject({ success: true, value: { kind: 'bonus', amountMinor: 7_000, held: false } });
    expect((await redeem(m.token, 'TWICE1')).json()).toMatchObject({ success: false, message: 'reward_code_already_used' });
    expect(await balance(m.id, 'member_bonus')).toBe(7_000);
    const awards = await ctx.db.selectFrom('bonus_awards').selectAll().where('member_id', '=', m.id).execute();
    expect(awards.map((a) => [a.source, a.state, Number(a.turnover_required_minor)])).toEqual([['code', 'active', 35_000]]);
    expect((await usesOf(code.id)).length).toBe(1);
  });

  it('pays a cash code to the main wallet from the bonus expense', async () => {
    await created('CASH1', { kind: 'cash', amountMinor: 2_500, turnoverMultiple: null, validDays: null });
    const m = await signedInMember(ctx, 'codes_cash');
    expect((await redeem(m.token, 'CASH1')).json()).toMatchObject({ success: true, value: { kind: 'cash', amountMinor: 2_500, awardId: null } });
    expect(await balance(m.id, 'member_wallet')).toBe(2_500);
    expect((await redeem(m.token, 'CASH1')).json()).toMatchObject({ success: false, message: 'reward_code_already_used' });
    expect(await balance(m.id, 'member_wallet')).toBe(2_500);
  });

  it('gives a code of cap 5 redeemed by 50 members at once to exactly 5, the bonus totals matching', async () => {
    const code = await created('RACE5', { cap: 5, amountMinor: 1_000 });
    const { ids } = await insertBareMembers(ctx.db, 50, 'code_race_');
    const deps = { db: ctx.db, clock: () => new Date() } as unknown as TPlatformDeps;
    const answers = await Promise.allSettled(ids.map((id) => redeemCode(deps, merchant, id, 'RACE5', '127.0.0.1')));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(5);
    const refusals = answers.flatMap((a) => (a.status === 'rejected' ? [(a.reason as WpsError).message] : []));
    expect(new Set(refusals)).toEqual(new Set(['reward_code_used_up']));
    const winners = (await usesOf(code.id)).map((u) => u.member_id);
    expect(winners).toHaveLength(5);
    let total = 0;
    for (const id of ids) total += await balance(id, 'member_bonus');
    expect(total).toBe(5_000);
    const awards = await ctx.db.selectFrom('bonus_awards').select(['member_id', 'amount_minor']).where('source_key', '=', `code:${code.id}`).execute();
    expect(awards.map((a) => a.member_id).sort()).toEqual([...winners].sort());
    expect((await ctx.db.selectFrom('reward_codes').select('used').where('id', '=', code.id).executeTakeFirstOrThrow()).used).toBe(5);
  });

  it('refuses an expired code, and a code used up', async () => {
    const code = await created('EXPIRES1', { cap: 1 });
    await ctx.db
      .updateTable('reward_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', code.id)
      .execute();
    const m = await signedInMember(ctx, 'codes_expired');
    expect((await redeem(m.token, 'EXPIRES1')).json()).toMatchObject({ success: false, message: 'reward_code_expired' });
    await created('ONCE1', { cap: 1, kind: 'cash', turnoverMultiple: null, validDays: null });
    const first = await signedInMember(ctx, 'codes_first');
    expect((await redeem(first.token, 'ONCE1')).json().success).toBe(true);
    expect((await redeem(m.token, 'ONCE1')).json()).toMatchObject({ success: false, message: 'reward_code_used_up' });
    expect(await usesOf(code.id)).toEqual([]);
    expect(await balance(m.id, 'member_wallet')).toBe(0);
  });

  it("answers unknown for another merchant's code and for none, and pays a closed account nothing", async () => {
    const other = await otherMerchant(ctx.db, 'CODESX');
    const operator = await ctx.db.selectFrom('operators').select('id').executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('reward_codes')
      .values({
        merchant_id: other.id,
        code: 'OTHER1',
        kind: 'cash',
        amount_minor: 100,
        cap: 10,
        expires_at: new Date(Date.now() + DAY),
        created_by: operator.id,
      })
      .execute();
    const m = await signedInMember(ctx, 'codes_other');
    expect((await redeem(m.token, 'OTHER1')).json()).toMatchObject({ success: false, message: 'reward_code_unknown' });
    expect((await redeem(m.token, 'NOSUCH1')).json()).toMatchObject({ success: false, message: 'reward_code_unknown' });

    const code = await created('CLOSED1', { kind: 'cash', turnoverMultiple: null, validDays: null });
    // A time-out as the protection service writes it; the member's session is kept to reach the rule itself.
    await ctx.db
      .insertInto('protection_exclusions')
      .values({ member_id: m.id, merchant_id: merchant.id, kind: 'timeout', period: '7d', started_at: new Date(), ends_at: new Date(Date.now() + 7 * DAY) })
      .execute();
    expect((await redeem(m.token, 'CLOSED1')).json()).toMatchObject({ success: false, message: 'protection_excluded' });
    expect(await usesOf(code.id)).toEqual([]);
    expect(await balance(m.id, 'member_wallet')).toBe(0);
  });
});
