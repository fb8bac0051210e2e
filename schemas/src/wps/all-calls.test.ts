import { describe, expect, it } from 'vitest';
import { ALL_CALLS, CALL_SETS } from './all-calls.ts';
import type { TCallAudience } from './call.ts';
import { callKey } from './call-gates.ts';
import { OPERATOR_PERMISSIONS } from './operator-calls.ts';

/**
 * The declared calls (docs/0076) as a whole: the platform registers a route per descriptor, the
 * access tests probe each by its audience and the gateway relays each by method and path, so every
 * descriptor must say who may call it in a way all three understand, and name one route only.
 */

const KINDS: readonly TCallAudience['kind'][] = ['visitor', 'member', 'realMember', 'agent', 'operator', 'server', 'byInput'];

describe('ALL_CALLS', () => {
  it('holds every call of every set, once', () => {
    const inSets = Object.values(CALL_SETS).flatMap((set) => Object.values(set));
    expect(ALL_CALLS.length).toBeGreaterThan(0);
    expect(ALL_CALLS).toEqual(inSets);
  });

  it('gives every call an audience of a known kind', () => {
    const unknown = ALL_CALLS.filter((d) => !KINDS.includes(d.audience.kind)).map((d) => callKey(d.method, d.path));
    expect(unknown).toEqual([]);
  });

  it('names each method and path once', () => {
    const keys = ALL_CALLS.map((d) => callKey(d.method, d.path));
    const twice = keys.filter((key, i) => keys.indexOf(key) !== i);
    expect(twice).toEqual([]);
  });

  it('has operator calls name a permission operators have, or null (any operator)', () => {
    const known: readonly (string | null)[] = [...OPERATOR_PERMISSIONS, null];
    const wrong = ALL_CALLS.flatMap((d) =>
      d.audience.kind === 'operator' && !known.includes(d.audience.permission) ? [`${callKey(d.method, d.path)} ${String(d.audience.permission)}`] : [],
    );
    expect(wrong).toEqual([]);
  });

  it('reads the input from where its method carries it (the query of a GET, else the body)', () => {
    const wrong = ALL_CALLS.filter((d) => (d.inputFrom === 'query' && d.method !== 'GET') || (d.inputFrom === 'body' && d.method === 'GET'));
    expect(wrong.map((d) => callKey(d.method, d.path))).toEqual([]);
  });
});
