import { useTranslation } from 'react-i18next';
import { SLOT_BETS_PER_LINE_MINOR } from '@wl/schemas/games/slot';
import { formatMinor } from '../lib/numbers.ts';

/** The slot's bet per line, labelled: the same choices where the player bets and where a round is verified. */
export function BetPerLineSelect({
  className,
  value,
  onChange,
  currencySymbol,
  disabled,
  testId,
}: {
  className: string;
  value: number;
  onChange: (betPerLineMinor: number) => void;
  currencySymbol: string;
  disabled?: boolean;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <label className={className}>
      <span>{t('slot_bet_per_line')}</span>
      <select value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId} disabled={disabled}>
        {SLOT_BETS_PER_LINE_MINOR.map((b) => (
          <option key={b} value={b}>
            {formatMinor(b, language, currencySymbol)}
          </option>
        ))}
      </select>
    </label>
  );
}
