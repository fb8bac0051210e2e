import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { BONUS_MESSAGES, BONUS_REVIEW_PATHS, DEFAULT_BONUS_TERMS, type TPromotionTerms } from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken, tokenCall } from '../test-support/http.ts';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { roleTokens } from '../test-support/operators.ts';
import { WpsError } from '../http/envelope.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { awardBonus, type TBonusGrant } from './award.ts';

/**
 * The abuse controls of activation (docs/0097): one bonus of a kind per person (members sharing a
 * payee name, e-mail or mobile), linked accounts (one network) held for a finance operator, whose
 * decision is audited and taken once; racing families are paid at most once.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
const merchant = { id: 0, currency: '' };
let tokens: Record<'owner' | 'finance' | 'support' | 'content', string>;
let memberToken = '';
let promotionId = 0;

const activated = async (memberIds: number[]) =>
  Number(
    (
      await ctx.db
        .selectFrom('bonus_awards')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', 'in', memberIds)
        .where('activated_at', 'is not', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
const bonusMinor = async (memberIds: number[]) =>
  Number(
    (
      await sql<{
        s: string | null;
      }>`select sum(balance_minor) as s from ledger_accounts where kind = 'member_bonus' and member_id = any(${memberIds})`.execute(ctx.db)
    ).rows[0]!.s ?? 0,
  );
const signUp = (memberId: number): TBonusGrant => ({
  memberId,
  promotionId,
  source: 'sign_up',
  sourceKey: 'welcome',
  amountMinor: 5_000,
  terms: DEFAULT_BONUS_TERMS,
  now: new Date(),
  ip: 'system',
});
const claim = async (memberId: number) => {
  try {
    return await inTransaction(ctx.db, (trx) => awardBonus(trx, merchant, signUp(memberId)));
  } catch (err) {
    if (err instanceof WpsError) return err.message;
    throw err;
  }
};
const seen = (memberId: number, ip: string) =>
  ctx.db
    .insertInto('auth_events')
    .values({ merchant_id: merchant.id, member_id: memberId, username: `m${memberId}`, kind: 'login', ip })
    .execute();
const setPayee = (memberIds: number[], name: string) => ctx.db.updateTable('members').set({ bank_holder_name: name }).where('id', 'in', memberIds).execute();
const reviewOf = async (memberId: number) =>
  (await ctx.db.selectFrom('bonus_reviews').select(['id', 'state']).where('member_id', '=', memberId).executeTakeFirstOrThrow()) as {
    id: number;
    state: string;
  };

beforeAll(async () => {
  Object.assign(merchant, await ctx.db.selectFrom('merchants').select(['id', 'currency']).where('code', '=', 'DEMO').executeTakeFirstOrThrow());
  const terms: TPromotionTerms = { kind: 'sign_up', amountMinor: 5_000, bonus: DEFAULT_BONUS_TERMS };
  promotionId = (
    await ctx.db
      .insertInto('promotions')
      .values({
        merchant_id: merchant.id,
        title_en: 'Welcome',
        title_bn: 'স্বাগতম',
        promotion_type: 'sign_up',
        sort: 99,
        category: 'NEW_MEMBER',
        starts_at: new Date('2020-01-01T00:00:00Z'),
        ends_at: null,
        rules_en: '',
        rules_bn: '',
        kind: 'sign_up',
        terms: JSON.stringify(terms),
        budget_minor: null,
        max_recipients: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  tokens = await roleTokens(ctx.app);
  memberToken = await loginToken(ctx.app, 'demo_member', 'Demo1234');
});

describe('one bonus of a kind per person', () => {
  it('gives a family sharing a payee name one sign-up bonus, and others theirs', async () => {
    const { ids } = await insertBareMembers(ctx.db, 4, 'fam');
    await setPayee(ids.slice(0, 3), 'Karim Hossain');
    await ctx.db.updateTable('members').set({ bank_holder_name: 'KARIM  HOSSAIN ' }).where('id', '=', ids[2]!).execute();
    await setPayee([ids[3]!], 'Someone Else');
    expect(await claim(ids[0]!)).toMatchObject({ state: 'active', created: true });
    expect(await claim(ids[1]!)).toBe(BONUS_MESSAGES.onePerPerson);
    expect(await claim(ids[2]!)).toBe(BONUS_MESSAGES.onePerPerson);
    expect(await claim(ids[3]!)).toMatchObject({ state: 'active' });
    expect(await activated(ids)).toBe(2);
  });

  it('pays one of 50 family members racing for the bonus', async () => {
    const { ids } = await insertBareMembers(ctx.db, 50, 'famrace');
    await setPayee(ids, 'Race Family');
    const outcomes = await Promise.all(ids.map(claim));
    expect(outcomes.filter((o) => typeof o === 'object' && o.state === 'active')).toHaveLength(1);
    expect(outcomes.filter((o) => o === BONUS_MESSAGES.onePerPerson)).toHaveLength(49);
    expect(await activated(ids)).toBe(1);
    expect(await bonusMinor(ids)).toBe(5_000);
  });
});

describe('linked accounts', () => {
  it('holds the award of 50 linked accounts racing, and pays none until reviewed', async () => {
    const { ids } = await insertBareMembers(ctx.db, 50, 'linkrace');
    for (const id of ids) await seen(id, `203.0.113.${(id % 200) + 1}`);
    const outcomes = await Promise.all(ids.map(claim));
    expect(outcomes.every((o) => typeof o === 'object' && o.held === true && o.state === 'offered')).toBe(true);
    expect(await activated(ids)).toBe(0);
    expect(await bonusMinor(ids)).toBe(0);
    const held = await ctx.db.selectFrom('bonus_reviews').select('id').where('member_id', 'in', ids).where('state', '=', 'pending').execute();
    expect(held).toHaveLength(50);
    // Claiming again answers the hold, with no second review.
    expect(await claim(ids[0]!)).toMatchObject({ held: true });
    expect(await ctx.db.selectFrom('bonus_reviews').select('id').where('member_id', '=', ids[0]!).execute()).toHaveLength(1);
  });

  it('lets finance approve (paid once, audited) or reject (lapsed), and refuses a second decision', async () => {
    const { ids } = await insertBareMembers(ctx.db, 3, 'linkrev');
    for (const id of ids) await seen(id, '198.51.100.4');
    for (const id of ids) expect(await claim(id)).toMatchObject({ held: true });
    const list = (await call('GET', BONUS_REVIEW_PATHS.reviews, tokens.finance)).json().value.rows;
    const mine = list.find((r: { username: string }) => r.username === 'linkrev0');
    expect(mine).toMatchObject({ source: 'sign_up', amountMinor: 5_000, reason: 'ip_range 198.51.100.0/24', linkedUsernames: ['linkrev1', 'linkrev2'] });

    const approve = await call('POST', BONUS_REVIEW_PATHS.decide, tokens.finance, { reviewId: mine.reviewId, approve: true });
    expect(approve.json()).toMatchObject({ success: true, value: { state: 'approved' } });
    expect(await activated([ids[0]!])).toBe(1);
    expect(await bonusMinor([ids[0]!])).toBe(5_000);
    const again = await call('POST', BONUS_REVIEW_PATHS.decide, tokens.finance, { reviewId: mine.reviewId, approve: false });
    expect(again.json()).toMatchObject({ success: false, message: 'bonus_review_decided' });
    expect(await activated([ids[0]!])).toBe(1);

    const second = await reviewOf(ids[1]!);
    expect((await call('POST', BONUS_REVIEW_PATHS.decide, tokens.owner, { reviewId: second.id, approve: false })).json()).toMatchObject({
      value: { state: 'rejected' },
    });
    expect(await ctx.db.selectFrom('bonus_awards').select(['state', 'held']).where('member_id', '=', ids[1]!).executeTakeFirstOrThrow()).toEqual({
      state: 'lapsed',
      held: false,
    });
    const audit = await ctx.db.selectFrom('config_audit').select('action').where('action', 'like', 'bonus.review.%').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['bonus.review.approve', 'bonus.review.reject']);
  });

  it('still refuses, at approval, a second bonus of the same person', async () => {
    const { ids } = await insertBareMembers(ctx.db, 2, 'linkfam');
    await setPayee(ids, 'Held Family');
    await seen(ids[1]!, '192.0.2.1');
    await seen((await insertBareMembers(ctx.db, 1, 'linkfamx')).ids[0]!, '192.0.2.2');
    expect(await claim(ids[1]!)).toMatchObject({ held: true });
    expect(await claim(ids[0]!)).toMatchObject({ state: 'active' });
    const review = await reviewOf(ids[1]!);
    const res = await call('POST', BONUS_REVIEW_PATHS.decide, tokens.finance, { reviewId: review.id, approve: true });
    expect(res.json()).toMatchObject({ success: false, message: BONUS_MESSAGES.onePerPerson });
    expect(await reviewOf(ids[1]!)).toMatchObject({ state: 'pending' });
    expect(await activated([ids[1]!])).toBe(0);
  });

  it('walks the check ladder of the review calls and changes nothing on a refusal', async () => {
    const { ids } = await insertBareMembers(ctx.db, 2, 'linkladder');
    for (const id of ids) await seen(id, '100.64.7.1');
    await claim(ids[0]!);
    const review = await reviewOf(ids[0]!);
    const before = await rowCounts(ctx.db, ['bonus_reviews', 'config_audit', 'ledger_transactions']);
    expect((await call('GET', BONUS_REVIEW_PATHS.reviews, null)).statusCode).toBe(401);
    expect((await call('POST', BONUS_REVIEW_PATHS.decide, null, { reviewId: review.id, approve: true })).statusCode).toBe(401);
    expect((await call('POST', BONUS_REVIEW_PATHS.decide, memberToken, { reviewId: review.id, approve: true })).json().success).toBe(false);
    for (const role of ['support', 'content'] as const)
      expect((await call('POST', BONUS_REVIEW_PATHS.decide, tokens[role], { reviewId: review.id, approve: true })).statusCode, role).toBe(403);
    for (const payload of [
      { reviewId: 0, approve: true },
      { reviewId: 'x', approve: true },
      { reviewId: review.id },
      { reviewId: review.id, approve: '\u0000'.repeat(10) },
      { reviewId: 'x'.repeat(1_000_000), approve: true },
    ])
      expect((await call('POST', BONUS_REVIEW_PATHS.decide, tokens.finance, payload)).json().success).toBe(false);
    expect((await call('POST', BONUS_REVIEW_PATHS.decide, tokens.finance, { reviewId: 999_999_999, approve: true })).json()).toMatchObject({
      success: false,
      message: 'error_not_found',
    });
    expect(await rowCounts(ctx.db, ['bonus_reviews', 'config_audit', 'ledger_transactions'])).toEqual(before);
    expect(await reviewOf(ids[0]!)).toMatchObject({ state: 'pending' });
  });
});
