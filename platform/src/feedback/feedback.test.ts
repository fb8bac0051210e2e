import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, APPLY_MESSAGES, FEEDBACK_CALLS, FEEDBACK_MAX_OPEN, FEEDBACK_MESSAGES, FEEDBACK_PATHS, type TOperatorRole } from '@wl/schemas';
import { tinyJpeg, tinyPng } from '@wl/schemas/domain/image-samples';
import { DRAFT_IMAGE_KEEP_MS, sweepDraftImages } from '../promotions/draft-images.job.ts';
import { usePlatform } from '../test-support/db.ts';
import { expectRealAccountOnly, loginToken, tokenCall } from '../test-support/http.ts';
import { roleTokens } from '../test-support/operators.ts';
import { otherMerchant } from '../test-support/other-merchant.ts';

/**
 * Member feedback and the operator's inbox (docs/0111): the check ladder on every member call (no
 * session, trial account, another member's ids, bad values, NUL, a megabyte, files that are not
 * images), the thread from the member's words to support's reply and close, every operator action
 * audited, and nothing written by any refusal.
 */

const ctx = usePlatform();
const call = tokenCall(ctx);
const tokens = { member: '', other: '', trial: '' };
let ops: Record<TOperatorRole, string>;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const upload = (token: string, bytes: Uint8Array) => call('POST', FEEDBACK_PATHS.image, token, { base64: b64(bytes) });
const count = async (table: 'feedback' | 'feedback_images' | 'feedback_messages') =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.db)).rows[0]!.n);
const send = (token: string, body: unknown) => call('PUT', FEEDBACK_PATHS.feedback, token, body);
const sendOk = async (token: string, content: string, imageIds: string[] = []) => {
  const res = (await send(token, { questionType: 'deposit', content, imageIds })).json();
  expect(res, content).toMatchObject({ success: true });
  return res.value as { id: number; state: string; imageCount: number };
};
const audits = (action: string) => ctx.db.selectFrom('config_audit').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

beforeAll(async () => {
  tokens.member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  tokens.other = await loginToken(ctx.app, 'demo_agent', 'Agent1234');
  const trial = (await ctx.app.inject({ method: 'POST', url: ACCOUNT_PATHS.loginFreePlay, payload: { os: 'linux', platform: 'W', gatewayVersion: 3 } })).json();
  tokens.trial = trial.value.token;
  ops = await roleTokens(ctx.app);
});

describe('the check ladder', () => {
  it('refuses every member call without a session, and to a trial account (SPEC §6), writing nothing', async () => {
    const calls = [...Object.values(FEEDBACK_CALLS).map((c) => [c.method, c.path] as const), ['POST', FEEDBACK_PATHS.image] as const];
    await expectRealAccountOnly(ctx, tokens.trial, calls, {
      questionType: 'game',
      content: 'a trial account writes',
      imageIds: [],
      id: 1,
      body: 'x',
      imageId: 'abc',
      base64: b64(tinyPng(2, 2)),
    });
    expect(await count('feedback')).toBe(0);
    expect(await count('feedback_images')).toBe(0);
  });

  it('refuses a bad type, too short or long content, NUL, a megabyte and unknown images, and changes nothing', async () => {
    const refusals: [unknown, string][] = [
      [{ questionType: 'bogus', content: 'my deposit did not arrive', imageIds: [] }, FEEDBACK_MESSAGES.badType],
      [{ content: 'my deposit did not arrive', imageIds: [] }, 'error_bad_request'],
      // Ten characters are counted after trimming.
      [{ questionType: 'deposit', content: `   ${'x'.repeat(9)}   `, imageIds: [] }, FEEDBACK_MESSAGES.contentTooShort],
      [{ questionType: 'deposit', content: 'x'.repeat(501), imageIds: [] }, FEEDBACK_MESSAGES.contentTooLong],
      [{ questionType: 'deposit', content: 'x'.repeat(2001), imageIds: [] }, FEEDBACK_MESSAGES.contentTooLong],
      [{ questionType: 'deposit', content: 'nul \u0000 in the middle', imageIds: [] }, 'error_bad_request'],
      [{ questionType: 'deposit', content: 'bell \u0007 in the middle', imageIds: [] }, 'invalid_characters'],
      [{ questionType: 'deposit', content: 'a lone \uD800 surrogate', imageIds: [] }, 'invalid_characters'],
      // A megabyte is refused by the platform's body limit before it is parsed.
      [{ questionType: 'deposit', content: 'x'.repeat(1024 * 1024), imageIds: [] }, 'error_payload_too_large'],
      [{ questionType: 'deposit', content: 'my deposit did not arrive', imageIds: ['AAAAAAAAAAAAAAAAAAAAAAAA'] }, APPLY_MESSAGES.imageUnknown],
      [{ questionType: 'deposit', content: 'my deposit did not arrive', imageIds: ['a', 'b', 'c', 'd'] }, APPLY_MESSAGES.tooManyImages],
    ];
    for (const [payload, message] of refusals) {
      const res = (await send(tokens.member, payload)).json();
      expect(res, message).toMatchObject({ success: false });
      if (message !== 'error_bad_request') expect(JSON.stringify(res), message).toContain(message);
    }
    expect(await count('feedback')).toBe(0);
    // 500 characters after trimming, with line breaks, are taken.
    const ok = await sendOk(tokens.member, `  line one\n${'y'.repeat(490)}  `);
    expect(ok).toMatchObject({ state: 'open', imageCount: 0 });
  });

  it('takes png and jpg by their bytes, refuses a PDF named png, a broken header, 5 MB + 1 and a fourth image', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj<<>>endobj\n');
    expect((await upload(tokens.member, pdf)).json()).toMatchObject({ success: false, message: APPLY_MESSAGES.imageWrongType });
    const broken = tinyPng(10, 10);
    broken[12] = 0x41;
    expect((await upload(tokens.member, broken)).json()).toMatchObject({ success: false, message: APPLY_MESSAGES.imageWrongType });
    expect((await upload(tokens.member, tinyPng(10, 10, 5 * 1024 * 1024 - 32))).json()).toMatchObject({
      success: false,
      message: APPLY_MESSAGES.imageTooLarge,
    });
    expect((await upload(tokens.member, tinyPng(10, 10, 6 * 1024 * 1024))).statusCode).toBe(413);
    expect(await count('feedback_images')).toBe(0);

    const ids: string[] = [];
    for (const bytes of [tinyPng(3, 2), tinyJpeg(4, 4), tinyPng(1, 1, 1000)]) {
      const res = (await upload(tokens.member, bytes)).json();
      expect(res).toMatchObject({ success: true, value: { contentType: expect.stringMatching(/^image\/(png|jpeg)$/) } });
      ids.push(res.value.imageId);
    }
    expect((await upload(tokens.member, tinyPng(2, 2))).json()).toMatchObject({ success: false, message: APPLY_MESSAGES.tooManyImages });
    // Taken back, a draft makes room again; the feedback then names all three.
    expect((await call('POST', FEEDBACK_PATHS.removeImage, tokens.member, { imageId: ids.pop() })).json()).toMatchObject({ value: { removed: true } });
    ids.push((await upload(tokens.member, tinyJpeg(2, 2))).json().value.imageId);
    const sent = await sendOk(tokens.member, 'the withdrawal screenshot is attached', ids);
    expect(sent.imageCount).toBe(3);
    expect(await count('feedback_images')).toBe(3);
  });
});

describe("another member's feedback", () => {
  it('is not found to read or write on, and its drafts are neither used nor removed', async () => {
    const mine = await sendOk(tokens.member, 'only I may read this one');
    const draft = (await upload(tokens.member, tinyPng(2, 2))).json().value.imageId as string;
    const messagesBefore = await count('feedback_messages');
    expect((await call('GET', FEEDBACK_PATHS.item, tokens.other, undefined, { id: String(mine.id) })).json()).toMatchObject({
      success: false,
      message: 'error_not_found',
    });
    expect((await call('POST', FEEDBACK_PATHS.followUp, tokens.other, { id: mine.id, body: 'let me in' })).json()).toMatchObject({
      success: false,
      message: 'error_not_found',
    });
    expect((await call('POST', FEEDBACK_PATHS.removeImage, tokens.other, { imageId: draft })).json()).toMatchObject({ value: { removed: false } });
    expect((await send(tokens.other, { questionType: 'other', content: 'using a stranger image', imageIds: [draft] })).json()).toMatchObject({
      success: false,
      message: APPLY_MESSAGES.imageUnknown,
    });
    const theirs = (await call('GET', FEEDBACK_PATHS.list, tokens.other, undefined, { pageNo: '1' })).json();
    expect(theirs.value.items.map((f: { id: number }) => f.id)).not.toContain(mine.id);
    expect(await count('feedback_messages')).toBe(messagesBefore);
    await call('POST', FEEDBACK_PATHS.removeImage, tokens.member, { imageId: draft });
  });

  it('of another merchant is not found to the operator; roles without the permission are refused', async () => {
    const elsewhere = await otherMerchant(ctx.db, 'FEEDX');
    const stranger = await ctx.db
      .insertInto('members')
      .values({ merchant_id: elsewhere.id, username: 'feedx_member', nickname: 'x', password_hash: '-', type: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await ctx.db
      .insertInto('feedback')
      .values({ merchant_id: elsewhere.id, member_id: stranger.id, question_type: 'game', content: 'another brand member', state: 'open' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(foreign.id);
    expect((await call('GET', FEEDBACK_PATHS.inboxItem, ops.owner, undefined, { id: String(id) })).json()).toMatchObject({ message: 'error_not_found' });
    expect((await call('POST', FEEDBACK_PATHS.reply, ops.owner, { id, body: 'hello' })).json()).toMatchObject({ message: 'error_not_found' });
    expect((await call('POST', FEEDBACK_PATHS.close, ops.owner, { id })).json()).toMatchObject({ message: 'error_not_found' });
    const inbox = (await call('GET', FEEDBACK_PATHS.inbox, ops.owner, undefined, { state: 'open', pageSize: '50' })).json();
    expect(inbox.value.items.map((f: { id: number }) => f.id)).not.toContain(id);

    const mine = await sendOk(tokens.member, 'roles that may not answer');
    for (const role of ['finance', 'content'] as const) {
      expect((await call('GET', FEEDBACK_PATHS.inbox, ops[role])).statusCode, role).toBe(403);
      expect((await call('POST', FEEDBACK_PATHS.reply, ops[role], { id: mine.id, body: 'no' })).statusCode, role).toBe(403);
    }
    expect((await call('GET', FEEDBACK_PATHS.inbox, null)).statusCode).toBe(401);
    expect((await call('POST', FEEDBACK_PATHS.reply, tokens.member, { id: mine.id, body: 'a member is no operator' })).statusCode).toBe(401);
    expect((await ctx.db.selectFrom('feedback').select('state').where('id', '=', mine.id).executeTakeFirstOrThrow()).state).toBe('open');
  });
});

describe('the thread', () => {
  it('goes from the member to support and back, every operator action audited, closed for good', async () => {
    const image = (await upload(tokens.member, tinyPng(4, 3))).json().value.imageId as string;
    const sent = await sendOk(tokens.member, 'my deposit of 500 did not arrive', [image]);

    const inbox = (await call('GET', FEEDBACK_PATHS.inbox, ops.support, undefined, { state: 'open', username: 'demo_member', pageSize: '50' })).json();
    expect(inbox.value.items.find((f: { id: number }) => f.id === sent.id)).toMatchObject({ username: 'demo_member', questionType: 'deposit', imageCount: 1 });

    const readsBefore = (await audits('feedback.read')).length;
    const opened = (await call('GET', FEEDBACK_PATHS.inboxItem, ops.support, undefined, { id: String(sent.id) })).json();
    expect(opened.value).toMatchObject({ content: 'my deposit of 500 did not arrive', messages: [], images: [{ imageId: image, width: 4, height: 3 }] });
    expect((await audits('feedback.read')).length).toBe(readsBefore + 1);
    const served = (await call('GET', FEEDBACK_PATHS.inboxImage, ops.support, undefined, { imageId: image })).json();
    expect(Buffer.from(served.value.base64, 'base64')).toEqual(Buffer.from(tinyPng(4, 3)));

    // Refusals change nothing: an empty or too long reply.
    // A lone surrogate would have failed the audit's jsonb with a 500: refused as the characters it is.
    for (const body of ['   ', 'x'.repeat(1001), 'a\uD800b']) {
      expect((await call('POST', FEEDBACK_PATHS.reply, ops.support, { id: sent.id, body })).json(), body.slice(0, 4)).toMatchObject({ success: false });
    }
    const replied = (await call('POST', FEEDBACK_PATHS.reply, ops.support, { id: sent.id, body: 'We found it: it is in your wallet now.' })).json();
    expect(replied.value).toMatchObject({ state: 'replied', messages: [{ from: 'operator', operator: 'demo_support' }] });
    expect((await audits('feedback.reply'))[0]).toMatchObject({
      operator_username: 'demo_support',
      before: { id: sent.id, state: 'open' },
      after: { id: sent.id, state: 'replied', reply: 'We found it: it is in your wallet now.' },
    });

    // The member reads the reply, never who wrote it, and writes again: it waits for support again.
    const seen = (await call('GET', FEEDBACK_PATHS.item, tokens.member, undefined, { id: String(sent.id) })).json();
    expect(seen.value).toMatchObject({ state: 'replied', messages: [{ from: 'operator', body: 'We found it: it is in your wallet now.' }] });
    expect(JSON.stringify(seen.value)).not.toContain('demo_support');
    const again = (await call('POST', FEEDBACK_PATHS.followUp, tokens.member, { id: sent.id, body: 'Thank you, it is there.' })).json();
    expect(again.value).toMatchObject({ state: 'open', messages: [{ from: 'operator' }, { from: 'member', body: 'Thank you, it is there.' }] });

    const closed = (await call('POST', FEEDBACK_PATHS.close, ops.support, { id: sent.id })).json();
    expect(closed.value).toMatchObject({ state: 'closed', closedBy: 'demo_support' });
    expect((await audits('feedback.close'))[0]).toMatchObject({ before: { id: sent.id, state: 'open' }, after: { id: sent.id, state: 'closed' } });
    const messages = await count('feedback_messages');
    expect((await call('POST', FEEDBACK_PATHS.reply, ops.support, { id: sent.id, body: 'one more' })).json()).toMatchObject({
      message: FEEDBACK_MESSAGES.closed,
    });
    expect((await call('POST', FEEDBACK_PATHS.close, ops.owner, { id: sent.id })).json()).toMatchObject({ message: FEEDBACK_MESSAGES.closed });
    expect((await call('POST', FEEDBACK_PATHS.followUp, tokens.member, { id: sent.id, body: 'and again' })).json()).toMatchObject({
      message: FEEDBACK_MESSAGES.closed,
    });
    expect(await count('feedback_messages')).toBe(messages);
    const list = (await call('GET', FEEDBACK_PATHS.list, tokens.member, undefined, { pageNo: '1', pageSize: '50' })).json();
    expect(list.value.items.find((f: { id: number }) => f.id === sent.id)).toMatchObject({ state: 'closed', imageCount: 1 });
  });

  it(`keeps at most ${FEEDBACK_MAX_OPEN} feedback waiting for an answer per member`, async () => {
    const waiting = Number(
      (
        await ctx.db
          .selectFrom('feedback')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('state', '=', 'open')
          .where('member_id', '=', await otherId())
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (let i = waiting; i < FEEDBACK_MAX_OPEN; i += 1) await sendOk(tokens.other, `waiting number ${i + 1}`);
    const before = await count('feedback');
    expect((await send(tokens.other, { questionType: 'other', content: 'one too many waiting', imageIds: [] })).json()).toMatchObject({
      success: false,
      message: FEEDBACK_MESSAGES.tooManyOpen,
    });
    expect(await count('feedback')).toBe(before);
  });
});

async function otherId(): Promise<number> {
  return (await ctx.db.selectFrom('members').select('id').where('username', '=', 'demo_agent').executeTakeFirstOrThrow()).id;
}

describe('abandoned drafts', () => {
  it('are swept after a day with the applications’ drafts; a sent image stays', async () => {
    const member = await otherId();
    const merchant = await ctx.db.selectFrom('members').select('merchant_id').where('id', '=', member).executeTakeFirstOrThrow();
    const now = new Date('2026-11-30T12:00:00Z');
    const old = new Date(now.getTime() - DRAFT_IMAGE_KEEP_MS - 1_000);
    const sent = await ctx.db
      .insertInto('feedback')
      .values({ merchant_id: merchant.merchant_id, member_id: member, question_type: 'other', content: 'an old feedback', state: 'closed', closed_at: old })
      .returning('id')
      .executeTakeFirstOrThrow();
    const image = (id: string, feedbackId: number | null) => ({
      id,
      merchant_id: merchant.merchant_id,
      member_id: member,
      feedback_id: feedbackId,
      content_type: 'image/png' as const,
      width: 1,
      height: 1,
      size_bytes: 4,
      bytes: new Uint8Array([1, 2, 3, 4]),
      created_at: old,
    });
    await ctx.db
      .insertInto('feedback_images')
      .values([image('fb-sweep-old-draft', null), image('fb-sweep-sent', Number(sent.id))])
      .execute();
    expect(await sweepDraftImages(ctx.db, now)).toBeGreaterThanOrEqual(1);
    const left = await ctx.db.selectFrom('feedback_images').select('id').where('id', 'like', 'fb-sweep-%').execute();
    expect(left.map((r) => r.id)).toEqual(['fb-sweep-sent']);
  });
});
