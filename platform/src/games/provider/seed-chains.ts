import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { newServerSeed } from '@wl/schemas/games/fair';
import type { DB } from '../../db/schema.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** Links per chain: a new chain (the next generation, its anchor published) starts when one is used up. */
export const SEED_CHAIN_LENGTH = 10_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Link `index` (1-based) of a chain of `length` links hashed down from `terminal` (link `length`). */
export function chainLink(terminal: string, length: number, index: number): string {
  if (!Number.isSafeInteger(index) || index < 1 || index > length) throw new RangeError('chain index out of range');
  let link = terminal;
  for (let k = length; k > index; k--) link = sha256(link);
  return link;
}

/** A chain as rounds use it: its id, its anchor, its length and its secret terminal seed. */
export type TSeedChain = { id: number; anchor: string; length: number; terminal: string };

/** Makes generation `generation` of a game's chain, or reads it when another process made it first. */
async function chainOf(db: TDb, gameId: number, generation: number, length: number): Promise<TSeedChain> {
  const read = () =>
    db
      .selectFrom('game_seed_chains')
      .select(['id', 'anchor', 'length', 'terminal_seed'])
      .where('game_id', '=', gameId)
      .where('generation', '=', generation)
      .executeTakeFirst();
  let row = await read();
  if (!row) {
    const terminal = newServerSeed();
    await db
      .insertInto('game_seed_chains')
      .values({ game_id: gameId, generation, length, terminal_seed: terminal, anchor: sha256(chainLink(terminal, length, 1)) })
      .onConflict((oc) => oc.columns(['game_id', 'generation']).doNothing())
      .execute();
    row = (await read())!;
  }
  return { id: row.id, anchor: row.anchor, length: row.length, terminal: row.terminal_seed };
}

/**
 * The next unused link of a game's chain (docs/0073): `lastIndex` is the highest index its rounds
 * used on the current chain (null: none). Used up, the next generation starts. Two processes asking at
 * once get the same link; the round's unique (chain, index) keeps one.
 */
export async function nextLink(
  db: TDb,
  gameId: number,
  lastIndex: (chainId: number) => Promise<number | null>,
  length = SEED_CHAIN_LENGTH,
): Promise<{ chainId: number; index: number; seed: string; seedHash: string }> {
  const current = await db
    .selectFrom('game_seed_chains')
    .select('generation')
    .where('game_id', '=', gameId)
    .orderBy('generation', 'desc')
    .limit(1)
    .executeTakeFirst();
  let chain = await chainOf(db, gameId, current?.generation ?? 1, length);
  let index = ((await lastIndex(chain.id)) ?? 0) + 1;
  if (index > chain.length) {
    chain = await chainOf(db, gameId, (current?.generation ?? 1) + 1, length);
    index = 1;
  }
  const seed = chainLink(chain.terminal, chain.length, index);
  return { chainId: chain.id, index, seed, seedHash: sha256(seed) };
}

/**
 * The next link for a new round of `rounds` (the crash game's rounds or the lottery's draws): after
 * the highest chain index those rounds used on the game's current chain.
 */
export function nextRoundLink(db: TDb, gameId: number, rounds: 'crash_rounds' | 'lottery_draws') {
  return nextLink(
    db,
    gameId,
    async (chainId) =>
      (
        await db
          .selectFrom(rounds)
          .select((eb) => eb.fn.max('chain_index').as('last'))
          .where('chain_id', '=', chainId)
          .executeTakeFirst()
      )?.last ?? null,
  );
}

/** The tickets mixed into a round's seed (docs/0073), as the jsonb column answers them on either driver; null before the chains. */
export const mixTicketsOf = (value: unknown): string[] | null =>
  value === null ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as string[]);

/** Published chains of a game: id and anchor (the terminal seed never leaves the server). */
export async function chainAnchors(db: TDb, chainIds: number[]): Promise<Map<number, string>> {
  if (chainIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('game_seed_chains')
    .select(['id', 'anchor'])
    .where('id', 'in', [...new Set(chainIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.anchor]));
}
