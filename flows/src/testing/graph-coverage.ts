/**
 * Test helper (not exported from the package): walks a machine's graph with @xstate/graph and
 * reports which state nodes and transition definitions the walk reached, so model tests can assert
 * that EVERY state and EVERY transition is reached.
 *
 * How: getShortestPaths gives one path to every reachable (serialized) snapshot; from each path's end
 * we then try every event the model offers there, which covers every edge of the adjacency map.
 * The transition definitions an edge takes come from the machine itself (getTransitionData).
 * Eventless (`always`) transitions are found on the microsteps of each step (and of the initial
 * transition) by choosing, as XState does, the first one whose guard passes in the snapshot before
 * the microstep. Target-less `always` transitions would loop, so the helper refuses them.
 */
import { getShortestPaths, type StatePath } from '@xstate/graph';
import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  fromPromise,
  getInitialMicrosteps,
  getMicrosteps,
  transition,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';

export type TGraphWalkOptions<TMachine extends AnyStateMachine> = {
  /** Each input is walked; coverage is the union (inputs pick branches, e.g. the agent page). */
  inputs: InputFrom<TMachine>[];
  /**
   * Concrete events (with payloads) to try in a snapshot, actor completions (`xstate.done.actor.<id>`
   * with `output`, `xstate.error.actor.<id>` with `error`) included; types the state ignores are fine.
   */
  events: (snapshot: SnapshotFrom<TMachine>) => AnyEventObject[];
  /** Context counts as state: project it to what guards read so the walk ends (STACK.md traps). */
  serializeState: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Safety bound on traversal steps. */
  limit?: number;
};

export type TGraphWalk<TMachine extends AnyStateMachine> = {
  /** Shortest paths per input, in the order of `inputs`. */
  runs: { input: InputFrom<TMachine>; paths: StatePath<SnapshotFrom<TMachine>, EventFromLogic<TMachine>>[] }[];
  missingStates: string[];
  missingTransitions: string[];
};

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allStateNodes)];
}

function describeTransition(t: AnyTransitionDefinition): string {
  const targets = t.target?.map((target: AnyStateNode) => target.id).join(',') ?? '(self)';
  const guard = t.guard === undefined ? '' : ` [${typeof t.guard === 'string' ? t.guard : JSON.stringify(t.guard)}]`;
  return `${t.source.id} --${t.eventType}${guard}--> ${targets}`;
}

/** Walks the graph and reports unreached state nodes and transition definitions. */
export function walkGraph<TMachine extends AnyStateMachine>(machine: TMachine, options: TGraphWalkOptions<TMachine>): TGraphWalk<TMachine> {
  const nodes = allStateNodes(machine.root);
  const alwaysTransitions = nodes.flatMap((node) => (node.always ?? []) as AnyTransitionDefinition[]);
  const targetless = alwaysTransitions.filter((t) => t.target === undefined || t.target.length === 0);
  if (targetless.length > 0) throw new Error(`target-less eventless transitions cannot be covered: ${targetless.map(describeTransition).join(', ')}`);
  const allTransitions = [...nodes.flatMap((node) => [...node.transitions.values()].flat() as AnyTransitionDefinition[]), ...alwaysTransitions];

  // Every event type the state listens to is tried; timers and plain events the model gives no payload for go bare.
  const eventsFor = (snapshot: SnapshotFrom<TMachine>): EventFromLogic<TMachine>[] => {
    const given = options.events(snapshot);
    return __unsafe_getAllOwnEventDescriptors(snapshot as AnyMachineSnapshot).flatMap((type) => {
      const matching = given.filter((event) => event.type === type) as EventFromLogic<TMachine>[];
      if (matching.length > 0) return matching;
      // An actor completion needs its output or error: without one from the model it is not tried,
      // so its transitions show up as missing instead of running on a made-up payload.
      if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) return [];
      return [{ type } as EventFromLogic<TMachine>];
    });
  };

  const reachedNodes = new Set<string>();
  const takenTransitions = new Set<AnyTransitionDefinition>();
  // Mirrors XState's own choice of eventless transition: per atomic node, itself then its ancestors,
  // the first `always` transition whose guard passes.
  const passes = (t: AnyTransitionDefinition, snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean => {
    const guard = t.guard as unknown;
    if (guard === undefined) return true;
    if (typeof guard === 'function' && 'check' in guard)
      throw new Error(`built-in guards on eventless transitions are not supported: ${describeTransition(t)}`);
    const args = { context: snapshot.context, event };
    if (typeof guard === 'function') return Boolean(guard(args, undefined));
    const ref = typeof guard === 'string' ? { type: guard, params: undefined } : (guard as { type: string; params?: unknown });
    const implementation = (machine.implementations.guards as Record<string, (a: unknown, p: unknown) => boolean>)[ref.type];
    if (implementation === undefined) throw new Error(`unknown guard ${ref.type}`);
    return Boolean(implementation(args, typeof ref.params === 'function' ? ref.params(args) : ref.params));
  };
  const eventlessFrom = (snapshot: AnyMachineSnapshot, event: AnyEventObject): AnyTransitionDefinition | undefined => {
    for (const atomic of snapshot._nodes.filter((node: AnyStateNode) => node.type === 'atomic' || node.type === 'final')) {
      for (let node: AnyStateNode | undefined = atomic; node !== undefined; node = node.parent) {
        const taken = ((node.always ?? []) as AnyTransitionDefinition[]).find((t) => passes(t, snapshot, event));
        if (taken !== undefined) return taken;
      }
    }
    return undefined;
  };
  // Transient states (left at once by an `always` transition) are reached only inside a macrostep.
  const recordMicrosteps = (microsteps: [AnyMachineSnapshot, unknown][], event: AnyEventObject) => {
    for (const [snapshot] of microsteps) for (const node of snapshot._nodes) reachedNodes.add(node.id);
    for (let i = 1; i < microsteps.length; i += 1) {
      const before = microsteps[i - 1]?.[0];
      if (before === undefined) continue;
      const taken = eventlessFrom(before, event);
      if (taken !== undefined) takenTransitions.add(taken);
    }
  };
  const runs = options.inputs.map((input) => {
    recordMicrosteps(getInitialMicrosteps(machine, input as never) as [AnyMachineSnapshot, unknown][], { type: 'xstate.init', input });
    const paths = getShortestPaths(machine, {
      input,
      events: eventsFor as never,
      serializeState: options.serializeState as never,
      limit: options.limit ?? 20_000,
    }) as unknown as StatePath<SnapshotFrom<TMachine>, EventFromLogic<TMachine>>[];
    for (const path of paths) {
      const snapshot = path.state as AnyMachineSnapshot;
      for (const node of snapshot._nodes) reachedNodes.add(node.id);
      if (snapshot.status !== 'active') continue;
      for (const event of eventsFor(path.state)) {
        for (const t of machine.getTransitionData(snapshot, event) as AnyTransitionDefinition[]) takenTransitions.add(t);
        recordMicrosteps(getMicrosteps(machine, path.state, event) as [AnyMachineSnapshot, unknown][], event);
        const [next] = transition(machine, path.state, event);
        for (const node of (next as AnyMachineSnapshot)._nodes) reachedNodes.add(node.id);
      }
    }
    return { input, paths };
  });
  return {
    runs,
    missingStates: nodes.filter((node) => !reachedNodes.has(node.id)).map((node) => node.id),
    missingTransitions: allTransitions.filter((t) => !takenTransitions.has(t)).map(describeTransition),
  };
}

/**
 * Replays a path on a live actor whose side-effect actors never settle, feeding it the path's
 * events (actor completions and timers included), and returns the snapshot after every step, so
 * the interpreter is checked against the pure traversal.
 */
export function replayPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  input: InputFrom<TMachine>,
  path: StatePath<SnapshotFrom<TMachine>, EventFromLogic<TMachine>>,
): SnapshotFrom<TMachine>[] {
  const actor = createActor(machine, { input } as never);
  actor.start();
  const seen: SnapshotFrom<TMachine>[] = [actor.getSnapshot()];
  for (const step of path.steps) {
    if (step.event.type === 'xstate.init') continue;
    actor.send(step.event);
    seen.push(actor.getSnapshot());
  }
  actor.stop();
  return seen;
}

/** An actor that never settles: the model test feeds its completion events itself. */
export function pending<TOutput, TInput>() {
  return fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => undefined));
}

/** The two ways a pending actor `id` settles, as events a walk offers: done with `output`, failed with `error`. */
export function settles(id: string, output: unknown, error: unknown): AnyEventObject[] {
  return [
    { type: `xstate.done.actor.${id}`, output },
    { type: `xstate.error.actor.${id}`, error },
  ];
}
