/**
 * Guarded state changes of rounds and bets (docs/0072). Every change is `UPDATE … WHERE state =
 * expected`; when no row moved, the row is read again: already in the target state (another settler
 * made the same move, under the same wallet ids) is fine, anything else means the decision was taken
 * on a state that moved, and it fails loudly instead of paying on.
 */
export class StateMoved extends Error {
  constructor(
    readonly what: string,
    readonly expected: readonly string[],
    readonly found: string | null,
  ) {
    super(`${what}: expected ${expected.join(' or ')}, found ${found ?? 'no row'}`);
  }
}

/** Runs a guarded update; answers 'moved' or 'already' (the row was in `to`), throws StateMoved otherwise. */
export async function guardedMove(
  what: string,
  from: readonly string[],
  to: string,
  update: () => Promise<unknown>,
  current: () => Promise<string | null | undefined>,
): Promise<'moved' | 'already'> {
  if (await update()) return 'moved';
  const found = (await current()) ?? null;
  if (found === to) return 'already';
  throw new StateMoved(what, from, found);
}
