/**
 * Test helper (not exported from the package): the two checks every model test makes on a graph
 * walk — every state and transition reached, and every shortest path replayed on a live actor.
 */
import type { StatePath } from '@xstate/graph';
import { expect, it } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';
import { replayPath, type TGraphWalk } from './graph-coverage.ts';

/** Asserts the walk left no state node and no transition definition unreached. */
export function expectFullCoverage<TMachine extends AnyStateMachine>(walk: TGraphWalk<TMachine>): void {
  expect(walk.missingStates).toEqual([]);
  expect(walk.missingTransitions).toEqual([]);
}

/** What a model test checks on one replayed path: the snapshot after every step, and where it came from. */
export type TReplayCheck<TMachine extends AnyStateMachine> = (
  seen: SnapshotFrom<TMachine>[],
  input: InputFrom<TMachine>,
  path: StatePath<SnapshotFrom<TMachine>, EventFromLogic<TMachine>>,
) => void;

/**
 * Replays every path of the walk (calling `beforeReplay` first, e.g. to clear recorded side
 * effects), asserts the live actor ends in the state the traversal reached, then runs `check`.
 * Returns how many paths were replayed.
 */
export function replayEveryPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  walk: TGraphWalk<TMachine>,
  check: TReplayCheck<TMachine>,
  beforeReplay?: () => void,
): number {
  let count = 0;
  for (const { input, paths } of walk.runs) {
    for (const path of paths) {
      beforeReplay?.();
      const seen = replayPath(machine, input, path);
      expect((seen.at(-1) as AnyMachineSnapshot).value).toEqual((path.state as AnyMachineSnapshot).value);
      check(seen, input, path);
      count += 1;
    }
  }
  return count;
}

/**
 * The two tests of a model suite, declared inside the caller's `describe`: the walk reaches every
 * state and takes every transition, and every path replays with `check`. `claim` names what the
 * check holds; `recorded` are the arrays the suite's provided actions record into, emptied before
 * each path; `morePathsThan` also bounds how many paths there must be.
 */
export function modelTests<TMachine extends AnyStateMachine>(
  machine: TMachine,
  walk: TGraphWalk<TMachine>,
  { claim, recorded = [], morePathsThan }: { claim: string; recorded?: unknown[][]; morePathsThan?: number },
  check: TReplayCheck<TMachine>,
): void {
  it('reaches every state and takes every transition', () => {
    expectFullCoverage(walk);
  });

  it(claim, () => {
    const count = replayEveryPath(machine, walk, check, () => {
      for (const r of recorded) r.length = 0;
    });
    if (morePathsThan !== undefined) expect(count).toBeGreaterThan(morePathsThan);
  });
}
