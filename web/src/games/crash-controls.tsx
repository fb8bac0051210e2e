import { useTranslation } from 'react-i18next';
import type { TCrashBet, TWlgCrashLive } from '@wl/schemas';
import { CRASH_STAKES_MINOR, crashPayoutMinor } from '@wl/schemas/games/crash';
import { crashOutcomeAt, targetOf, type TCrashView } from '@wl/flows/crash/crash-view';
import type { TCrashContext, TCrashEvent } from '@wl/flows/crash/crash.machine';
import { formatMinor } from '../lib/numbers.ts';
import { formatMultiplier } from '../lib/numbers-later.ts';
import { MoneySelect } from './bet-per-line-select.tsx';

/** What became of this page's bet, in words. */
function MyBet({ bet, live, now, currencySymbol }: { bet: TCrashBet; live: TWlgCrashLive; now: number; currencySymbol: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const stake = formatMinor(bet.stakeMinor, language, currencySymbol);
  const result = crashOutcomeAt(bet, live, now);
  const text =
    result.outcome === 'won'
      ? t('crash_my_bet_won', { x: formatMultiplier(result.x100, language), amount: formatMinor(result.payoutMinor, language, currencySymbol) })
      : result.outcome === 'lost'
        ? t('crash_my_bet_lost', { stake })
        : t(result.waiting ? 'crash_my_bet_waiting' : 'crash_my_bet_riding', { stake });
  return (
    <p className="crash__mine" aria-live="polite" data-testid="crash.mine" data-state={result.outcome}>
      {text}
    </p>
  );
}

type TCrashControlsProps = {
  live: TWlgCrashLive;
  view: TCrashView;
  now: number;
  context: TCrashContext;
  busy: { betting: boolean; cashingOut: boolean };
  send: (event: TCrashEvent) => void;
  currencySymbol: string;
};

/** The page's bet, the last refusal, the stake and auto cash-out, and the bet or cash-out button (the crash machine decides). */
export function CrashControls({ live, view, now, context, busy, send, currencySymbol }: TCrashControlsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { mine, error, stakeMinor, target } = context;
  const targetBad = Number.isNaN(targetOf(target));
  return (
    <>
      {mine && <MyBet bet={mine} live={live} now={now} currencySymbol={currencySymbol} />}
      {error && (
        <p className="form-error" role="alert" data-testid="crash.error">
          {t(error)}
        </p>
      )}
      <div className="crash__controls">
        <MoneySelect
          className="crash__field"
          selectClassName="input"
          label={t('crash_stake')}
          amounts={CRASH_STAKES_MINOR}
          value={stakeMinor}
          onChange={(minor) => send({ type: 'crash.stake', stakeMinor: minor })}
          currencySymbol={currencySymbol}
          testId="crash.stake"
        />
        <label className="crash__field">
          <span>{t('crash_auto')}</span>
          <input
            className="input"
            inputMode="decimal"
            value={target}
            onChange={(e) => send({ type: 'crash.target', text: e.target.value })}
            placeholder="2.00"
            aria-invalid={targetBad}
            data-testid="crash.auto"
            autoComplete="off"
          />
        </label>
        {targetBad && <p className="form-error">{t('crash_target_invalid')}</p>}
        {view.canCashOut && mine ? (
          // Keys: the cash-out and the bet button are different elements, so a tap meant for one can never land on the other.
          <button
            key="cashout"
            type="button"
            className="btn btn--primary crash__action"
            data-testid="crash.cashout"
            disabled={busy.cashingOut}
            onClick={() => send({ type: 'crash.cashOut', now })}
          >
            {t('crash_cash_out', { amount: formatMinor(crashPayoutMinor(mine.stakeMinor, view.x100), language, currencySymbol) })}
          </button>
        ) : (
          <button
            key="bet"
            type="button"
            className="btn btn--primary crash__action"
            data-testid="crash.bet"
            disabled={!view.canBet || busy.betting || targetBad}
            onClick={() => send({ type: 'crash.bet', now })}
          >
            {view.round.phase === 'betting' ? t('crash_bet') : t('crash_wait_next')}
          </button>
        )}
      </div>
    </>
  );
}
