import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, PROMO_CALLS, PROMO_PATHS, WPS_PATHS, type TMemberPromotion } from '@wl/schemas';
import { usePlatform } from '../test-support/db.ts';
import { expectRealAccountOnly, tokenCall } from '../test-support/http.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { approvedDeposit, signedInMember } from '../test-support/promo.ts';
import { offerSignUpBonus } from './sign-up.ts';
import { inTransaction } from '../wallet/ledger.service.ts';

/**
 * The member's promotions (docs/0096) at the platform: who may call them, each state from real rows,
 * joining once, the deposit match paid in the deposit's approval once, the sign-up offer claimed
 * once however many claims race, and bad input refused with nothing changed.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
const promoIds: Record<string, number> = {};
const merchant = { id: 0, currency: '' };
let trialToken = '';

const list = async (token: string): Promise<Record<string, TMemberPromotion>> => {
  const res = await call('GET', PROMO_PATHS.list, token);
  expect(res.json().success).toBe(true);
  const byId = new Map<number, TMemberPromotion>(res.json().value.list.map((p: TMemberPromotion) => [p.id, p]));
  return Object.fromEntries(Object.entries(promoIds).map(([title, id]) => [title, byId.get(id)!]));
};
const states = async (token: string) => Object.fromEntries(Object.entries(await list(token)).map(([t, p]) => [t, p?.state]));
const bonusMinor = async (memberId: number) =>
  Number(
    (await ctx.db.selectFrom('ledger_accounts').select('balance_minor').where('member_id', '=', memberId).where('kind', '=', 'member_bonus').executeTakeFirst())
      ?.balance_minor ?? 0,
  );
const awards = (memberId: number) => ctx.db.selectFrom('bonus_awards').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
const join = (token: string, promotionId: number) => call('POST', PROMO_PATHS.join, token, { promotionId });
const claim = (token: string, promotionId: number, key = 'claim-key-1') => call('POST', PROMO_PATHS.claim, token, { promotionId, key });
const offerSignUp = (memberId: number) => inTransaction(ctx.db, (trx) => offerSignUpBonus(trx, merchant, memberId, new Date(), '127.0.0.1'));

beforeAll(async () => {
  Object.assign(merchant, await ctx.db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow());
  for (const p of await ctx.db.selectFrom('promotions').select(['id', 'title_en']).execute()) promoIds[p.title_en] = p.id;
  const trial = (await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginFreePlay, payload: { os: 'linux', platform: 'W', gatewayVersion: 3 } })).json();
  trialToken = trial.value.token;
});

describe('the check ladder', () => {
  it('refuses every promo call without a session, and to a trial account', async () => {
    const calls = Object.values(PROMO_CALLS).map((c) => [c.method, c.path] as const);
    await expectRealAccountOnly(ctx, trialToken, calls, { promotionId: promoIds['Welcome bonus'], key: 'ladder-claim-1' });
    expect(await ctx.db.selectFrom('promotion_joins').selectAll().execute()).toEqual([]);
  });

  it('refuses bad input (types, NUL bytes, 1 MB strings, bad keys) with a clear message and changes nothing', async () => {
    const m = await signedInMember(ctx, 'promo_bad');
    const welcome = promoIds['Welcome bonus']!;
    for (const body of [
      {},
      { promotionId: 'x' },
      { promotionId: -1 },
      { promotionId: 2 ** 40 },
      { promotionId: '\u0000' },
      { promotionId: 'x'.repeat(1_000_000) },
    ]) {
      const res = await join(m.token, body.promotionId as number);
      // A body over the platform's limit is refused before it is read (413).
      expect([400, 413], JSON.stringify(body).slice(0, 40)).toContain(res.statusCode);
    }
    for (const key of ['short', 'a\u0000bcdefghij', 'k'.repeat(1_000_000), 'with space key']) {
      const res = await claim(m.token, welcome, key);
      expect([400, 413]).toContain(res.statusCode);
      expect(res.json().success).toBe(false);
    }
    expect(await ctx.db.selectFrom('promotion_joins').selectAll().where('member_id', '=', m.id).execute()).toEqual([]);
  });

  it("answers not found for another merchant's promotion and for one that does not exist", async () => {
    const m = await signedInMember(ctx, 'promo_other');
    const other = await otherMerchant(ctx.db, 'PROMOX');
    const row = await ctx.db.selectFrom('promotions').selectAll().where('id', '=', promoIds['Welcome bonus']!).executeTakeFirstOrThrow();
    const { id: _id, terms, ...rest } = row;
    const theirs = await ctx.db
      .insertInto('promotions')
      .values({ ...rest, merchant_id: other.id, terms: JSON.stringify(terms) })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const id of [theirs.id, 999_999]) {
      expect((await join(m.token, id)).statusCode).toBe(404);
      expect((await claim(m.token, id)).statusCode).toBe(404);
    }
    expect(await ctx.db.selectFrom('promotion_joins').selectAll().where('member_id', '=', m.id).execute()).toEqual([]);
  });
});

describe('states, join and the deposit match', () => {
  it("shows each promotion's state for a new member and counts join and claim in member info", async () => {
    const m = await signedInMember(ctx, 'promo_new');
    await offerSignUp(m.id);
    expect(await states(m.token)).toEqual({
      'Sign-up bonus ৳100': 'claim',
      'Welcome bonus': 'join',
      'Second deposit bonus 50%': 'join',
      'Reload bonus 10%': 'join',
      'Weekly cashback 5%': 'open',
      'Big win bonus': 'apply',
      'Invite friends': 'open',
      'VIP levels': 'open',
      'Rebate on every bet': 'open',
      'Cricket festival': 'coming_soon',
    });
    const info = (await call('GET', WPS_PATHS.memberInfo, m.token)).json().value;
    expect(info.availablePromoCount).toBe(4);
  });

  it('joins a deposit match once; anything but a deposit match to join is refused', async () => {
    const m = await signedInMember(ctx, 'promo_join');
    const welcome = promoIds['Welcome bonus']!;
    const results = await Promise.all(Array.from({ length: 10 }, () => join(m.token, welcome)));
    for (const r of results) expect(r.json()).toMatchObject({ success: true, value: { promotionId: welcome, state: 'signed_up' } });
    expect(await ctx.db.selectFrom('promotion_joins').selectAll().where('member_id', '=', m.id).execute()).toHaveLength(1);
    for (const title of ['Weekly cashback 5%', 'Sign-up bonus ৳100', 'VIP levels', 'Cricket festival']) {
      expect((await join(m.token, promoIds[title]!)).json(), title).toMatchObject({ success: false, message: 'promo_not_joinable' });
    }
    expect((await list(m.token))['Welcome bonus']).toMatchObject({ state: 'signed_up', match: { percent: 100, capMinor: 1_000_000, minDepositMinor: 50_000 } });
  });

  it('pays the match of the first deposit in its approval, once, and shows it in process', async () => {
    const m = await signedInMember(ctx, 'promo_first');
    await join(m.token, promoIds['Welcome bonus']!);
    // Below the minimum: no bonus, and the first deposit is used.
    const small = await signedInMember(ctx, 'promo_small');
    await join(small.token, promoIds['Welcome bonus']!);
    await approvedDeposit(ctx.db, small.id, 49_999);
    expect(await awards(small.id)).toEqual([]);
    expect((await states(small.token))['Welcome bonus']).toBe('closed');

    const depositId = await approvedDeposit(ctx.db, m.id, 30_000_00);
    const [award, ...more] = await awards(m.id);
    expect(more).toEqual([]);
    expect(award).toMatchObject({ source: 'deposit_match', source_key: `deposit:${depositId}`, state: 'active', promotion_id: promoIds['Welcome bonus'] });
    // 100 % of ৳30,000 capped at ৳10,000; turnover 10 × (bonus + deposit).
    expect(Number(award!.amount_minor)).toBe(1_000_000);
    expect(Number(award!.turnover_required_minor)).toBe(10 * (1_000_000 + 3_000_000));
    expect(await bonusMinor(m.id)).toBe(1_000_000);
    const mine = await list(m.token);
    expect(mine['Welcome bonus']).toMatchObject({ state: 'in_process', bonusMinor: 1_000_000 });
    // The second deposit match's turn: not joined yet.
    expect(mine['Second deposit bonus 50%']!.state).toBe('join');
  });

  it('keeps a match offered while another bonus is active, and claims refuse until it ends', async () => {
    const m = await signedInMember(ctx, 'promo_reload');
    await join(m.token, promoIds['Welcome bonus']!);
    await join(m.token, promoIds['Reload bonus 10%']!);
    await approvedDeposit(ctx.db, m.id, 100_000);
    await approvedDeposit(ctx.db, m.id, 50_000);
    const rows = await awards(m.id);
    expect(rows.map((r) => [r.promotion_id, r.state, Number(r.amount_minor)])).toEqual([
      [promoIds['Welcome bonus'], 'active', 100_000],
      [promoIds['Reload bonus 10%'], 'offered', 5_000],
    ]);
    expect((await list(m.token))['Reload bonus 10%']).toMatchObject({ state: 'claim', bonusMinor: 5_000 });
    expect((await claim(m.token, promoIds['Reload bonus 10%']!)).json()).toMatchObject({ success: false, message: 'bonus_one_active' });
    expect(await bonusMinor(m.id)).toBe(100_000);
    // Nothing on offer: refused, nothing moves.
    expect((await claim(m.token, promoIds['Second deposit bonus 50%']!)).json()).toMatchObject({ success: false, message: 'promo_nothing_to_claim' });
  });
});

describe('the sign-up bonus', () => {
  it('is offered once at registration and 50 parallel claims pay it once', async () => {
    const m = await signedInMember(ctx, 'promo_signup');
    await offerSignUp(m.id);
    await offerSignUp(m.id);
    expect(await awards(m.id)).toHaveLength(1);
    const signUp = promoIds['Sign-up bonus ৳100']!;
    const spentBefore = (await ctx.db.selectFrom('promotions').select('spent_minor').where('id', '=', signUp).executeTakeFirstOrThrow()).spent_minor;
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => claim(m.token, signUp, `signup-claim-${i}`)));
    for (const r of results) expect(r.json()).toMatchObject({ success: true, value: { state: 'in_process' } });
    expect(await bonusMinor(m.id)).toBe(10_000);
    const spentAfter = (await ctx.db.selectFrom('promotions').select('spent_minor').where('id', '=', signUp).executeTakeFirstOrThrow()).spent_minor;
    expect(Number(spentAfter) - Number(spentBefore)).toBe(10_000);
    expect(
      await ctx.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', 'like', 'bonus:%').where('owner_id', '=', m.id).execute(),
    ).toHaveLength(1);
  });
});
