import { createThrottle } from '../lib/throttle.ts';

/** What one toggle did: nothing (throttled), an optimistic add or a local remove. */
export type TFavouriteToggleResult = 'throttled' | 'added' | 'removed';

type TIdsUpdate = (ids: ReadonlySet<string>) => ReadonlySet<string>;

/** docs/rules/games.md: adding stores the id, skipped when it is already there (the same set comes back). */
export function withFavourite(ids: ReadonlySet<string>, nodeId: string): ReadonlySet<string> {
  if (ids.has(nodeId)) return ids;
  return new Set(ids).add(nodeId);
}

/** Removing deletes the id locally (the same set comes back when it was not there). */
export function withoutFavourite(ids: ReadonlySet<string>, nodeId: string): ReadonlySet<string> {
  if (!ids.has(nodeId)) return ids;
  const next = new Set(ids);
  next.delete(nodeId);
  return next;
}

/**
 * The favourite toggle of docs/rules/games.md#g-10, free of React so its rules are tested on their own:
 * one toggle per `throttleMs` (docs/rules/reach.md#r-17: 1 s); a marked game is removed locally first, then on the
 * server; an unmarked one is added optimistically, then on the server. A refused call puts the
 * id back the way it was, so the heart never lies about what the server holds.
 */
export function createFavouriteToggle<TGameLike extends { nodeId: string }>(deps: {
  throttleMs: number;
  now?: () => number;
  /** The ids as the page shows them now. */
  ids: () => ReadonlySet<string>;
  /** Applies a change to the shown ids (an updater, so racing answers compose). */
  update: (change: TIdsUpdate) => void;
  add: (game: TGameLike) => Promise<unknown>;
  remove: (nodeId: string) => Promise<unknown>;
}): (game: TGameLike) => TFavouriteToggleResult {
  const allow = createThrottle(deps.throttleMs, deps.now);
  return (game) => {
    if (!allow()) return 'throttled';
    const { nodeId } = game;
    if (deps.ids().has(nodeId)) {
      deps.update((ids) => withoutFavourite(ids, nodeId));
      deps.remove(nodeId).catch(() => deps.update((ids) => withFavourite(ids, nodeId)));
      return 'removed';
    }
    deps.update((ids) => withFavourite(ids, nodeId));
    deps.add(game).catch(() => deps.update((ids) => withoutFavourite(ids, nodeId)));
    return 'added';
  };
}
