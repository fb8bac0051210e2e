// node --import tsx --test bench/*.test.ts (pnpm test:scripts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUSY_KEY, judge } from './load-client.ts';

describe('judge', () => {
  const busy = { error: { message: BUSY_KEY, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } };

  it('tells a busy answer (docs/0088) from a refusal the script expects and from an error', () => {
    assert.deepEqual(judge(busy, {}), { kind: 'busy' });
    assert.deepEqual(judge({ error: { message: 'crash_betting_closed' } }, { refusals: ['crash_betting_closed'] }), { kind: 'refused' });
    assert.deepEqual(judge({ error: { message: 'error_network', data: { code: 'SERVICE_UNAVAILABLE' } } }, {}), {
      kind: 'error',
      why: 'SERVICE_UNAVAILABLE error_network',
    });
    assert.deepEqual(judge({ result: { data: 1 } }, {}), { kind: 'ok', data: 1 });
  });

  it('a batch with a busy part is busy; all parts ok is ok', () => {
    assert.deepEqual(judge([{ result: { data: 1 } }, busy], {}), { kind: 'busy' });
    assert.deepEqual(judge([{ result: { data: 1 } }, { result: { data: 2 } }], {}), { kind: 'ok', data: [1, 2] });
  });
});
