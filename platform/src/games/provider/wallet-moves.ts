import type { Kysely } from 'kysely';
import { WLG_MESSAGES, WPS_CODES, type TSeamlessAnswer, type TSeamlessBetRequest } from '@wl/schemas';
import { deadlineMsOf } from '../../db/call-deadline.ts';
import type { DB } from '../../db/schema.ts';
import { WpsError } from '../../http/envelope.ts';
import { afterAnswer } from './after-answer.ts';
import { WalletRefusal, WalletUnreachable, type TWalletCallOptions, type TWalletClient } from './wallet-client.ts';

/*
 * How the built-in games move real money through the seamless wallet, the same for the slot, the
 * crash game and the lottery: one provider round per slot round or bet, its transaction ids derived
 * from it, and the stake taken with one answer to each way it can go (docs/0072).
 */

/** The wallet ids of a provider round: the round id and its bet, win and rollback transaction ids. */
export const walletIds = (round: string) => ({ round, bet: `${round}:bet`, win: `${round}:win`, rollback: `${round}:rb` });

/** The deadline a game call's wallet calls carry (docs/0088): its caller's, from its database handle; none for jobs and direct calls. */
export const walletDeadline = (db: Kysely<DB>): TWalletCallOptions => ({ deadlineMs: deadlineMsOf(db) ?? undefined });

/** The game's answer while the wallet cannot be reached. */
export const gameBusy = () => new WpsError(WPS_CODES.systemBusy, WLG_MESSAGES.busy);

/**
 * Takes a stake through the wallet. A refusal moves nothing: the bet is marked refused (`refused`)
 * and the refusal answered (`refusalError` may answer it otherwise; the wallet's own code by
 * default). An unknown outcome is rolled back and marked so (`rolledBack`); when that fails too it
 * is left 'open' for the game's sweep. Either way the player is told the game is busy. With a
 * deadline (docs/0088) the bet is sent with it, and an unknown outcome is answered busy at once: the
 * wallet commits nothing past the deadline, and the rollback, which refunds a stake whose answer was
 * lost and refuses a bet still on its way, goes on after the answer.
 */
export async function takeStake(
  wallet: TWalletClient,
  ids: ReturnType<typeof walletIds>,
  bet: Omit<TSeamlessBetRequest, 'roundId' | 'transactionId'>,
  marks: { refused: () => Promise<unknown>; rolledBack: () => Promise<unknown>; refusalError?: (err: WalletRefusal) => Error | null },
  options: TWalletCallOptions = {},
): Promise<TSeamlessAnswer> {
  const base = { playerId: bet.playerId, roundId: ids.round, gameCode: bet.gameCode };
  try {
    return await wallet.bet({ ...base, transactionId: ids.bet, amountMinor: bet.amountMinor }, options);
  } catch (err) {
    if (err instanceof WalletRefusal) {
      await marks.refused();
      throw marks.refusalError?.(err) ?? new WpsError(err.code, err.messageKey, err.balance);
    }
    if (err instanceof WalletUnreachable) {
      const rollBack = async () => {
        await wallet.rollback({ ...base, transactionId: ids.rollback, refTransactionId: ids.bet });
        await marks.rolledBack();
      };
      if (options.deadlineMs !== undefined) afterAnswer(`round ${ids.round}: rollback`, rollBack);
      else {
        // Left 'open' when it fails: the game's sweep rolls it back.
        await rollBack().catch(() => undefined);
      }
      throw gameBusy();
    }
    throw err;
  }
}
