import type { TWlgOpenResponse } from '@wl/schemas';
import type { TApi } from '../client.ts';

/** What a player module gets from the traffic run for one member in one game session. */
export type TPlayContext = {
  /** The game page's client: no member session, every call carries the game session's token (docs/0039). */
  game: TApi;
  /** Runs a gateway call, waiting out 429s (withBackoff). Every call a player makes goes through it. */
  call<T>(work: () => Promise<T>): Promise<T>;
  /** Uniform [0, 1): the run's randomness (bets, client seeds), injectable for tests. */
  random(): number;
  /** Whether this member should play another round (its rounds budget, the run's deadline). */
  wantsAnotherRound(): boolean;
  /** Counts a settled round toward the summary. */
  recordRound(round: { stakeMinor: number; payoutMinor: number }): void;
  /**
   * Asks for more money when the balance cannot pay the smallest stake (the member deposits through
   * the site's simulated channel). Answers the new balance, or null when no money came: stop playing.
   */
  topUp(): Promise<number | null>;
};

/**
 * One built-in game engine, played the way its page plays it. The traffic run launches one of
 * `nodeIds` for a member (`catalogue.launch`), opens the ticket (`games.open`) and hands the opened
 * session to `play`; it closes the session afterwards. Adding a game (the lottery, the crash game) is
 * one more module like slot.player.ts, listed in players/index.ts.
 */
export type TPlayer = {
  /** The engine of migration 0018 (`games.engine`): the opened session must say the same. */
  engine: string;
  /** Seeded games of this engine (platform/src/seed BUILT_IN_GAMES). */
  nodeIds: readonly string[];
  /** Plays rounds in the opened session until `wantsAnotherRound()` says no or the money runs out. */
  play(ctx: TPlayContext, opened: TWlgOpenResponse): Promise<void>;
};
