// node --import tsx --test bench/*.test.ts (pnpm test:scripts): bench/ is no package and has no vitest of its own.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CallBook, percentile } from './load-stats.ts';

describe('percentile', () => {
  it('answers the nearest rank of ascending values', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    assert.equal(percentile(values, 0.5), 50);
    assert.equal(percentile(values, 0.95), 95);
    assert.equal(percentile(values, 0.99), 99);
    assert.equal(percentile(values, 1), 100);
    assert.equal(percentile([7], 0.99), 7);
    assert.equal(percentile([], 0.5), 0);
  });

  it('takes the higher value when the rank falls between two', () => {
    assert.equal(percentile([10, 20, 30], 0.5), 20);
    assert.equal(percentile([10, 20, 30, 40], 0.99), 40);
  });
});

describe('CallBook', () => {
  it('counts answers, refusals and errors per call, with latencies of answered calls only', () => {
    const book = new CallBook();
    for (const ms of [10, 20, 30, 40]) book.answered('games.spin', ms, 'ok');
    book.answered('games.spin', 50, 'refused');
    book.failed('games.spin', 'HTTP 500');
    book.failed('games.spin', 'HTTP 500');
    book.failed('games.spin', 'fetch failed: ECONNRESET', undefined, 'no answer');
    book.answered('games.spin', 5, 'busy');
    const [spin] = book.figures(2);
    assert.deepEqual(spin, {
      name: 'games.spin',
      calls: 9,
      perSecond: 4.5,
      p50Ms: 20,
      p95Ms: 50,
      p99Ms: 50,
      maxMs: 50,
      refused: 1,
      busy: 1,
      busyP50Ms: 5,
      busyP99Ms: 5,
      errors: 3,
      unanswered: 1,
      errorSamples: ['HTTP 500', 'fetch failed: ECONNRESET'],
    });
    assert.equal(book.total, 9);
  });

  it('sums several calls into one group row', () => {
    const book = new CallBook();
    book.answered('records.account', 100, 'ok');
    book.answered('records.bets', 300, 'ok');
    book.answered('games.spin', 5, 'ok');
    const group = book.figuresOf('page data', ['records.account', 'records.bets', 'deposit.list'], 1);
    assert.equal(group.calls, 2);
    assert.equal(group.p99Ms, 300);
    assert.deepEqual(
      book.figures(1).map((f) => f.name),
      ['games.spin', 'records.account', 'records.bets'],
    );
  });
});
