import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BONUS_TERMS,
  OPERATOR_PROMOTION_MESSAGES,
  OPERATOR_PROMOTION_PATHS,
  PROMOTION_APPLY_PATHS,
  type TOperatorPromotionInput,
  type TOperatorRole,
} from '@wl/schemas';
import { tinyJpeg, tinyPng } from '@wl/schemas/domain/image-samples';
import { awardBonus, offerBonus } from '../bonus/award.ts';
import { insertBareMembers } from '../test-support/bare-members.ts';
import { usePlatform } from '../test-support/db.ts';
import { inTransaction } from '../wallet/ledger.service.ts';
import { loginToken, tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { insertManualApplyPromotion } from '../test-support/promotions.ts';

/**
 * Promotions in the console (docs/0098): content operators create drafts, edit, schedule and move
 * them draft → active ⇄ paused → ended; the server checks the terms again; every change is audited
 * with before and after and bumps the config version; each promotion shows its cost and figures.
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
    const approved = (await call('POST', OPERATOR_PROMOTION_PATHS.approvePromotion, ops.finance, { id })).json();
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
