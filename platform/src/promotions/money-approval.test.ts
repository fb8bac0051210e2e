import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BONUS_TERMS,
  OPERATOR_PROMOTION_MESSAGES,
  OPERATOR_PROMOTION_PATHS,
  type TOperatorPromotion,
  type TOperatorPromotionInput,
  type TOperatorRole,
} from '@wl/schemas';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { insertManualApplyPromotion } from '../test-support/promotions.ts';

/**
 * Who may make a promotion pay (docs/0100): content drafts and edits words; a paying kind goes live
 * only with a budget and finance's approval of its money (or finance's own move); a change of the
 * money clears the approval; on a live one content may not raise the money. Audited.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
let ops = {} as Record<TOperatorRole, string>;

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
const save = async (role: TOperatorRole, body: TOperatorPromotionInput) => (await call('PUT', OPERATOR_PROMOTION_PATHS.promotions, ops[role], body)).json();
const status = async (role: TOperatorRole, id: number, to: string) =>
  (await call('POST', OPERATOR_PROMOTION_PATHS.setPromotionStatus, ops[role], { id, status: to })).json();
const approve = (token: string | null, id: unknown) => call('POST', OPERATOR_PROMOTION_PATHS.approvePromotion, token, { id });
const approvals = () => ctx.db.selectFrom('config_audit').select(['operator_username', 'after']).where('action', '=', 'promotion.approve').execute();

beforeAll(async () => {
  ops = await roleTokens(ctx.app);
});

describe('finance’s approval of a promotion’s money', () => {
  it('refuses no session, content, support, bad ids and another merchant’s promotion, changing nothing', async () => {
    const mine = (await save('content', input())).value as TOperatorPromotion;
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
    const draft = (await save('content', input({ budgetMinor: null }))).value as TOperatorPromotion;
    const id = draft.id;
    // No budget: refused to everyone, finance included.
    expect(await status('content', id, 'active')).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.budgetRequired });
    expect((await approve(ops.finance, id)).json()).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.budgetRequired });
    expect((await save('content', input({ id }))).value).toMatchObject({ budgetMinor: 1_000_000, moneyApproved: false });
    expect(await status('content', id, 'active')).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.needsFinance });
    expect((await approve(ops.finance, id)).json()).toMatchObject({ success: true, value: { moneyApproved: true, status: 'draft' } });
    expect((await approvals()).at(-1)).toMatchObject({ operator_username: 'demo_finance', after: expect.objectContaining({ budget_minor: 1_000_000 }) });
    // A change of the money before it runs clears the approval; words alone do not.
    expect((await save('content', input({ id, titleEn: 'Deposit week!' }))).value).toMatchObject({ moneyApproved: true });
    expect((await save('content', input({ id, titleEn: 'Deposit week!', budgetMinor: 2_000_000 }))).value).toMatchObject({ moneyApproved: false });
    expect(await status('content', id, 'active')).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.needsFinance });
    await approve(ops.finance, id);
    expect(await status('content', id, 'active')).toMatchObject({ success: true, value: { status: 'active' } });
  });

  it('keeps content from raising the money of a live paying promotion, not from lowering it or editing words', async () => {
    const id = ((await save('content', input())).value as TOperatorPromotion).id;
    await approve(ops.finance, id);
    expect(await status('content', id, 'active')).toMatchObject({ success: true });
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
      const res = await save('content', { ...live, ...raised });
      expect(res.success, JSON.stringify(raised)).toBe(false);
      expect([OPERATOR_PROMOTION_MESSAGES.needsFinance, OPERATOR_PROMOTION_MESSAGES.budgetRequired]).toContain(res.message);
      expect(await rowCounts(ctx.db, ['config_audit'])).toEqual(before);
    }
    expect((await save('content', { ...live, titleBn: 'জমার সপ্তাহ!' })).value).toMatchObject({ moneyApproved: true, titleBn: 'জমার সপ্তাহ!' });
    // Lowering is content's to do, and clears the approval: paused, it goes live again only once approved.
    expect((await save('content', { ...live, budgetMinor: 500_000 })).value).toMatchObject({ budgetMinor: 500_000, moneyApproved: false });
    expect(await status('content', id, 'paused')).toMatchObject({ success: true });
    expect(await status('content', id, 'active')).toMatchObject({ success: false, message: OPERATOR_PROMOTION_MESSAGES.needsFinance });
    // Finance makes the change itself, and may set it live (the owner too: both hold money.write).
    expect((await save('owner', { ...live, budgetMinor: 3_000_000 })).value).toMatchObject({ budgetMinor: 3_000_000, moneyApproved: true });
    expect(await status('content', id, 'active')).toMatchObject({ success: true });
  });

  it('leaves a promotion that does not pay to content alone', async () => {
    const info = (await save('content', input({ terms: { kind: 'info' }, budgetMinor: null }))).value as TOperatorPromotion;
    expect(info).toMatchObject({ paying: false, moneyApproved: true });
    expect(await status('content', info.id, 'active')).toMatchObject({ success: true, value: { status: 'active' } });
  });
});
