import { useTranslation } from 'react-i18next';
import { SLOT_BETS_PER_LINE_MINOR } from '@wl/schemas/games/slot';
import { formatMinor } from '../lib/money.ts';

/** The slot's bet per line, labelled: the same choices where the player bets and where a round is verified. */
export function BetPerLineSelect({ className, value, onChange, currencySymbol, disabled, testId }: { className: string; value: number; onChange: (betPerLineMinor: number) => void; currencySymbol: string; disabled?: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <label className={className}>
      <span>{t('slot_bet_per_line')}</span>
      <select value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId} disabled={disabled}>
        {SLOT_BETS_PER_LINE_MINOR.map((b) => (
          <option key={b} value={b}>
            {formatMinor(b, currencySymbol)}
          </option>
        ))}
      </select>
    </label>
  );
}
