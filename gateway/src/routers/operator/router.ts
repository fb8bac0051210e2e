import { router } from '../../trpc/init.ts';
import { approveDeposit } from './approve-deposit.ts';
import { decideAdjustment } from './decide-adjustment.ts';
import { decideMoneySettings } from './decide-money-settings.ts';
import { getMoneySettings } from './get-money-settings.ts';
import { listAdjustments } from './list-adjustments.ts';
import { listDeposits } from './list-deposits.ts';
import { rejectDeposit } from './reject-deposit.ts';
import { requestAdjustment } from './request-adjustment.ts';
import { setMoneySettings } from './set-money-settings.ts';
import { getAudit } from './get-audit.ts';
import { getConfig } from './get-config.ts';
import { getSecurity } from './get-security.ts';
import { listOutbox } from './list-outbox.ts';
import { loginOperator } from './login-operator.ts';
import { logoutOperator } from './logout-operator.ts';
import { setFlag } from './set-flag.ts';
import { setSecurity } from './set-security.ts';
import { setSystem } from './set-system.ts';
import { totpEnable } from './totp-enable.ts';
import { totpRemove, totpReset } from './totp-remove.ts';
import { totpSetup } from './totp-setup.ts';
import { getWithdrawalProof } from './get-withdrawal-proof.ts';
import { listWithdrawals } from './list-withdrawals.ts';
import { payWithdrawal } from './pay-withdrawal.ts';
import { rejectWithdrawal } from './reject-withdrawal.ts';
import { listGameCategories } from './list-game-categories.ts';
import { listGameRounds } from './list-game-rounds.ts';
import { listOperatorGames } from './list-operator-games.ts';
import { setGame } from './set-game.ts';
import { setGameCategory } from './set-game-category.ts';
import { lotterySettings, setLotterySettings } from './lottery-settings.ts';

/** The operator console: login, configuration, security thresholds, the message outbox, the audit log and the operator's authenticator; the platform checks each call's permission. */
export const operatorRouter = router({
  login: loginOperator,
  logout: logoutOperator,
  config: getConfig,
  setFlag,
  setSystem,
  outbox: listOutbox,
  security: getSecurity,
  setSecurity,
  audit: getAudit,
  totpSetup,
  totpEnable,
  totpRemove,
  totpReset,
  // Issue 8: deposits, balance adjustments (four eyes), money settings.
  deposits: listDeposits,
  approveDeposit,
  rejectDeposit,
  adjustments: listAdjustments,
  requestAdjustment,
  decideAdjustment,
  moneySettings: getMoneySettings,
  setMoneySettings,
  decideMoneySettings,
  withdrawals: listWithdrawals,
  payWithdrawal,
  rejectWithdrawal,
  withdrawalProof: getWithdrawalProof,
  // Issue 9 item 8: category and game switches (docs/0037).
  gameCategories: listGameCategories,
  setGameCategory,
  lotterySettings,
  setLotterySettings,
  games: listOperatorGames,
  setGame,
  // Issue 9 item 8: the built-in games' rounds and bets (docs/0043).
  gameRounds: listGameRounds,
});
