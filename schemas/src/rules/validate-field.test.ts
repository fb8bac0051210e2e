import { describe, expect, it } from 'vitest';
import type { TFormField } from '../screen/screen-config.ts';
import {
  acceptedPatternRegex,
  buildRegistrationSchema,
  firstFieldErrors,
  registrationRuleOf,
  ruleMessage,
  smsCodeRequired,
  validateCharacters,
  validateConfirmation,
  validateField,
  type TFieldRule,
} from './validate-field.ts';

const rule = (patternId: TFieldRule['patternId'], minLength: number, maxLength: number, acceptedPattern = '*'): TFieldRule => ({
  patternId,
  minLength,
  maxLength,
  acceptedPattern,
});
const username = rule('LETTER_FIRST_ALNUM', 6, 16, '^[A-Za-z][A-Za-z0-9]{5,15}$');
const password = rule('DIGITS_WITH_LETTERS', 6, 20);

describe('validateField (SPEC §5)', () => {
  it.each<[string, string, TFieldRule | null, boolean, ReturnType<typeof validateField>]>([
    ['accepts a good username', 'player01', username, true, null],
    ['trims before checking', '  player01  ', username, true, null],
    ['required and empty gets the pattern message', '', username, true, { key: 'pattern.LETTER_FIRST_ALNUM', params: { min: 6, max: 16 } }],
    ['whitespace only counts as empty', '   ', username, true, { key: 'pattern.LETTER_FIRST_ALNUM', params: { min: 6, max: 16 } }],
    ['optional and empty is fine', '', username, false, null],
    ['required without a rule says not_empty', '', null, true, { key: 'not_empty', params: {} }],
    ['no rule accepts any text', 'x', null, true, null],
    ['no rule still bounds the length', 'x'.repeat(201), null, false, { key: 'too_long', params: { max: 200 } }],
    ['too short', 'ab1', username, true, { key: 'pattern.LETTER_FIRST_ALNUM', params: { min: 6, max: 16 } }],
    ['too long', 'a'.repeat(17), username, true, { key: 'pattern.LETTER_FIRST_ALNUM', params: { min: 6, max: 16 } }],
    ['kind mismatch', '1player', rule('LETTER_FIRST_ALNUM', 1, 20), true, { key: 'pattern.LETTER_FIRST_ALNUM', params: { min: 1, max: 20 } }],
    [
      'accepted pattern mismatch although the kind matches',
      'abcdefg',
      rule('LENGTH_ONLY', 1, 20, '[a-c]+'),
      true,
      { key: 'pattern.LENGTH_ONLY', params: { min: 1, max: 20 } },
    ],
    [
      'accepted pattern must match the whole value',
      'abcx',
      rule('LENGTH_ONLY', 1, 20, '[a-c]+'),
      true,
      { key: 'pattern.LENGTH_ONLY', params: { min: 1, max: 20 } },
    ],
    ['star pattern matches anything', 'any thing!', rule('LENGTH_ONLY', 1, 20, '*'), true, null],
    ['invalid regex acts as star', 'abc', rule('LENGTH_ONLY', 1, 20, '(['), true, null],
    ['invalid regex still checks the kind', 'a b', rule('NO_SPACES', 1, 20, '(['), true, { key: 'pattern.NO_SPACES', params: { min: 1, max: 20 } }],
    ['min equals max gives one length', '12345', rule('DIGITS_ONLY', 6, 6), true, { key: 'pattern.DIGITS_ONLY.exact', params: { length: 6 } }],
    ['min equals max accepts that length', '123456', rule('DIGITS_ONLY', 6, 6), true, null],
    ['Thai length counts letters', 'สมชาย', rule('THAI_ONLY', 5, 5), true, null],
    ['Korean name', '홍길동', rule('KOREAN_ONLY', 2, 10, '[\\uAC00-\\uD7A3]+'), true, null],
    ['Korean refuses Latin', 'hong', rule('KOREAN_ONLY', 2, 10), true, { key: 'pattern.KOREAN_ONLY', params: { min: 2, max: 10 } }],
    ['leap day accepted', '2024-02-29', rule('DATE_YMD', 10, 10), true, null],
    ['non-leap day refused with one length', '2023-02-29', rule('DATE_YMD', 10, 10), true, { key: 'pattern.DATE_YMD.exact', params: { length: 10 } }],
    ['MDY leap day', '02-29-2024', rule('DATE_MDY', 10, 10), true, null],
    ['email', 'a@b.co', rule('EMAIL', 3, 50), true, null],
    ['password needs digits and letters', 'abcdefgh', password, true, { key: 'pattern.DIGITS_WITH_LETTERS', params: { min: 6, max: 20 } }],
    ['uppercase rule', 'Abc123', rule('ALNUM_WITH_UPPER', 6, 20), true, null],
    [
      'huge values are refused without scanning',
      'a'.repeat(100_000),
      rule('LENGTH_ONLY', 1, 20, '(a+)+$'),
      true,
      { key: 'pattern.LENGTH_ONLY', params: { min: 1, max: 20 } },
    ],
  ])('%s', (_name, value, fieldRule, required, expected) => {
    expect(validateField(value, fieldRule, { required })).toEqual(expected);
  });

  it('builds messages by patternId', () => {
    expect(ruleMessage(rule('EMAIL', 3, 40))).toEqual({ key: 'pattern.EMAIL', params: { min: 3, max: 40 } });
    expect(ruleMessage(rule('DIGITS_ONLY', 4, 4))).toEqual({ key: 'pattern.DIGITS_ONLY.exact', params: { length: 4 } });
  });

  it('compiles accepted patterns once and treats * and empty as anything', () => {
    expect(acceptedPatternRegex('*')).toBeNull();
    expect(acceptedPatternRegex('')).toBeNull();
    expect(acceptedPatternRegex('(')).toBeNull();
    expect(acceptedPatternRegex('\\d+')).toBe(acceptedPatternRegex('\\d+'));
  });

  it('confirmation mismatch says inconsistent_twice', () => {
    expect(validateConfirmation('abc123', 'abc123')).toBeNull();
    expect(validateConfirmation(' abc123 ', 'abc123')).toBeNull();
    expect(validateConfirmation('abc124', 'abc123')).toEqual({ key: 'inconsistent_twice', params: {} });
  });

  it('refuses control characters and markup in names', () => {
    expect(validateCharacters('John Smith', { allowMarkup: false })).toBeNull();
    expect(validateCharacters('<script>', { allowMarkup: false })).toEqual({ key: 'invalid_characters', params: {} });
    expect(validateCharacters('a\u0000b', { allowMarkup: true })).toEqual({ key: 'invalid_characters', params: {} });
    expect(validateCharacters('a\u202Eb', { allowMarkup: false })).toEqual({ key: 'invalid_characters', params: {} });
    expect(validateCharacters('p<a>ss', { allowMarkup: true })).toBeNull();
  });
});

describe('buildRegistrationSchema (SPEC §5)', () => {
  const fields: TFormField[] = [
    { field: 'username', required: true, rule: username },
    { field: 'password', required: true, rule: password },
    { field: 'confirmPassword', required: true, rule: null },
    { field: 'payeeName', required: false, rule: rule('ENGLISH_LETTERS_SPACES', 2, 40) },
    { field: 'email', required: false, rule: null },
    { field: 'mobileNum', required: false, rule: rule('DIGITS_ONLY', 10, 11) },
    { field: 'affiliateCode', required: false, rule: null },
  ];
  const good = {
    username: ' player01 ',
    password: 'abc123',
    confirmPassword: 'abc123',
    termsAccepted: true,
    ageConfirmed: true,
  };
  const errorsOf = (schema: ReturnType<typeof buildRegistrationSchema>, values: unknown) => {
    const result = schema.safeParse(values);
    return result.success ? {} : firstFieldErrors(result.error);
  };

  it('accepts a complete username registration and trims values', () => {
    const schema = buildRegistrationSchema(fields, 'username', { smsVerification: false });
    const result = schema.safeParse({ ...good, payeeName: ' John Smith ', unknownField: 'dropped' });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      username: 'player01',
      password: 'abc123',
      confirmPassword: 'abc123',
      payeeName: 'John Smith',
      termsAccepted: true,
      ageConfirmed: true,
    });
  });

  it('reports the first error of every field at once', () => {
    const schema = buildRegistrationSchema(fields, 'username', { smsVerification: false, minAge: 21 });
    expect(errorsOf(schema, { username: '1x', password: 'abcdef', confirmPassword: 'abcdeg' })).toEqual({
      username: { key: 'pattern.LETTER_FIRST_ALNUM', params: { min: 6, max: 16 } },
      password: { key: 'pattern.DIGITS_WITH_LETTERS', params: { min: 6, max: 20 } },
      confirmPassword: { key: 'pattern.DIGITS_WITH_LETTERS', params: { min: 6, max: 20 } },
      termsAccepted: { key: 'not_empty', params: {} },
      ageConfirmed: { key: 'age_not_confirmed', params: { min: 21 } },
    });
  });

  it('never asks for an SMS code without SMS verification, even when the field is stored as required', () => {
    const withCode: TFormField[] = [...fields, { field: 'verificationCode', required: true, rule: null }];
    const off = buildRegistrationSchema(withCode, 'username', { smsVerification: false });
    const parsed = off.safeParse({ ...good, verificationCode: '123456' });
    expect(parsed.success).toBe(true);
    expect(parsed.data).not.toHaveProperty('verificationCode');
    const on = buildRegistrationSchema(withCode, 'username', { smsVerification: true });
    expect(errorsOf(on, { ...good, mobileNum: '1711000001' })).toHaveProperty('verificationCode');
  });

  it('says inconsistent_twice when the confirmation differs', () => {
    const schema = buildRegistrationSchema(fields, 'username', { smsVerification: false });
    expect(errorsOf(schema, { ...good, confirmPassword: 'abc124' })).toEqual({ confirmPassword: { key: 'inconsistent_twice', params: {} } });
  });

  it('an empty confirmation gets the password rule message', () => {
    const schema = buildRegistrationSchema(fields, 'username', { smsVerification: false });
    expect(errorsOf(schema, { ...good, confirmPassword: '' })).toEqual({
      confirmPassword: { key: 'pattern.DIGITS_WITH_LETTERS', params: { min: 6, max: 20 } },
    });
  });

  it('requires the mobile number and its SMS code in mobile mode, with or without REGMOBVERF3, but not the username', () => {
    for (const smsVerification of [false, true]) {
      const schema = buildRegistrationSchema(fields, 'mobile', { smsVerification });
      const { username: _omit, ...mobileGood } = good;
      expect(errorsOf(schema, mobileGood)).toEqual({
        mobileNum: { key: 'pattern.DIGITS_ONLY', params: { min: 10, max: 11 } },
        verificationCode: { key: 'pattern.DIGITS_ONLY', params: { min: 4, max: 8 } },
      });
      expect(errorsOf(schema, { ...mobileGood, mobileNum: '01712345678', verificationCode: '123456' })).toEqual({});
    }
    expect(smsCodeRequired('mobile', false)).toBe(true);
    expect(smsCodeRequired('username', false)).toBe(false);
    expect(smsCodeRequired('username', true)).toBe(true);
  });

  it('gives each field the rule it is checked with, for the hints shown before any submit', () => {
    expect(registrationRuleOf(fields, 'password')).toEqual(fields.find((f) => f.field === 'password')?.rule);
    expect(registrationRuleOf(fields, 'confirmPassword')).toEqual(fields.find((f) => f.field === 'password')?.rule);
    expect(registrationRuleOf([], 'verificationCode')).toMatchObject({ patternId: 'DIGITS_ONLY', minLength: 4, maxLength: 8 });
    expect(registrationRuleOf([], 'affiliateCode')).toBeNull();
  });

  it('requires the SMS code (and so the number) when SMS verification is on', () => {
    const schema = buildRegistrationSchema(fields, 'username', { smsVerification: true });
    expect(errorsOf(schema, good)).toEqual({
      mobileNum: { key: 'pattern.DIGITS_ONLY', params: { min: 10, max: 11 } },
      verificationCode: { key: 'pattern.DIGITS_ONLY', params: { min: 4, max: 8 } },
    });
    expect(errorsOf(schema, { ...good, mobileNum: '01712345678', verificationCode: '123456' })).toEqual({});
  });

  it('checks optional fields only when filled, with default rules for known formats', () => {
    const schema = buildRegistrationSchema(fields, 'username', { smsVerification: false });
    expect(errorsOf(schema, { ...good, email: 'not-an-email' })).toEqual({ email: { key: 'pattern.EMAIL', params: { min: 3, max: 254 } } });
    expect(errorsOf(schema, { ...good, email: '', payeeName: '' })).toEqual({});
  });

  it('refuses scripts and control characters in names but not in passwords', () => {
    const schema = buildRegistrationSchema(fields, 'username', { smsVerification: false });
    expect(errorsOf(schema, { ...good, payeeName: '<script>alert(1)</script>' })).toEqual({ payeeName: { key: 'invalid_characters', params: {} } });
    expect(errorsOf(schema, { ...good, affiliateCode: 'ab\u0007c' })).toEqual({ affiliateCode: { key: 'invalid_characters', params: {} } });
    const withMarkupPassword = buildRegistrationSchema([{ field: 'password', required: true, rule: rule('NO_SPACES', 6, 20) }], 'mobile', {
      smsVerification: false,
    });
    expect(
      errorsOf(withMarkupPassword, {
        password: 'p<a>ss1',
        confirmPassword: 'p<a>ss1',
        mobileNum: '01712345678',
        verificationCode: '123456',
        termsAccepted: true,
        ageConfirmed: true,
      }),
    ).toEqual({});
  });

  it('answers wrong types with a clear key instead of throwing', () => {
    const schema = buildRegistrationSchema(fields, 'username', { smsVerification: false });
    expect(errorsOf(schema, { ...good, username: 42, termsAccepted: 'yes' })).toEqual({
      username: { key: 'error_bad_request', params: {} },
      termsAccepted: { key: 'not_empty', params: {} },
    });
    expect(errorsOf(schema, 'not an object')).toHaveProperty('_form');
  });
});
