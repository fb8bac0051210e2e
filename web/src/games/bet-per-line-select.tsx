import { useTranslation } from 'react-i18next';
import { SLOT_BETS_PER_LINE_MINOR } from '@wl/schemas/games/slot';
import { formatMinor } from '../lib/numbers.ts';

type TMoneySelectProps = {
  className: string;
  selectClassName?: string;
  label: string;
  amounts: readonly number[];
  value: number;
  onChange: (minor: number) => void;
  currencySymbol: string;
  disabled?: boolean;
  testId?: string;
};

/** A labelled select of fixed money amounts (a stake, a bet per line), each shown in the player's currency. */
export function MoneySelect({ className, selectClassName, label, amounts, value, onChange, currencySymbol, disabled, testId }: TMoneySelectProps) {
  const { i18n } = useTranslation();
  return (
    <label className={className}>
      <span>{label}</span>
      <select className={selectClassName} value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId} disabled={disabled}>
        {amounts.map((b) => (
          <option key={b} value={b}>
            {formatMinor(b, i18n.language, currencySymbol)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The slot's bet per line, labelled: the same choices where the player bets and where a round is verified. */
export function BetPerLineSelect(props: Omit<TMoneySelectProps, 'label' | 'amounts' | 'selectClassName'>) {
  const { t } = useTranslation();
  return <MoneySelect label={t('slot_bet_per_line')} amounts={SLOT_BETS_PER_LINE_MINOR} {...props} />;
}
