import { describe, expect, it } from 'vitest';
import { PATTERN_IDS, type TPatternId } from '../domain/merchant.ts';
import { PATTERN_PREDICATES, isCalendarDate, matchesPatternKind } from './patterns.ts';

/** Accepted and refused examples for every pattern kind of docs/rules/accounts.md#a-11. */
const TABLE: Record<TPatternId, { accepts: string[]; refuses: string[] }> = {
  LENGTH_ONLY: { accepts: ['a', 'anything at all', '!@#$', 'ไทย', '1'], refuses: [] },
  LETTER_FIRST_ALNUM: { accepts: ['a', 'abc123', 'Z9', 'player01'], refuses: ['1abc', '_abc', 'ab c', 'ab-c', 'ábc', '', 'abc!'] },
  DIGITS_WITH_LETTERS: { accepts: ['abc123', '1a', 'A1b2', '9zZ'], refuses: ['abcdef', '123456', 'abc 123', 'abc_123', '', 'abc123!'] },
  EMAIL: {
    accepts: ['a@b.co', 'first.last@example.com', 'x+tag@mail.example.org', "o'neil@ex-ample.io"],
    refuses: ['plain', 'a@b', '@b.co', 'a@.co', 'a..b@c.co', '.a@b.co', 'a@b.c', 'a b@c.co', 'a@b_c.co', 'a@-b.co', ''],
  },
  ALNUM_NO_SPECIAL: { accepts: ['abc', '123', 'aB3'], refuses: ['a b', 'a_b', 'a-b', 'ab!', 'ñ', ''] },
  DIGITS_ONLY: { accepts: ['0', '0123456789', '8801712345678'], refuses: ['12a', '+8801', '1 2', '١٢٣', '১২৩', '1.5', ''] },
  ALNUM_WITH_UPPER: { accepts: ['Abc123', 'A1', '1aB'], refuses: ['abc123', 'ABCDEF', 'Abcdef', 'Abc 123', 'Abc_123', ''] },
  ENGLISH_LETTERS_SPACES: { accepts: ['John', 'John Smith', 'Mary Ann Lee'], refuses: ['John3', 'Jöhn', 'John-Smith', '   ', '', 'สมชาย'] },
  NO_SPACES: { accepts: ['abc', 'a_b-c!', 'ไทย', '한국'], refuses: ['a b', ' a', 'a\tb', 'a\u3000b', ''] },
  THAI_ONLY: { accepts: ['สมชาย', 'สมชาย ใจดี', 'ก'], refuses: ['somchai', 'สมชาย1', 'สมชาย  ใจดี', ' สมชาย', 'สมชายA', '홍길동', ''] },
  KOREAN_ONLY: { accepts: ['홍길동', '김 민준', 'ㄱㄴ'], refuses: ['hong', '홍길동1', '홍길동 ', 'สมชาย', '洪吉童', ''] },
  DATE_YMD: {
    accepts: ['2024-02-29', '2000-02-29', '1999-12-31', '2023-01-01'],
    refuses: ['2023-02-29', '1900-02-29', '2024-13-01', '2024-00-10', '2024-04-31', '2024-1-01', '01-02-2024', '2024/01/02', ''],
  },
  DATE_MDY: {
    accepts: ['02-29-2024', '12-31-1999', '01-01-2023'],
    refuses: ['02-29-2023', '13-01-2024', '04-31-2024', '2024-02-29', '2-29-2024', '02/29/2024', ''],
  },
};

describe('pattern kinds (SPEC §5)', () => {
  it('has a predicate and examples for every patternId', () => {
    expect(Object.keys(PATTERN_PREDICATES).sort()).toEqual([...PATTERN_IDS].sort());
    expect(Object.keys(TABLE).sort()).toEqual([...PATTERN_IDS].sort());
  });

  for (const id of PATTERN_IDS) {
    const { accepts, refuses } = TABLE[id];
    it.each(accepts)(`${id} accepts %j`, (value) => {
      expect(matchesPatternKind(id, value)).toBe(true);
    });
    if (refuses.length > 0) {
      it.each(refuses)(`${id} refuses %j`, (value) => {
        expect(matchesPatternKind(id, value)).toBe(false);
      });
    }
  }

  it.each([
    [2024, 2, 29, true],
    [2023, 2, 29, false],
    [2000, 2, 29, true],
    [2100, 2, 29, false],
    [2024, 6, 31, false],
    [2024, 12, 31, true],
    [0, 1, 1, false],
  ])('isCalendarDate(%i, %i, %i) is %s', (y, m, d, expected) => {
    expect(isCalendarDate(y, m, d)).toBe(expected);
  });
});
