import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, loginToken, startGateway, type THarness } from './harness.ts';
import { latestMessage } from './accounts-support.ts';
import { expectTRPCError } from './errors.ts';
import { PROOF_UPLOAD_PATH } from '../src/upload/withdrawal-proof.route.ts';

// docs/0029, docs/0033 through real HTTP: gateway procedures, the upload door and the platform.
let h: THarness;
let member: string;
let other: string;
let trial: string;
let finance: string;
let bankAccountId: number;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 7)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 9)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function upload(token: string | null, withdrawalId: number | string, bytes: Buffer, contentType = 'image/png') {
  const res = await fetch(`${h.baseUrl}${PROOF_UPLOAD_PATH}?withdrawalId=${withdrawalId}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { authorization: token } : {}) },
    body: bytes,
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string | null; value: { proofId?: string } | null } };
}

async function paidWithdrawal(amountMinor = 60_000): Promise<number> {
  const w = await h
    .client({ token: member })
    .withdraw.request.mutate({ bankAccountId, amountMinor, withdrawPassword: 'Money5678', idempotencyKey: `gw-${randomUUID()}` });
  const paid = await h.client({ token: finance }).operator.payWithdrawal.mutate({ withdrawalId: w.id });
  expect(paid.status).toBe('paid');
  return w.id;
}

beforeAll(async () => {
  // The 50-parallel test sends from one address; the limits themselves are tested in rate-limit tests.
  const wide = { limit: 10_000, windowMs: 60_000 };
  h = await startGateway({ rateLimits: { withdrawPassword: { ip: wide, subject: wide } } });
  member = await loginToken(h, ACCOUNTS.member);
  other = await loginToken(h, { username: 'demo_down1', password: 'Down1234' });
  trial = await loginToken(h, ACCOUNTS.trial);
  finance = (await h.client().operator.login.mutate({ username: 'demo_finance', password: 'Finance1234' })).token;
  // docs/0068: security changes need a fresh step-up (refused without one, through the gateway),
  // and new payout accounts cool off: this file tests withdrawals, so the money setting says none.
  await expectTRPCError(
    h.client({ token: member }).security.setWithdrawPassword.mutate({ newPassword: 'Money5678', confirmNewPassword: 'Money5678' }),
    'FORBIDDEN',
    'error_step_up_required',
  );
  await expectTRPCError(h.client({ token: member }).account.stepUp.mutate({ password: 'Wrong0000' }), 'BAD_REQUEST', 'step_up_wrong');
  expect((await h.client({ token: member }).account.stepUp.mutate({ password: ACCOUNTS.member.password })).validSeconds).toBe(300);
  await h.client({ token: other }).account.stepUp.mutate({ password: 'Down1234' });
  await h.client({ token: finance }).operator.setMoneySettings.mutate({ payoutCoolingMinutes: 0 });
  await h.client({ token: member }).security.setWithdrawPassword.mutate({ newPassword: 'Money5678', confirmNewPassword: 'Money5678' });
  bankAccountId = (
    await h.client({ token: member }).security.addBankAccount.mutate({ bankName: 'City Bank', accountNumber: '1234567890', holderName: 'demo member' })
  ).id;
});

afterAll(async () => {
  await h?.close();
});

describe('withdraw through the gateway', () => {
  it('the check ladder: no session, trial, bad input, another member', async () => {
    await expectTRPCError(h.client().withdraw.overview.query(), 'UNAUTHORIZED');
    await expectTRPCError(h.client({ token: trial }).withdraw.overview.query(), 'FORBIDDEN', 'in_need_true_account');
    await expectTRPCError(h.client({ token: trial }).security.centre.query(), 'FORBIDDEN', 'in_need_true_account');
    for (const amountMinor of [0, -1, 1.5, 1e21, Number.NaN]) {
      await expectTRPCError(
        h
          .client({ token: member })
          .withdraw.request.mutate({ bankAccountId, amountMinor, withdrawPassword: 'Money5678', idempotencyKey: `gw-${randomUUID()}` }),
        'BAD_REQUEST',
      );
    }
    await expectTRPCError(h.client({ token: other }).withdraw.confirm.mutate({ withdrawalId: 1, answer: 'received' }), 'NOT_FOUND');
    const centre = await h.client({ token: member }).security.centre.query();
    expect(centre).toMatchObject({
      withdrawPasswordSet: true,
      bankHolderName: 'D*** M*****',
      bankAccounts: [{ maskedNumber: '•••• 7890', holderName: 'D*** M*****' }],
    });
  });

  it('a holder name that does not match is refused with its field', async () => {
    const error = await expectTRPCError(
      h.client({ token: member }).security.addBankAccount.mutate({ bankName: 'X', accountNumber: '99998888', holderName: 'Somebody Else' }),
      'BAD_REQUEST',
      'bank_holder_name_mismatch',
    );
    expect(error.data?.issues).toEqual([{ path: 'holderName', message: 'bank_holder_name_mismatch' }]);
  });

  it('50 parallel sends of one request move the money once', async () => {
    const before = (await h.client({ token: member }).member.balance.query()).balance;
    const input = { bankAccountId, amountMinor: 55_000, withdrawPassword: 'Money5678', idempotencyKey: `gw-${randomUUID()}` };
    const answers = await Promise.allSettled(Array.from({ length: 50 }, () => h.client({ token: member }).withdraw.request.mutate(input)));
    const ids = new Set(answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value.id] : [])));
    expect(ids.size).toBe(1);
    expect((await h.client({ token: member }).member.balance.query()).balance).toBe(before - 55_000);
  });

  it('not received with proofs through the upload door: 6 MB, a PDF named png, a fourth file and someone else’s withdrawal refused', async () => {
    const id = await paidWithdrawal();
    expect((await upload(null, id, PNG)).status).toBe(401);
    const six = await upload(member, id, Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]));
    expect(six).toMatchObject({ status: 413, body: { message: 'proof_too_large' } });
    expect(await upload(member, id, PDF)).toMatchObject({ status: 415, body: { message: 'proof_wrong_type' } });
    expect(await upload(member, id, PDF, 'application/pdf')).toMatchObject({ status: 415, body: { message: 'proof_wrong_type' } });
    expect(await upload(other, id, PNG)).toMatchObject({ status: 404, body: { message: 'error_not_found' } });
    expect(await upload(trial, id, PNG)).toMatchObject({ status: 403, body: { message: 'in_need_true_account' } });
    expect((await upload(member, 'abc', PNG)).status).toBe(400);
    const ok = [await upload(member, id, PNG), await upload(member, id, JPG), await upload(member, id, PNG)];
    expect(ok.every((r) => r.status === 200 && r.body.success)).toBe(true);
    expect(await upload(member, id, JPG)).toMatchObject({ status: 409, body: { message: 'proof_too_many' } });

    const answered = await h.client({ token: member }).withdraw.confirm.mutate({ withdrawalId: id, answer: 'not_received', remark: 'nothing came' });
    expect(answered).toMatchObject({ status: 'not_received', proofIds: ok.map((r) => r.body.value!.proofId) });
    const proof = await h.client({ token: member }).withdraw.proof.query({ proofId: answered.proofIds[0]! });
    expect(Buffer.from(proof.base64, 'base64').equals(PNG)).toBe(true);
    await expectTRPCError(h.client({ token: other }).withdraw.proof.query({ proofId: answered.proofIds[0]! }), 'NOT_FOUND');
    const disputes = await h.client({ token: finance }).operator.withdrawals.query({ view: 'disputes' });
    expect(disputes.withdrawals.find((w) => w.id === id)).toMatchObject({ status: 'not_received', remark: 'nothing came' });
    const asOperator = await h.client({ token: finance }).operator.withdrawalProof.query({ proofId: answered.proofIds[1]! });
    expect(asOperator.contentType).toBe('image/jpeg');
  });

  it('the operator rejects with a remark and the hold returns', async () => {
    const before = (await h.client({ token: member }).member.balance.query()).balance;
    const w = await h
      .client({ token: member })
      .withdraw.request.mutate({ bankAccountId, amountMinor: 50_000, withdrawPassword: 'Money5678', idempotencyKey: `gw-${randomUUID()}` });
    const pending = await h.client({ token: finance }).operator.withdrawals.query({ view: 'pending' });
    expect(pending.withdrawals.map((x) => x.id)).toContain(w.id);
    await expectTRPCError(h.client({ token: member }).operator.rejectWithdrawal.mutate({ withdrawalId: w.id, remark: 'x' }), 'UNAUTHORIZED');
    await h.client({ token: finance }).operator.rejectWithdrawal.mutate({ withdrawalId: w.id, remark: 'wrong bank' });
    expect((await h.client({ token: member }).member.balance.query()).balance).toBe(before);
    expect(await h.client({ token: finance }).operator.setMoneySettings.mutate({ withdrawConfirmMinutes: 2 })).toMatchObject({
      withdrawConfirmMinutes: 2,
      withdrawDailyCount: 3,
    });
  });
  it('partly received shows the remaining amount; received is final', async () => {
    const a = await paidWithdrawal(100_000);
    const partly = await h.client({ token: member }).withdraw.confirm.mutate({ withdrawalId: a, answer: 'partly_received', receivedMinor: 30_000 });
    expect(partly).toMatchObject({ status: 'partly_received', remainingMinor: 70_000 });
    await expectTRPCError(
      h.client({ token: member }).withdraw.confirm.mutate({ withdrawalId: a, answer: 'received' }),
      'CONFLICT',
      'withdrawal_not_awaiting_answer',
    );
    // Three withdrawals today (the rejected one does not count): the merchant's daily count of 3 is reached.
    await expectTRPCError(
      h
        .client({ token: member })
        .withdraw.request.mutate({ bankAccountId, amountMinor: 50_000, withdrawPassword: 'Money5678', idempotencyKey: `gw-${randomUUID()}` }),
      'CONFLICT',
      'withdraw_daily_count_reached',
    );
  });
});

describe('security centre: binding mobile and email through the gateway', () => {
  it('a code to the new email through the outbox, then bound; replacing needs the login password', async () => {
    const c = h.client({ token: other });
    await c.security.sendBindCode.mutate({ channel: 'email', email: 'down.gw@example.test' });
    const code = /\b(\d{6})\b/.exec(await latestMessage(h, 'email', 'down.gw@example.test'))![1]!;
    expect(await c.security.bindContact.mutate({ channel: 'email', email: 'down.gw@example.test', code })).toEqual({
      channel: 'email',
      masked: 'do***@example.test',
    });
    expect((await c.security.centre.query()).maskedEmail).toBe('do***@example.test');

    await c.security.sendBindCode.mutate({ channel: 'email', email: 'down.gw2@example.test' });
    const second = /\b(\d{6})\b/.exec(await latestMessage(h, 'email', 'down.gw2@example.test'))![1]!;
    // A session that has not stepped up: the password in the form is the proof of a replacement.
    const plain = h.client({ token: await loginToken(h, { username: 'demo_down1', password: 'Down1234' }) });
    const refused = await expectTRPCError(
      plain.security.bindContact.mutate({ channel: 'email', email: 'down.gw2@example.test', code: second }),
      'BAD_REQUEST',
      'bind_password_required',
    );
    expect(refused.data?.issues).toEqual([{ path: 'password', message: 'bind_password_required' }]);
    await plain.security.bindContact.mutate({ channel: 'email', email: 'down.gw2@example.test', code: second, password: 'Down1234' });
    expect((await c.security.centre.query()).recentChanges.slice(0, 2).map((x) => x.action)).toEqual(['email.changed', 'email.bound']);
  });

  it('refuses another member’s number, bad input, a trial token and no session', async () => {
    const c = h.client({ token: other });
    await expectTRPCError(
      c.security.sendBindCode.mutate({ channel: 'mobile', countryDialingCode: '+880', mobileNum: '1711000001' }),
      'CONFLICT',
      'mobile_taken',
    );
    await expectTRPCError(c.security.sendBindCode.mutate({ channel: 'email', email: 'x'.repeat(100_000) }), 'BAD_REQUEST');
    await expectTRPCError(c.security.sendBindCode.mutate({ channel: 'email', email: 'a\u0000b@example.test' }), 'BAD_REQUEST');
    await expectTRPCError(
      h.client({ token: trial }).security.sendBindCode.mutate({ channel: 'email', email: 'trial@example.test' }),
      'FORBIDDEN',
      'in_need_true_account',
    );
    await expectTRPCError(h.client().security.bindContact.mutate({ channel: 'email', email: 'a@example.test', code: '123456' }), 'UNAUTHORIZED');
  });
});
