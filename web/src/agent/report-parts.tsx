import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORD_EXPORT_MAX_ROWS, RECORD_MAX_RANGE_DAYS, toCsv } from '@wl/schemas/domain/records';
import { Field } from '../accounts/form-parts.tsx';
import { errorKey } from '../api/trpc.ts';
import { RecordPager } from '../layout/record-pager.tsx';
import { AGENT_PERIODS, dayText, midnight, periodRange, type TAgentPeriod } from './agent-periods.ts';

/** Rows a report page shows, and rows an export asks for per call (docs/0031). */
export const REPORT_PAGE_SIZE = 20;
const EXPORT_PAGE = 100;
/** Levels offered in the filter besides "all" and "direct"; deeper downlines are under "all levels". */
const LEVELS = [2, 3, 4, 5] as const;

/** The filters of a team report (issue 10 item 2, docs/0051): a period as the team overview has them, one downline, a level. */
export function useReportFilters() {
  const today = dayText(new Date());
  const [period, setPeriodState] = useState<TAgentPeriod>('thisWeek');
  const [custom, setCustomState] = useState({ from: dayText(midnight(today, -6)), to: today });
  const [typed, setTyped] = useState('');
  const [username, setUsername] = useState('');
  const [level, setLevelState] = useState(0);
  const [pageNo, setPageNo] = useState(1);
  const range = periodRange(period, new Date(), custom);
  const days = Math.round((range.to.getTime() - range.from.getTime()) / 86_400_000);
  const rangeProblem = days < 1 ? 'record_range_invalid' : days > RECORD_MAX_RANGE_DAYS ? 'record_range_too_long' : null;
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPageNo(1);
  };
  return {
    period,
    setPeriod: reset(setPeriodState),
    custom,
    setCustom: reset(setCustomState),
    typed,
    setTyped,
    apply: () => reset(setUsername)(typed.trim()),
    level,
    setLevel: reset(setLevelState),
    pageNo,
    setPageNo,
    reset,
    rangeProblem,
    /** The query fields every report takes. */
    query: (page: number, size: number) => ({ from: range.from.toISOString(), to: range.to.toISOString(), username, level, pageNo: page, pageSize: size }),
    fileSuffix: `${dayText(range.from)}-${dayText(new Date(range.to.getTime() - 1))}`,
  };
}
export type TReportFilters = ReturnType<typeof useReportFilters>;

/** Period buttons, custom days, downline account and level, plus a page's own filters. */
export function ReportFilters({ f, testId, error, children }: { f: TReportFilters; testId: string; error: unknown; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="money__quick" role="group" aria-label={t('agent_periods')}>
        {AGENT_PERIODS.map((p) => (
          <button key={p} type="button" className={`btn btn--ghost btn--small${f.period === p ? ' is-active' : ''}`} aria-pressed={f.period === p} data-testid={`${testId}.period.${p}`} onClick={() => f.setPeriod(p)}>
            {t(`agent_period_${p}`)}
          </button>
        ))}
      </div>
      {f.period === 'custom' && (
        <div className="money__grid">
          <Field label={t('record_from')}>
            <input className="input" type="date" data-testid={`${testId}.from`} value={f.custom.from} max={f.custom.to} onChange={(e) => f.setCustom({ ...f.custom, from: e.target.value })} />
          </Field>
          <Field label={t('record_to')}>
            <input className="input" type="date" data-testid={`${testId}.to`} value={f.custom.to} min={f.custom.from} onChange={(e) => f.setCustom({ ...f.custom, to: e.target.value })} />
          </Field>
        </div>
      )}
      <form
        className="money__grid"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          f.apply();
        }}
      >
        <Field label={t('rep_filter_username')}>
          <input className="input" type="search" data-testid={`${testId}.username`} maxLength={200} value={f.typed} onChange={(e) => f.setTyped(e.target.value)} />
        </Field>
        <Field label={t('agent_level')}>
          <select className="input" data-testid={`${testId}.level`} value={f.level} onChange={(e) => f.setLevel(Number(e.target.value))}>
            <option value={0}>{t('agent_level_all')}</option>
            <option value={1}>{t('rep_level_direct')}</option>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {t('agent_level_n', { level: l })}
              </option>
            ))}
          </select>
        </Field>
        {children}
        <button type="submit" className="btn btn--primary" data-testid={`${testId}.apply`}>
          {t('rep_filter_apply')}
        </button>
      </form>
      {f.rangeProblem && (
        <p className="form__error" role="alert" data-testid={`${testId}.range-error`}>
          {t(f.rangeProblem, { days: RECORD_MAX_RANGE_DAYS })}
        </p>
      )}
      {error ? (
        <p className="form__error" role="alert">
          {t(errorKey(error))}
        </p>
      ) : null}
    </>
  );
}

/** Previous / next over pages of REPORT_PAGE_SIZE. */
export function ReportPager({ f, total, testId }: { f: TReportFilters; total: number; testId: string }) {
  return <RecordPager pageNo={f.pageNo} total={total} pageSize={REPORT_PAGE_SIZE} onPage={f.setPageNo} testId={testId} />;
}

/** A report's totals over the whole filter, as a row of figures. */
export function ReportTotals({ testId, items }: { testId: string; items: readonly (readonly [string, string, string, boolean?])[] }) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="agent-content__subtitle">{t('rep_totals')}</h2>
      <dl className="agent-stats" data-testid={`${testId}.totals`}>
        {items.map(([key, label, value, negative]) => (
          <div key={key} className="agent-stats__item">
            <dt>{t(label)}</dt>
            <dd data-testid={`${testId}.total-${key}`} className={negative ? 'is-negative' : undefined}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * CSV export built in the browser from the same call, 100 rows a call, at most 5,000 rows, with a
 * BOM so spreadsheets read Bengali (docs/0031). Answers the note to show.
 */
export function useReportExport<TRow>(fetchPage: (page: number, size: number) => Promise<{ rows: TRow[]; total: number }>) {
  const { t } = useTranslation();
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (fileName: string, header: string[], line: (row: TRow) => (string | number)[]) => {
    setBusy(true);
    setNote(null);
    try {
      let lines: (string | number)[][] = [];
      let capped = false;
      for (let page = 1; ; page += 1) {
        const r = await fetchPage(page, EXPORT_PAGE);
        lines.push(...r.rows.map(line));
        if (page * EXPORT_PAGE >= r.total) break;
        if (lines.length >= RECORD_EXPORT_MAX_ROWS) {
          capped = true;
          lines = lines.slice(0, RECORD_EXPORT_MAX_ROWS);
          break;
        }
      }
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob(['\uFEFF', toCsv(header, lines)], { type: 'text/csv;charset=utf-8' }));
      link.download = fileName;
      link.click();
      URL.revokeObjectURL(link.href);
      setNote(capped ? t('record_export_capped', { count: RECORD_EXPORT_MAX_ROWS }) : t('record_exported', { count: lines.length }));
    } catch (err) {
      setNote(t(errorKey(err)));
    } finally {
      setBusy(false);
    }
  };
  return { note, busy, run, clear: () => setNote(null) };
}

/** The export button and its note. */
export function ExportButton({ testId, disabled, busy, note, onClick }: { testId: string; disabled: boolean; busy: boolean; note: string | null; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="btn btn--ghost btn--block" data-testid={`${testId}.export`} disabled={disabled || busy} aria-busy={busy} onClick={onClick}>
        {t('record_export')}
      </button>
      {note && (
        <p className="money__hint" role="status" data-testid={`${testId}.export-note`}>
          {note}
        </p>
      )}
    </>
  );
}
