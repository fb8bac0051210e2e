import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR, parseAmountInput, ZAmountMinor } from './money.ts';
import { sniffProofType } from './proof.ts';

describe('parseAmountInput (shared by the web and the servers)', () => {
  it.each([
    ['1,250.50', 125_050],
    ['1250.5', 125_050],
    ['500', 50_000],
    [' 0.01 ', 1],
    ['10,000,000,000', MAX_AMOUNT_MINOR],
    // Bengali digits, as a Bengali keyboard types them (docs/0056), and a mix of both.
    ['১,২৫০.৫০', 125_050],
    ['৫০০', 50_000],
    ['১2৫0', 125_000],
  ])('%s → %d minor units', (text, minor) => {
    expect(parseAmountInput(text)).toBe(minor);
  });

  it.each([
    '',
    '0',
    '0.00',
    '-1',
    '+1',
    '1.505',
    '1e3',
    '1E21',
    'abc',
    '1,25',
    '12,34.5',
    '.5',
    '1.',
    'NaN',
    'Infinity',
    '1\u00002',
    '10,000,000,000.01',
    '9'.repeat(40),
    '০',
    '১.৫০৫',
    '১,২৫',
    '-১',
  ])('refuses %j', (text) => {
    expect(parseAmountInput(text)).toBeNull();
  });

  it('ZAmountMinor takes positive safe integers up to the maximum only', () => {
    for (const ok of [1, 125_050, MAX_AMOUNT_MINOR]) expect(ZAmountMinor.safeParse(ok).success).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_AMOUNT_MINOR + 1, 1e21, Number.NaN, '100', null]) expect(ZAmountMinor.safeParse(bad).success).toBe(false);
  });
});

describe('sniffProofType (SPEC §5 proofs: the bytes decide, not the name)', () => {
  it('knows PNG and JPEG by their first bytes, and nothing else', () => {
    expect(sniffProofType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffProofType(new Uint8Array([0xff, 0xd8, 0xff, 0xe1]))).toBe('image/jpeg');
    expect(sniffProofType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(sniffProofType(new Uint8Array([0x89, 0x50, 0x4e]))).toBeNull();
    expect(sniffProofType(new Uint8Array())).toBeNull();
  });
});
