import type { TWinner } from '@wl/schemas';
import { useSettings } from '../app/settings-context.tsx';
import { useScreenConfig } from '../config/screen-config-context.tsx';
import { useLaunch } from '../launch/use-launch.ts';
import { formatMinor, formatNumber } from '../lib/numbers.ts';

/**
 * The winner board's lists (docs/rules/content.md#c-11): top 3 highlighted, then a continuously scrolling list; a click
 * launches the game. Its own chunk, loaded when the board comes near the screen (docs/0060).
 */
export default function WinnerLists({ list }: { list: readonly TWinner[] }) {
  const { language } = useSettings();
  const config = useScreenConfig();
  const launch = useLaunch();
  const symbol = config.merchant.currencySymbol;
  const top = list.slice(0, 3);
  const rest = list.slice(3);
  const open = (w: TWinner) => void launch({ nodeId: w.vo.nodeId, vassalage: w.vo.vassalage, gameType: w.vo.gameType });

  const details = (w: TWinner, rank: number) => (
    <>
      <span className={`winner__rank winner__rank--${rank <= 3 ? rank : 'n'}`}>{formatNumber(rank, language)}</span>
      <span className="winner__who">
        <span className="winner__name" translate="no">
          {w.vo.customerName}
        </span>
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
  );
}
