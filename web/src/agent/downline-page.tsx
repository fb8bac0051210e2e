import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECORD_EXPORT_MAX_ROWS, toCsv } from '@wl/schemas/domain/records';
import type { TDownlineRow } from '@wl/schemas/wps/agent-calls';
import { Field } from '../accounts/form-parts.tsx';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { RecordPager } from '../layout/record-pager.tsx';
import { localDateTime } from '../lib/numbers-later.ts';
import { formatMinor, formatNumber } from '../lib/numbers.ts';
import { useSession } from '../session/session-context.tsx';
import { DownlineTransferForm } from './downline-transfer-form.tsx';
import '../styles/money.css';

const PAGE_SIZE = 20;
const EXPORT_PAGE = 100;
/** Levels offered in the filter; deeper downlines are listed under "all levels". */
const LEVELS = [1, 2, 3, 4, 5] as const;

const when = (iso: string | null, never: string, language: string) => (iso ? localDateTime(iso, language) : never);

/** One downline's details and the transfer to it (agent wallet → downline wallet, once per key). */
function DownlineDetail({ memberId, onClose }: { memberId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const session = useSession();
  const currency = session.balance?.currencySymbol ?? '';
  const money = (minor: number) => formatMinor(minor, language, currency);
  const detail = useQuery(trpc.agent.downline.queryOptions({ memberId }, { staleTime: 0 }));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [memberId]);
  const d = detail.data;
  return (
    <section className="card" data-testid="agent-downline.detail" aria-busy={detail.isFetching}>
      <div className="agent-content__row">
        <h2 ref={heading} tabIndex={-1}>
          {d ? <span translate="no">{`${d.nickname} (${d.username})`}</span> : t('agent_details')}
        </h2>
        <button type="button" className="btn btn--ghost btn--small" data-testid="agent-downline.close" onClick={onClose}>
          {t('agent_close')}
        </button>
      </div>
      {detail.error && (
        <p className="form__error" role="alert">
          {t(errorKey(detail.error))}
        </p>
      )}
      {d && (
        <>
          <dl className="money__facts">
            <dt>{t('agent_balance')}</dt>
            <dd data-testid="agent-downline.detail-balance">{money(d.balanceMinor)}</dd>
            <dt>{t('agent_level')}</dt>
            <dd>{t('agent_level_n', { level: d.level })}</dd>
            <dt>{t('agent_role')}</dt>
            <dd>{t(d.isAgent ? 'agent_role_agent' : 'agent_role_member')}</dd>
            <dt>{t('agent_upline')}</dt>
            <dd translate="no">{d.uplineNickname}</dd>
            <dt>{t('agent_team_size')}</dt>
            <dd>{formatNumber(d.teamSize, i18n.language)}</dd>
            <dt>{t('agent_registered')}</dt>
            <dd>{when(d.registeredAt, '', i18n.language)}</dd>
            <dt>{t('agent_last_login')}</dt>
            <dd>{when(d.lastLoginAt, t('agent_never'), i18n.language)}</dd>
            <dt>{`${t('agent_deposits')} (${t('agent_lifetime')})`}</dt>
            <dd>{money(d.depositMinor)}</dd>
            <dt>{`${t('agent_withdrawals')} (${t('agent_lifetime')})`}</dt>
            <dd>{money(d.withdrawMinor)}</dd>
            <dt>{`${t('agent_valid_bets')} (${t('agent_lifetime')})`}</dt>
            <dd>{money(d.validBetMinor)}</dd>
            <dt>{`${t('agent_profit')} (${t('agent_lifetime')})`}</dt>
            <dd>{money(d.profitMinor)}</dd>
          </dl>
          <DownlineTransferForm memberId={memberId} nickname={d.nickname} money={money} />
          <h3>{t('agent_transfers_recent')}</h3>
          {d.transfers.length === 0 && <p className="no-data">{t('agent_transfers_none')}</p>}
          <ul className="money__list" data-testid="agent-downline.transfers">
            {d.transfers.map((r) => (
              <li key={r.id} className="money__row">
                <span>{money(r.amountMinor)}</span>
                <span>{r.remark}</span>
                <time dateTime={r.createdAt}>{localDateTime(r.createdAt, i18n.language)}</time>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * downlineManagmentView (SPEC §2 team management, issue 10 item 2): the agent's downlines at any
 * depth with search, level, balance, last login and status, pages of 20 with totals over the
 * filter, CSV export, and a downline's details with the transfer to it.
 */
export function DownlinePage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const session = useSession();
  const currency = session.balance?.currencySymbol ?? '';
  const money = (minor: number) => formatMinor(minor, language, currency);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [level, setLevel] = useState(0);
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [exportNote, setExportNote] = useState<string | null>(null);
  const list = useQuery(trpc.agent.downlines.queryOptions({ search, level, pageNo, pageSize: PAGE_SIZE }, { staleTime: 0 }));
  const data = list.data;

  const exportCsv = async () => {
    setExportNote(null);
    try {
      const lines: (string | number)[][] = [];
      for (let page = 1; lines.length < RECORD_EXPORT_MAX_ROWS; page += 1) {
        const r = await client.agent.downlines.query({ search, level, pageNo: page, pageSize: EXPORT_PAGE });
        lines.push(
          ...r.rows.map((d: TDownlineRow) => [d.username, d.nickname, d.level, t(d.isAgent ? 'agent_role_agent' : 'agent_role_member'), d.uplineNickname, d.balanceMinor / 100, d.registeredAt, d.lastLoginAt ?? '', t(d.online ? 'agent_online' : 'agent_offline')]),
        );
        if (page * EXPORT_PAGE >= r.total) break;
      }
      const header = [t('agent_account'), t('agent_nickname'), t('agent_level'), t('agent_role'), t('agent_upline'), t('agent_balance'), t('agent_registered'), t('agent_last_login'), t('agent_status')];
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob(['\uFEFF', toCsv(header, lines.slice(0, RECORD_EXPORT_MAX_ROWS))], { type: 'text/csv;charset=utf-8' }));
      link.download = 'downlines.csv';
      link.click();
      URL.revokeObjectURL(link.href);
      setExportNote(lines.length > RECORD_EXPORT_MAX_ROWS ? t('record_export_capped', { count: RECORD_EXPORT_MAX_ROWS }) : t('record_exported', { count: lines.length }));
    } catch (err) {
      setExportNote(t(errorKey(err)));
    }
  };

  return (
    <div className="agent-content money" data-testid="agent-downline.page">
      <section className="card">
        <h1 className="agent-content__title">{t('agent_downlines_title')}</h1>
        <form
          className="money__grid"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(typed.trim());
            setPageNo(1);
          }}
        >
          <Field label={t('agent_search')}>
            <input className="input" type="search" data-testid="agent-downline.search" maxLength={50} value={typed} onChange={(e) => setTyped(e.target.value)} />
          </Field>
          <Field label={t('agent_level')}>
            <select className="input" data-testid="agent-downline.level" value={level} onChange={(e) => { setLevel(Number(e.target.value)); setPageNo(1); }}>
              <option value={0}>{t('agent_level_all')}</option>
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  {t('agent_level_n', { level: l })}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" className="btn btn--primary" data-testid="agent-downline.search-submit">
            {t('agent_search_submit')}
          </button>
        </form>
        {list.error && (
          <p className="form__error" role="alert">
            {t(errorKey(list.error))}
          </p>
        )}
      </section>
      {open !== null && <DownlineDetail memberId={open} onClose={() => setOpen(null)} />}
      <section className="card" aria-busy={list.isFetching}>
        {data && (
          <p className="money__limits" data-testid="agent-downline.totals">
            {t('agent_downlines_totals', { count: data.total, balance: money(data.balanceMinor) })}
          </p>
        )}
        {data && data.total === 0 && <p className="no-data" data-testid="agent-downline.empty">{t('agent_none')}</p>}
        <ul className="money__list" data-testid="agent-downline.rows">
          {data?.rows.map((d) => (
            <li key={d.memberId} className="money__row agent-downline" data-testid="agent-downline.row" data-username={d.username}>
              <span className="agent-downline__who" translate="no">
                <strong id={`downline-name-${d.memberId}`}>{d.nickname}</strong> <span className="money__hint">{d.username}</span>
              </span>
              <span>{t('agent_level_n', { level: d.level })} · {t(d.isAgent ? 'agent_role_agent' : 'agent_role_member')}</span>
              <span data-testid="agent-downline.row-balance">{money(d.balanceMinor)}</span>
              <span className="money__hint">
                {t('agent_last_login')}: {when(d.lastLoginAt, t('agent_never'), i18n.language)} · {t(d.online ? 'agent_online' : 'agent_offline')}
              </span>
              <button type="button" className="btn btn--ghost btn--small" data-testid="agent-downline.open" id={`downline-open-${d.memberId}`} aria-labelledby={`downline-open-${d.memberId} downline-name-${d.memberId}`} onClick={() => setOpen(d.memberId)}>
                {t('agent_details')}
              </button>
            </li>
          ))}
        </ul>
        <RecordPager pageNo={pageNo} total={data?.total} pageSize={PAGE_SIZE} onPage={setPageNo} testId="agent-downline" />
        <button type="button" className="btn btn--ghost btn--block" data-testid="agent-downline.export" disabled={!data || data.total === 0} onClick={() => void exportCsv()}>
          {t('record_export')}
        </button>
        {exportNote && (
          <p className="money__hint" role="status" data-testid="agent-downline.export-note">
            {exportNote}
          </p>
        )}
      </section>
    </div>
  );
}
