import { describe, expect, it } from 'vitest';
import { DEFAULT_BONUS_TERMS, type TPromotionTerms } from '@wl/schemas/domain/promotion-terms/index';
import { termsFields, termsOf } from './terms-fields.ts';

describe('a promotion’s terms as fields', () => {
  const apply: TPromotionTerms = { kind: 'manual_apply', maxAmountMinor: 100_000, bonus: DEFAULT_BONUS_TERMS };

  it('shows money in whole units, an empty field for no cap, and builds the same terms back', () => {
    const fields = termsFields(apply);
    expect(fields.find((f) => f.path.join('.') === 'maxAmountMinor')?.text).toBe('1000');
    expect(fields.find((f) => f.path.join('.') === 'bonus.maxStakeMinor')?.text).toBe('');
    expect(fields.find((f) => f.path.join('.') === 'bonus.weights.RNG')?.text).toBe('100');
    expect(termsOf('manual_apply', fields)).toEqual(apply);
  });

  it('refuses what the server refuses: a multiple above 50, a word where a number goes', () => {
    const set = (path: string, text: string) => termsFields(apply).map((f) => (f.path.join('.') === path ? { ...f, text } : f));
    expect(termsOf('manual_apply', set('bonus.turnoverMultiple', '51'))).toBeNull();
    expect(termsOf('manual_apply', set('maxAmountMinor', 'lots'))).toBeNull();
    const deposit: TPromotionTerms = {
      kind: 'deposit_match',
      deposit: 'first',
      percent: 100,
      capMinor: 500_000,
      minDepositMinor: 0,
      bonus: DEFAULT_BONUS_TERMS,
    };
    expect(termsOf('deposit_match', termsFields(deposit))).toEqual(deposit);
  });
});
