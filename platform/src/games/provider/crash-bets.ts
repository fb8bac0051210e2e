import type { Selectable } from 'kysely';
import type { TCrashBet } from '@wl/schemas';
import type { CrashBetsTable } from '../../db/schema.ts';
import type { TPlatformDeps } from '../../http/deps.ts';
import { guardedMove } from './guarded-state.ts';
import type { TWalletClient } from './wallet-client.ts';
import { walletIds } from './wallet-moves.ts';

/** The wallet ids of a crash bet: its own provider round (one bet, one win), `WLG-C<bet id>`. */
export const crashBetIds = (betId: number) => walletIds(`WLG-C${betId}`);

/** A bet still 'open' (the wallet's answer to its stake unknown) this long after it was made is rolled back. */
export const CRASH_OPEN_BET_GRACE_MS = 10_000;

export type TCrashBetRow = Selectable<CrashBetsTable>;

/**
 * A guarded move of a crash bet's state (docs/0072): `UPDATE … WHERE state = from`; a bet found in
 * any state but `to` fails loudly (StateMoved) instead of being treated as moved.
 */
export async function setBetState(
  deps: TPlatformDeps,
  betId: number,
  from: 'open' | 'placed',
  to: 'placed' | 'settled' | 'refused' | 'rolled_back',
  now = deps.clock(),
) {
  return guardedMove(
    `crash bet ${betId}`,
    [from],
    to,
    () =>
      deps.db
        .updateTable('crash_bets')
        .set({ state: to, ...(to === 'placed' ? {} : { settled_at: now }) })
        .where('id', '=', betId)
        .where('state', '=', from)
        .returning('id')
        .executeTakeFirst(),
    async () => (await deps.db.selectFrom('crash_bets').select('state').where('id', '=', betId).executeTakeFirst())?.state,
  );
}

/** A bet as the player sees it. */
export function betView(row: TCrashBetRow, roundNo: number): TCrashBet {
  return {
    betId: String(row.id),
    roundNo,
    stakeMinor: Number(row.stake_minor),
    autoCashOutX100: row.auto_cash_out_x100,
    cashOutX100: row.cash_out_x100,
    payoutMinor: row.payout_minor === null ? null : Number(row.payout_minor),
    state: row.state,
  };
}

/** Pays a decided real-money bet through the wallet (WLG-C<id>:win, 0 closes a loss) and settles it. */
export async function payDecided(
  deps: TPlatformDeps,
  wallet: TWalletClient,
  bet: Pick<TCrashBetRow, 'id' | 'member_id' | 'payout_minor'>,
  gameCode: string,
): Promise<number> {
  const ids = crashBetIds(bet.id);
  const answer = await wallet.win({
    playerId: String(bet.member_id),
    roundId: ids.round,
    transactionId: ids.win,
    gameCode,
    amountMinor: Number(bet.payout_minor),
  });
  // A cash-out and the settlement may both pay (one win id, the wallet's duplicate): 'settled' twice is fine, any other state is not.
  await setBetState(deps, bet.id, 'placed', 'settled');
  return answer.balanceMinor;
}
