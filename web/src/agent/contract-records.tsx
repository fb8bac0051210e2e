import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TContractKind } from '@wl/schemas/domain/contracts';
import type { TSettlementRow } from '@wl/schemas/wps/contract-calls';
import { useTRPC, useTRPCClient } from '../api/trpc.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import { rateText } from './contract-terms.tsx';
import { PeriodPicker, RangeError } from './period-picker.tsx';
import { ReportFooter, useReportExport } from './report-parts.tsx';
import { useAgentReport } from './use-agent-report.ts';

const ID = 'contract';
const SCOPES = ['mine', 'team'] as const;

/**
 * The settlement records of a kind (docs/0049), mine or my downlines', filtered by period, paged,
 * with totals and CSV. Asked for once the contracts have answered (`ready`).
 */
export function ContractRecords({ kind, ready, money }: { kind: TContractKind; ready: boolean; money: (minor: number) => string }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [scope, setScope] = useState<'mine' | 'team'>('mine');
  const report = useAgentReport({
    input: (b) => ({ kind, scope, ...b.period, ...b.paging }),
    queryOptions: (input, o) => trpc.agent.settlements.queryOptions(input, o),
    fetch: (input) => client.agent.settlements.query(input),
    enabled: ready,
  });
  const r = report.data;
  const periodText = (row: TSettlementRow) => `${localDateTime(row.periodStart, i18n.language)} – ${localDateTime(row.periodEnd, i18n.language)}`;
  const csv = useReportExport(report.fetchPage);
  // CSV keeps ASCII digits in every language: it is read by spreadsheets and programs (docs/0056).
  const exportCsv = () =>
    void csv.run(
      `${kind}-${scope}-${report.period.fileSuffix}.csv`,
      [
        t('agent_account'),
        t('contract_col_from'),
        t('contract_col_to'),
        t('agent_valid_bets'),
        t('agent_payout'),
        t('agent_active_members'),
        t('contract_col_base'),
        t('contract_col_rate'),
        t('contract_col_amount'),
        t('contract_col_paid'),
      ],
      (x: TSettlementRow) => [
        x.holderUsername,
        x.periodStart,
        x.periodEnd,
        x.validBetMinor / 100,
        x.payoutMinor / 100,
        x.activeMembers,
        x.baseMinor / 100,
        rateText(x.rateBp, 'en'),
        x.amountMinor / 100,
        x.paidAt,
      ],
    );
  return (
    <section className="card" aria-busy={report.query.isFetching}>
      <h2>{t('contract_records')}</h2>
      <div className="money__quick" role="group" aria-label={t('contract_scope')}>
        {SCOPES.map((s) => (
          <button
            key={s}
            type="button"
            className={`btn btn--ghost btn--small${scope === s ? ' is-active' : ''}`}
            aria-pressed={scope === s}
            data-testid={`${ID}.scope.${s}`}
            onClick={() => setScope(s)}
          >
            {t(`contract_scope_${s}`)}
          </button>
        ))}
      </div>
      <PeriodPicker p={report.period} testId={ID} />
      <RangeError p={report.period} testId={ID} />
      {r && (
        <p className="money__limits" data-testid={`${ID}.records-totals`}>
          {t('contract_records_totals', { count: r.total, amount: money(r.amountMinor), base: money(r.baseMinor) })}
        </p>
      )}
      {r && r.total === 0 && (
        <p className="no-data" data-testid={`${ID}.records-empty`}>
          {t('contract_records_none')}
        </p>
      )}
      <ul className="money__list" data-testid={`${ID}.records`}>
        {r?.rows.map((x) => (
          <li key={x.id} className="money__row" data-testid={`${ID}.record-row`} data-username={x.holderUsername}>
            <span>{periodText(x)}</span>
            {scope === 'team' && <span translate="no">{x.holderUsername}</span>}
            <span>{t('contract_record_line', { bet: money(x.validBetMinor), base: money(x.baseMinor), rate: rateText(x.rateBp, i18n.language) })}</span>
            <strong data-testid={`${ID}.record-amount`}>{money(x.amountMinor)}</strong>
          </li>
        ))}
      </ul>
      <ReportFooter report={report} testId={ID} csv={csv} onExport={exportCsv} />
    </section>
  );
}
