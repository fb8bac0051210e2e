import { describe, expect, it } from 'vitest';
import { PROMOTION_CATEGORIES } from '../wps/catalogue-call-set.ts';
import { PROMOTION_CATEGORY_CODES } from './promotion-apply.ts';

describe('the zod-free promotion constants', () => {
  it('name the same categories, in the same order, as the content calls', () => {
    expect(PROMOTION_CATEGORY_CODES).toEqual(PROMOTION_CATEGORIES);
  });
});
