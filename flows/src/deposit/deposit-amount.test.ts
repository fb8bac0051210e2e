import { describe, expect, it } from 'vitest';
import { amountProblem } from './deposit.machine.ts';

// The deposit form refuses, before sending, what the platform would refuse (docs/0028: the server
// enforces every rule the client shows; deposit.test.ts on the platform holds the same cases).
const bkash = { minMinor: 20_000, maxMinor: 2_500_000 };

describe('amountProblem', () => {
  it.each([
    ['500', null],
    ['1,250.50', null],
    ['25,000', null],
    ['200', null],
    ['199.99', 'deposit_amount_below_min'],
    ['25,000.01', 'deposit_amount_above_max'],
    ['0', 'amount_invalid'],
    ['-500', 'amount_invalid'],
    ['1.505', 'amount_invalid'],
    ['1e3', 'amount_invalid'],
    ['abc', 'amount_invalid'],
    ['', 'amount_invalid'],
    ['NaN', 'amount_invalid'],
    ['5\u00000', 'amount_invalid'],
    ['9'.repeat(1_000_000), 'amount_invalid'],
  ])('%s → %s', (text, problem) => {
    expect(amountProblem(text, bkash)).toBe(problem);
  });
});
