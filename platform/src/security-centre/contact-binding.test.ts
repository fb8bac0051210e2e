import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_PATHS, WITHDRAW_PATHS } from '@wl/schemas';
import { DEMO_MEMBER_CONTACT } from '../seed/seed.ts';
import { rowCounts, usePlatform } from '../test-support/db.ts';
import { loginToken, steppedUpToken } from '../test-support/http.ts';
import { lastSmsCode } from '../test-support/outbox.ts';
import { demoMemberRow } from '../test-support/demo-merchant.ts';

// docs/0033: bind a mobile number and an email address with codes through the outbox.
let now = Date.parse('2026-11-25T10:00:00Z');
const ctx = usePlatform({ clock: () => new Date(now) });

let member: string;
let down: string;
let trial: string;

const post = (url: string, token: string | null, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, ...(token ? { headers: { authorization: token } } : {}), payload: payload as object });
const ok = async (url: string, token: string, payload: unknown) => {
  const res = await post(url, token, payload);
  const json = res.json();
  if (!json.success) throw new Error(`${url}: ${res.statusCode} ${JSON.stringify(json)}`);
  return json.value;
};
const centre = async (token: string) => (await ctx.app.inject({ method: 'GET', url: WITHDRAW_PATHS.security, headers: { authorization: token } })).json().value;
const contactCounts = () => rowCounts(ctx.db, ['outbox', 'member_audit']);
const contacts = (username: string) => demoMemberRow(ctx.db, username).select(['country_dialing_code', 'mobile_num', 'email']).executeTakeFirstOrThrow();

beforeAll(async () => {
  // Binding needs a fresh step-up (docs/0068; step-up.test covers the refusal).
  member = await steppedUpToken(ctx.app, 'demo_member', 'Demo1234');
  down = await steppedUpToken(ctx.app, 'demo_down1', 'Down1234');
  trial = await loginToken(ctx.app, 'demo_trial', 'Trial1234');
});
// Past the one-send-a-second throttle of an address.
beforeEach(() => {
  now += 5_000;
});

describe('binding a mobile number and an email address', () => {
  it('first binding needs the code (and a step-up); masked in the centre, audited', async () => {
    await ctx.db.updateTable('members').set({ mobile_num: null, country_dialing_code: null, email: null }).where('username', '=', 'demo_down1').execute();
    const sent = await ok(CONTACT_PATHS.bindCode, down, { channel: 'mobile', countryDialingCode: '+880', mobileNum: '1722000099' });
    expect(sent.expiredMinutes).toBeGreaterThan(0);
    const code = await lastSmsCode(ctx.messages, '+8801722000099');
    expect(await ok(CONTACT_PATHS.bind, down, { channel: 'mobile', countryDialingCode: '+880', mobileNum: '1722000099', code })).toEqual({
      channel: 'mobile',
      masked: '+880 17*****099',
    });

    await ok(CONTACT_PATHS.bindCode, down, { channel: 'email', email: 'Down.One@example.test' });
    const emailCode = await lastSmsCode(ctx.messages, 'Down.One@example.test', 'email');
    expect(await ok(CONTACT_PATHS.bind, down, { channel: 'email', email: 'Down.One@example.test', code: emailCode })).toEqual({
      channel: 'email',
      masked: 'Do***@example.test',
    });

    expect(await contacts('demo_down1')).toEqual({ country_dialing_code: '+880', mobile_num: '1722000099', email: 'Down.One@example.test' });
    const c = await centre(down);
    expect({ mobile: c.maskedMobile, email: c.maskedEmail }).toEqual({ mobile: '+880 17*****099', email: 'Do***@example.test' });
    expect(c.recentChanges.slice(0, 2)).toMatchObject([
      { action: 'email.bound', detail: 'Do***@example.test' },
      { action: 'mobile.bound', detail: '+880 17*****099' },
    ]);
    // The code is used up: a second bind with it is refused.
    const again = await post(CONTACT_PATHS.bind, down, { channel: 'email', email: 'down.two@example.test', code: emailCode, password: 'Down1234' });
    expect(again.json().message).toBe('verification_code_invalid');
  });

  it('replacing a bound address needs the login password; a wrong one leaves the code usable', async () => {
    await ok(CONTACT_PATHS.bindCode, member, { channel: 'email', email: 'member.new@example.test' });
    const code = await lastSmsCode(ctx.messages, 'member.new@example.test', 'email');
    const body = { channel: 'email', email: 'member.new@example.test', code };
    // A session that has not stepped up (docs/0068): the password in the form is its proof.
    const plain = await loginToken(ctx.app, 'demo_member', 'Demo1234');
    const noPassword = (await post(CONTACT_PATHS.bind, plain, body)).json();
    expect(noPassword.value.fieldErrors.password.key).toBe('bind_password_required');
    const wrong = (await post(CONTACT_PATHS.bind, plain, { ...body, password: 'Wrong0000' })).json();
    expect(wrong.value.fieldErrors.password.key).toBe('bind_password_wrong');
    expect((await contacts('demo_member')).email).toBe(DEMO_MEMBER_CONTACT.email);
    expect(await ok(CONTACT_PATHS.bind, plain, { ...body, password: 'Demo1234' })).toEqual({ channel: 'email', masked: 'me***@example.test' });
    expect((await centre(member)).recentChanges[0]).toMatchObject({ action: 'email.changed' });
  });

  it('wrong login passwords lock like wrong logins, counted before judged (50 in parallel)', async () => {
    await ctx.db.updateTable('merchants').set({ lock_after_failures: 3 }).execute();
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          post(CONTACT_PATHS.bind, member, { channel: 'email', email: 'third@example.test', code: '123456', password: 'Wrong0000' }),
        ),
      );
      const messages = answers.map((a) => a.json().message);
      expect(messages.filter((m) => m === 'bind_password_wrong').length).toBeLessThanOrEqual(2);
      expect(messages.filter((m) => m === 'error_account_locked').length).toBeGreaterThanOrEqual(48);
    } finally {
      await ctx.db.deleteFrom('login_throttle').where('username_key', 'like', 'account-password:%').execute();
      await ctx.db.updateTable('merchants').set({ lock_after_failures: 5 }).execute();
    }
  });

  it('a code fits only the member who asked for it and only its address', async () => {
    await ctx.db.updateTable('members').set({ email: null }).where('username', '=', 'demo_down1').execute();
    // demo_member asks for a code to an address; demo_down1 cannot bind that address with it.
    await ok(CONTACT_PATHS.bindCode, member, { channel: 'email', email: 'shared@example.test' });
    const code = await lastSmsCode(ctx.messages, 'shared@example.test', 'email');
    const other = await post(CONTACT_PATHS.bind, down, { channel: 'email', email: 'shared@example.test', code });
    expect(other.json().message).toBe('verification_code_invalid');
    // Nor does it bind another address.
    const elsewhere = await post(CONTACT_PATHS.bind, member, { channel: 'email', email: 'elsewhere@example.test', code, password: 'Demo1234' });
    expect(elsewhere.json().message).toBe('verification_code_invalid');
    expect((await contacts('demo_down1')).email).toBeNull();
  });

  it('50 parallel guesses of a code: at most 5 are judged, then it is void', async () => {
    await ctx.db.updateTable('members').set({ mobile_num: null, country_dialing_code: null }).where('username', '=', 'demo_down1').execute();
    await ok(CONTACT_PATHS.bindCode, down, { channel: 'mobile', countryDialingCode: '+880', mobileNum: '1733000077' });
    const code = await lastSmsCode(ctx.messages, '+8801733000077');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(CONTACT_PATHS.bind, down, { channel: 'mobile', countryDialingCode: '+880', mobileNum: '1733000077', code: wrongCode }),
      ),
    );
    expect(guesses.every((g) => g.json().message === 'verification_code_invalid')).toBe(true);
    const right = await post(CONTACT_PATHS.bind, down, { channel: 'mobile', countryDialingCode: '+880', mobileNum: '1733000077', code });
    expect(right.json().message).toBe('verification_code_invalid');
    expect((await contacts('demo_down1')).mobile_num).toBeNull();
    await ctx.db.updateTable('members').set({ mobile_num: '1722000099', country_dialing_code: '+880' }).where('username', '=', 'demo_down1').execute();
  });

  it('hostile input: taken, unchanged, malformed, NUL, 1 MB, no session, trial: refused, nothing sent or changed', async () => {
    const before = await contactCounts();
    const refused = async (token: string | null, url: string, payload: unknown) => (await post(url, token, payload)).json();
    // Another member's number: refused before any SMS goes out.
    const taken = await refused(down, CONTACT_PATHS.bindCode, { channel: 'mobile', countryDialingCode: '+880', mobileNum: DEMO_MEMBER_CONTACT.mobileNum });
    expect(taken.value.fieldErrors.mobileNum.key).toBe('mobile_taken');
    const same = await refused(down, CONTACT_PATHS.bindCode, { channel: 'mobile', countryDialingCode: '+880', mobileNum: '1722000099' });
    expect(same.value.fieldErrors.mobileNum.key).toBe('contact_unchanged');
    expect((await refused(down, CONTACT_PATHS.bindCode, { channel: 'mobile', countryDialingCode: '+880', mobileNum: '12ab' })).message).toBe(
      'phone_invalid_format',
    );
    expect((await refused(down, CONTACT_PATHS.bindCode, { channel: 'mobile', countryDialingCode: '+999', mobileNum: '1722000098' })).message).toBe(
      'phone_invalid_format',
    );
    expect((await refused(down, CONTACT_PATHS.bindCode, { channel: 'email', email: 'no-at-sign' })).value.fieldErrors.email.key).toBe('email_invalid');
    expect((await refused(down, CONTACT_PATHS.bindCode, { channel: 'email', email: '  ' })).value.fieldErrors.email.key).toBe('email_enter_valid');
    expect((await refused(down, CONTACT_PATHS.bindCode, { channel: 'email', email: 'a\u0000@example.test' })).success).toBe(false);
    expect((await refused(down, CONTACT_PATHS.bindCode, { channel: 'email', email: `${'a'.repeat(1_000_000)}@example.test` })).success).toBe(false);
    expect((await refused(down, CONTACT_PATHS.bindCode, { channel: 'fax', number: '1' })).success).toBe(false);
    expect((await refused(down, CONTACT_PATHS.bind, { channel: 'email', email: 'x@example.test', code: '1\u00002' })).success).toBe(false);
    for (const url of [CONTACT_PATHS.bindCode, CONTACT_PATHS.bind]) {
      const payload = { channel: 'email', email: 'trial@example.test', code: '123456' };
      expect((await post(url, null, payload)).statusCode).toBe(401);
      expect((await refused(trial, url, payload)).message).toBe('in_need_true_account');
    }
    expect(await contactCounts()).toEqual(before);
  });
});
