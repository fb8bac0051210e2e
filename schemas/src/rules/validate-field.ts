import { z } from 'zod';
import { MAX_TEXT_LENGTH, MIN_AGE } from '../constants.ts';
import type { TRegistrationField, TValidationRule } from '../domain/merchant.ts';
import type { TFormField } from '../screen/screen-config.ts';
import { matchesPatternKind } from './patterns.ts';

/** A field message: a translation key and the numbers it fills in (docs/rules/accounts.md#a-11). */
export type TFieldError = { key: string; params: { min?: number; max?: number; length?: number } };

/** The rule part validateField needs (a server rule or a form field's rule). */
export type TFieldRule = Pick<TValidationRule, 'acceptedPattern' | 'minLength' | 'maxLength' | 'patternId'>;

/** Message keys of the shared validators; the web translates them in EN and BN. */
export const RULE_MESSAGES = {
  notEmpty: 'not_empty',
  inconsistentTwice: 'inconsistent_twice',
  tooLong: 'too_long',
  invalidCharacters: 'invalid_characters',
  ageNotConfirmed: 'age_not_confirmed',
  invalidPhone: 'invalid_phone_format',
  badRequest: 'error_bad_request',
} as const;

// C0 and C1 control characters, and the bidi overrides that can disguise a name.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const MARKUP = /[<>]/;

const patternCache = new Map<string, RegExp | null>();

/**
 * The server's acceptedPattern as a whole-value regex. '*' and '' match anything. A pattern that is
 * not a valid JavaScript regex is treated as '*': the patternId kind and the length still apply, so
 * the value is never unchecked, and a merchant's typo does not lock everyone out of registering.
 */
export function acceptedPatternRegex(pattern: string): RegExp | null {
  if (pattern === '*' || pattern === '') return null;
  if (!patternCache.has(pattern)) {
    let regex: RegExp | null;
    try {
      regex = new RegExp(`^(?:${pattern})$`, 'u');
    } catch {
      try {
        regex = new RegExp(`^(?:${pattern})$`);
      } catch {
        regex = null;
      }
    }
    patternCache.set(pattern, regex);
  }
  return patternCache.get(pattern) ?? null;
}

/** docs/rules/accounts.md#a-11: the message of a rule, keyed by patternId, with min and max, or one length when equal. */
export function ruleMessage(rule: TFieldRule): TFieldError {
  if (rule.minLength === rule.maxLength) return { key: `pattern.${rule.patternId}.exact`, params: { length: rule.minLength } };
  return { key: `pattern.${rule.patternId}`, params: { min: rule.minLength, max: rule.maxLength } };
}

/**
 * Checks one value against a server rule (docs/rules/accounts.md#a-11): it must match acceptedPattern ('*' matches
 * anything), have the shape of its patternId kind, and have between minLength and maxLength
 * characters (code points, so Thai and Korean count per letter). The value is trimmed first. An
 * empty required value gets the rule's own message; without a rule it gets `not_empty`.
 */
export function validateField(value: string, rule: TFieldRule | null, opts: { required: boolean }): TFieldError | null {
  // Far too long to be any field: refuse before trimming or scanning it.
  if (value.length > 4 * MAX_TEXT_LENGTH) return rule === null ? { key: RULE_MESSAGES.tooLong, params: { max: MAX_TEXT_LENGTH } } : ruleMessage(rule);
  const trimmed = value.trim();
  if (trimmed === '') {
    if (!opts.required) return null;
    return rule === null ? { key: RULE_MESSAGES.notEmpty, params: {} } : ruleMessage(rule);
  }
  const length = [...trimmed].length;
  if (rule === null) return length > MAX_TEXT_LENGTH ? { key: RULE_MESSAGES.tooLong, params: { max: MAX_TEXT_LENGTH } } : null;
  // Length first: it bounds the work any server regex does on the value.
  if (length < rule.minLength || length > rule.maxLength || length > MAX_TEXT_LENGTH) return ruleMessage(rule);
  if (!matchesPatternKind(rule.patternId, trimmed)) return ruleMessage(rule);
  const regex = acceptedPatternRegex(rule.acceptedPattern);
  if (regex !== null && !regex.test(trimmed)) return ruleMessage(rule);
  return null;
}

/** docs/rules/accounts.md#a-11: a confirmation must equal the original; mismatch says 'inconsistent twice'. */
export function validateConfirmation(confirmation: string, original: string): TFieldError | null {
  return confirmation.trim() === original.trim() ? null : { key: RULE_MESSAGES.inconsistentTwice, params: {} };
}

/** Refuses control characters everywhere and '<' '>' in names and other display text. */
export function validateCharacters(value: string, opts: { allowMarkup: boolean }): TFieldError | null {
  if (CONTROL.test(value) || (!opts.allowMarkup && MARKUP.test(value))) return { key: RULE_MESSAGES.invalidCharacters, params: {} };
  return null;
}

/** Secret fields: '<' and '>' are fine in a password, they are never displayed. */
const SECRET_FIELDS: ReadonlySet<TRegistrationField> = new Set(['password', 'confirmPassword', 'paymentPassword']);

/** Rules used when the server sends none for a field whose format is known. */
const DEFAULT_RULES: Partial<Record<TRegistrationField, TFieldRule>> = {
  email: { acceptedPattern: '*', minLength: 3, maxLength: 254, patternId: 'EMAIL' },
  mobileNum: { acceptedPattern: '*', minLength: 6, maxLength: 15, patternId: 'DIGITS_ONLY' },
  verificationCode: { acceptedPattern: '*', minLength: 4, maxLength: 8, patternId: 'DIGITS_ONLY' },
};

export type TRegistrationMode = 'username' | 'mobile';

export type TRegistrationSchemaOptions = {
  /** REGMOBVERF3: the username tab asks for the mobile number's SMS code too (the mobile tab always does). */
  smsVerification: boolean;
  /** Minimum age the member confirms (docs/rules/accounts.md#a-19, default 18). */
  minAge?: number;
};

/** Values of the registration form after validation: trimmed strings, terms and age confirmed. */
export type TRegistrationValues = Partial<Record<TRegistrationField, string>> & {
  termsAccepted: true;
  ageConfirmed: true;
};

/**
 * Whether a registration on this tab needs the mobile number's SMS code (docs/rules/accounts.md#a-16, docs/0053): always
 * on the mobile tab, where the number is the account, and on the username tab only with REGMOBVERF3,
 * as the upstream's own client decides (`smsEnabled = registerMobile || REGMOBVERF3`). The code was
 * sent behind a human check, so a registration with it needs no second one.
 */
export function smsCodeRequired(mode: TRegistrationMode, smsVerification: boolean): boolean {
  return mode === 'mobile' || smsVerification;
}

/**
 * The rule a registration field is checked with (and shown by before any submit): the server's,
 * else the default of a known format; the confirmation takes the password's.
 */
export function registrationRuleOf(fields: readonly TFormField[], field: TRegistrationField): TFieldRule | null {
  const own = fields.find((f) => f.field === field)?.rule ?? null;
  if (own !== null) return own;
  if (field === 'confirmPassword') return fields.find((f) => f.field === 'password')?.rule ?? null;
  return DEFAULT_RULES[field] ?? null;
}

/**
 * The registration schema of docs/rules/accounts.md#a-11, built from the form fields the server enabled. The same
 * schema runs in the browser and on the server. Issues carry the message key in `message` and its
 * numbers in `params`; read them with firstFieldErrors.
 *
 * Always required: password and its confirmation; username in username mode (optional in mobile
 * mode); mobileNum and its SMS code where smsCodeRequired says so; terms and age. Other fields follow the server's required flag and are checked when filled.
 */
export function buildRegistrationSchema(
  fields: readonly TFormField[],
  mode: TRegistrationMode,
  opts: TRegistrationSchemaOptions,
): z.ZodType<TRegistrationValues> {
  const byField = new Map<TRegistrationField, { required: boolean; rule: TFieldRule | null }>();
  for (const field of fields) byField.set(field.field, { required: field.required, rule: field.rule });
  const force = (field: TRegistrationField) => byField.set(field, { required: true, rule: byField.get(field)?.rule ?? null });
  force('password');
  force('confirmPassword');
  if (mode === 'username') force('username');
  // The mobile tab registers by number: a username, if the form sends one, is checked but optional.
  const usernameSetting = byField.get('username');
  if (mode === 'mobile' && usernameSetting !== undefined) byField.set('username', { ...usernameSetting, required: false });
  const smsCode = smsCodeRequired(mode, opts.smsVerification);
  if (smsCode) {
    force('mobileNum');
    force('verificationCode');
  } else {
    // Without SMS verification there is no code to send, whatever the field's stored flag says (docs/rules/accounts.md#a-16).
    byField.delete('verificationCode');
  }

  const minAge = opts.minAge ?? MIN_AGE;
  // Every key is checked in one refinement so that all fields report at once, wrong types included.
  const shape: Record<string, z.ZodType> = { termsAccepted: z.unknown().optional(), ageConfirmed: z.unknown().optional() };
  for (const field of byField.keys()) shape[field] = z.unknown().optional();

  return z
    .object(shape)
    .superRefine((values, ctx) => {
      const issue = (path: string, error: TFieldError) => ctx.addIssue({ code: 'custom', path: [path], message: error.key, params: error.params });
      if (values.termsAccepted !== true) issue('termsAccepted', { key: RULE_MESSAGES.notEmpty, params: {} });
      if (values.ageConfirmed !== true) issue('ageConfirmed', { key: RULE_MESSAGES.ageNotConfirmed, params: { min: minAge } });
      for (const [field, setting] of byField) {
        const raw = values[field];
        if (raw !== undefined && raw !== null && typeof raw !== 'string') {
          issue(field, { key: RULE_MESSAGES.badRequest, params: {} });
          continue;
        }
        const value = raw ?? '';
        const rule = setting.rule ?? (field === 'confirmPassword' ? (byField.get('password')?.rule ?? null) : (DEFAULT_RULES[field] ?? null));
        const error =
          validateCharacters(value, { allowMarkup: SECRET_FIELDS.has(field) }) ??
          validateField(value, rule, { required: setting.required }) ??
          (field === 'confirmPassword' ? validateConfirmation(value, typeof values.password === 'string' ? values.password : '') : null);
        if (error !== null) issue(field, error);
      }
    })
    .transform((values) => {
      const out: Record<string, unknown> = { termsAccepted: true, ageConfirmed: true };
      for (const field of byField.keys()) {
        const value = values[field];
        if (typeof value === 'string' && value.trim() !== '') out[field] = value.trim();
      }
      return out as TRegistrationValues;
    }) as unknown as z.ZodType<TRegistrationValues>;
}

/** docs/rules/README.md#messages: the first error of each field, as message key and params. */
export function firstFieldErrors(error: z.ZodError): Record<string, TFieldError> {
  const out: Record<string, TFieldError> = {};
  for (const issue of error.issues) {
    const field = issue.path.length === 0 ? '_form' : String(issue.path[0]);
    if (out[field] !== undefined) continue;
    const params = 'params' in issue && typeof issue.params === 'object' && issue.params !== null ? (issue.params as TFieldError['params']) : {};
    out[field] = { key: issue.message, params };
  }
  return out;
}
