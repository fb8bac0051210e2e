import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MEMBER_RECORD_MAX_RANGE_DAYS as RECORD_MAX_RANGE_DAYS, RECORD_EXPORT_MAX_ROWS, toCsv } from '@wl/schemas/domain/records';
import type { TAccountRecordRow, TAccountRecordType, TProfitRow, TRecordQuery } from '@wl/schemas/wps/record-calls';
import { Field, FormError, InputField } from '../accounts/form-parts.tsx';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { RecordPager, RowList } from '../layout/record-pager.tsx';
import { localDateTime, localDigits } from '../lib/numbers-later.ts';
import { useMoney } from './use-money.ts';
import '../styles/money.css';

/** Which record a page shows (docs/rules/money.md#m-15: transactionHistory, personalHistoryCopy, personalProfit, bonusDetails). */
export type TRecordKind = 'account' | 'bets' | 'profit' | 'bonus';

const PAGE_SIZE = 20;
const EXPORT_PAGE = 100;
/** The type filter each record offers. */
const TYPES: Record<TRecordKind, readonly TAccountRecordType[]> = {
  account: ['deposit', 'withdraw', 'transfer', 'adjustment', 'bonus', 'bet', 'win', 'other'],
  bets: ['bet', 'win'],
  profit: [],
  bonus: [],
};
const QUICK_DAYS = [1, 7, 30] as const;
/** Ledger kinds a row names beside its type: salaries, dividends and the bonus wallet's own movements (docs/0095). */
const LABELLED_KINDS: ReadonlySet<string> = new Set([
  'salary',
  'dividend',
  'bonus_award',
  'bonus_convert',
  'bonus_expired',
  'bonus_cancelled',
  'bonus_forfeited',
  // docs/0113: points of the points mall converted to cash.
  'points_convert',
]);

/** yyyy-mm-dd of a local date. */
function dayText(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
/** Local midnight of a yyyy-mm-dd, shifted by whole days. */
function midnight(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + plusDays);
}

/**
 * The member's records: a range of local days (quick ranges or two dates), a type, pages of 20 with
 * totals over the whole filter, and the filtered rows as CSV. Every rule is the platform's too (range
 * at most 93 days, own rows only).
 */
export default function RecordsPage({ kind }: { kind: TRecordKind }) {
  const ready = useAreaTexts('money', 'records');
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const money = useMoney();
  const today = dayText(new Date());
  const [fromDay, setFromDay] = useState(dayText(midnight(today, -6)));
  const [toDay, setToDay] = useState(today);
  const [type, setType] = useState<TAccountRecordType | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const [exportNote, setExportNote] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const rangeDays = Math.round((midnight(toDay, 1).getTime() - midnight(fromDay).getTime()) / 86_400_000);
  const rangeProblem = !fromDay || !toDay || rangeDays < 1 ? 'record_range_invalid' : rangeDays > RECORD_MAX_RANGE_DAYS ? 'record_range_too_long' : null;
  const query = (page: number, size: number): TRecordQuery => ({
    from: midnight(fromDay).toISOString(),
    to: midnight(toDay, 1).toISOString(),
    ...(type ? { type } : {}),
    pageNo: page,
    pageSize: size,
    tzOffsetMinutes: -new Date().getTimezoneOffset(),
  });
  const enabled = rangeProblem === null;
  const q = query(pageNo, PAGE_SIZE);
  const ledgerKind = kind === 'profit' ? 'account' : kind;
  const ledger = useQuery(trpc.records[ledgerKind].queryOptions(q, { enabled: enabled && kind !== 'profit', staleTime: 0 }));
  const profit = useQuery(trpc.records.profit.queryOptions(q, { enabled: enabled && kind === 'profit', staleTime: 0 }));
  const rows = kind === 'profit' ? profit : ledger;

  if (!ready) return <div className="page-loading" aria-busy="true" data-testid="records.loading" />;
  const data = rows.data;
  const ledgerData = kind === 'profit' ? undefined : ledger.data;
  const profitData = kind === 'profit' ? profit.data : undefined;
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPageNo(1);
      setExportNote(null);
    };

  const exportCsv = async () => {
    setExporting(true);
    setExportNote(null);
    try {
      let lines: (string | number)[][] = [];
      let capped = false;
      for (let page = 1; ; page += 1) {
        const input = query(page, EXPORT_PAGE);
        if (kind === 'profit') {
          const r = await client.records.profit.query(input);
          lines.push(...r.rows.map((p: TProfitRow) => [p.day, p.code, p.bets, p.stakeMinor / 100, p.payoutMinor / 100, p.profitMinor / 100]));
          if (page * EXPORT_PAGE >= r.total) break;
        } else {
          const r = await client.records[kind].query(input);
          lines.push(...r.rows.map((a: TAccountRecordRow) => [a.time, t(`record_type_${a.type}`), a.code, a.amountMinor / 100, a.balanceAfterMinor / 100]));
          if (page * EXPORT_PAGE >= r.total) break;
        }
        if (lines.length >= RECORD_EXPORT_MAX_ROWS) {
          capped = true;
          lines = lines.slice(0, RECORD_EXPORT_MAX_ROWS);
          break;
        }
      }
      const header =
        kind === 'profit'
          ? [t('record_day'), t('record_vendor'), t('record_bets'), t('record_stake'), t('record_payout'), t('record_profit')]
          : [t('record_time'), t('record_type'), t('record_vendor'), t('money_amount'), t('record_balance_after')];
      const blob = new Blob(['\uFEFF', toCsv(header, lines)], { type: 'text/csv;charset=utf-8' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `${kind}-${fromDay}-${toDay}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
      setExportNote(capped ? t('record_export_capped', { count: RECORD_EXPORT_MAX_ROWS }) : t('record_exported', { count: lines.length }));
    } catch (err) {
      setExportNote(t(errorKey(err)));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="member-content money" data-testid="records.page" data-kind={kind}>
      <section className="card">
        <h2>{t(`record_title_${kind}`)}</h2>
        <div className="money__quick" role="group" aria-label={t('record_quick_ranges')}>
          {QUICK_DAYS.map((days) => {
            const from = dayText(midnight(today, 1 - days));
            const active = fromDay === from && toDay === today;
            return (
              <button
                key={days}
                type="button"
                className={`btn btn--ghost btn--small${active ? ' is-active' : ''}`}
                aria-pressed={active}
                data-testid={`records.quick.${days}`}
                onClick={() => {
                  changed(setFromDay)(from);
                  setToDay(today);
                }}
              >
                {t(`record_quick_${days}`)}
              </button>
            );
          })}
        </div>
        <div className="money__grid">
          <InputField label={t('record_from')} type="date" testId="records.from" value={fromDay} max={toDay} onValue={changed(setFromDay)} />
          <InputField label={t('record_to')} type="date" testId="records.to" value={toDay} min={fromDay} onValue={changed(setToDay)} />
          {TYPES[kind].length > 0 && (
            <Field label={t('record_type')}>
              <select className="input" data-testid="records.type" value={type} onChange={(e) => changed(setType)(e.target.value as TAccountRecordType | '')}>
                <option value="">{t('record_type_all')}</option>
                {TYPES[kind].map((ty) => (
                  <option key={ty} value={ty}>
                    {t(`record_type_${ty}`)}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </div>
        <FormError testId="records.range-error" message={rangeProblem} params={{ days: RECORD_MAX_RANGE_DAYS }} />
        <FormError message={rows.error && errorKey(rows.error)} />
      </section>

      <section className="card" aria-busy={rows.isFetching}>
        {ledgerData && (
          <p className="money__limits" data-testid="records.totals">
            {t('record_totals', { count: ledgerData.total, in: money(ledgerData.inMinor), out: money(-ledgerData.outMinor) })}
          </p>
        )}
        {profitData && (
          <p className="money__limits" data-testid="records.totals">
            {t('record_profit_totals', {
              count: profitData.total,
              stake: money(profitData.stakeMinor),
              payout: money(profitData.payoutMinor),
              profit: money(profitData.profitMinor),
            })}
          </p>
        )}
        <RowList testId="records.rows" empty={data && data.total === 0 ? t('record_none') : null} emptyTestId="records.empty">
          {ledgerData?.rows.map((r) => (
            <li key={r.id} className="money__row" data-testid="records.row" data-type={r.type}>
              <time dateTime={r.time}>{localDateTime(r.time, i18n.language)}</time>
              <span>
                {t(`record_type_${r.type}`)}
                {LABELLED_KINDS.has(r.kind) ? ` · ${t(`record_kind_${r.kind}`)}` : ''}
                {r.bonusMoney ? (
                  <>
                    {' '}
                    <span className="money__bonus-tag" data-testid="records.row.bonus">
                      {t('record_bonus_money')}
                    </span>
                  </>
                ) : null}
                {r.code ? ` · ${r.code}` : ''}
              </span>
              <span>{money(r.amountMinor)}</span>
              <span className="money__hint">{t('record_balance_after_value', { balance: money(r.balanceAfterMinor) })}</span>
            </li>
          ))}
          {profitData?.rows.map((r) => (
            <li key={`${r.day}-${r.code}`} className="money__row" data-testid="records.row">
              <span>{localDigits(r.day, i18n.language)}</span>
              <span translate="no">{r.code}</span>
              <span>{t('record_profit_line', { stake: money(r.stakeMinor), payout: money(r.payoutMinor), profit: money(r.profitMinor) })}</span>
            </li>
          ))}
        </RowList>
        <RecordPager pageNo={pageNo} total={data?.total} pageSize={PAGE_SIZE} onPage={setPageNo} testId="records" />
        <button
          type="button"
          className="btn btn--ghost btn--block"
          data-testid="records.export"
          disabled={!data || data.total === 0 || exporting}
          aria-busy={exporting}
          onClick={() => void exportCsv()}
        >
          {t('record_export')}
        </button>
        {exportNote && (
          <p className="money__hint" role="status" data-testid="records.export-note">
            {exportNote}
          </p>
        )}
      </section>
    </div>
  );
}
