import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BONUS_TERMS,
  OPERATOR_PROMOTION_MESSAGES,
  OPERATOR_PROMOTION_PATHS,
  PROMOTION_APPLY_PATHS,
  type TOperatorPromotion,
  type TOperatorPromotionInput,
  type TOperatorRole,
} from '@wl/schemas';
import { tinyJpeg, tinyPng } from '@wl/schemas/domain/image-samples';
import { awardBonus, offerBonus } from '../bonus/award.ts';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { loginToken, tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { insertManualApplyPromotion } from '../test-support/promotions.ts';

/**
 * Promotions in the console (docs/0098): content operators create drafts, edit, schedule and move
 * them draft → active ⇄ paused → ended; the server checks the terms again; every change is audited
 * with before and after and bumps the config version; each promotion shows its cost and figures.
 * Who may make one pay (docs/0100): a paying kind goes live only with a budget and finance's
 * approval of its money (or finance's own move); a change of the money clears the approval; on a
 * live one content may not raise the money. Audited.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
let ops = {} as Record<TOperatorRole, string>;
const merchant = { id: 0 };
const configVersion = async () =>
  (await ctx.db.selectFrom('merchants').select('config_version').where('id', '=', merchant.id).executeTakeFirstOrThrow()).config_version;
const draft = (over: Partial<TOperatorPromotionInput> = {}): TOperatorPromotionInput => ({
  id: null,
  titleEn: 'Weekend screenshot bonus',
  titleBn: 'সপ্তাহান্তের স্ক্রিনশট বোনাস',
  rulesEn: 'Send a screenshot of your win.',
  rulesBn: 'আপনার জয়ের একটি স্ক্রিনশট পাঠান।',
  category: 'EVENT',
  terms: { kind: 'manual_apply', maxAmountMinor: 50_000, bonus: DEFAULT_BONUS_TERMS },
  startsAt: new Date(Date.now() - 3_600_000).toISOString(),
  endsAt: null,
  budgetMinor: 1_000_000,
  maxRecipients: 100,
  sort: 5,
  ...over,
});
const save = (token: string, body: unknown) => call('PUT', OPERATOR_PROMOTION_PATHS.promotions, token, body);
/** demo_member applies to a promotion, with no image. */
const applied = async (promotionId: number) =>
  expect(
    (
      await call('POST', PROMOTION_APPLY_PATHS.apply, await loginToken(ctx.app, 'demo_member', 'Demo1234'), { promotionId, comment: 'hi', imageIds: [] })
    ).json(),
  ).toMatchObject({ success: true });
const setStatus = (token: string, id: number, status: string) => call('POST', OPERATOR_PROMOTION_PATHS.setPromotionStatus, token, { id, status });

/** A paying promotion (docs/0100): a deposit match with a budget. */
const input = (over: Partial<TOperatorPromotionInput> = {}): TOperatorPromotionInput => ({
  id: null,
  titleEn: 'Deposit week',
  titleBn: 'জমার সপ্তাহ',
  rulesEn: 'Deposit and get 10%.',
  rulesBn: 'জমা দিন, ১০% পান।',
  category: 'EVENT',
  terms: { kind: 'deposit_match', deposit: 'any', minDepositMinor: 10_000, percent: 10, capMinor: 100_000, bonus: DEFAULT_BONUS_TERMS },
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  budgetMinor: 1_000_000,
  maxRecipients: 100,
  sort: 9,
  ...over,
});
const saveAs = async (role: TOperatorRole, body: TOperatorPromotionInput) => (await call('PUT', OPERATOR_PROMOTION_PATHS.promotions, ops[role], body)).json();
const statusAs = async (role: TOperatorRole, id: number, to: string) =>
  (await call('POST', OPERATOR_PROMOTION_PATHS.setPromotionStatus, ops[role], { id, status: to })).json();
/** The money version finance is shown for a promotion (docs/0100). */
const shownVersion = async (id: unknown) => {
  const listed = (await call('GET', OPERATOR_PROMOTION_PATHS.promotions, ops.finance)).json().value.promotions as TOperatorPromotion[];
  return listed.find((p) => p.id === id)?.moneyVersion ?? '00';
};
/** Finance approves what it was just shown, unless told which version it read. */
const approve = async (token: string | null, id: unknown, moneyVersion?: string) =>
  call('POST', OPERATOR_PROMOTION_PATHS.approvePromotion, token, { id, moneyVersion: moneyVersion ?? (await shownVersion(id)) });
const approvals = () => ctx.db.selectFrom('config_audit').select(['operator_username', 'after']).where('action', '=', 'promotion.approve').execute();

beforeAll(async () => {
  ops = await roleTokens(ctx.app);
  merchant.id = (await ctx.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).id;
});

describe('the check ladder', () => {
  it('refuses no session, finance and support editing, bad terms, NUL, a megabyte and another merchant’s ids, changing nothing', async () => {
    const versionBefore = await configVersion();
    const countBefore = (await ctx.db.selectFrom('promotions').select('id').execute()).length;
    expect((await save('', draft())).statusCode).toBe(401);
    for (const role of ['finance', 'support'] as const) expect((await save(ops[role], draft())).statusCode, role).toBe(403);
    const bad: unknown[] = [
      draft({ titleEn: 'nul \u0000' }),
      draft({ rulesBn: 'x'.repeat(5001) }),
      { ...draft(), terms: { kind: 'manual_apply', maxAmountMinor: -1, bonus: DEFAULT_BONUS_TERMS } },
      { ...draft(), terms: { kind: 'deposit_match', percent: 500, deposit: 'first', capMinor: 1, minDepositMinor: 0, bonus: DEFAULT_BONUS_TERMS } },
      { ...draft(), terms: { kind: 'nope' } },
      draft({ endsAt: new Date(Date.now() - 7_200_000).toISOString() }),
      draft({ budgetMinor: 0 }),
    ];
    for (const body of bad) expect((await save(ops.content, body)).json().success, JSON.stringify(body).slice(0, 120)).toBe(false);
    expect((await save(ops.content, draft({ rulesEn: 'x'.repeat(1024 * 1024) }))).statusCode).toBe(413);
    const elsewhere = await otherMerchant(ctx.db, 'CONSOLEX');
    const foreign = await insertManualApplyPromotion(ctx.db, elsewhere.id);
    expect((await save(ops.content, draft({ id: foreign }))).json()).toMatchObject({ success: false, message: 'error_not_found' });
    expect((await setStatus(ops.content, foreign, 'ended')).json()).toMatchObject({ success: false, message: 'error_not_found' });
    const listed = (await call('GET', OPERATOR_PROMOTION_PATHS.promotions, ops.content)).json();
    expect(listed.value.promotions.map((p: { id: number }) => p.id)).not.toContain(foreign);
    expect(await configVersion()).toBe(versionBefore);
    expect((await ctx.db.selectFrom('promotions').select('id').execute()).length).toBe(countBefore + 1);
  });
});

describe('a promotion’s life', () => {
  it('creates a draft, edits it, runs, pauses and ends it, audited with before and after', async () => {
    const v0 = await configVersion();
    const created = (await save(ops.content, draft())).json();
    expect(created).toMatchObject({ success: true, value: { status: 'draft', kind: 'manual_apply', budgetMinor: 1_000_000, hasOwnBanner: false } });
    const id = created.value.id as number;
    expect(await configVersion()).toBe(v0 + 1);
    // While a draft the kind may change; once running it is fixed.
    const sign = { kind: 'sign_up', amountMinor: 1_000, bonus: DEFAULT_BONUS_TERMS } as const;
    expect((await save(ops.content, draft({ id, terms: sign }))).json()).toMatchObject({ success: true, value: { kind: 'sign_up' } });
    // A paying kind goes live only once finance approved its money (docs/0100).
    expect((await setStatus(ops.content, id, 'active')).json()).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.needsFinance });
    const approved = (await approve(ops.finance, id)).json();
    expect(approved).toMatchObject({ success: true, value: { moneyApproved: true } });
    expect((await setStatus(ops.content, id, 'active')).json()).toMatchObject({ success: true, value: { status: 'active' } });
    const { startsAt } = approved.value as { startsAt: string };
    expect((await save(ops.content, draft({ id, startsAt }))).json()).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.kindFixed });
    expect((await save(ops.content, draft({ id, startsAt, terms: sign, titleEn: 'Welcome bonus' }))).json()).toMatchObject({
      success: true,
      value: { titleEn: 'Welcome bonus' },
    });
    expect((await setStatus(ops.content, id, 'paused')).json().value.status).toBe('paused');
    expect((await setStatus(ops.content, id, 'active')).json().value.status).toBe('active');
    expect((await setStatus(ops.content, id, 'draft')).json()).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.statusTransition });
    expect((await setStatus(ops.content, id, 'ended')).json().value.status).toBe('ended');
    for (const status of ['active', 'paused', 'draft']) {
      expect((await setStatus(ops.content, id, status)).json(), status).toMatchObject({
        success: false,
        message: OPERATOR_PROMOTION_MESSAGES.statusTransition,
      });
    }
    expect((await save(ops.content, draft({ id, startsAt, terms: sign }))).json()).toMatchObject({
      success: false,
      message: OPERATOR_PROMOTION_MESSAGES.statusTransition,
    });
    const audit = await ctx.db
      .selectFrom('config_audit')
      .select(['action', 'before', 'after'])
      .where('action', 'in', ['promotion.save', 'promotion.status'])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'promotion.save',
      'promotion.save',
      'promotion.status',
      'promotion.save',
      'promotion.status',
      'promotion.status',
      'promotion.status',
    ]);
    expect(audit[3]).toMatchObject({
      before: expect.objectContaining({ title_en: 'Weekend screenshot bonus' }),
      after: expect.objectContaining({ title_en: 'Welcome bonus' }),
    });
  });

  it('takes a png or jpg banner by its bytes, refuses a PDF, and serves it at the promotion’s banner address', async () => {
    const id = (await save(ops.content, draft())).json().value.id as number;
    const pdf = Buffer.from('%PDF-1.7 not an image').toString('base64');
    expect((await call('PUT', OPERATOR_PROMOTION_PATHS.banner, ops.content, { id, base64: pdf })).json()).toMatchObject({
      success: false,
      message: OPERATOR_PROMOTION_MESSAGES.bannerWrongType,
    });
    expect((await call('PUT', OPERATOR_PROMOTION_PATHS.banner, ops.finance, { id, base64: Buffer.from(tinyJpeg(8, 3)).toString('base64') })).statusCode).toBe(
      403,
    );
    const set = (await call('PUT', OPERATOR_PROMOTION_PATHS.banner, ops.content, { id, base64: Buffer.from(tinyPng(12, 4)).toString('base64') })).json();
    expect(set).toMatchObject({ success: true, value: { hasOwnBanner: true } });
    const served = await ctx.app.inject({ url: `/wps/assets/banner/p${id}.svg` });
    expect(served.headers['content-type']).toContain('image/svg+xml');
    expect(served.body).toContain(`data:image/png;base64,${Buffer.from(tinyPng(12, 4)).toString('base64')}`);
  });

  it('shows each promotion’s cost, recipients, awards by state and turnover completion', async () => {
    const promotionId = await insertManualApplyPromotion(ctx.db, merchant.id);
    const { ids, merchant: m } = await insertBareMembers(ctx.db, 3, 'figures');
    const now = new Date();
    const grant = (memberId: number, activate: boolean) =>
      inTransaction(ctx.db, (trx) => {
        const g = { memberId, promotionId, source: 'operator' as const, sourceKey: 'figures', amountMinor: 1_000, terms: DEFAULT_BONUS_TERMS, now, ip: 'test' };
        return activate ? awardBonus(trx, m, g) : offerBonus(trx, m, g);
      });
    for (const [i, id] of ids.entries()) await grant(id, i < 2);
    await ctx.db.updateTable('bonus_awards').set({ turnover_done_minor: 2_500 }).where('member_id', '=', ids[0]!).execute();
    await ctx.db.updateTable('bonus_awards').set({ turnover_done_minor: 10_000, state: 'converted', ended_at: now }).where('member_id', '=', ids[1]!).execute();
    await applied(promotionId);
    const listed = (await call('GET', OPERATOR_PROMOTION_PATHS.promotions, ops.content)).json();
    const row = listed.value.promotions.find((p: { id: number }) => p.id === promotionId);
    // An offer not claimed carries no turnover to meet: 12,500 done of 20,000 required.
    expect(row.figures).toEqual({
      spentMinor: 2_000,
      recipients: 2,
      awards: { active: 1, converted: 1, offered: 1 },
      turnoverDoneMinor: 12_500,
      turnoverRequiredMinor: 20_000,
      turnoverCompletionBp: 6_250,
      pendingApplications: 1,
    });
  });
});

describe('finance’s approval of a promotion’s money', () => {
  it('refuses no session, content, support, bad ids and another merchant’s promotion, changing nothing', async () => {
    const mine = (await saveAs('content', input())).value as TOperatorPromotion;
    const other = await otherMerchant(ctx.db, 'APPROVE_OTHER');
    const theirs = await insertManualApplyPromotion(ctx.db, other.id, { status: 'draft' });
    const before = await rowCounts(ctx.db, ['config_audit']);
    expect((await approve(null, mine.id)).statusCode).toBe(401);
    for (const role of ['content', 'support'] as const) expect((await approve(ops[role], mine.id)).statusCode, role).toBe(403);
    for (const id of [0, -1, 'x', '\u0000', 2 ** 40, null]) expect((await approve(ops.finance, id)).statusCode, String(id)).toBe(400);
    expect((await approve(ops.finance, theirs)).json()).toMatchObject({ success: false, message: 'error_not_found' });
    expect(await rowCounts(ctx.db, ['config_audit'])).toEqual(before);
    expect(mine).toMatchObject({ paying: true, moneyApproved: false });
  });

  it('lets a paying promotion go live only with a budget and finance’s approval, which a change of its money clears', async () => {
    const { id } = (await saveAs('content', input({ budgetMinor: null }))).value as TOperatorPromotion;
    // No budget: refused to everyone, finance included.
    expect(await statusAs('content', id, 'active')).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.budgetRequired });
    expect((await approve(ops.finance, id)).json()).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.budgetRequired });
    expect((await saveAs('content', input({ id }))).value).toMatchObject({ budgetMinor: 1_000_000, moneyApproved: false });
    expect(await statusAs('content', id, 'active')).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.needsFinance });
    expect((await approve(ops.finance, id)).json()).toMatchObject({ success: true, value: { moneyApproved: true, status: 'draft' } });
    expect((await approvals()).at(-1)).toMatchObject({ operator_username: 'demo_finance', after: expect.objectContaining({ budget_minor: 1_000_000 }) });
    // A change of the money before it runs clears the approval; words alone do not.
    expect((await saveAs('content', input({ id, titleEn: 'Deposit week!' }))).value).toMatchObject({ moneyApproved: true });
    expect((await saveAs('content', input({ id, titleEn: 'Deposit week!', budgetMinor: 2_000_000 }))).value).toMatchObject({ moneyApproved: false });
    expect(await statusAs('content', id, 'active')).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.needsFinance });
    await approve(ops.finance, id);
    expect(await statusAs('content', id, 'active')).toMatchObject({ success: true, value: { status: 'active' } });
  });

  it('approves only the money finance read: a raise content saved after the read is refused, changing nothing', async () => {
    const { id } = (await saveAs('content', input())).value as TOperatorPromotion;
    const read = await shownVersion(id);
    expect((await saveAs('content', input({ id, budgetMinor: 90_000_000 }))).value).toMatchObject({ moneyApproved: false });
    const before = await rowCounts(ctx.db, ['config_audit']);
    expect((await approve(ops.finance, id, read)).json()).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.moneyChanged });
    for (const bad of ['', 'XYZ', '\u0000', 'a'.repeat(65)]) expect((await approve(ops.finance, id, bad)).statusCode, bad).toBe(400);
    expect(await rowCounts(ctx.db, ['config_audit'])).toEqual(before);
    expect(await statusAs('content', id, 'active')).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.needsFinance });
    // Read again, it is the new money that is approved.
    expect((await approve(ops.finance, id)).json()).toMatchObject({ success: true, value: { moneyApproved: true, budgetMinor: 90_000_000 } });
  });

  it('keeps content from raising the money of a live paying promotion, not from lowering it or editing words', async () => {
    const id = ((await saveAs('content', input())).value as TOperatorPromotion).id;
    await approve(ops.finance, id);
    expect(await statusAs('content', id, 'active')).toMatchObject({ success: true });
    const live = input({ id });
    for (const raised of [
      { budgetMinor: 1_000_001 },
      { budgetMinor: null },
      { maxRecipients: 101 },
      { maxRecipients: null },
      { startsAt: '2025-12-31T00:00:00.000Z' },
      { terms: { ...(live.terms as object), percent: 11 } as TOperatorPromotionInput['terms'] },
    ]) {
      const before = await rowCounts(ctx.db, ['config_audit']);
      const res = await saveAs('content', { ...live, ...raised });
      expect(res.success, JSON.stringify(raised)).toBe(false);
      expect([OPERATOR_PROMOTION_MESSAGES.needsFinance, OPERATOR_PROMOTION_MESSAGES.budgetRequired]).toContain(res.message);
      expect(await rowCounts(ctx.db, ['config_audit'])).toEqual(before);
    }
    expect((await saveAs('content', { ...live, titleBn: 'জমার সপ্তাহ!' })).value).toMatchObject({ moneyApproved: true, titleBn: 'জমার সপ্তাহ!' });
    // Lowering is content's to do, and clears the approval: paused, it goes live again only once approved.
    expect((await saveAs('content', { ...live, budgetMinor: 500_000 })).value).toMatchObject({ budgetMinor: 500_000, moneyApproved: false });
    expect(await statusAs('content', id, 'paused')).toMatchObject({ success: true });
    expect(await statusAs('content', id, 'active')).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.needsFinance });
    // Finance makes the change itself, and may set it live (the owner too: both hold money.write).
    expect((await saveAs('owner', { ...live, budgetMinor: 3_000_000 })).value).toMatchObject({ budgetMinor: 3_000_000, moneyApproved: true });
    expect(await statusAs('content', id, 'active')).toMatchObject({ success: true });
  });

  it('leaves a promotion that does not pay to content alone', async () => {
    const info = (await saveAs('content', input({ terms: { kind: 'info' }, budgetMinor: null }))).value as TOperatorPromotion;
    expect(info).toMatchObject({ paying: false, moneyApproved: true });
    expect(await statusAs('content', info.id, 'active')).toMatchObject({ success: true, value: { status: 'active' } });
  });
});
