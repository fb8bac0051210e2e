import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, CONTACT_PATHS, DEPOSIT_PATHS, TRANSFER_PATHS, WITHDRAW_PATHS, WPS_PATHS } from '@wl/schemas';
import { memberTotp } from '../session/session.service.ts';
import { STEP_UP_TTL_MS } from '../session/step-up.guard.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { encryptedCall, loginToken, stepUpToken, tokenCall } from '../test-support/http.ts';
import { lastMessage, lastSmsCode } from '../test-support/outbox.ts';
import { demoMemberRow, demoMerchantId } from '../test-support/demo-merchant.ts';

// docs/0068: a stolen session cannot be kept or cashed out. Every change of contacts, passwords,
// payout accounts and authenticator, and every upline transfer, needs a fresh step-up on the
// session; step-up guesses are counted before they are judged; a new payout account cools off
// before its first withdrawal; the member hears of each change where it could be reached before;
// holder names reach the browser masked.
let now = Date.parse('2026-11-25T10:00:00Z');
const ctx = usePlatform({ clock: () => new Date(now) });
const TOTP_SECRET = 'KRUGS4ZANFZSAZDFNVXSA5DPORYA2345';

const call = tokenCall(ctx);
const ok = async (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
  const json = (await call(method, url, token, payload)).json();
  if (!json.success) throw new Error(`${method} ${url}: ${JSON.stringify(json)}`);
  return json.value;
};
const stepUp = (token: string, payload: unknown) => encryptedCall(ctx.app, 'POST', ACCOUNT_PATHS.stepUp, payload, { authorization: token });
const CHANGED = [
  'members',
  'member_bank_accounts',
  'member_audit',
  'outbox',
  'member_messages',
  'ledger_transactions',
  'ledger_entries',
  'verification_codes',
] as const;
const memberRow = (username: string) =>
  demoMemberRow(ctx.db, username)
    .select(['id', 'withdraw_password_hash', 'mobile_num', 'email', 'bank_holder_name', 'totp_secret', 'totp_pending_secret'])
    .executeTakeFirstOrThrow();

/** Every change the step-up guards, with a body that would otherwise succeed for demo_member. */
const GUARDED = [
  [WITHDRAW_PATHS.withdrawPassword, { newPassword: 'Money5678', confirmNewPassword: 'Money5678' }],
  [WITHDRAW_PATHS.bankAccount, { bankName: 'City Bank', accountNumber: '1234567890', holderName: 'Demo Member' }],
  [CONTACT_PATHS.bind, { channel: 'email', email: 'fresh.one@example.test', code: '000000' }],
  [ACCOUNT_PATHS.totpSetup, {}],
  [ACCOUNT_PATHS.totpEnable, { code: '123456' }],
  [TRANSFER_PATHS.transferUpline, { amountMinor: 100, key: 'stolen-session-01' }],
] as const;

let member: string;

beforeAll(async () => {
  member = await loginToken(ctx.app, 'demo_member', 'Demo1234');
  // The member's email is not bound here, so binding one is a first binding (no password field).
  await ctx.db.updateTable('members').set({ email: null }).where('merchant_id', '=', demoMerchantId(ctx.db)).where('username', '=', 'demo_member').execute();
});

describe('a session without a fresh step-up changes nothing (docs/0068)', () => {
  it('refuses every listed change with 465 error_step_up_required, nothing written', async () => {
    const before = await rowCounts(ctx.db, [...CHANGED]);
    const row = await memberRow('demo_member');
    for (const [url, body] of GUARDED) {
      const res = await call('POST', url, member, body);
      expect(res.json(), url).toMatchObject({ success: false, message: 'error_step_up_required' });
      expect(res.statusCode, url).toBe(403);
    }
    // The code to bind an address may still be asked for (nothing changes yet), but binding it may not.
    expect(await rowCounts(ctx.db, [...CHANGED])).toEqual(before);
    expect(await memberRow('demo_member')).toEqual(row);
  });

  it('a step-up opens them for five minutes on that session only; then they are refused again', async () => {
    const other = await loginToken(ctx.app, 'demo_member', 'Demo1234');
    expect((await stepUp(member, { password: 'Demo1234' })).json().value).toMatchObject({ validSeconds: STEP_UP_TTL_MS / 1000 });
    await ok('POST', WITHDRAW_PATHS.withdrawPassword, member, { newPassword: 'Money5678', confirmNewPassword: 'Money5678' });
    // Another session of the same member did not prove anything.
    expect((await call('POST', TRANSFER_PATHS.transferUpline, other, { amountMinor: 100, key: 'other-session-01' })).json().message).toBe(
      'error_step_up_required',
    );
    await ok('POST', TRANSFER_PATHS.transferUpline, member, { amountMinor: 100, key: 'stepped-up-0001' });
    now += STEP_UP_TTL_MS;
    expect((await call('POST', TRANSFER_PATHS.transferUpline, member, { amountMinor: 100, key: 'stepped-up-0002' })).json().message).toBe(
      'error_step_up_required',
    );
    // A wrong password steps nothing up.
    const wrong = (await stepUp(member, { password: 'Wrong0000' })).json();
    expect(wrong).toMatchObject({ success: false, message: 'step_up_wrong' });
    expect(wrong.value.fieldErrors.password.key).toBe('step_up_wrong');
    expect((await call('POST', TRANSFER_PATHS.transferUpline, member, { amountMinor: 100, key: 'stepped-up-0002' })).json().message).toBe(
      'error_step_up_required',
    );
    await ctx.db.deleteFrom('login_throttle').execute();
  });

  it('50 parallel step-up guesses: at most the lock threshold are judged, then even the right password is locked', async () => {
    const thief = await loginToken(ctx.app, 'demo_down2', 'Down1234');
    await ctx.db.updateTable('merchants').set({ lock_after_failures: 5 }).execute();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => stepUp(thief, { password: `Guess${String(i).padStart(4, '0')}` })));
    const messages = answers.map((a) => a.json().message as string);
    expect(messages.filter((m) => m === 'step_up_wrong').length).toBeLessThanOrEqual(4);
    expect(messages.filter((m) => m === 'error_account_locked').length).toBeGreaterThanOrEqual(46);
    expect((await stepUp(thief, { password: 'Down1234' })).json().message).toBe('error_account_locked');
    expect((await call('POST', WITHDRAW_PATHS.withdrawPassword, thief, { newPassword: 'Money5678', confirmNewPassword: 'Money5678' })).json().message).toBe(
      'error_step_up_required',
    );
    const throttle = await ctx.db.selectFrom('login_throttle').select(['username_key', 'failures']).where('username_key', 'like', 'step-up:%').execute();
    expect(throttle).toHaveLength(1);
    await ctx.db.deleteFrom('login_throttle').execute();
  });

  it('a current authenticator code steps up once; the same code does not work twice; no password, no code: refused', async () => {
    const totp = await loginToken(ctx.app, 'demo_totp', 'Totp1234');
    const code = memberTotp(TOTP_SECRET).generate({ timestamp: now });
    expect((await stepUp(totp, { totpCode: code })).json().success).toBe(true);
    expect((await stepUp(totp, { totpCode: code })).json().message).toBe('step_up_wrong');
    expect((await stepUp(totp, {})).json().message).toBe('step_up_wrong');
    // A member without an authenticator cannot step up with a code.
    expect((await stepUp(member, { totpCode: '123456' })).json().message).toBe('step_up_wrong');
    await ctx.db.deleteFrom('login_throttle').execute();
  });

  it('replacing an authenticator needs a step-up with the current one (or the password), and the member hears of it', async () => {
    const totp = await loginToken(ctx.app, 'demo_totp', 'Totp1234');
    expect((await call('POST', ACCOUNT_PATHS.totpSetup, totp)).json().message).toBe('error_step_up_required');
    now += 60_000;
    await stepUpToken(ctx.app, totp, 'Totp1234');
    const setup = await ok('POST', ACCOUNT_PATHS.totpSetup, totp);
    const messagesBefore = await rowCounts(ctx.db, ['member_messages']);
    await ok('POST', ACCOUNT_PATHS.totpEnable, totp, { code: memberTotp(setup.secret).generate({ timestamp: now }) });
    expect((await memberRow('demo_totp')).totp_secret).toBe(setup.secret);
    expect(await rowCounts(ctx.db, ['member_messages'])).toEqual({ member_messages: (messagesBefore.member_messages ?? 0) + 1 });
  });
});

describe('payout accounts: masked holder names, cooling-off, notices (docs/0068)', () => {
  it('the holder name reaches the browser masked in the security centre, the withdraw page and the add answer', async () => {
    await stepUpToken(ctx.app, member, 'Demo1234');
    const added = await ok('POST', WITHDRAW_PATHS.bankAccount, member, { bankName: 'City Bank', accountNumber: '1234567890', holderName: 'Demo Member' });
    expect(added.holderName).toBe('D*** M*****');
    // A later account may leave the holder name out: it takes the member's.
    const second = await ok('POST', WITHDRAW_PATHS.bankAccount, member, { bankName: 'Dutch Bangla', accountNumber: '2234567890' });
    expect(second.holderName).toBe('D*** M*****');
    const centre = await ok('GET', WITHDRAW_PATHS.security, member);
    expect(centre.bankHolderName).toBe('D*** M*****');
    expect(centre.bankAccounts.map((a: { holderName: string }) => a.holderName)).toEqual(['D*** M*****', 'D*** M*****']);
    const overview = await ok('GET', WITHDRAW_PATHS.withdraw, member);
    expect(JSON.stringify(overview)).not.toContain('Demo Member');
    expect(JSON.stringify(centre)).not.toContain('Demo Member');
    // The platform keeps the full name.
    expect((await memberRow('demo_member')).bank_holder_name).toBe('Demo Member');
  });

  it('a new payout account waits the cooling-off before its first withdrawal, naming how long', async () => {
    const { id } = (await ok('GET', WITHDRAW_PATHS.security, member)).bankAccounts[0];
    const send = async (key: string) =>
      call('POST', WITHDRAW_PATHS.withdraw, await loginToken(ctx.app, 'demo_member', 'Demo1234'), {
        bankAccountId: id,
        amountMinor: 100_000,
        withdrawPassword: 'Money5678',
        idempotencyKey: key,
      });
    const before = await rowCounts(ctx.db, ['withdrawals', 'ledger_transactions']);
    const early = (await send('cool-key-0001')).json();
    expect(early).toMatchObject({ success: false, message: 'bank_account_cooling' });
    expect(early.value.fieldErrors.bankAccountId).toEqual({ key: 'bank_account_cooling', params: { hours: 24, minutes: 0 } });
    now += 23 * 3_600_000 + 30 * 60_000;
    expect((await send('cool-key-0002')).json().value.fieldErrors.bankAccountId.params).toEqual({ hours: 0, minutes: 30 });
    expect(await rowCounts(ctx.db, ['withdrawals', 'ledger_transactions'])).toEqual(before);
    now += 30 * 60_000;
    expect((await send('cool-key-0003')).json().success).toBe(true);
  });

  it('the cooling-off is an operator money setting (0: none)', async () => {
    const finance = (await call('POST', WPS_PATHS.operatorLogin, null, { username: 'demo_finance', password: 'Finance1234' })).json().value.token as string;
    const set = await ctx.app.inject({
      method: 'PUT',
      url: DEPOSIT_PATHS.operatorMoneySettings,
      headers: { authorization: finance },
      payload: { payoutCoolingMinutes: 0 },
    });
    expect(set.json().value.payoutCoolingMinutes).toBe(0);
    const down = await stepUpToken(ctx.app, await loginToken(ctx.app, 'demo_down3', 'Down1234'), 'Down1234');
    await ok('POST', WITHDRAW_PATHS.withdrawPassword, down, { newPassword: 'Money5678', confirmNewPassword: 'Money5678' });
    await ctx.db.updateTable('members').set({ bank_holder_name: 'Down Three' }).where('username', '=', 'demo_down3').execute();
    const bank = await ok('POST', WITHDRAW_PATHS.bankAccount, down, { bankName: 'City', accountNumber: '33334444' });
    const res = (
      await call('POST', WITHDRAW_PATHS.withdraw, down, {
        bankAccountId: bank.id,
        amountMinor: 100_000,
        withdrawPassword: 'Money5678',
        idempotencyKey: 'cool-zero-01',
      })
    ).json();
    expect(res.message).not.toBe('bank_account_cooling');
    await ctx.db.updateTable('merchants').set({ payout_cooling_minutes: 1440 }).execute();
  });

  it('a change is told through the contacts bound before it: a message, an SMS to the old mobile, an email to the old address', async () => {
    const down = await stepUpToken(ctx.app, await loginToken(ctx.app, 'demo_down1', 'Down1234'), 'Down1234');
    await ctx.db
      .updateTable('members')
      .set({ country_dialing_code: '+880', mobile_num: '1722000011', email: 'old.down@example.test' })
      .where('username', '=', 'demo_down1')
      .execute();
    const { id } = await memberRow('demo_down1');
    now += 5_000;
    await ok('POST', CONTACT_PATHS.bindCode, down, { channel: 'email', email: 'new.down@example.test' });
    const code = await lastSmsCode(ctx.messages, 'new.down@example.test', 'email');
    await ok('POST', CONTACT_PATHS.bind, down, { channel: 'email', email: 'new.down@example.test', code });
    const sms = await lastMessage(ctx.messages, 'sms', '+8801722000011');
    const email = await lastMessage(ctx.messages, 'email', 'old.down@example.test');
    for (const m of [sms, email]) {
      expect(m?.body).toContain('the email address was changed');
      expect(m?.body).toMatch(/[\u0980-\u09FF]/);
      expect(m?.body).not.toContain('new.down');
      expect(m?.body).not.toContain(code);
    }
    const notice = await ctx.db
      .selectFrom('member_messages')
      .select(['title', 'body'])
      .where('member_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(notice.body).toContain('the email address was changed');
  });
});
