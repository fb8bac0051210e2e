import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TDownlineDetail } from '@wl/schemas/wps/agent-calls';
import { useTRPC } from '../api/trpc.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import { formatNumber } from '../lib/numbers.ts';
import { QueryError } from '../layout/form-controls.tsx';
import { DownlineTransferForm } from './downline-transfer-form.tsx';
import { useMoney } from './report-parts.tsx';

/** A time, or what to say when there is none. */
export const when = (iso: string | null, never: string, language: string) => (iso ? localDateTime(iso, language) : never);

/** A downline's facts: balance, place in the team, dates and lifetime figures. */
function DownlineFacts({ d, money }: { d: TDownlineDetail; money: (minor: number) => string }) {
  const { t, i18n } = useTranslation();
  return (
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
  );
}

/** One downline's details and the transfer to it (agent wallet → downline wallet, once per key). */
export function DownlineDetail({ memberId, onClose }: { memberId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const money = useMoney();
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
      <QueryError error={detail.error} />
      {d && (
        <>
          <DownlineFacts d={d} money={money} />
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
