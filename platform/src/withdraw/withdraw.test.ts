import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, DEPOSIT_PATHS, PROOF_MAX_BYTES, WITHDRAW_PATHS, WPS_PATHS } from '@wl/schemas';
import { loginToken, steppedUpToken, tokenCall } from '../test-support/http.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { operatorToken } from '../test-support/operators.ts';
import { demoMemberRow } from '../test-support/demo-merchant.ts';

// docs/0029, docs/0033: security centre, withdraw, confirmation, proofs, operator pay/reject.
const ctx = usePlatform();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj\n');

let member: string;
let other: string;
let trial: string;
let finance: string;
let support: string;

const call = tokenCall(ctx);
const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown, query?: Record<string, string>) => {
  const res = await call(method, url, token, payload, query);
  const json = res.json();
  if (!json.success) throw new Error(`${method} ${url}: ${res.statusCode} ${JSON.stringify(json)}`);
  return json.value;
};
const balance = async (token: string) => (await ok('GET', WPS_PATHS.balance, token)).balance as number;
const key = () => `k-${randomUUID()}`;
const moneyCounts = () =>
  rowCounts(ctx.db, ['withdrawals', 'ledger_transactions', 'ledger_entries', 'withdrawal_proofs', 'member_bank_accounts', 'member_audit']);
/** Ledger invariant: every transaction sums to zero and every balance equals its entries. */
async function ledgerHolds() {
  const bad = await sql<{
    n: number;
  }>`select count(*)::int as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount_minor) <> 0) t`.execute(ctx.db);
  const drift = await sql<{
    n: number;
  }>`select count(*)::int as n from ledger_balances a where a.balance_minor <> coalesce((select sum(amount_minor) from ledger_entries e where e.account_id = a.account_id), 0)`.execute(
    ctx.db,
  );
  expect({ unbalanced: bad.rows[0]!.n, drifted: drift.rows[0]!.n }).toEqual({ unbalanced: 0, drifted: 0 });
}

let bankId: number;
/** A withdrawal request of `token`: ৳1,000 to demo_member's bank account with its password and a new key, unless `body` says otherwise. */
const sendWithdraw = (token: string, body: object) =>
  call('POST', WITHDRAW_PATHS.withdraw, token, { bankAccountId: bankId, amountMinor: 100_000, withdrawPassword: 'Money5678', idempotencyKey: key(), ...body });
async function withdraw(amountMinor: number, k = key(), token = member) {
  return ok('POST', WITHDRAW_PATHS.withdraw, token, { bankAccountId: bankId, amountMinor, withdrawPassword: 'Money5678', idempotencyKey: k });
}
async function paid(amountMinor = 100_000) {
  const w = await withdraw(amountMinor);
  return ok('POST', WITHDRAW_PATHS.operatorWithdrawalPay, finance, { withdrawalId: w.id });
}

beforeAll(async () => {
  // Security-centre changes need a fresh step-up (docs/0068; step-up.test covers the refusals).
  member = await steppedUpToken(ctx.app, 'demo_member', 'Demo1234');
  other = await steppedUpToken(ctx.app, 'demo_down1', 'Down1234');
  trial = await loginToken(ctx.app, 'demo_trial', 'Trial1234');
  finance = await operatorToken(ctx.app, 'demo_finance', 'Finance1234');
  support = await operatorToken(ctx.app, 'demo_support', 'Support1234');
  // Generous daily count for this file; the limit itself is tested below.
  // New payout accounts cool off before their first withdrawal (docs/0068): tested in step-up.test.
  await ctx.db.updateTable('merchants').set({ withdraw_daily_count: 100, payout_cooling_minutes: 0 }).execute();
  // The VIP levels' own limits a day (docs/0100, vip-limits.test) lifted too: 0 is no limit of the level.
  await ctx.db.updateTable('vip_levels').set({ withdraw_count: 0, withdraw_limit_minor: 0 }).execute();
});

describe('security centre', () => {
  it('refuses no session (401) and trial accounts (in_need_true_account), changing nothing', async () => {
    const before = await moneyCounts();
    for (const [method, url, payload] of [
      ['GET', WITHDRAW_PATHS.security, undefined],
      ['POST', WITHDRAW_PATHS.withdrawPassword, { newPassword: 'Money5678', confirmNewPassword: 'Money5678' }],
      ['POST', WITHDRAW_PATHS.bankAccount, { bankName: 'B', accountNumber: '12345678', holderName: 'x' }],
      ['GET', WITHDRAW_PATHS.withdraw, undefined],
      ['POST', WITHDRAW_PATHS.withdraw, { bankAccountId: 1, amountMinor: 100_000, withdrawPassword: 'x', idempotencyKey: key() }],
      ['POST', WITHDRAW_PATHS.withdrawConfirm, { withdrawalId: 1, answer: 'received' }],
      ['POST', WITHDRAW_PATHS.withdrawProof, { withdrawalId: 1, base64: PNG.toString('base64') }],
      ['GET', WITHDRAW_PATHS.withdrawProof, undefined],
    ] as const) {
      expect((await call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
      const res = await call(method, url, trial, payload, method === 'GET' && url === WITHDRAW_PATHS.withdrawProof ? { proofId: 'abc' } : undefined);
      expect(res.json().message, `${method} ${url}`).toBe('in_need_true_account');
    }
    expect(await moneyCounts()).toEqual(before);
  });

  it('sets the withdraw password with the password rule, never equal to the login password, audited', async () => {
    const weak = await call('POST', WITHDRAW_PATHS.withdrawPassword, member, { newPassword: 'a', confirmNewPassword: 'a' });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().value.fieldErrors)).toEqual(['newPassword']);
    const mismatch = await call('POST', WITHDRAW_PATHS.withdrawPassword, member, { newPassword: 'Money5678', confirmNewPassword: 'Money5679' });
    expect(mismatch.json().value.fieldErrors.confirmNewPassword.key).toBe('inconsistent_twice');
    const same = await call('POST', WITHDRAW_PATHS.withdrawPassword, member, { newPassword: 'Demo1234', confirmNewPassword: 'Demo1234' });
    expect(same.json().message).toBe('withdraw_password_same_as_login');
    await ok('POST', WITHDRAW_PATHS.withdrawPassword, member, { newPassword: 'Money5678', confirmNewPassword: 'Money5678' });
    const row = await demoMemberRow(ctx.db, 'demo_member').select('withdraw_password_hash').executeTakeFirstOrThrow();
    expect(row.withdraw_password_hash).toMatch(/^\$argon2id\$/);
    const centre = await ok('GET', WITHDRAW_PATHS.security, member);
    expect(centre).toMatchObject({ withdrawPasswordSet: true, bankHolderName: 'D*** M*****', bankAccounts: [], bankAccountsMax: 3 });
    expect(centre.recentChanges[0]).toMatchObject({ action: 'withdraw_password.set' });
  });

  it('changing it needs the old one; wrong old ones lock like wrong login passwords', async () => {
    const noOld = await call('POST', WITHDRAW_PATHS.withdrawPassword, member, { newPassword: 'Other5678', confirmNewPassword: 'Other5678' });
    expect(noOld.json().value.fieldErrors.oldPassword.key).toBe('withdraw_password_wrong');
    await ctx.db.updateTable('merchants').set({ lock_after_failures: 3 }).execute();
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          call('POST', WITHDRAW_PATHS.withdrawPassword, member, { oldPassword: 'Wrong0000', newPassword: 'Other5678', confirmNewPassword: 'Other5678' }),
        ),
      );
      const messages = answers.map((a) => a.json().message).sort();
      // At most three guesses were judged; the rest were refused as locked, even the right password now.
      expect(messages.filter((m) => m === 'withdraw_password_wrong').length).toBeLessThanOrEqual(2);
      expect(messages.filter((m) => m === 'error_account_locked').length).toBeGreaterThanOrEqual(8);
      const right = await call('POST', WITHDRAW_PATHS.withdrawPassword, member, {
        oldPassword: 'Money5678',
        newPassword: 'Other5678',
        confirmNewPassword: 'Other5678',
      });
      expect(right.json().message).toBe('error_account_locked');
    } finally {
      await ctx.db.deleteFrom('login_throttle').where('username_key', 'like', 'withdraw-password:%').execute();
      await ctx.db.updateTable('merchants').set({ lock_after_failures: 5 }).execute();
    }
    await ok('POST', WITHDRAW_PATHS.withdrawPassword, member, { oldPassword: 'Money5678', newPassword: 'Other5678', confirmNewPassword: 'Other5678' });
    await ok('POST', WITHDRAW_PATHS.withdrawPassword, member, { oldPassword: 'Other5678', newPassword: 'Money5678', confirmNewPassword: 'Money5678' });
    const centre = await ok('GET', WITHDRAW_PATHS.security, member);
    expect(centre.recentChanges.slice(0, 2).map((c: { action: string }) => c.action)).toEqual(['withdraw_password.changed', 'withdraw_password.changed']);
  });

  it('binds bank accounts: holder name must match (case and spaces aside), digits 6–30, at most the merchant max', async () => {
    const before = await moneyCounts();
    const bad = async (payload: object) => (await call('POST', WITHDRAW_PATHS.bankAccount, member, payload)).json();
    expect((await bad({ bankName: 'City', accountNumber: '12345', holderName: 'Demo Member' })).value).toMatchObject({ field: 'accountNumber' });
    expect((await bad({ bankName: 'City', accountNumber: '1234567a', holderName: 'Demo Member' })).value).toMatchObject({ field: 'accountNumber' });
    expect((await bad({ bankName: 'City', accountNumber: '1'.repeat(31), holderName: 'Demo Member' })).value).toMatchObject({ field: 'accountNumber' });
    expect((await bad({ bankName: 'City', accountNumber: '12345678', holderName: 'Someone Else' })).message).toBe('bank_holder_name_mismatch');
    expect((await bad({ bankName: 'City\u0000', accountNumber: '12345678', holderName: 'Demo Member' })).value).toMatchObject({ issue: 'invalid_characters' });
    expect((await bad({ bankName: 'x'.repeat(1_000_000), accountNumber: '12345678', holderName: 'Demo Member' })).success).toBe(false);
    expect(await moneyCounts()).toEqual(before);

    const first = await ok('POST', WITHDRAW_PATHS.bankAccount, member, { bankName: 'City Bank', accountNumber: '1234567890', holderName: '  demo   MEMBER ' });
    expect(first).toMatchObject({ bankName: 'City Bank', maskedNumber: '•••• 7890', holderName: 'D*** M*****' });
    bankId = first.id;
    expect((await bad({ bankName: 'City', accountNumber: '1234567890', holderName: 'Demo Member' })).message).toBe('bank_account_taken');
    // 50 parallel binds of new numbers: never more than the maximum (3).
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', WITHDRAW_PATHS.bankAccount, member, { bankName: 'B', accountNumber: `99990000${i + 10}`, holderName: 'Demo Member' }),
      ),
    );
    const centre = await ok('GET', WITHDRAW_PATHS.security, member);
    expect(centre.bankAccounts).toHaveLength(3);
    expect((await bad({ bankName: 'B', accountNumber: '55550000', holderName: 'Demo Member' })).message).toBe('bank_accounts_full');
    expect(centre.recentChanges[0]).toMatchObject({ action: 'bank_account.added' });
  });

  it('sets the holder name from the first account when the member has none', async () => {
    const acc = await ok('POST', WITHDRAW_PATHS.bankAccount, other, { bankName: 'Dutch', accountNumber: '11112222', holderName: 'Down One' });
    expect(acc.holderName).toBe('D*** O**');
    expect((await ok('GET', WITHDRAW_PATHS.security, other)).bankHolderName).toBe('D*** O**');
    const mismatch = await call('POST', WITHDRAW_PATHS.bankAccount, other, { bankName: 'Dutch', accountNumber: '11113333', holderName: 'Demo Member' });
    expect(mismatch.json().message).toBe('bank_holder_name_mismatch');
  });
});

describe('withdraw', () => {
  it('moves the amount to the withdrawal hold at once, exactly once per member key', async () => {
    const start = await balance(member);
    const k = key();
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(100_000, k)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers[0]).toMatchObject({ status: 'pending', amountMinor: 100_000, maskedNumber: '•••• 7890' });
    expect(await balance(member)).toBe(start - 100_000);
    // The same key with other parameters is refused; nothing moves.
    const reused = await sendWithdraw(member, { amountMinor: 100_001, idempotencyKey: k });
    expect(reused.json().message).toBe('idempotency_key_reused');
    expect(await balance(member)).toBe(start - 100_000);
    const hold = await sql<{
      b: number;
    }>`select balance_minor::int as b from ledger_accounts a join members m on m.id = a.member_id where m.username = 'demo_member' and a.kind = 'member_withdrawal_hold'`.execute(
      ctx.db,
    );
    expect(Number(hold.rows[0]!.b)).toBeGreaterThanOrEqual(100_000);
    await ledgerHolds();
  });

  it('refuses bad amounts, limits, a wrong password, another member’s bank account and key, changing nothing', async () => {
    const before = await moneyCounts();
    const start = await balance(member);
    const send = (body: object) => sendWithdraw(member, body);
    // A megabyte is refused before parsing (64 KB body limit): 413 error_payload_too_large.
    expect((await send({ amountMinor: 'x'.repeat(1_000_000) })).json()).toMatchObject({ success: false, message: 'error_payload_too_large' });
    for (const amountMinor of [0, -1, 1.5, 1e21, 'abc', '100', null, Number.NaN, 'x'.repeat(10_000)]) {
      const res = await send({ amountMinor });
      expect(res.statusCode, String(amountMinor).slice(0, 20)).toBe(400);
      expect(res.json().value).toMatchObject({ field: 'amountMinor' });
    }
    expect((await send({ amountMinor: 49_999 })).json().message).toBe('withdraw_amount_below_min');
    expect((await send({ amountMinor: 5_000_001 })).json().message).toBe('withdraw_amount_above_max');
    expect((await send({ withdrawPassword: 'Wrong0000' })).json().message).toBe('withdraw_password_wrong');
    expect((await send({ amountMinor: 2_000_000 })).json().message).toBe('insufficient_funds');
    expect((await send({ idempotencyKey: 'short' })).json().value).toMatchObject({ field: 'idempotencyKey' });
    expect((await send({ idempotencyKey: 'k\u0000ey-0000' })).json().value).toMatchObject({ issue: 'invalid_characters' });
    const otherBank = (await ok('GET', WITHDRAW_PATHS.security, other)).bankAccounts[0].id;
    const res = await send({ bankAccountId: otherBank });
    expect(res.statusCode).toBe(404);
    await ctx.db.deleteFrom('login_throttle').where('username_key', 'like', 'withdraw-password:%').execute();
    expect(await moneyCounts()).toEqual(before);
    expect(await balance(member)).toBe(start);

    // Another member's key is theirs alone: the same key string works for this member and is a new withdrawal.
    const shared = key();
    await ok('POST', WITHDRAW_PATHS.withdrawPassword, other, { newPassword: 'Down5678', confirmNewPassword: 'Down5678' });
    const byOther = await sendWithdraw(other, { bankAccountId: otherBank, withdrawPassword: 'Down5678', idempotencyKey: shared });
    expect(byOther.json().message).toBe('insufficient_funds');
    const mine = await withdraw(100_000, shared);
    expect(mine.status).toBe('pending');
  });

  it('refuses a withdrawal before the withdraw password is set', async () => {
    await ctx.db.updateTable('members').set({ withdraw_password_hash: null }).where('username', '=', 'demo_down2').execute();
    const down2 = await loginToken(ctx.app, 'demo_down2', 'Down1234');
    const res = await sendWithdraw(down2, { withdrawPassword: 'x' });
    expect(res.json().message).toBe('withdraw_password_not_set');
  });

  it('counts withdrawals per day (rejected ones aside)', async () => {
    await ctx.db.updateTable('merchants').set({ withdraw_daily_count: 0 }).execute();
    try {
      const res = await sendWithdraw(member, {});
      expect(res.json().message).toBe('withdraw_daily_count_reached');
    } finally {
      // New payout accounts cool off before their first withdrawal (docs/0068): tested in step-up.test.
      await ctx.db.updateTable('merchants').set({ withdraw_daily_count: 100, payout_cooling_minutes: 0 }).execute();
    }
    const overview = await ok('GET', WITHDRAW_PATHS.withdraw, member);
    expect(overview).toMatchObject({ minMinor: 50_000, maxMinor: 5_000_000, dailyCount: 100, withdrawPasswordSet: true, currencySymbol: '৳' });
    expect(overview.usedToday).toBeGreaterThanOrEqual(2);
  });
});

describe('operator pays or rejects', () => {
  it('pay: hold → payout once, sets paid_at and the due time; a second pay and a support operator are refused; audited', async () => {
    const w = await withdraw(60_000);
    const pending = await ok('GET', WITHDRAW_PATHS.operatorWithdrawals, finance, undefined, { view: 'pending' });
    expect(pending.withdrawals.map((x: { id: number }) => x.id)).toContain(w.id);
    expect((await call('POST', WITHDRAW_PATHS.operatorWithdrawalPay, support, { withdrawalId: w.id })).statusCode).toBe(403);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', WITHDRAW_PATHS.operatorWithdrawalPay, finance, { withdrawalId: w.id })));
    const okOnes = answers.filter((a) => a.json().success);
    expect(okOnes).toHaveLength(1);
    expect(answers.filter((a) => a.json().message === 'withdrawal_not_pending')).toHaveLength(19);
    const p = okOnes[0]!.json().value;
    expect(p.status).toBe('paid');
    expect(new Date(p.confirmDueAt).getTime() - new Date(p.paidAt).getTime()).toBe(30 * 60_000);
    const tx = await ctx.db
      .selectFrom('ledger_transactions')
      .select(['kind'])
      .where(sql`meta->>'withdrawalId'`, '=', String(w.id))
      .orderBy('id')
      .execute();
    expect(tx.map((t) => t.kind)).toEqual(['withdraw_hold', 'withdraw_payout']);
    const audit = await ctx.db.selectFrom('config_audit').select(['action', 'operator_username']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'withdrawal.pay', operator_username: 'demo_finance' });
    await ledgerHolds();
  });

  it('reject returns the hold to the wallet, once', async () => {
    const start = await balance(member);
    const w = await withdraw(70_000);
    expect(await balance(member)).toBe(start - 70_000);
    const noRemark = await call('POST', WITHDRAW_PATHS.operatorWithdrawalReject, finance, { withdrawalId: w.id, remark: '' });
    expect(noRemark.statusCode).toBe(400);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', WITHDRAW_PATHS.operatorWithdrawalReject, finance, { withdrawalId: w.id, remark: 'bank details wrong' })),
    );
    expect(answers.filter((a) => a.json().success)).toHaveLength(1);
    expect(await balance(member)).toBe(start);
    expect((await call('POST', WITHDRAW_PATHS.operatorWithdrawalPay, finance, { withdrawalId: w.id })).json().message).toBe('withdrawal_not_pending');
    expect((await call('POST', WITHDRAW_PATHS.operatorWithdrawalPay, finance, { withdrawalId: 999_999_999 })).statusCode).toBe(404);
    await ledgerHolds();
  });
});

describe('no reverse withdrawals (docs/rules/protection.md#p-34)', () => {
  it('a member has no call that takes a requested withdrawal back: only the operator’s reject, with a reason, returns the hold', async () => {
    // Every withdrawal call a member may make; a cancel or reverse call added here fails this test.
    const memberKinds = new Set(['member', 'realMember', 'agent']);
    const memberCalls = ALL_CALLS.filter((d) => d.path.includes('withdraw') && memberKinds.has(d.audience.kind)).map((d) => `${d.method} ${d.path}`);
    expect(memberCalls.sort()).toEqual(
      [
        `GET ${WITHDRAW_PATHS.withdraw}`,
        `POST ${WITHDRAW_PATHS.withdraw}`,
        `POST ${WITHDRAW_PATHS.withdrawConfirm}`,
        `GET ${WITHDRAW_PATHS.withdrawProof}`,
        `POST ${WITHDRAW_PATHS.withdrawProof}`,
        `POST ${WITHDRAW_PATHS.withdrawPassword}`,
      ].sort(),
    );
    const start = await balance(member);
    const w = await withdraw(50_000);
    const before = await moneyCounts();
    // Answering a pending one, guessed cancel paths, a replay of the request: none gives the money back.
    expect((await call('POST', WITHDRAW_PATHS.withdrawConfirm, member, { withdrawalId: w.id, answer: 'not_received' })).json().success).toBe(false);
    for (const path of ['/wps/member/withdraw/cancel', '/wps/member/withdraw/reverse', '/wps/member/withdraw/reject']) {
      expect((await call('POST', path, member, { withdrawalId: w.id })).statusCode).toBe(404);
    }
    expect((await call('POST', WITHDRAW_PATHS.operatorWithdrawalReject, member, { withdrawalId: w.id, remark: 'changed my mind' })).statusCode).toBe(401);
    expect(await moneyCounts()).toEqual(before);
    expect(await balance(member)).toBe(start - 50_000);
    // The operator rejects it only with a reason; then the hold returns.
    expect((await call('POST', WITHDRAW_PATHS.operatorWithdrawalReject, finance, { withdrawalId: w.id, remark: ' ' })).statusCode).toBe(400);
    expect(
      (await call('POST', WITHDRAW_PATHS.operatorWithdrawalReject, finance, { withdrawalId: w.id, remark: 'member asked; reviewed' })).json().success,
    ).toBe(true);
    expect(await balance(member)).toBe(start);
  });
});

describe('confirmation (SPEC §4)', () => {
  it('received: once, and a second different answer is refused', async () => {
    const w = await paid();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', WITHDRAW_PATHS.withdrawConfirm, member, { withdrawalId: w.id, answer: 'received' })),
    );
    expect(answers.every((a) => a.json().success && a.json().value.status === 'received')).toBe(true);
    const late = await call('POST', WITHDRAW_PATHS.withdrawConfirm, member, { withdrawalId: w.id, answer: 'partly_received', receivedMinor: 1 });
    expect(late.json().message).toBe('withdrawal_not_awaiting_answer');
  });

  it('partly received: 0 < amount received < amount, the remaining amount shown', async () => {
    const w = await paid(100_000);
    for (const receivedMinor of [0, -5, 100_000, 100_001, 1.5]) {
      const res = await call('POST', WITHDRAW_PATHS.withdrawConfirm, member, { withdrawalId: w.id, answer: 'partly_received', receivedMinor });
      expect(res.json().success, String(receivedMinor)).toBe(false);
    }
    const long = await call('POST', WITHDRAW_PATHS.withdrawConfirm, member, {
      withdrawalId: w.id,
      answer: 'partly_received',
      receivedMinor: 40_000,
      remark: 'x'.repeat(141),
    });
    expect(long.json().value).toMatchObject({ field: 'remark' });
    const done = await ok('POST', WITHDRAW_PATHS.withdrawConfirm, member, {
      withdrawalId: w.id,
      answer: 'partly_received',
      receivedMinor: 40_000,
      remark: 'only part',
    });
    expect(done).toMatchObject({ status: 'partly_received', receivedMinor: 40_000, remainingMinor: 60_000, remark: 'only part' });
  });

  it('not received needs proofs: png/jpg sniffed, ≤ 5 MB, ≤ 3, only the owner; the operator reads them', async () => {
    const w = await paid();
    const before = await moneyCounts();
    const noProof = await call('POST', WITHDRAW_PATHS.withdrawConfirm, member, { withdrawalId: w.id, answer: 'not_received', remark: 'nothing came' });
    expect(noProof.json().message).toBe('withdrawal_proof_required');
    const upload = (bytes: Buffer, token = member, id = w.id) =>
      call('POST', WITHDRAW_PATHS.withdrawProof, token, { withdrawalId: id, base64: bytes.toString('base64') });
    expect((await upload(PDF)).json().message).toBe('proof_wrong_type');
    expect((await upload(Buffer.alloc(0))).json().message).toBe('proof_wrong_type');
    const big = Buffer.concat([PNG, Buffer.alloc(PROOF_MAX_BYTES)]);
    expect((await upload(big)).json().value).toMatchObject({ field: 'base64', issue: 'proof_too_large' });
    const six = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    expect((await upload(six)).statusCode).toBe(413);
    expect((await upload(PNG, other)).statusCode).toBe(404);
    expect((await call('POST', WITHDRAW_PATHS.withdrawProof, member, { withdrawalId: w.id, base64: 'not base64!' })).statusCode).toBe(400);
    expect(await moneyCounts()).toEqual(before);

    const answers = await Promise.all([upload(PNG), upload(JPG), upload(PNG), upload(JPG), upload(PNG)]);
    expect(answers.filter((a) => a.json().success)).toHaveLength(3);
    expect(answers.filter((a) => a.json().message === 'proof_too_many')).toHaveLength(2);
    const ids = answers.filter((a) => a.json().success).map((a) => a.json().value.proofId as string);
    expect(ids.every((id) => /^[A-Za-z0-9_-]{24}$/.test(id))).toBe(true);

    const done = await ok('POST', WITHDRAW_PATHS.withdrawConfirm, member, { withdrawalId: w.id, answer: 'not_received', remark: 'nothing came' });
    expect(done).toMatchObject({ status: 'not_received', proofIds: expect.arrayContaining(ids) });
    expect((await upload(PNG)).json().message).toBe('withdrawal_not_awaiting_answer');

    const mine = await ok('GET', WITHDRAW_PATHS.withdrawProof, member, undefined, { proofId: ids[0]! });
    expect(['image/png', 'image/jpeg']).toContain(mine.contentType);
    expect((await call('GET', WITHDRAW_PATHS.withdrawProof, other, undefined, { proofId: ids[0]! })).statusCode).toBe(404);
    expect((await call('GET', WITHDRAW_PATHS.operatorWithdrawalProof, support, undefined, { proofId: ids[0]! })).statusCode).toBe(403);
    const asOperator = await ok('GET', WITHDRAW_PATHS.operatorWithdrawalProof, finance, undefined, { proofId: ids[0]! });
    expect(asOperator).toEqual(mine);
    const disputes = await ok('GET', WITHDRAW_PATHS.operatorWithdrawals, finance, undefined, { view: 'disputes' });
    expect(disputes.withdrawals.find((x: { id: number }) => x.id === w.id)).toMatchObject({
      status: 'not_received',
      username: 'demo_member',
      proofIds: expect.arrayContaining(ids),
    });
  });

  it('refuses answers to another member’s withdrawal and to one still pending', async () => {
    const w = await withdraw(50_000);
    expect((await call('POST', WITHDRAW_PATHS.withdrawConfirm, other, { withdrawalId: w.id, answer: 'received' })).statusCode).toBe(404);
    expect((await call('POST', WITHDRAW_PATHS.withdrawConfirm, member, { withdrawalId: w.id, answer: 'received' })).json().message).toBe(
      'withdrawal_not_awaiting_answer',
    );
  });

  it('after the window a late answer is refused; auto_received is final', async () => {
    const w = await paid();
    await ctx.db
      .updateTable('withdrawals')
      .set({ confirm_due_at: new Date(Date.now() - 1000) })
      .where('id', '=', w.id)
      .execute();
    const late = await call('POST', WITHDRAW_PATHS.withdrawConfirm, member, { withdrawalId: w.id, answer: 'received' });
    expect(late.json().message).toBe('withdrawal_confirm_window_closed');
    await ctx.db.updateTable('withdrawals').set({ status: 'auto_received' }).where('id', '=', w.id).execute();
    const after = await call('POST', WITHDRAW_PATHS.withdrawConfirm, member, { withdrawalId: w.id, answer: 'not_received' });
    expect(after.json().message).toBe('withdrawal_auto_received');
  });

  it('the operator sets the window (1 minute to 7 days), audited', async () => {
    // One place sets it: the merchant's money settings (docs/0029).
    const settings = DEPOSIT_PATHS.operatorMoneySettings;
    expect((await call('PUT', settings, finance, { withdrawConfirmMinutes: 0 })).statusCode).toBe(400);
    expect((await call('PUT', settings, finance, { withdrawConfirmMinutes: 10_081 })).statusCode).toBe(400);
    expect((await call('PUT', settings, support, { withdrawConfirmMinutes: 5 })).statusCode).toBe(403);
    expect((await call('PUT', settings, finance, { withdrawDailyCount: 0 })).statusCode).toBe(400);
    expect(await ok('PUT', settings, finance, { withdrawConfirmMinutes: 5 })).toMatchObject({ withdrawConfirmMinutes: 5, withdrawDailyCount: 100 });
    expect(await ok('GET', settings, finance)).toMatchObject({ withdrawConfirmMinutes: 5, withdrawDailyCount: 100 });
    const audit = await ctx.db.selectFrom('config_audit').select(['action', 'before', 'after']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'money.settings.set', before: { withdrawConfirmMinutes: 30 }, after: { withdrawConfirmMinutes: 5 } });
    const p = await paid();
    expect(new Date(p.confirmDueAt).getTime() - new Date(p.paidAt).getTime()).toBe(5 * 60_000);
    await ok('PUT', settings, finance, { withdrawConfirmMinutes: 30 });
  });
});
