import { createHash } from 'node:crypto';
import { ZPromotionTerms } from '@wl/schemas';

/** JSON with every object's keys sorted: the stored terms (jsonb) keep no key order. */
export const sortedJson = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) =>
    x !== null && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x,
  );
const time = (t: Date | string | null) => (t === null ? null : new Date(t).getTime());

/** The columns of a promotion that are its money (docs/0100). */
type TMoneyColumns = {
  terms: unknown;
  budget_minor: number | string | null;
  max_recipients: number | null;
  starts_at: Date | string;
  ends_at: Date | string | null;
};

/**
 * A digest of a promotion's money as stored now (terms, budget, recipients, dates). Finance approves
 * the version it was shown, so a change made by content between the read and the click is never
 * approved unseen.
 */
export function moneyVersionOf(row: TMoneyColumns): string {
  const money = {
    terms: ZPromotionTerms.parse(row.terms),
    budget: row.budget_minor === null ? null : Number(row.budget_minor),
    recipients: row.max_recipients,
    starts: time(row.starts_at),
    ends: time(row.ends_at),
  };
  return createHash('sha256').update(sortedJson(money)).digest('hex').slice(0, 32);
}
