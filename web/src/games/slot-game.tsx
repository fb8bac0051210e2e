import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableHead } from '../layout/table-head.tsx';
import { useMutation } from '@tanstack/react-query';
import { SLOT_BETS_PER_LINE_MINOR, SLOT_LINES, SLOT_PAYTABLE, SLOT_SYMBOLS, slotReturnToPlayer, type TSlotSpin } from '@wl/schemas/games/slot';
import type { TWlgSlotSpinResponse } from '@wl/schemas';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { formatDigits, formatMinor, formatNumber } from '../lib/numbers.ts';
import { formatPercent } from '../lib/numbers-later.ts';
import { BetPerLineSelect } from './bet-per-line-select.tsx';
import { SlotSymbol } from './slot-symbol.tsx';
import { LimitResetNote } from './play-protection.tsx';

const RTP = slotReturnToPlayer() * 100;

/** The reels as last spun (a fixed first picture before any spin). */
function Reels({ spin }: { spin: TSlotSpin | null }) {
  const { t } = useTranslation();
  const winning = new Set(spin?.lines.flatMap((l) => SLOT_LINES[l.line - 1]!.slice(0, l.count).map((row, reel) => `${row}:${reel}`)) ?? []);
  const grid = spin?.grid ?? [SLOT_SYMBOLS.slice(0, 5), SLOT_SYMBOLS.slice(5, 10), SLOT_SYMBOLS.slice(2, 7)];
  return (
    <div className="slot__reels" role="group" aria-label={t('slot_reels')} data-testid="slot.reels">
      {grid.map((row, r) =>
        row.map((symbol, c) => (
          <div key={`${r}:${c}`} className={`slot__cell${winning.has(`${r}:${c}`) ? ' is-winning' : ''}`} data-testid="slot.cell">
            <SlotSymbol symbol={symbol} />
          </div>
        )),
      )}
    </div>
  );
}

/** The slot: reels, bet per line, spin, the round's wins and the paytable. */
export function SlotGame({
  token,
  currencySymbol,
  onRound,
  onRefused,
}: {
  token: string;
  currencySymbol: string;
  onRound: (answer: TWlgSlotSpinResponse) => void;
  /** A spin refused (its message key): the page reacts to a protection refusal (docs/0104). */
  onRefused?: (key: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const [bet, setBet] = useState<number>(SLOT_BETS_PER_LINE_MINOR[3]);
  const [last, setLast] = useState<TWlgSlotSpinResponse | null>(null);
  const spin = useMutation(
    trpc.games.spin.mutationOptions({
      onSuccess: (answer) => {
        setLast(answer);
        onRound(answer);
      },
      onError: (err) => onRefused?.(errorKey(err)),
    }),
  );
  const outcome = last?.round.outcome ?? null;
  return (
    <section className="slot card" aria-labelledby="slot-title">
      <h2 id="slot-title" className="sr-only">
        {t('slot_reels')}
      </h2>
      <Reels spin={outcome} />
      <div className="slot__result" aria-live="polite" data-testid="slot.result">
        {outcome === null ? null : outcome.winMinor > 0 ? (
          <>
            <strong>
              {t('slot_win')}: {formatMinor(outcome.winMinor, language, currencySymbol)}
            </strong>
            <ul className="slot__lines">
              {outcome.lines.map((l) => (
                <li key={l.line}>
                  {t('slot_line_win', {
                    line: l.line,
                    count: l.count,
                    symbol: t(`slot_symbol_${l.symbol}`),
                    amount: formatMinor(l.winMinor, language, currencySymbol),
                  })}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <span>{t('slot_no_win')}</span>
        )}
      </div>
      {spin.isError && (
        <p className="form-error" role="alert" data-testid="slot.error">
          {t(errorKey(spin.error))}
        </p>
      )}
      {spin.isError && <LimitResetNote error={spin.error} />}
      <div className="slot__controls">
        <BetPerLineSelect className="slot__bet" value={bet} onChange={setBet} currencySymbol={currencySymbol} disabled={spin.isPending} testId="slot.bet" />
        <div className="slot__total">
          <span>
            {t('slot_lines')}: {formatNumber(SLOT_LINES.length, language)}
          </span>
          <span data-testid="slot.total">
            {t('slot_total_bet')}: {formatMinor(bet * SLOT_LINES.length, language, currencySymbol)}
          </span>
        </div>
        <button
          type="button"
          className="btn btn--primary slot__spin"
          data-testid="slot.spin"
          disabled={spin.isPending}
          onClick={() => spin.mutate({ token, betPerLineMinor: bet })}
        >
          {spin.isPending ? t('slot_spinning') : t('slot_spin')}
        </button>
      </div>
      <details className="slot__paytable" data-testid="slot.paytable">
        <summary>{t('slot_paytable')}</summary>
        <p>{t('slot_paytable_note', { rtp: formatPercent(RTP, language, 2) })}</p>
        <table>
          <TableHead columns={[t('slot_reels'), ...[3, 4, 5].map((n) => formatDigits(n, language))]} />
          <tbody>
            {SLOT_SYMBOLS.map((s) => (
              <tr key={s}>
                <th scope="row">
                  <SlotSymbol symbol={s} size={20} /> <span>{t(`slot_symbol_${s}`)}</span>
                </th>
                {SLOT_PAYTABLE[s].map((m, i) => (
                  <td key={i}>×{formatNumber(m, language)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
