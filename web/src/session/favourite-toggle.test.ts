import { describe, expect, it } from 'vitest';
import { FAVOURITE_THROTTLE_MS } from '@wl/schemas/constants';
import { createFavouriteToggle, withFavourite, withoutFavourite } from './favourite-toggle.ts';

type TGameLike = { nodeId: string };

/** A server call the test settles by hand, to see what the page shows before and after. */
function deferred() {
  let settle!: { resolve: () => void; reject: (e: Error) => void };
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

/** A toggle over a plain set, a hand-moved clock and recorded server calls. */
function harness(initial: string[] = []) {
  let ids: ReadonlySet<string> = new Set(initial);
  let clock = 10_000;
  const calls: string[] = [];
  const pending: ReturnType<typeof deferred>[] = [];
  const server = (label: string) => {
    calls.push(label);
    const d = deferred();
    pending.push(d);
    return d.promise;
  };
  const toggle = createFavouriteToggle<TGameLike>({
    throttleMs: FAVOURITE_THROTTLE_MS,
    now: () => clock,
    ids: () => ids,
    update: (change) => {
      ids = change(ids);
    },
    add: (game) => server(`add ${game.nodeId}`),
    remove: (nodeId) => server(`remove ${nodeId}`),
  });
  return {
    toggle,
    calls,
    pending,
    shown: () => [...ids].sort(),
    wait: (ms: number) => {
      clock += ms;
    },
  };
}

/** Lets the rejection handlers of settled server calls run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('withFavourite and withoutFavourite (SPEC §4)', () => {
  it('skips an add when the id is already there, and a remove when it is not', () => {
    const ids = new Set(['A']);
    expect(withFavourite(ids, 'A')).toBe(ids);
    expect([...withFavourite(ids, 'B')]).toEqual(['A', 'B']);
    expect(withoutFavourite(ids, 'B')).toBe(ids);
    expect([...withoutFavourite(ids, 'A')]).toEqual([]);
    // The input set is never changed in place.
    expect([...ids]).toEqual(['A']);
  });
});

describe('the favourite toggle (SPEC §4, §5, §9)', () => {
  it('adds optimistically: the heart is on before the server answers', () => {
    const h = harness();
    expect(h.toggle({ nodeId: 'A' })).toBe('added');
    expect(h.shown()).toEqual(['A']);
    expect(h.calls).toEqual(['add A']);
  });

  it('removes locally first, then on the server', () => {
    const h = harness(['A']);
    expect(h.toggle({ nodeId: 'A' })).toBe('removed');
    expect(h.shown()).toEqual([]);
    expect(h.calls).toEqual(['remove A']);
  });

  it('lets one toggle through per second', () => {
    const h = harness();
    expect(h.toggle({ nodeId: 'A' })).toBe('added');
    h.wait(FAVOURITE_THROTTLE_MS - 1);
    expect(h.toggle({ nodeId: 'A' })).toBe('throttled');
    expect(h.toggle({ nodeId: 'B' })).toBe('throttled');
    expect(h.shown()).toEqual(['A']);
    expect(h.calls).toEqual(['add A']);
    h.wait(1);
    expect(h.toggle({ nodeId: 'A' })).toBe('removed');
    expect(h.calls).toEqual(['add A', 'remove A']);
  });

  it('puts the id back when the server refuses, and keeps it when the server agrees', async () => {
    const h = harness(['B']);
    h.toggle({ nodeId: 'A' });
    h.pending[0]!.reject(new Error('refused'));
    await settled();
    expect(h.shown()).toEqual(['B']);

    h.wait(FAVOURITE_THROTTLE_MS);
    h.toggle({ nodeId: 'B' });
    h.pending[1]!.reject(new Error('refused'));
    await settled();
    expect(h.shown()).toEqual(['B']);

    h.wait(FAVOURITE_THROTTLE_MS);
    h.toggle({ nodeId: 'C' });
    h.pending[2]!.resolve();
    await settled();
    expect(h.shown()).toEqual(['B', 'C']);
  });

  it('a late refusal of an add does not undo a later change of another game', async () => {
    const h = harness();
    h.toggle({ nodeId: 'A' });
    h.wait(FAVOURITE_THROTTLE_MS);
    h.toggle({ nodeId: 'B' });
    h.pending[0]!.reject(new Error('refused'));
    await settled();
    expect(h.shown()).toEqual(['B']);
  });
});
