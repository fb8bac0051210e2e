import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORD_MAX_RANGE_DAYS } from '@wl/schemas/domain/records';
import { InputField } from '../accounts/form-parts.tsx';
import { AGENT_PERIODS, lastSevenDays, periodRange, rangeFileSuffix, rangeProblemOf, type TAgentPeriod } from './agent-periods.ts';

/** A report's period: a named one (this week first) or two custom days, and what that range is. */
export function usePeriod() {
  const [period, setPeriod] = useState<TAgentPeriod>('thisWeek');
  const [custom, setCustom] = useState(() => lastSevenDays(new Date()));
  const range = periodRange(period, new Date(), custom);
  return {
    period,
    setPeriod,
    custom,
    /** Sets one end of the custom period (a local day). */
    setDay: (end: 'from' | 'to') => (day: string) => setCustom((c) => ({ ...c, [end]: day })),
    range,
    /** Set when the platform would refuse the range: the report is not asked for. */
    problem: rangeProblemOf(range, RECORD_MAX_RANGE_DAYS),
    fileSuffix: rangeFileSuffix(range),
  };
}
export type TPeriodState = ReturnType<typeof usePeriod>;

/** The period buttons and, for a custom period, its two days (`<testId>.period.<p>`, `.from`, `.to`). */
export function PeriodPicker({ p, testId }: { p: TPeriodState; testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="money__quick" role="group" aria-label={t('agent_periods')}>
        {AGENT_PERIODS.map((x) => (
          <button
            key={x}
            type="button"
            className={`btn btn--ghost btn--small${p.period === x ? ' is-active' : ''}`}
            aria-pressed={p.period === x}
            data-testid={`${testId}.period.${x}`}
            onClick={() => p.setPeriod(x)}
          >
            {t(`agent_period_${x}`)}
          </button>
        ))}
      </div>
      {p.period === 'custom' && (
        <div className="money__grid">
          <InputField label={t('record_from')} type="date" testId={`${testId}.from`} value={p.custom.from} max={p.custom.to} onValue={p.setDay('from')} />
          <InputField label={t('record_to')} type="date" testId={`${testId}.to`} value={p.custom.to} min={p.custom.from} onValue={p.setDay('to')} />
        </div>
      )}
    </>
  );
}

/** Why the period cannot be shown (`<testId>.range-error`), when it cannot. */
export function RangeError({ p, testId }: { p: TPeriodState; testId: string }) {
  const { t } = useTranslation();
  if (!p.problem) return null;
  return (
    <p className="form__error" role="alert" data-testid={`${testId}.range-error`}>
      {t(p.problem, { days: RECORD_MAX_RANGE_DAYS })}
    </p>
  );
}
