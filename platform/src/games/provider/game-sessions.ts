import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  SEAMLESS_MESSAGES,
  WLG_MESSAGES,
  WPS_CODES,
  WPS_MESSAGES,
  type TFairCommitment,
  type TGameEngine,
  type TWlgSeedResponse,
  type TWlgState,
} from '@wl/schemas';
import { newClientSeed, newServerSeed, serverSeedHash } from '@wl/schemas/games/fair';
import { isUniqueViolation } from '../../db/errors.ts';
import type { DB } from '../../db/schema.ts';
import { sha256Hex } from '../../http/auth.ts';
import type { TPlatformDeps } from '../../http/deps.ts';
import { redeemLaunchTicket } from '../../member/member.queries.ts';
import { WpsError } from '../../http/envelope.ts';

/** A game session is closed after this long without a call; a new launch may then start (734 otherwise). */
export const GAME_SESSION_IDLE_MS = 15 * 60_000;
/** Play money a free-play session starts with (no cash value). */
export const FREE_PLAY_BALANCE_MINOR = 200_000;

type TDb = Kysely<DB> | Transaction<DB>;

/** An open session as the game server knows it after its token checked out. */
export type TGameSession = {
  id: number;
  merchantId: number;
  currency: string;
  currencySymbol: string;
  memberId: number | null;
  mode: 'real' | 'fun';
  playBalanceMinor: number | null;
  game: { id: number; nodeId: string; gameCode: string; engine: TGameEngine; nameEn: string; nameBn: string };
};

/** The columns of a round or a bet that say whose it is: the session, its merchant, member and game, real money or play money. */
export const playedBy = (session: TGameSession) => ({
  session_id: session.id,
  merchant_id: session.merchantId,
  member_id: session.memberId,
  game_id: session.game.id,
  mode: session.mode,
});

/**
 * Free play: takes `debitMinor` from the session's play money and adds `creditMinor`, in the caller's
 * transaction, only when the session holds the debit (one conditional update, so parallel bets cannot
 * overdraw it). Refused with the wallet's insufficient-funds answer and the balance left otherwise.
 * Answers the new play balance. The slot, the lottery and the crash game all bet through it.
 */
export async function movePlayMoney(trx: Transaction<DB>, session: TGameSession, debitMinor: number, creditMinor = 0): Promise<number> {
  const paid = await trx
    .updateTable('game_sessions')
    .set({ play_balance_minor: sql`play_balance_minor - ${debitMinor} + ${creditMinor}` })
    .where('id', '=', session.id)
    .where('play_balance_minor', '>=', debitMinor)
    .returning('play_balance_minor')
    .executeTakeFirst();
  if (!paid) {
    const left = await trx.selectFrom('game_sessions').select('play_balance_minor').where('id', '=', session.id).executeTakeFirstOrThrow();
    throw new WpsError(400, SEAMLESS_MESSAGES.insufficientFunds, { balanceMinor: Number(left.play_balance_minor), currency: session.currency });
  }
  return Number(paid.play_balance_minor);
}

/** Free play: pays `creditMinor` into a session's play money (a settled win), in the caller's transaction. */
export async function creditPlayMoney(db: TDb, sessionId: number, creditMinor: number): Promise<void> {
  await db
    .updateTable('game_sessions')
    .set({ play_balance_minor: sql`play_balance_minor + ${creditMinor}` })
    .where('id', '=', sessionId)
    .execute();
}

/**
 * The stake of a new crash or lottery bet, in the bet's transaction: free play pays it from the play
 * money at once (the bet starts 'placed'); real money leaves the bet 'open' until the wallet took it.
 * Answers the bet's first state and the play balance after (null for real money).
 */
export async function newBetStake(
  trx: Transaction<DB>,
  session: TGameSession,
  stakeMinor: number,
): Promise<{ state: 'placed' | 'open'; playBalanceMinor: number | null }> {
  if (session.mode !== 'fun') return { state: 'open', playBalanceMinor: null };
  return { state: 'placed', playBalanceMinor: await movePlayMoney(trx, session, stakeMinor) };
}

export const gameAlreadyOpen = () => new WpsError(WPS_CODES.gameAlreadyOpen, WLG_MESSAGES.gameAlreadyOpen);
const sessionEnded = () => new WpsError(WPS_CODES.notLoggedIn, WLG_MESSAGES.sessionEnded);

const idleBefore = (deps: TPlatformDeps) => new Date(deps.clock().getTime() - GAME_SESSION_IDLE_MS);

/** Closes sessions and reveals their seeds. */
async function closeSessions(db: TDb, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('game_sessions').set({ closed_at: now }).where('id', 'in', ids).where('closed_at', 'is', null).execute();
  await db.updateTable('game_seeds').set({ revealed_at: now }).where('session_id', 'in', ids).where('revealed_at', 'is', null).execute();
}

/** Closes a member's real-money sessions idle for GAME_SESSION_IDLE_MS (they no longer count as open). */
async function closeIdle(deps: TPlatformDeps, db: TDb, memberId: number): Promise<void> {
  const idle = await db
    .selectFrom('game_sessions')
    .select('id')
    .where('member_id', '=', memberId)
    .where('closed_at', 'is', null)
    .where('last_seen_at', '<', idleBefore(deps))
    .execute();
  await closeSessions(
    db,
    idle.map((r) => r.id),
    deps.clock(),
  );
}

/**
 * UPSTREAM-NOTES: launching while a game is open answers 734. Only real money counts (free play
 * needs no wallet); a session idle for GAME_SESSION_IDLE_MS is closed first.
 */
export async function refuseWhileGameOpen(deps: TPlatformDeps, memberId: number): Promise<void> {
  await closeIdle(deps, deps.db, memberId);
  const open = await deps.db
    .selectFrom('game_sessions')
    .select('id')
    .where('member_id', '=', memberId)
    .where('mode', '=', 'real')
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (open) throw gameAlreadyOpen();
}

/** The member closes whatever real-money game is open (the web's answer to 734: "close it and start this one"). */
export async function closeOpenGames(deps: TPlatformDeps, memberId: number): Promise<{ closed: number }> {
  return deps.db.transaction().execute(async (trx) => {
    const open = await trx.selectFrom('game_sessions').select('id').where('member_id', '=', memberId).where('closed_at', 'is', null).execute();
    await closeSessions(
      trx,
      open.map((r) => r.id),
      deps.clock(),
    );
    return { closed: open.length };
  });
}

/**
 * Starts a session's seed: `serverSeed` (the next seed committed before, or a new one) with the
 * player's client seed, and a new next seed whose hash is shown from now on (docs/0073).
 */
async function insertSeed(db: TDb, sessionId: number, clientSeed: string, serverSeed = newServerSeed()): Promise<TFairCommitment> {
  const hash = await serverSeedHash(serverSeed);
  const next = newServerSeed();
  await db
    .insertInto('game_seeds')
    .values({ session_id: sessionId, server_seed: serverSeed, server_seed_hash: hash, client_seed: clientSeed, next_server_seed: next })
    .execute();
  return { serverSeedHash: hash, clientSeed, nonce: 0, nextServerSeedHash: await serverSeedHash(next) };
}

/** The current (unrevealed) seed of a session, as the player sees it, with the commitment to the next one. */
export async function commitmentOf(db: TDb, sessionId: number): Promise<TFairCommitment> {
  const seed = await db
    .selectFrom('game_seeds')
    .select(['id', 'server_seed_hash', 'client_seed', 'next_nonce', 'next_server_seed'])
    .where('session_id', '=', sessionId)
    .where('revealed_at', 'is', null)
    .executeTakeFirstOrThrow();
  let next = seed.next_server_seed;
  if (next === null) {
    // A seed from before docs/0073: its next seed is committed now, once (a second reader keeps the first).
    await db.updateTable('game_seeds').set({ next_server_seed: newServerSeed() }).where('id', '=', seed.id).where('next_server_seed', 'is', null).execute();
    next = (await db.selectFrom('game_seeds').select('next_server_seed').where('id', '=', seed.id).executeTakeFirstOrThrow()).next_server_seed!;
  }
  return { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce: seed.next_nonce, nextServerSeedHash: await serverSeedHash(next) };
}

/**
 * Redeems a launch ticket of a built-in game into a game session: single use, unexpired. A real-money
 * session is refused with 734 while another is open for the member (the unique index decides races).
 */
export async function openSession(deps: TPlatformDeps, merchantId: number, ticket: string): Promise<{ token: string; sessionId: number }> {
  const now = deps.clock();
  const token = randomBytes(32).toString('base64url');
  return deps.db.transaction().execute(async (trx) => {
    const used = await redeemLaunchTicket(trx, ticket, now, { merchantId, builtIn: true });
    if (!used) throw new WpsError(WPS_CODES.notFound, WLG_MESSAGES.sessionEnded);
    const mode = used.account_type === 0 ? 'fun' : 'real';
    if (mode === 'real' && used.member_id === null) throw new WpsError(WPS_CODES.notLoggedIn, WPS_MESSAGES.notLoggedIn);
    if (mode === 'real') await closeIdle(deps, trx, used.member_id!);
    let sessionId: number;
    try {
      // A lost race on the one-open index rolls the whole transaction back: the ticket stays unused.
      const row = await trx
        .insertInto('game_sessions')
        .values({
          token_hash: sha256Hex(token),
          merchant_id: merchantId,
          member_id: used.member_id,
          game_id: used.game_id,
          mode,
          play_balance_minor: mode === 'fun' ? FREE_PLAY_BALANCE_MINOR : null,
          last_seen_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      sessionId = row.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw gameAlreadyOpen();
      throw err;
    }
    await insertSeed(trx, sessionId, newClientSeed());
    return { token, sessionId };
  });
}

/** The open, unexpired session of a token (and keeps it alive), with its game and merchant in the same statement; 401 when it ended. */
export async function sessionOf(deps: TPlatformDeps, merchantId: number, token: string): Promise<TGameSession> {
  const row = await deps.db
    .updateTable('game_sessions')
    .set({ last_seen_at: deps.clock() })
    .from(['games', 'merchants'])
    .whereRef('games.id', '=', 'game_sessions.game_id')
    .whereRef('merchants.id', '=', 'game_sessions.merchant_id')
    .where('game_sessions.token_hash', '=', sha256Hex(token))
    .where('game_sessions.merchant_id', '=', merchantId)
    .where('game_sessions.closed_at', 'is', null)
    .where('game_sessions.last_seen_at', '>=', idleBefore(deps))
    .returning([
      'game_sessions.id',
      'game_sessions.member_id',
      'game_sessions.mode',
      'game_sessions.play_balance_minor',
      'games.id as game_id',
      'games.node_id',
      'games.game_code',
      'games.engine',
      'games.name_en',
      'games.name_bn',
      'merchants.currency',
      'merchants.currency_symbol',
    ])
    .executeTakeFirst();
  if (!row || row.engine === null) throw sessionEnded();
  return {
    id: row.id,
    merchantId,
    currency: row.currency,
    currencySymbol: row.currency_symbol,
    memberId: row.member_id,
    mode: row.mode,
    playBalanceMinor: row.play_balance_minor === null ? null : Number(row.play_balance_minor),
    game: { id: row.game_id, nodeId: row.node_id, gameCode: row.game_code, engine: row.engine, nameEn: row.name_en, nameBn: row.name_bn },
  };
}

/** What the page shows, with the balance it plays from (the wallet's, or the play money). */
export async function stateOf(deps: TPlatformDeps, session: TGameSession, balanceMinor: number): Promise<TWlgState> {
  return {
    game: {
      nodeId: session.game.nodeId,
      gameCode: session.game.gameCode,
      engine: session.game.engine,
      nameEn: session.game.nameEn,
      nameBn: session.game.nameBn,
    },
    mode: session.mode,
    balanceMinor,
    currency: session.currency,
    currencySymbol: session.currencySymbol,
    fair: await commitmentOf(deps.db, session.id),
  };
}

/** Closes the session: its seed is revealed and the member may open another game. */
export async function closeSession(deps: TPlatformDeps, session: TGameSession): Promise<{ closed: true }> {
  await deps.db.transaction().execute((trx) => closeSessions(trx, [session.id], deps.clock()));
  return { closed: true };
}

/**
 * Turns to the next server seed (with the player's client seed, or a new random one): the old seed is
 * revealed, so every round drawn from it can be checked. The new seed is the one whose hash the
 * player saw before choosing the client seed (docs/0073), so the server cannot pick a seed for the
 * player's choice. Serialised with the rounds on the seed row.
 */
export async function rotateSeed(deps: TPlatformDeps, session: TGameSession, clientSeed: string | undefined): Promise<TWlgSeedResponse> {
  return deps.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('game_seeds')
      .select(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'next_nonce', 'next_server_seed'])
      .where('session_id', '=', session.id)
      .where('revealed_at', 'is', null)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
    await trx.updateTable('game_seeds').set({ revealed_at: deps.clock() }).where('id', '=', current.id).execute();
    const fair = await insertSeed(trx, session.id, clientSeed ?? newClientSeed(), current.next_server_seed ?? undefined);
    return {
      revealed: { serverSeed: current.server_seed, serverSeedHash: current.server_seed_hash, clientSeed: current.client_seed, rounds: current.next_nonce },
      fair,
    };
  });
}

/** Closes every session idle for GAME_SESSION_IDLE_MS (a sweep job): their seeds are revealed. */
export async function closeIdleSessions(deps: TPlatformDeps): Promise<number> {
  const idle = await deps.db
    .selectFrom('game_sessions')
    .select('id')
    .where('closed_at', 'is', null)
    .where('last_seen_at', '<', idleBefore(deps))
    .limit(1000)
    .execute();
  await deps.db.transaction().execute((trx) =>
    closeSessions(
      trx,
      idle.map((r) => r.id),
      deps.clock(),
    ),
  );
  return idle.length;
}

/** Row lock helper for tests and the round service: the session row, so play money and nonces serialise. */
export function lockSession(trx: Transaction<DB>, sessionId: number) {
  return sql`select 1 from game_sessions where id = ${sessionId} for no key update`.execute(trx);
}
