import { WLG_MESSAGES, WPS_CODES, type TFairCommitment } from '@wl/schemas';
import { fairFloats, serverSeedHash } from '@wl/schemas/games/fair';
import { slotSpin, type TSlotSpin } from '@wl/schemas/games/slot';
import { checkCommitDeadline, perDatabase } from '../../db/call-deadline.ts';
import type { TPlatformDeps } from '../../http/deps.ts';
import { WpsError } from '../../http/envelope.ts';
import { inTransaction } from '../../wallet/ledger.service.ts';
import { commitmentOf, movePlayMoney, playedBy, type TGameSession } from './game-sessions.ts';

/** A drawn slot round: its id, outcome and nonce, and the seed it was drawn from. */
export type TDrawn = { roundId: number; spin: TSlotSpin; nonce: number; serverSeedHash: string; clientSeed: string; nextServerSeed: string | null };

/** A session's current seed as the last draw of this process left it: a guess the draw's statement checks. */
type TSeedGuess = { id: number; serverSeed: string; serverSeedHash: string; clientSeed: string; nextServerSeed: string | null; nextNonce: number };

const MAX_GUESSES = 50_000;
// Per database, not per deps: a call's deps carry a handle of their own (docs/0078), the same database.
const guesses = perDatabase(() => new Map<number, TSeedGuess>());
const guessesOf = (deps: TPlatformDeps): Map<number, TSeedGuess> => guesses(deps.db);

function remember(deps: TPlatformDeps, sessionId: number, guess: TSeedGuess): void {
  const map = guessesOf(deps);
  if (map.size >= MAX_GUESSES) map.clear();
  map.set(sessionId, guess);
}

const roundRow = (deps: TPlatformDeps, session: TGameSession, spin: TSlotSpin) => ({
  ...playedBy(session),
  stake_minor: spin.stakeMinor,
  payout_minor: spin.winMinor,
  outcome: JSON.stringify(spin),
  state: session.mode === 'fun' ? ('settled' as const) : ('open' as const),
  settled_at: session.mode === 'fun' ? deps.clock() : null,
});

/**
 * Real money, one statement (docs/0081): the round is drawn from the guessed seed and nonce, and
 * written only if the seed row still holds them — the update that takes the nonce and the insert of
 * the round are one statement, under the row's lock. A guess that no longer holds (another spin took
 * the nonce, another process drew, the seed turned) writes nothing and answers null.
 */
async function drawOnGuess(deps: TPlatformDeps, session: TGameSession, guess: TSeedGuess, betPerLineMinor: number): Promise<TDrawn | null> {
  const nonce = guess.nextNonce;
  const spin = slotSpin(await fairFloats(guess.serverSeed, guess.clientSeed, nonce, 5), betPerLineMinor);
  // Nothing is drawn for a gateway that no longer waits (docs/0078).
  await checkCommitDeadline(deps.db);
  const row = roundRow(deps, session, spin);
  const round = await deps.db
    .with('taken', (db) =>
      db
        .updateTable('game_seeds')
        .set({ next_nonce: nonce + 1 })
        .where('id', '=', guess.id)
        .where('next_nonce', '=', nonce)
        .where('revealed_at', 'is', null)
        .returning('id'),
    )
    .insertInto('game_rounds')
    .columns(['session_id', 'merchant_id', 'member_id', 'game_id', 'mode', 'seed_id', 'nonce', 'stake_minor', 'payout_minor', 'outcome', 'state'])
    .expression((eb) =>
      // Typed casts: a parameter in a SELECT list takes no type from the column it is inserted into.
      eb
        .selectFrom('taken')
        .select((s) => [
          s.cast(s.val(row.session_id), 'bigint').as('session_id'),
          s.cast(s.val(row.merchant_id), 'integer').as('merchant_id'),
          s.cast(s.val(row.member_id), 'integer').as('member_id'),
          s.cast(s.val(row.game_id), 'integer').as('game_id'),
          s.cast(s.val(row.mode), 'text').as('mode'),
          'taken.id',
          s.cast(s.val(nonce), 'integer').as('nonce'),
          s.cast(s.val(row.stake_minor), 'bigint').as('stake_minor'),
          s.cast(s.val(row.payout_minor), 'bigint').as('payout_minor'),
          s.cast(s.val(row.outcome), 'jsonb').as('outcome'),
          s.cast(s.val(row.state), 'text').as('state'),
        ]),
    )
    .returning('id')
    .executeTakeFirst();
  if (!round) return null;
  remember(deps, session.id, { ...guess, nextNonce: nonce + 1 });
  return { roundId: round.id, spin, nonce, serverSeedHash: guess.serverSeedHash, clientSeed: guess.clientSeed, nextServerSeed: guess.nextServerSeed };
}

/**
 * Under the seed row's lock, in a transaction: the next nonce (taken by the update that locks the
 * row, which answers the seed too), the fair floats, the outcome, the round row. Free play settles
 * here, in the same transaction, against the session's play money; real money leaves the round 'open'.
 */
async function drawLocked(deps: TPlatformDeps, session: TGameSession, betPerLineMinor: number): Promise<TDrawn & { playBalanceMinor: number | null }> {
  // inTransaction: a spin the gateway no longer waits for draws nothing (docs/0078).
  const drawn = await inTransaction(deps.db, async (trx) => {
    const seed = await trx
      .updateTable('game_seeds')
      .set((eb) => ({ next_nonce: eb('next_nonce', '+', 1) }))
      .where('session_id', '=', session.id)
      .where('revealed_at', 'is', null)
      .returning(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'next_nonce', 'next_server_seed'])
      .executeTakeFirst();
    if (!seed) throw new WpsError(WPS_CODES.notLoggedIn, WLG_MESSAGES.sessionEnded);
    const nonce = seed.next_nonce - 1;
    const spin = slotSpin(await fairFloats(seed.server_seed, seed.client_seed, nonce, 5), betPerLineMinor);
    const playBalanceMinor = session.mode === 'fun' ? await movePlayMoney(trx, session, spin.stakeMinor, spin.winMinor) : null;
    const round = await trx
      .insertInto('game_rounds')
      .values({ ...roundRow(deps, session, spin), seed_id: seed.id, nonce })
      .returning('id')
      .executeTakeFirstOrThrow();
    const guess: TSeedGuess = {
      id: seed.id,
      serverSeed: seed.server_seed,
      serverSeedHash: seed.server_seed_hash,
      clientSeed: seed.client_seed,
      nextServerSeed: seed.next_server_seed,
      nextNonce: seed.next_nonce,
    };
    const result = { roundId: round.id, spin, nonce, serverSeedHash: guess.serverSeedHash, clientSeed: guess.clientSeed, nextServerSeed: guess.nextServerSeed };
    return { guess, drawn: { ...result, playBalanceMinor } };
  });
  // Kept once committed, for the next real-money spin.
  if (session.mode === 'real') remember(deps, session.id, drawn.guess);
  return drawn.drawn;
}

/**
 * Draws a slot round. Real money on a seed this process drew from before: one statement
 * (drawOnGuess); otherwise, or when the guess no longer holds, the transaction under the seed row's
 * lock (drawLocked), which waits its turn and always draws the next nonce.
 */
export async function drawSlotRound(
  deps: TPlatformDeps,
  session: TGameSession,
  betPerLineMinor: number,
): Promise<TDrawn & { playBalanceMinor: number | null }> {
  const guess = session.mode === 'real' ? guessesOf(deps).get(session.id) : undefined;
  if (guess) {
    const drawn = await drawOnGuess(deps, session, guess, betPerLineMinor);
    if (drawn) return { ...drawn, playBalanceMinor: null };
    guessesOf(deps).delete(session.id);
  }
  return drawLocked(deps, session, betPerLineMinor);
}

/** The commitment the player sees after a round: the seed it was drawn from, its next nonce and the next seed's hash. */
export async function commitmentAfter(deps: TPlatformDeps, session: TGameSession, drawn: TDrawn): Promise<TFairCommitment> {
  // A seed from before docs/0073 has its next seed committed by commitmentOf, once.
  if (drawn.nextServerSeed === null) return commitmentOf(deps.db, session.id);
  return {
    serverSeedHash: drawn.serverSeedHash,
    clientSeed: drawn.clientSeed,
    nonce: drawn.nonce + 1,
    nextServerSeedHash: await serverSeedHash(drawn.nextServerSeed),
  };
}
