import type { Kysely } from 'kysely';
import { DEFAULT_BONUS_TERMS, type TPromotionStatus, type TPromotionTerms } from '@wl/schemas';
import type { DB } from '../db/schema.ts';

/** A manual-apply promotion of a merchant, running since yesterday (docs/0098). */
export async function insertManualApplyPromotion(
  db: Kysely<DB>,
  merchantId: number,
  over: { maxAmountMinor?: number; status?: TPromotionStatus; budgetMinor?: number | null } = {},
): Promise<number> {
  return insertPromotion(db, merchantId, { kind: 'manual_apply', maxAmountMinor: over.maxAmountMinor ?? 50_000, bonus: DEFAULT_BONUS_TERMS }, over);
}

/** A promotion of a merchant with these terms, running since `startsAt` (yesterday unless told). */
export async function insertPromotion(
  db: Kysely<DB>,
  merchantId: number,
  terms: TPromotionTerms,
  over: { status?: TPromotionStatus; budgetMinor?: number | null; startsAt?: Date } = {},
): Promise<number> {
  const row = await db
    .insertInto('promotions')
    .values({
      merchant_id: merchantId,
      title_en: 'Screenshot bonus',
      title_bn: 'স্ক্রিনশট বোনাস',
      promotion_type: 'B',
      sort: 90,
      category: 'EVENT',
      starts_at: over.startsAt ?? new Date(Date.now() - 86_400_000),
      ends_at: null,
      rules_en: 'Send a screenshot.',
      rules_bn: 'একটি স্ক্রিনশট পাঠান।',
      kind: terms.kind,
      status: over.status ?? 'active',
      terms: JSON.stringify(terms),
      budget_minor: over.budgetMinor ?? null,
      max_recipients: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
