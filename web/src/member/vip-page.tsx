import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TVipLevel, TVipStatus } from '@wl/schemas/wps/reward-calls';
import { useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { Icon } from '../layout/icons.tsx';
import { localDigits } from '../lib/numbers-later.ts';
import { useRefetchOnLanguage } from '../lib/use-language-refetch.ts';
import { ratePercent, RewardsPage, useMinorFormat } from './rewards-parts.tsx';
import '../styles/rewards.css';

/** One threshold's progress: a bar (a native meter) and "done of goal". */
function Progress({ testId, label, done, goal, money }: { testId: string; label: string; done: number; goal: number; money: (minor: number) => string }) {
  const { t } = useTranslation();
  return (
    <div className="rewards__progress" data-testid={testId}>
      <span className="rewards__progress-label">{label}</span>
      <meter min={0} max={Math.max(goal, 1)} value={Math.min(done, Math.max(goal, 1))} aria-label={label} />
      <span className="rewards__progress-value">{t('vip_progress', { done: money(done), goal: money(goal) })}</span>
    </div>
  );
}

/** The levels' table: thresholds and benefits, the member's own row marked. */
function Levels({ status, money }: { status: TVipStatus; money: (minor: number) => string }) {
  const { t, i18n } = useTranslation();
  const topRate = (l: TVipLevel) => Math.max(0, ...l.rates.map((r) => r.rateBp));
  return (
    <ul className="rewards__levels" data-testid="vip.levels">
      {status.levels.map((l) => (
        <li key={l.level} className={`rewards__level${l.level === status.level ? ' is-current' : ''}`} data-testid="vip.level" data-level={l.level}>
          <h3>
            <Icon name="crown" size={16} /> {l.name}
          </h3>
          <dl>
            <dt>{t('vip_needs')}</dt>
            <dd>
              {t('vip_deposits')} {money(l.minDepositMinor)} · {t('vip_turnover')} {money(l.minTurnoverMinor)}
            </dd>
            <dt>{t('vip_bonus')}</dt>
            <dd>{money(l.upgradeBonusMinor)}</dd>
            <dt>{t('vip_withdraw')}</dt>
            <dd>{t('vip_withdraw_value', { amount: money(l.withdrawLimitMinor), count: localDigits(String(l.withdrawCount), i18n.language) })}</dd>
            <dt>{t('vip_rebate')}</dt>
            <dd>{t('vip_rebate_value', { rate: ratePercent(topRate(l), i18n.language) })}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * The VIP page (docs/0091): the member's level, progress towards the next over the period, and every
 * level's thresholds and benefits as the operator defined them.
 */
export default function VipPage() {
  const ready = useAreaTexts('money');
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  // The upgrade first (a money call: it pays any level's bonus the member earned), then the read, which moves nothing (docs/0100).
  const { mutate: upgrade, isIdle, isPending } = useMutation(trpc.rewards.upgrade.mutationOptions());
  useEffect(() => upgrade(), [upgrade]);
  const vip = useQuery(trpc.rewards.vip.queryOptions(undefined, { staleTime: 0, enabled: !isIdle && !isPending }));
  useRefetchOnLanguage(trpc.rewards.vip.queryKey());
  const money = useMinorFormat();
  if (!ready || vip.isPending) return <div className="page-loading" aria-busy="true" data-testid="vip.loading" />;
  const status = vip.data;
  if (!status) return null;
  const current = status.levels.find((l) => l.level === status.level);
  const next = status.levels.find((l) => l.level > status.level);
  return (
    <RewardsPage
      testId="vip.page"
      icon="vip"
      title={t('vip_title')}
      more={
        <section className="card">
          <h2>{t('vip_levels')}</h2>
          <Levels status={status} money={money} />
          <p className="rewards__note">{t('vip_note')}</p>
        </section>
      }
    >
      <p className="rewards__current" data-testid="vip.current">
        {t('vip_current', { name: current?.name ?? localDigits(String(status.level), i18n.language) })}
      </p>
      <p className="rewards__note">{t('vip_period', { days: localDigits(String(status.periodDays), i18n.language) })}</p>
      {next ? (
        <>
          <p data-testid="vip.next">{t('vip_next', { name: next.name })}</p>
          <Progress testId="vip.progress.deposit" label={t('vip_deposits')} done={status.depositMinor} goal={next.minDepositMinor} money={money} />
          <Progress testId="vip.progress.turnover" label={t('vip_turnover')} done={status.turnoverMinor} goal={next.minTurnoverMinor} money={money} />
        </>
      ) : (
        <p data-testid="vip.top">{t('vip_top')}</p>
      )}
    </RewardsPage>
  );
}
