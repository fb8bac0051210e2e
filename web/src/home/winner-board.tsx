import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TWinner } from '@wl/schemas';
import { useTRPC } from '../api/trpc.ts';
import { useSettings } from '../app/settings-context.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useLaunch } from '../launch/use-launch.ts';
import { Icon } from '../layout/icons.tsx';
import { formatMinor, formatNumber } from '../lib/numbers.ts';
import { useNearViewport } from '../lib/use-near-viewport.ts';

/**
 * Winner board (SPEC §2): top 3 highlighted, then a continuously scrolling list; a click launches the
 * game. Below the rows on a phone: the list renders when the board comes near the screen (docs/0060).
 */
export function WinnerBoard() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const { language } = useSettings();
  const config = useScreenConfig();
  const launch = useLaunch();
  const q = useQuery(trpc.content.winnerBoard.queryOptions({ language }));
  const [ref, isNear] = useNearViewport<HTMLElement>();
  const list = q.data ?? [];
  const symbol = config.merchant.currencySymbol;
  const top = list.slice(0, 3);
  const rest = list.slice(3);
  const open = (w: TWinner) => void launch({ nodeId: w.vo.nodeId, vassalage: w.vo.vassalage, gameType: w.vo.gameType });

  const details = (w: TWinner, rank: number) => (
    <>
      <span className={`winner__rank winner__rank--${rank <= 3 ? rank : 'n'}`}>{formatNumber(rank, language)}</span>
      <span className="winner__who">
        <span className="winner__name" translate="no">{w.vo.customerName}</span>
        <span className="winner__game">{w.vo.gameName}</span>
      </span>
      <span className="winner__amount">{formatMinor(w.vo.winAmount, language, symbol)}</span>
    </>
  );
  const entry = (w: TWinner, rank: number, testId: string, key: string) => (
    <li key={key}>
      <button type="button" className="winner" data-testid={testId} onClick={() => open(w)}>
        {details(w, rank)}
      </button>
    </li>
  );

  return (
    <section ref={ref} className="winners" data-testid="winner-board" aria-label={t('winner_board')}>
      <h2 className="row__title">
        <Icon name="trophy" size={20} /> {t('winner_board')}
      </h2>
      {!isNear || (list.length === 0 && q.isLoading) ? (
        <div className="winners__loading" aria-busy="true" />
      ) : list.length === 0 ? (
        <p className="no-data" data-testid="no-data">
          {t('no_data')}
        </p>
      ) : (
        <>
          <ol className="winners__top" data-testid="winner-board.top">
            {top.map((w, i) => entry(w, i + 1, 'winner-board.item', `top-${i}`))}
          </ol>
          {rest.length > 0 && (
            <div className="winners__viewport">
              {/* The list is rendered twice so the CSS scroll loops seamlessly; the copy is hidden from AT. */}
              <div className="winners__track" style={{ animationDuration: `${rest.length * 2.5}s` }}>
                <ol className="winners__list">{rest.map((w, i) => entry(w, i + 4, 'winner-board.item', `r-${i}`))}</ol>
                <ol className="winners__list" aria-hidden="true">
                  {rest.map((w, i) => (
                    <li key={`c-${i}`}>
                      <span className="winner winner--copy" onClick={() => open(w)}>
                        {details(w, i + 4)}
                      </span>
                    </li>
                  ))}
                </ol>
              </div>
            </div>
          )}
        </>
      )}
    </section>
  );
}
