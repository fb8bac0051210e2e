import { describe, expect, it } from 'vitest';
import { audienceOf as schemasAudienceOf } from '@wl/schemas';
import { audienceOf } from './audience.ts';

describe('audienceOf', () => {
  it('agrees with the schemas rule for every type', () => {
    for (const type of [0, 1, 2, 3, 4, 9, 41, 42, 43]) {
      expect(audienceOf({ type })).toBe(schemasAudienceOf({ type }));
    }
    expect(audienceOf(null)).toBe('visitor');
  });
});
