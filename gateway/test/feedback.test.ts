import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '@wl/schemas/domain/image-samples';
import { FEEDBACK_IMAGE_UPLOAD_PATH } from '../src/upload/feedback-image.route.ts';
import { expectTRPCError } from './errors.ts';
import { ACCOUNTS, loginToken, operatorToken, startGateway, type THarness } from './harness.ts';

// docs/0111 through real HTTP: an image through the feedback's door (no id), the send relayed and
// limited per session, the support operator's reply read back by the member.
let h: THarness;
const tokens = { member: '', trial: '', support: '' };

async function upload(token: string | null, bytes: Uint8Array) {
  const res = await fetch(`${h.baseUrl}${FEEDBACK_IMAGE_UPLOAD_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'image/png', ...(token ? { authorization: token } : {}) },
    body: Buffer.from(bytes),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string | null; value: { imageId?: string } | null } };
}

beforeAll(async () => {
  // Two sends a session, so the third is the limit's.
  h = await startGateway({ rateLimits: { feedback: { subject: { limit: 2, windowMs: 60_000 } } } });
  tokens.member = await loginToken(h, ACCOUNTS.member);
  tokens.trial = await loginToken(h, ACCOUNTS.trial);
  tokens.support = await operatorToken(h, { username: 'demo_support', password: 'Support1234' });
});
afterAll(async () => {
  await h?.close();
});

describe('member feedback through the gateway', () => {
  it('takes an image through its door, sends, is answered by support, and limits sends per session', async () => {
    expect(await upload(null, tinyPng(2, 2))).toMatchObject({ status: 401 });
    expect(await upload(tokens.trial, tinyPng(2, 2))).toMatchObject({ body: { success: false, message: 'in_need_true_account' } });
    expect(await upload(tokens.member, new TextEncoder().encode('%PDF-1.7\n1 0 obj<<>>endobj\n'))).toMatchObject({
      status: 415,
      body: { message: 'promotion_apply_image_wrong_type' },
    });
    const image = await upload(tokens.member, tinyPng(3, 3));
    expect(image).toMatchObject({ status: 200, body: { success: true } });

    const member = h.client({ token: tokens.member }).feedback;
    await expectTRPCError(
      h.client({ token: tokens.trial }).feedback.submit.mutate({ questionType: 'game', content: 'a trial account writes', imageIds: [] }),
      'FORBIDDEN',
      'in_need_true_account',
    );
    const sent = await member.submit.mutate({ questionType: 'withdraw', content: 'my withdrawal has not arrived', imageIds: [image.body.value!.imageId!] });
    expect(sent).toMatchObject({ state: 'open', imageCount: 1 });

    const support = h.client({ token: tokens.support }).operator;
    const inbox = await support.feedbackInbox.query({ state: 'open', username: 'demo_member' });
    expect(inbox.items.map((f) => f.id)).toContain(sent.id);
    await support.replyFeedback.mutate({ id: sent.id, body: 'It was paid this morning.' });
    expect(await member.item.query({ id: sent.id })).toMatchObject({ state: 'replied', messages: [{ from: 'operator', body: 'It was paid this morning.' }] });

    // The second send of this session passes, the third is refused before it reaches the platform.
    await member.followUp.mutate({ id: sent.id, body: 'Found it, thank you.' });
    await expectTRPCError(
      member.submit.mutate({ questionType: 'other', content: 'one more than the limit', imageIds: [] }),
      'TOO_MANY_REQUESTS',
      'error_too_many_requests',
    );
    expect((await member.list.query({ pageNo: 1 })).items.filter((f) => f.content === 'one more than the limit')).toEqual([]);
  });
});
