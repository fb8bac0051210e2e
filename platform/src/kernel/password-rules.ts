import type { Kysely } from 'kysely';
import { ZPatternId, validateCharacters, validateConfirmation, validateField, type TFieldErrors, type TFieldRule } from '@wl/schemas';
import type { DB } from '../db/schema.ts';
import { fieldErrorsFailure } from '../http/errors.ts';

/** The merchant's server rule of a field (docs/rules/accounts.md#a-11), or null. */
export async function fieldRule(db: Kysely<DB>, merchantId: number, field: string): Promise<TFieldRule | null> {
  const r = await db
    .selectFrom('validation_rules')
    .select(['accepted_pattern', 'min_length', 'max_length', 'pattern_id'])
    .where('merchant_id', '=', merchantId)
    .where('field', '=', field)
    .executeTakeFirst();
  if (!r) return null;
  return { acceptedPattern: r.accepted_pattern, minLength: r.min_length, maxLength: r.max_length, patternId: ZPatternId.parse(r.pattern_id) };
}

/**
 * Checks a new password and its confirmation with the same validator as the client (docs/rules/accounts.md#a-11:
 * the merchant's password rule, then 'inconsistent twice'). Throws a 400 with fieldErrors.
 */
export async function checkNewPassword(db: Kysely<DB>, merchantId: number, newPassword: string, confirm: string): Promise<void> {
  const rule = await fieldRule(db, merchantId, 'password');
  const errors: TFieldErrors = {};
  const error = validateCharacters(newPassword, { allowMarkup: true }) ?? validateField(newPassword, rule, { required: true });
  if (error) errors.newPassword = error;
  const mismatch = validateConfirmation(confirm, newPassword);
  if (!error && mismatch) errors.confirmNewPassword = mismatch;
  if (Object.keys(errors).length > 0) throw fieldErrorsFailure(errors);
}
