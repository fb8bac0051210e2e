import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPLY_MESSAGES, BONUS_MESSAGES, OPERATOR_PROMOTION_PATHS, PROMOTION_APPLY_PATHS, type TOperatorRole } from '@wl/schemas';
import { tinyJpeg, tinyPng } from '@wl/schemas/domain/image-samples';
import { usePlatform } from '../test-support/db.ts';
import { loginToken, tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { insertManualApplyPromotion } from '../test-support/promotions.ts';
import { demoMemberRow } from '../test-support/demo-merchant.ts';

/**
 * Reviewing applications (docs/0098): finance sees them with their images (operators only), approves
 * with an amount up to the promotion's most, which pays a bonus into the member's bonus wallet once
 * however many approvals race, or rejects with a reason the member then sees. Audited.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
const member = { token: '', id: 0 };
let ops = {} as Record<TOperatorRole, string>;
const merchant = { id: 0 };
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bonusMinor = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('ledger_accounts')
        .select('balance_minor')
        .where('member_id', '=', member.id)
        .where('kind', '=', 'member_bonus')
        .executeTakeFirst()
    )?.balance_minor ?? 0,
  );
const awardTransfers = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from ledger_transactions where kind = 'bonus_award'`.execute(ctx.db)).rows[0]!.n);
const endActiveBonus = () =>
  ctx.db
    .updateTable('bonus_awards')
    .set({ state: 'cancelled', ended_at: new Date() })
    .where('member_id', '=', member.id)
    .where('state', '=', 'active')
    .execute();

/** The member applies with two images; answers the application's id and the image ids. */
async function applied(promotionId: number): Promise<{ applicationId: number; imageIds: string[] }> {
  const imageIds: string[] = [];
  for (const bytes of [tinyPng(4, 3), tinyJpeg(6, 5)]) {
    imageIds.push((await call('POST', PROMOTION_APPLY_PATHS.image, member.token, { promotionId, base64: b64(bytes) })).json().value.imageId);
  }
  const res = (await call('POST', PROMOTION_APPLY_PATHS.apply, member.token, { promotionId, comment: 'My screenshot', imageIds })).json();
  expect(res).toMatchObject({ success: true, value: { state: 'applying' } });
  return { applicationId: res.value.applicationId, imageIds };
}

beforeAll(async () => {
  member.token = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  member.id = (await demoMemberRow(ctx.db, 'demo_member').select('id').executeTakeFirstOrThrow()).id;
  ops = await roleTokens(ctx.app);
  merchant.id = (await ctx.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).id;
});

describe('the check ladder', () => {
  it('refuses content and support operators, a bad amount, a long or NUL reason, and another merchant’s ids, changing nothing', async () => {
    const promotionId = await insertManualApplyPromotion(ctx.db, merchant.id, { maxAmountMinor: 10_000 });
    const { applicationId, imageIds } = await applied(promotionId);
    for (const role of ['content', 'support'] as const) {
      const res = await call('POST', OPERATOR_PROMOTION_PATHS.approveApplication, ops[role], { applicationId, amountMinor: 1_000 });
      expect(res.statusCode, role).toBe(403);
    }
    const bad: [unknown, string][] = [
      [{ applicationId, amountMinor: 10_001 }, APPLY_MESSAGES.amountAboveMax],
      [{ applicationId, amountMinor: 0 }, 'error_bad_request'],
      [{ applicationId, amountMinor: 1.5 }, 'error_bad_request'],
      [{ applicationId, amountMinor: -5 }, 'error_bad_request'],
      [{ applicationId: 999_999_999, amountMinor: 1_000 }, 'error_not_found'],
    ];
    for (const [payload, message] of bad) {
      const res = (await call('POST', OPERATOR_PROMOTION_PATHS.approveApplication, ops.finance, payload)).json();
      expect(res.success, JSON.stringify(payload)).toBe(false);
      expect(JSON.stringify(res), JSON.stringify(payload)).toContain(message);
    }
    for (const reason of ['', 'nul \u0000', 'x'.repeat(201), 'x'.repeat(1024 * 1024)]) {
      const res = (await call('POST', OPERATOR_PROMOTION_PATHS.rejectApplication, ops.finance, { applicationId, reason })).json();
      expect(res.success, reason.slice(0, 10)).toBe(false);
    }
    expect(await bonusMinor()).toBe(0);
    const state = (await call('GET', PROMOTION_APPLY_PATHS.state, member.token, undefined, { promotionId: String(promotionId) })).json();
    expect(state.value.state).toBe('applying');

    // Another merchant's finance operator sees none of it.
    const elsewhere = await otherMerchant(ctx.db, 'REVIEWX');
    const foreignPromotion = await insertManualApplyPromotion(ctx.db, elsewhere.id);
    const foreign = await ctx.db
      .insertInto('promotion_applications')
      .values({ merchant_id: elsewhere.id, member_id: member.id, promotion_id: foreignPromotion, comment: 'elsewhere', state: 'pending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('promotion_application_images')
      .values({
        id: 'foreignimage0000000000000',
        merchant_id: elsewhere.id,
        member_id: member.id,
        promotion_id: foreignPromotion,
        application_id: foreign.id,
        content_type: 'image/png',
        width: 1,
        height: 1,
        size_bytes: 33,
        bytes: tinyPng(1, 1),
      })
      .execute();
    for (const [path, payload] of [
      [OPERATOR_PROMOTION_PATHS.approveApplication, { applicationId: foreign.id, amountMinor: 1_000 }],
      [OPERATOR_PROMOTION_PATHS.rejectApplication, { applicationId: foreign.id, reason: 'no' }],
    ] as const) {
      expect((await call('POST', path, ops.finance, payload)).json(), path).toMatchObject({ success: false, message: 'error_not_found' });
    }
    expect((await call('GET', OPERATOR_PROMOTION_PATHS.applicationImage, ops.finance, undefined, { imageId: 'foreignimage0000000000000' })).statusCode).toBe(
      404,
    );
    const listed = (await call('GET', OPERATOR_PROMOTION_PATHS.applications, ops.finance, undefined, { view: 'pending', pageSize: '100' })).json();
    expect(listed.value.applications.map((a: { id: number }) => a.id)).not.toContain(foreign.id);
    expect((await ctx.db.selectFrom('promotion_applications').select('state').where('id', '=', foreign.id).executeTakeFirstOrThrow()).state).toBe('pending');
    const image = (await call('GET', OPERATOR_PROMOTION_PATHS.applicationImage, ops.finance, undefined, { imageId: imageIds[0]! })).json();
    expect(image).toMatchObject({ success: true, value: { contentType: 'image/png' } });
    expect(Buffer.from(image.value.base64, 'base64')).toEqual(Buffer.from(tinyPng(4, 3)));
    // A member never reads an application's image through the operator call.
    expect((await call('GET', OPERATOR_PROMOTION_PATHS.applicationImage, member.token, undefined, { imageId: imageIds[0]! })).statusCode).toBe(401);
  });
});

describe('deciding an application', () => {
  it('pays the bonus once when 50 approvals race, and the member sees it issued', async () => {
    await endActiveBonus();
    const promotionId = await insertManualApplyPromotion(ctx.db, merchant.id, { maxAmountMinor: 20_000 });
    const { applicationId } = await applied(promotionId);
    const list = (await call('GET', OPERATOR_PROMOTION_PATHS.applications, ops.finance, undefined, { view: 'pending' })).json();
    const row = list.value.applications.find((a: { id: number }) => a.id === applicationId);
    expect(row).toMatchObject({
      comment: 'My screenshot',
      maxAmountMinor: 20_000,
      state: 'pending',
      images: [
        { contentType: 'image/png', width: 4, height: 3 },
        { contentType: 'image/jpeg', width: 6, height: 5 },
      ],
    });

    const bonusBefore = await bonusMinor();
    const transfersBefore = await awardTransfers();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', OPERATOR_PROMOTION_PATHS.approveApplication, ops.finance, { applicationId, amountMinor: 12_345 }).then((r) => r.json()),
      ),
    );
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(new Set(results.filter((r) => !r.success).map((r) => r.message))).toEqual(new Set([APPLY_MESSAGES.notPending]));
    expect((await bonusMinor()) - bonusBefore).toBe(12_345);
    expect((await awardTransfers()) - transfersBefore).toBe(1);

    const award = await ctx.db
      .selectFrom('bonus_awards')
      .selectAll()
      .where('source', '=', 'manual_apply')
      .where('source_key', '=', `application:${applicationId}`)
      .executeTakeFirstOrThrow();
    expect(award).toMatchObject({ state: 'active', amount_minor: 12_345, promotion_id: promotionId, turnover_required_minor: 10 * 12_345 });
    const state = (await call('GET', PROMOTION_APPLY_PATHS.state, member.token, undefined, { promotionId: String(promotionId) })).json();
    expect(state.value).toMatchObject({ state: 'issued', amountMinor: 12_345 });
    const audit = await ctx.db.selectFrom('config_audit').select(['action', 'operator_username']).where('action', '=', 'application.approve').execute();
    expect(audit).toHaveLength(1);
    // Issued is final for the member: no second application to the same promotion.
    const again = (await call('POST', PROMOTION_APPLY_PATHS.apply, member.token, { promotionId, comment: 'again', imageIds: [] })).json();
    expect(again).toMatchObject({ success: false, message: APPLY_MESSAGES.notApplicable });
    await endActiveBonus();
  });

  it('leaves the application pending and pays nothing when the promotion is paused or another bonus is active', async () => {
    await endActiveBonus();
    const promotionId = await insertManualApplyPromotion(ctx.db, merchant.id);
    const { applicationId } = await applied(promotionId);
    await ctx.db.updateTable('promotions').set({ status: 'paused' }).where('id', '=', promotionId).execute();
    const before = await bonusMinor();
    const res = (await call('POST', OPERATOR_PROMOTION_PATHS.approveApplication, ops.finance, { applicationId, amountMinor: 1_000 })).json();
    expect(res).toMatchObject({ success: false, message: BONUS_MESSAGES.promotionClosed });
    expect(await bonusMinor()).toBe(before);
    const row = await ctx.db.selectFrom('promotion_applications').select('state').where('id', '=', applicationId).executeTakeFirstOrThrow();
    expect(row.state).toBe('pending');
  });

  it('rejects with a reason the member sees, and the member may apply again', async () => {
    const promotionId = await insertManualApplyPromotion(ctx.db, merchant.id);
    const { applicationId } = await applied(promotionId);
    const res = (await call('POST', OPERATOR_PROMOTION_PATHS.rejectApplication, ops.finance, { applicationId, reason: '  Screenshot unreadable  ' })).json();
    expect(res).toMatchObject({ success: true, value: { state: 'rejected', reason: 'Screenshot unreadable', decidedBy: expect.any(String) } });
    const state = (await call('GET', PROMOTION_APPLY_PATHS.state, member.token, undefined, { promotionId: String(promotionId) })).json();
    expect(state.value).toMatchObject({ state: 'rejected', reason: 'Screenshot unreadable' });
    expect((await call('POST', OPERATOR_PROMOTION_PATHS.rejectApplication, ops.finance, { applicationId, reason: 'twice' })).json()).toMatchObject({
      success: false,
      message: APPLY_MESSAGES.notPending,
    });
    expect((await call('POST', PROMOTION_APPLY_PATHS.apply, member.token, { promotionId, comment: 'again', imageIds: [] })).json()).toMatchObject({
      success: true,
    });
  });
});
