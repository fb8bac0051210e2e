import { useTranslation } from 'react-i18next';
import { TableHead } from '../layout/table-head.tsx';
import type { TWlgCrashLive } from '@wl/schemas';
import { formatMinor } from '../lib/numbers.ts';
import { formatMultiplier } from '../lib/numbers-later.ts';

type TCrashRoundHistory = TWlgCrashLive['history'][number];

/** The round's bets under masked names, and the recent crash points (a tap opens one in the verify view). */
export function CrashBoard({ live, currencySymbol, onVerify }: { live: TWlgCrashLive; currencySymbol: string; onVerify: (round: TCrashRoundHistory) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <section className="crash card" aria-labelledby="crash-board-title" data-testid="crash.board">
      <h2 id="crash-board-title">
        {t('crash_board')} · {t('crash_players', { count: live.players })}
      </h2>
      {live.bets.length === 0 ? (
        <p className="no-data">{t('crash_board_empty')}</p>
      ) : (
        <table className="crash__table">
          <TableHead columns={[t('crash_board_player'), t('crash_stake'), t('crash_board_cashout'), t('crash_board_win')]} />
          <tbody>
            {live.bets.map((b, i) => (
              <tr key={i} data-testid="crash.board.row">
                <td>{b.player}</td>
                <td>{formatMinor(b.stakeMinor, language, currencySymbol)}</td>
                <td>{b.cashOutX100 !== null ? formatMultiplier(b.cashOutX100, language) : '—'}</td>
                <td>{b.payoutMinor !== null ? formatMinor(b.payoutMinor, language, currencySymbol) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>{t('crash_history')}</h3>
      <ol className="crash__history" data-testid="crash.history">
        {live.history.map((h) => (
          <li key={h.roundNo}>
            <button
              type="button"
              className={`chip crash__chip${h.crashX100 >= 200 ? ' is-high' : ''}`}
              aria-label={`${t('crash_round', { no: h.roundNo })}: ${formatMultiplier(h.crashX100, language)} — ${t('fair_verify')}`}
              data-testid="crash.history.round"
              data-round={h.roundNo}
              onClick={() => onVerify(h)}
            >
              {formatMultiplier(h.crashX100, language)}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
