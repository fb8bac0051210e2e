import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, APPLY_MESSAGES, PROMOTION_APPLY_CALLS, PROMOTION_APPLY_PATHS } from '@wl/schemas';
import { tinyJpeg, tinyPng } from '@wl/schemas/domain/image-samples';
import { usePlatform } from '../test-support/db.ts';
import { expectRealAccountOnly, loginToken, tokenCall } from '../test-support/http.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';
import { insertManualApplyPromotion } from '../test-support/promotions.ts';
import { manualApplyStates } from './apply.queries.ts';
import { demoMemberRow } from '../test-support/demo-merchant.ts';

/**
 * A member's application to a manual-apply promotion (docs/0098): images checked by their bytes and
 * uploaded one by one to a draft, at most three; a comment of at most 140 characters; one pending
 * application per promotion, however many race; every refusal translated and changing nothing.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
const tokens = { member: '', other: '', trial: '' };
const merchant = { id: 0 };
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const upload = (token: string, promotionId: number, bytes: Uint8Array) => call('POST', PROMOTION_APPLY_PATHS.image, token, { promotionId, base64: b64(bytes) });
const count = async (table: 'promotion_applications' | 'promotion_application_images') =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.db)).rows[0]!.n);
const memberId = async (username: string) => (await demoMemberRow(ctx.db, username).select('id').executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  tokens.member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  tokens.other = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
  const trial = (await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginFreePlay, payload: { os: 'linux', platform: 'W', gatewayVersion: 3 } })).json();
  tokens.trial = trial.value.token;
  merchant.id = (await ctx.db.selectFrom('merchants').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()).id;
});

describe('the check ladder', () => {
  it('refuses every apply call without a session, and to a trial account', async () => {
    const promotionId = await insertManualApplyPromotion(ctx.db, merchant.id);
    const calls = [...Object.values(PROMOTION_APPLY_CALLS).map((c) => [c.method, c.path] as const), ['POST', PROMOTION_APPLY_PATHS.image] as const];
    await expectRealAccountOnly(ctx, tokens.trial, calls, { promotionId, comment: 'x', imageIds: [], imageId: 'abc', base64: b64(tinyPng(2, 2)) });
    expect(await count('promotion_applications')).toBe(0);
  });

  it('refuses a PDF named png, a 6 MB image, a 4th image, a 141-character comment, NUL and a megabyte, and changes nothing', async () => {
    const promotionId = await insertManualApplyPromotion(ctx.db, merchant.id);
    const pdf = new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj<<>>endobj\n');
    expect((await upload(tokens.member, promotionId, pdf)).json()).toMatchObject({ success: false, message: APPLY_MESSAGES.imageWrongType });
    // One byte over 5 MB is refused by the rule; 6 MB by the body limit before it is parsed (the gateway's door says imageTooLarge for both).
    const over = await upload(tokens.member, promotionId, tinyPng(10, 10, 5 * 1024 * 1024 - 32));
    expect(over.json()).toMatchObject({ success: false, message: APPLY_MESSAGES.imageTooLarge });
    expect((await upload(tokens.member, promotionId, tinyPng(10, 10, 6 * 1024 * 1024))).statusCode).toBe(413);
    // A PNG signature on a header that does not decode is not an image.
    const broken = tinyPng(10, 10);
    broken[12] = 0x41;
    expect((await upload(tokens.member, promotionId, broken)).json()).toMatchObject({ success: false, message: APPLY_MESSAGES.imageWrongType });
    expect(await count('promotion_application_images')).toBe(0);

    const ids: string[] = [];
    for (const bytes of [tinyPng(3, 2), tinyJpeg(4, 4), tinyPng(1, 1, 1000)]) {
      const res = (await upload(tokens.member, promotionId, bytes)).json();
      expect(res).toMatchObject({ success: true });
      ids.push(res.value.imageId);
    }
    const fourth = (await upload(tokens.member, promotionId, tinyPng(2, 2))).json();
    expect(fourth).toMatchObject({ success: false, message: APPLY_MESSAGES.tooManyImages });
    expect(await count('promotion_application_images')).toBe(3);

    const refusals: [unknown, string][] = [
      [{ promotionId, comment: 'x'.repeat(141), imageIds: ids }, APPLY_MESSAGES.commentTooLong],
      [{ promotionId, comment: 'nul \u0000 here', imageIds: ids }, 'error_bad_request'],
      // A megabyte is refused by the platform's body limit before it is parsed.
      [{ promotionId, comment: 'x'.repeat(1024 * 1024), imageIds: ids }, 'error_payload_too_large'],
      [{ promotionId, comment: 'x'.repeat(2000), imageIds: ids }, APPLY_MESSAGES.commentTooLong],
      [{ promotionId, comment: 'ok', imageIds: [...ids, 'AAAAAAAAAAAAAAAAAAAAAAAA'] }, APPLY_MESSAGES.tooManyImages],
      [{ promotionId, comment: 'ok', imageIds: ['AAAAAAAAAAAAAAAAAAAAAAAA'] }, APPLY_MESSAGES.imageUnknown],
    ];
    for (const [payload, message] of refusals) {
      const res = (await call('POST', PROMOTION_APPLY_PATHS.apply, tokens.member, payload)).json();
      expect(res, message).toMatchObject({ success: false });
      if (message !== 'error_bad_request') expect(JSON.stringify(res), message).toContain(message);
    }
    expect(await count('promotion_applications')).toBe(0);
    // 140 characters after trimming are accepted.
    const ok = (await call('POST', PROMOTION_APPLY_PATHS.apply, tokens.member, { promotionId, comment: `  ${'y'.repeat(140)}  `, imageIds: ids })).json();
    expect(ok).toMatchObject({ success: true, value: { state: 'applying', draftImages: [] } });
  });

  it("never uses another member's draft image, and refuses promotions that take no application", async () => {
    const promotionId = await insertManualApplyPromotion(ctx.db, merchant.id);
    const mine = (await upload(tokens.member, promotionId, tinyPng(2, 2))).json().value.imageId as string;
    const theirs = (await call('POST', PROMOTION_APPLY_PATHS.apply, tokens.other, { promotionId, comment: 'mine', imageIds: [mine] })).json();
    expect(theirs).toMatchObject({ success: false, message: APPLY_MESSAGES.imageUnknown });
    expect((await call('POST', PROMOTION_APPLY_PATHS.removeImage, tokens.other, { imageId: mine })).json()).toMatchObject({
      success: true,
      value: { removed: false },
    });

    const paused = await insertManualApplyPromotion(ctx.db, merchant.id, { status: 'paused' });
    const info = (await ctx.db.selectFrom('promotions').select('id').where('kind', '=', 'info').executeTakeFirstOrThrow()).id;
    const elsewhere = await otherMerchant(ctx.db, 'APPLYX');
    const foreign = await insertManualApplyPromotion(ctx.db, elsewhere.id);
    for (const id of [paused, info, foreign]) {
      expect(
        (await call('POST', PROMOTION_APPLY_PATHS.apply, tokens.member, { promotionId: id, comment: 'x', imageIds: [] })).json(),
        String(id),
      ).toMatchObject({
        success: false,
        message: APPLY_MESSAGES.notApplicable,
      });
      expect((await upload(tokens.member, id, tinyPng(2, 2))).json()).toMatchObject({ success: false, message: APPLY_MESSAGES.notApplicable });
    }
  });
});

describe('one pending application per promotion', () => {
  it('makes one application of 50 parallel applies, and reports it as applying', async () => {
    const promotionId = await insertManualApplyPromotion(ctx.db, merchant.id);
    const before = await count('promotion_applications');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', PROMOTION_APPLY_PATHS.apply, tokens.member, { promotionId, comment: 'race', imageIds: [] }).then((r) => r.json()),
      ),
    );
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.filter((r) => !r.success).map((r) => r.message)).toEqual(Array(49).fill(APPLY_MESSAGES.alreadyPending));
    expect((await count('promotion_applications')) - before).toBe(1);
    const states = await manualApplyStates(ctx.db, await memberId('demo_member'), [promotionId, 999_999]);
    expect(states.get(promotionId)).toMatchObject({ state: 'applying', reason: null });
    expect(states.has(999_999)).toBe(false);
    const state = (await call('GET', PROMOTION_APPLY_PATHS.state, tokens.member, undefined, { promotionId: String(promotionId) })).json();
    expect(state).toMatchObject({ success: true, value: { state: 'applying' } });
  });
});
