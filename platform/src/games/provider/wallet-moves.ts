import { WLG_MESSAGES, WPS_CODES, type TSeamlessAnswer, type TSeamlessBetRequest } from '@wl/schemas';
import { WpsError } from '../../http/envelope.ts';
import { WalletRefusal, WalletUnreachable, type TWalletClient } from './wallet-client.ts';

/*
 * How the built-in games move real money through the seamless wallet, the same for the slot, the
 * crash game and the lottery: one provider round per slot round or bet, its transaction ids derived
 * from it, and the stake taken with one answer to each way it can go (docs/0072).
 */

/** The wallet ids of a provider round: the round id and its bet, win and rollback transaction ids. */
export const walletIds = (round: string) => ({ round, bet: `${round}:bet`, win: `${round}:win`, rollback: `${round}:rb` });

/** The game's answer while the wallet cannot be reached. */
export const gameBusy = () => new WpsError(WPS_CODES.systemBusy, WLG_MESSAGES.busy);

/**
 * Takes a stake through the wallet. A refusal moves nothing: the bet is marked refused (`refused`)
 * and the refusal answered (`refusalError` may answer it otherwise; the wallet's own code by
 * default). An unknown outcome is rolled back and marked so (`rolledBack`); when that fails too it
 * is left 'open' for the game's sweep. Either way the player is told the game is busy.
 */
export async function takeStake(
  wallet: TWalletClient,
  ids: ReturnType<typeof walletIds>,
  bet: Omit<TSeamlessBetRequest, 'roundId' | 'transactionId'>,
  marks: { refused: () => Promise<unknown>; rolledBack: () => Promise<unknown>; refusalError?: (err: WalletRefusal) => Error | null },
): Promise<TSeamlessAnswer> {
  const base = { playerId: bet.playerId, roundId: ids.round, gameCode: bet.gameCode };
  try {
    return await wallet.bet({ ...base, transactionId: ids.bet, amountMinor: bet.amountMinor });
  } catch (err) {
    if (err instanceof WalletRefusal) {
      await marks.refused();
      throw marks.refusalError?.(err) ?? new WpsError(err.code, err.messageKey, err.balance);
    }
    if (err instanceof WalletUnreachable) {
      try {
        await wallet.rollback({ ...base, transactionId: ids.rollback, refTransactionId: ids.bet });
        await marks.rolledBack();
      } catch {
        // Left 'open': the game's sweep rolls it back.
      }
      throw gameBusy();
    }
    throw err;
  }
}
