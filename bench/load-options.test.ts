import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseLoadArgs } from './load-options.ts';

const withStores = { DATABASE_URL: 'postgres://x/test', REDIS_URL: 'redis://x' };

describe('parseLoadArgs', () => {
  it('defaults to 500 members for 60 s, an agent per 25 members, the cluster only when PostgreSQL and Redis are named', () => {
    assert.deepEqual(parseLoadArgs([], {}), {
      members: 500,
      agents: 20,
      seconds: 60,
      overload: false,
      gatewayLimits: null,
      setups: ['embedded'],
      thinkMs: 2000,
      handMs: 800,
      maxRequests: 500 * 60 * 4,
    });
    assert.deepEqual(parseLoadArgs([], withStores)?.setups, ['embedded', 'cluster']);
  });

  it('doubles members and agents in overload mode, and bounds the calls by them', () => {
    const o = parseLoadArgs(['--members', '50', '--seconds', '15', '--overload'], {});
    assert.equal(o?.members, 100);
    assert.equal(o?.agents, 4);
    assert.equal(o?.maxRequests, 100 * 15 * 4);
    // Capacity set for the 50 asked for: one place per 5 members, a queue of twice that, 1 s of wait.
    assert.deepEqual(o?.gatewayLimits, { maxInFlight: 10, maxQueued: 20, queueWaitMs: 1000 });
    assert.deepEqual(parseLoadArgs(['--gateway-limit', '3', '--gateway-wait', '200'], {})?.gatewayLimits, { maxInFlight: 3, maxQueued: 6, queueWaitMs: 200 });
  });

  it('refuses what it cannot run, naming the option', () => {
    assert.throws(() => parseLoadArgs(['--members', '0'], {}), /--members/);
    assert.throws(() => parseLoadArgs(['--seconds', '1.5'], {}), /--seconds/);
    assert.throws(() => parseLoadArgs(['--setups', 'cloud'], {}), /cloud/);
    assert.throws(() => parseLoadArgs(['--gateway-limit', '0'], {}), /--gateway-limit/);
    assert.throws(() => parseLoadArgs(['--setups', 'cluster'], {}), /DATABASE_URL and REDIS_URL/);
    assert.throws(() => parseLoadArgs(['--members'], {}));
    assert.equal(parseLoadArgs(['--help'], {}), null);
  });
});
