import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDownlineRow } from '@wl/schemas/wps/agent-calls';
import { useTRPC, useTRPCClient } from '../api/trpc.ts';
import '../styles/money.css';
import { QueryError } from '../layout/form-controls.tsx';
import { DownlineDetail, when } from './downline-detail.tsx';
import { AccountFilterForm, ReportFooter, useAccountFilter, useMoney, useReportExport, type TAccountFormLook } from './report-parts.tsx';
import { useAgentReport } from './use-agent-report.ts';

const ID = 'agent-downline';
/** Levels offered in the filter: all, then 1 to 5; deeper downlines are listed under "all levels". */
const LEVELS = [0, 1, 2, 3, 4, 5] as const;

/** One downline in the list, with the button that opens its details. */
function DownlineItem({ d, money, onOpen }: { d: TDownlineRow; money: (minor: number) => string; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="money__row agent-downline" data-testid={`${ID}.row`} data-username={d.username}>
      <span className="agent-downline__who" translate="no">
        <strong id={`downline-name-${d.memberId}`}>{d.nickname}</strong> <span className="money__hint">{d.username}</span>
      </span>
      <span>
        {t('agent_level_n', { level: d.level })} · {t(d.isAgent ? 'agent_role_agent' : 'agent_role_member')}
      </span>
      <span data-testid={`${ID}.row-balance`}>{money(d.balanceMinor)}</span>
      <span className="money__hint">
        {t('agent_last_login')}: {when(d.lastLoginAt, t('agent_never'), i18n.language)} · {t(d.online ? 'agent_online' : 'agent_offline')}
      </span>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        data-testid={`${ID}.open`}
        id={`downline-open-${d.memberId}`}
        aria-labelledby={`downline-open-${d.memberId} downline-name-${d.memberId}`}
        onClick={onOpen}
      >
        {t('agent_details')}
      </button>
    </li>
  );
}

/**
 * downlineManagmentView (team management, docs/0046): the agent's downlines at any depth with
 * search, level, balance, last login and status, pages of 20 with totals over the filter, CSV
 * export, and a downline's details with the transfer to it.
 */
export function DownlinePage() {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const money = useMoney();
  const f = useAccountFilter();
  const look: TAccountFormLook = {
    testId: ID,
    account: 'search',
    submit: 'search-submit',
    accountLabel: t('agent_search'),
    accountMax: 50,
    levels: LEVELS,
    levelText: (l) => (l === 0 ? t('agent_level_all') : t('agent_level_n', { level: l })),
    submitText: t('agent_search_submit'),
  };
  const [open, setOpen] = useState<number | null>(null);
  const report = useAgentReport({
    periods: false,
    input: (b) => ({ search: f.account, level: f.level, ...b.paging }),
    queryOptions: (input, o) => trpc.agent.downlines.queryOptions(input, o),
    fetch: (input) => client.agent.downlines.query(input),
  });
  const data = report.data;
  const csv = useReportExport(report.fetchPage);
  const exportCsv = () =>
    void csv.run(
      'downlines.csv',
      [
        t('agent_account'),
        t('agent_nickname'),
        t('agent_level'),
        t('agent_role'),
        t('agent_upline'),
        t('agent_balance'),
        t('agent_registered'),
        t('agent_last_login'),
        t('agent_status'),
      ],
      (d: TDownlineRow) => [
        d.username,
        d.nickname,
        d.level,
        t(d.isAgent ? 'agent_role_agent' : 'agent_role_member'),
        d.uplineNickname,
        d.balanceMinor / 100,
        d.registeredAt,
        d.lastLoginAt ?? '',
        t(d.online ? 'agent_online' : 'agent_offline'),
      ],
    );

  return (
    <div className="agent-content money" data-testid={`${ID}.page`}>
      <section className="card">
        <h1 className="agent-content__title">{t('agent_downlines_title')}</h1>
        <AccountFilterForm f={f} look={look} onApply={() => report.setPageNo(1)} />
        <QueryError error={report.query.error} />
      </section>
      {open !== null && <DownlineDetail memberId={open} onClose={() => setOpen(null)} />}
      <section className="card" aria-busy={report.query.isFetching}>
        {data && (
          <p className="money__limits" data-testid={`${ID}.totals`}>
            {t('agent_downlines_totals', { count: data.total, balance: money(data.balanceMinor) })}
          </p>
        )}
        {data && data.total === 0 && (
          <p className="no-data" data-testid={`${ID}.empty`}>
            {t('agent_none')}
          </p>
        )}
        <ul className="money__list" data-testid={`${ID}.rows`}>
          {data?.rows.map((d) => (
            <DownlineItem key={d.memberId} d={d} money={money} onOpen={() => setOpen(d.memberId)} />
          ))}
        </ul>
        <ReportFooter report={report} testId={ID} csv={csv} onExport={exportCsv} />
      </section>
    </div>
  );
}
