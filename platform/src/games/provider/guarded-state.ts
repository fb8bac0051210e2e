import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

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

/**
 * Whether a crash round or a lottery draw still holds a bet that is 'open' or 'placed': the round or
 * draw is settled only once none is left.
 */
export async function holdsUnfinishedBet(
  db: Kysely<DB> | Transaction<DB>,
  bets: { table: 'crash_bets'; column: 'round_id' } | { table: 'lottery_bets'; column: 'draw_id' },
  id: number,
): Promise<boolean> {
  const left = await db.selectFrom(bets.table).select('id').where(bets.column, '=', id).where('state', 'in', ['open', 'placed']).limit(1).executeTakeFirst();
  return left !== undefined;
}
