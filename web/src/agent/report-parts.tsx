import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORD_EXPORT_MAX_ROWS } from '@wl/schemas/domain/records';
import { errorKey } from '../api/trpc.ts';
import { QueryError, SelectField } from '../layout/form-controls.tsx';
import { formatMinor } from '../lib/numbers.ts';
import { useSession } from '../session/session-context.tsx';
import { RecordPager } from '../layout/record-pager.tsx';
import { collectCsvLines, downloadCsv, type TCsvLine } from '../lib/csv-export.ts';
import { InputField } from '../accounts/form-parts.tsx';
import { PeriodPicker, RangeError, type TPeriodState } from './period-picker.tsx';
import { REPORT_PAGE_SIZE } from './use-agent-report.ts';

/** Levels offered in the team reports' filter: all, direct, then 2 to 5; deeper downlines are under "all levels". */
const LEVELS = [0, 1, 2, 3, 4, 5] as const;

/** A typed account (applied on submit) and a level: the team reports' and the downline list's filter. */
export function useAccountFilter() {
  const [typed, setTyped] = useState('');
  const [account, setAccount] = useState('');
  const [level, setLevel] = useState(0);
  return { typed, setTyped, account, level, setLevel, apply: () => setAccount(typed.trim()) };
}
export type TAccountFilter = ReturnType<typeof useAccountFilter>;

/** Money in the agent's currency and the page's language. */
export function useMoney(): (minor: number) => string {
  const { i18n } = useTranslation();
  const session = useSession();
  return (minor) => formatMinor(minor, i18n.language, session.balance?.currencySymbol ?? '');
}

/** What just happened (a transfer, an offer, an export), said once it has. */
export function StatusNote({ testId, text }: { testId: string; text: string | null }) {
  return text ? (
    <p className="money__hint" role="status" data-testid={testId}>
      {text}
    </p>
  ) : null;
}

/** How an account filter form names its parts: the team reports' and the downline list's differ. */
export type TAccountFormLook = {
  /** Test ids: `<testId>.<account>`, `<testId>.level`, `<testId>.<submit>`. */
  testId: string;
  account: string;
  submit: string;
  accountLabel: string;
  accountMax: number;
  levels: readonly number[];
  levelText: (level: number) => string;
  submitText: string;
};

/** The account and level filter, applied on submit (which goes back to the first page). */
export function AccountFilterForm({ f, look, onApply, children }: { f: TAccountFilter; look: TAccountFormLook; onApply: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <form
      className="money__grid"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        f.apply();
        onApply();
      }}
    >
      <InputField
        label={look.accountLabel}
        type="search"
        testId={`${look.testId}.${look.account}`}
        maxLength={look.accountMax}
        value={f.typed}
        onValue={f.setTyped}
      />
      <SelectField
        label={t('agent_level')}
        testId={`${look.testId}.level`}
        value={f.level}
        options={look.levels}
        text={look.levelText}
        onChange={(v) => f.setLevel(Number(v))}
      />
      {children}
      <button type="submit" className="btn btn--primary" data-testid={`${look.testId}.${look.submit}`}>
        {look.submitText}
      </button>
    </form>
  );
}

/** A team report's filters (docs/0051): period, custom days, downline account and level, plus a page's own. */
export function ReportFilters({
  p,
  f,
  onApply,
  testId,
  error,
  children,
}: {
  p: TPeriodState;
  f: TAccountFilter;
  onApply: () => void;
  testId: string;
  error: unknown;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const look: TAccountFormLook = {
    testId,
    account: 'username',
    submit: 'apply',
    accountLabel: t('rep_filter_username'),
    accountMax: 200,
    levels: LEVELS,
    levelText: (l) => (l === 0 ? t('agent_level_all') : l === 1 ? t('rep_level_direct') : t('agent_level_n', { level: l })),
    submitText: t('rep_filter_apply'),
  };
  return (
    <>
      <PeriodPicker p={p} testId={testId} />
      <AccountFilterForm f={f} look={look} onApply={onApply}>
        {children}
      </AccountFilterForm>
      <RangeError p={p} testId={testId} />
      <QueryError error={error} />
    </>
  );
}

/** A downline in a team report's row: nickname, account and level. */
export function MemberWho({ row }: { row: { nickname: string; username: string; level: number } }) {
  const { t } = useTranslation();
  return (
    <span className="agent-report__who">
      <strong translate="no">{row.nickname}</strong>{' '}
      <span className="money__hint">
        <span translate="no">{row.username}</span> · {t('agent_level_n', { level: row.level })}
      </span>
    </span>
  );
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
 * CSV export built in the browser from the report's own call, 100 rows a call, at most 5,000 rows,
 * with a BOM so spreadsheets read Bengali (docs/0031). Answers the note to show.
 */
export function useReportExport<TRow>(fetchPage: (page: number, size: number) => Promise<{ rows: readonly TRow[]; total: number }>) {
  const { t } = useTranslation();
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (fileName: string, header: string[], line: (row: TRow) => TCsvLine) => {
    setBusy(true);
    setNote(null);
    try {
      const { lines, capped } = await collectCsvLines(fetchPage, line);
      downloadCsv(fileName, header, lines);
      setNote(capped ? t('record_export_capped', { count: RECORD_EXPORT_MAX_ROWS }) : t('record_exported', { count: lines.length }));
    } catch (err) {
      setNote(t(errorKey(err)));
    } finally {
      setBusy(false);
    }
  };
  return { note, busy, run };
}
export type TReportExport = { note: string | null; busy: boolean };

/** The export button and its note. */
export function ExportButton({
  testId,
  disabled,
  busy,
  note,
  onClick,
}: {
  testId: string;
  disabled: boolean;
  busy: boolean;
  note: string | null;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost btn--block"
        data-testid={`${testId}.export`}
        disabled={disabled || busy}
        aria-busy={busy}
        onClick={onClick}
      >
        {t('record_export')}
      </button>
      <StatusNote testId={`${testId}.export-note`} text={note} />
    </>
  );
}

/** Under a report's rows: previous / next over pages of REPORT_PAGE_SIZE, then the export. */
export function ReportFooter({
  report,
  testId,
  csv,
  onExport,
}: {
  report: { pageNo: number; setPageNo: (n: number) => void; data: { total: number } | undefined };
  testId: string;
  csv: TReportExport;
  onExport: () => void;
}) {
  const total = report.data?.total;
  return (
    <>
      <RecordPager pageNo={report.pageNo} total={total} pageSize={REPORT_PAGE_SIZE} onPage={report.setPageNo} testId={testId} />
      <ExportButton testId={testId} disabled={!total} busy={csv.busy} note={csv.note} onClick={onExport} />
    </>
  );
}
