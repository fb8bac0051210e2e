import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BONUS_TERMS } from '@wl/schemas';
import { tinyJpeg, tinyPng } from '@wl/schemas/domain/image-samples';
import { ACCOUNTS, loginToken, operatorToken, startGateway, type THarness } from './harness.ts';
import { expectTRPCError } from './errors.ts';
import { APPLY_IMAGE_UPLOAD_PATH, PROMOTION_BANNER_UPLOAD_PATH } from '../src/upload/promotion-image.route.ts';

// docs/0098 through real HTTP: the console makes a manual-apply promotion, a member applies with two
// images through the upload door, finance approves, the member sees it issued.
let h: THarness;
const tokens = { member: '', trial: '', content: '', finance: '' };

async function upload(path: string, token: string | null, promotionId: number, bytes: Uint8Array, contentType = 'image/png') {
  const res = await fetch(`${h.baseUrl}${path}?promotionId=${promotionId}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { authorization: token } : {}) },
    body: Buffer.from(bytes),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string | null; value: { imageId?: string } | null } };
}

beforeAll(async () => {
  h = await startGateway();
  tokens.member = await loginToken(h, ACCOUNTS.member);
  tokens.trial = await loginToken(h, ACCOUNTS.trial);
  tokens.content = await operatorToken(h, { username: 'demo_content', password: 'Content1234' });
  tokens.finance = await operatorToken(h, { username: 'demo_finance', password: 'Finance1234' });
});
afterAll(async () => {
  await h?.close();
});

describe('a manual-apply promotion end to end', () => {
  it('is made in the console, applied to with two images, approved once and issued', async () => {
    const ops = h.client({ token: tokens.content }).operator;
    const created = await ops.savePromotion.mutate({
      id: null,
      titleEn: 'Share your win',
      titleBn: 'আপনার জয় শেয়ার করুন',
      rulesEn: 'Send a screenshot.',
      rulesBn: 'একটি স্ক্রিনশট পাঠান।',
      category: 'EVENT',
      terms: { kind: 'manual_apply', maxAmountMinor: 30_000, bonus: DEFAULT_BONUS_TERMS },
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: null,
      budgetMinor: 10_000_000,
      maxRecipients: null,
      sort: 1,
    });
    expect(created.status).toBe('draft');
    const promotionId = created.id;
    // A draft takes no application.
    expect(await upload(APPLY_IMAGE_UPLOAD_PATH, tokens.member, promotionId, tinyPng(2, 2))).toMatchObject({
      status: 409,
      body: { message: 'promotion_apply_not_applicable' },
    });
    // A paying promotion goes live once finance approved its money (docs/0100).
    await h.client({ token: tokens.finance }).operator.approvePromotion.mutate({ id: promotionId, moneyVersion: created.moneyVersion });
    await ops.setPromotionStatus.mutate({ id: promotionId, status: 'active' });
    expect(await upload(PROMOTION_BANNER_UPLOAD_PATH, tokens.content, promotionId, tinyJpeg(30, 10), 'image/jpeg')).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await upload(PROMOTION_BANNER_UPLOAD_PATH, tokens.finance, promotionId, tinyJpeg(30, 10), 'image/jpeg')).toMatchObject({ status: 403 });

    // The door: no session, a trial account, a PDF by name or by bytes, 6 MB.
    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj<<>>endobj\n');
    expect(await upload(APPLY_IMAGE_UPLOAD_PATH, null, promotionId, tinyPng(2, 2))).toMatchObject({ status: 401 });
    expect(await upload(APPLY_IMAGE_UPLOAD_PATH, tokens.trial, promotionId, tinyPng(2, 2))).toMatchObject({
      body: { success: false, message: 'in_need_true_account' },
    });
    expect(await upload(APPLY_IMAGE_UPLOAD_PATH, tokens.member, promotionId, pdf)).toMatchObject({
      status: 415,
      body: { message: 'promotion_apply_image_wrong_type' },
    });
    expect(await upload(APPLY_IMAGE_UPLOAD_PATH, tokens.member, promotionId, pdf, 'application/pdf')).toMatchObject({ status: 415 });
    expect(await upload(APPLY_IMAGE_UPLOAD_PATH, tokens.member, promotionId, tinyPng(9, 9, 6 * 1024 * 1024))).toMatchObject({
      status: 413,
      body: { message: 'promotion_apply_image_too_large' },
    });

    const images = [
      await upload(APPLY_IMAGE_UPLOAD_PATH, tokens.member, promotionId, tinyPng(4, 3)),
      await upload(APPLY_IMAGE_UPLOAD_PATH, tokens.member, promotionId, tinyJpeg(6, 5), 'image/jpeg'),
    ];
    expect(images.map((i) => i.status)).toEqual([200, 200]);
    const member = h.client({ token: tokens.member }).promotionApply;
    const applied = await member.submit.mutate({ promotionId, comment: 'Big win yesterday', imageIds: images.map((i) => i.body.value!.imageId!) });
    expect(applied.state).toBe('applying');
    await expectTRPCError(member.submit.mutate({ promotionId, comment: 'again', imageIds: [] }), 'CONFLICT', 'promotion_apply_already_pending');

    const review = h.client({ token: tokens.finance }).operator;
    const pending = await review.applications.query({ view: 'pending' });
    const row = pending.applications.find((a) => a.id === applied.applicationId)!;
    expect(row.images.map((i) => i.contentType)).toEqual(['image/png', 'image/jpeg']);
    const image = await review.applicationImage.query({ imageId: row.images[0]!.imageId });
    expect(Buffer.from(image.base64, 'base64').equals(Buffer.from(tinyPng(4, 3)))).toBe(true);
    await expectTRPCError(h.client({ token: tokens.content }).operator.approveApplication.mutate({ applicationId: row.id, amountMinor: 10_000 }), 'FORBIDDEN');
    const approved = await review.approveApplication.mutate({ applicationId: row.id, amountMinor: 25_000 });
    expect(approved).toMatchObject({ state: 'approved', amountMinor: 25_000 });
    expect(await member.state.query({ promotionId })).toMatchObject({ state: 'issued', amountMinor: 25_000 });
  });
});
