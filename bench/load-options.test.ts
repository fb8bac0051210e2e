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
  });

  it('refuses what it cannot run, naming the option', () => {
    assert.throws(() => parseLoadArgs(['--members', '0'], {}), /--members/);
    assert.throws(() => parseLoadArgs(['--seconds', '1.5'], {}), /--seconds/);
    assert.throws(() => parseLoadArgs(['--setups', 'cloud'], {}), /cloud/);
    assert.throws(() => parseLoadArgs(['--setups', 'cluster'], {}), /DATABASE_URL and REDIS_URL/);
    assert.throws(() => parseLoadArgs(['--members'], {}));
    assert.equal(parseLoadArgs(['--help'], {}), null);
  });
});
