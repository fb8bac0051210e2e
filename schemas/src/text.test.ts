import { describe, expect, it } from 'vitest';
import { ZLanguage } from './wps/calls.ts';
import { INVALID_CHARACTERS, nulPath, zSecret, zText } from './text.ts';

describe('zText', () => {
  const name = zText({ max: 10, min: 1 });

  it('refuses NUL and other control characters with invalid_characters', () => {
    for (const bad of ['a\u0000b', 'a\u0001', 'a\u001Fb', 'a\u007Fb', 'a\tb', 'a\nb']) {
      expect(
        name.safeParse(bad).error?.issues.map((i) => i.message),
        JSON.stringify(bad),
      ).toEqual([INVALID_CHARACTERS]);
    }
  });

  it('trims, keeps tab and line breaks only in multi-line text, and takes secrets as typed', () => {
    expect(name.parse('  Ana  ')).toBe('Ana');
    expect(zText({ max: 20, multiline: true }).parse('a\tb\r\nc')).toBe('a\tb\r\nc');
    expect(zText({ max: 20, multiline: true }).safeParse('a\u0000b').success).toBe(false);
    expect(zSecret(20).parse(' pass word ')).toBe(' pass word ');
    expect(zSecret(20).safeParse('pass\u0000').success).toBe(false);
  });

  it('refuses a lone surrogate (a jsonb column refuses its escape), keeps a pair (docs/0111)', () => {
    for (const bad of ['a\uD800b', '\uDC00', 'x\uD83D']) {
      expect(
        zText({ max: 10, multiline: true })
          .safeParse(bad)
          .error?.issues.map((i) => i.message),
        JSON.stringify(bad),
      ).toEqual([INVALID_CHARACTERS]);
    }
    expect(name.parse('a😀')).toBe('a😀');
  });

  it('refuses a megabyte on its length alone, before any other check', () => {
    const issues = name.safeParse('\u0000'.repeat(1024 * 1024)).error?.issues ?? [];
    expect(issues.map((i) => i.code)).toEqual(['too_big']);
  });
});

describe('nulPath', () => {
  it('finds a NUL in a value or a key at any depth, or answers null', () => {
    expect(nulPath({ a: [1, { b: 'x\u0000' }] })).toEqual(['a', '1', 'b']);
    expect(nulPath({ ['k\u0000']: 1 })).toEqual(['k\uFFFD']);
    expect(nulPath('\u0000')).toEqual([]);
    expect(nulPath({ a: 'fine', b: [null, 3] })).toBeNull();
  });
});

describe('ZLanguage', () => {
  it('accepts language codes in any case and nothing else', () => {
    expect(ZLanguage.parse('EN')).toBe('en');
    expect(ZLanguage.parse(' Bn ')).toBe('bn');
    expect(ZLanguage.safeParse('fr').success).toBe(false);
    expect(ZLanguage.safeParse('e\u0000n').success).toBe(false);
  });
});
