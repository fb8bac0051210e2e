import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBonusAwardRow } from '@wl/schemas/wps/bonus-calls';
import { errorKey, useTRPC, useTRPCClient } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import { ConfirmDialog } from '../modals/confirm-dialog.tsx';
import { useSession } from '../session/session-context.tsx';
import RecordsPage from './records-page.tsx';
import { RewardsPage, useMinorFormat } from './rewards-parts.tsx';
import '../styles/rewards.css';

/** A fresh key per cancel attempt. */
const newKey = () => `bonus-cancel-${crypto.randomUUID()}`;
const PAGE_SIZE = 20;

/** The active bonus: amount, balance, turnover progress (a native meter), expiry, max stake, and its cancel. */
function ActiveBonus({ award, balanceMinor, onCancel }: { award: TBonusAwardRow; balanceMinor: number; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMinorFormat();
  const required = Math.max(award.turnoverRequiredMinor, 1);
  return (
    <div data-testid="bonus.active" data-award={award.id}>
      <p className="rewards__current" data-testid="bonus.balance">
        {t('bonus_balance', { amount: money(balanceMinor) })}
      </p>
      <div className="rewards__progress">
        <span className="rewards__progress-label">{t('bonus_turnover')}</span>
        <meter min={0} max={required} value={Math.min(award.turnoverDoneMinor, required)} aria-label={t('bonus_turnover')} data-testid="bonus.progress" />
        <span className="rewards__progress-value" data-testid="bonus.progress.value">
          {t('bonus_turnover_value', { done: money(award.turnoverDoneMinor), required: money(award.turnoverRequiredMinor) })}
        </span>
      </div>
      {award.expiresAt && <p className="rewards__note">{t('bonus_expires', { time: localDateTime(award.expiresAt, i18n.language) })}</p>}
      <p className="rewards__note" data-testid="bonus.max-stake">
        {award.maxStakeMinor === null ? t('bonus_no_max_stake') : t('bonus_max_stake_label', { amount: money(award.maxStakeMinor) })}
      </p>
      <button type="button" className="btn rewards__claim" data-testid="bonus.cancel" onClick={onCancel}>
        {t('bonus_cancel')}
      </button>
    </div>
  );
}

/** One award of the history: what it was, its state, its amount and when. */
function HistoryRow({ award }: { award: TBonusAwardRow }) {
  const { t, i18n } = useTranslation();
  const money = useMinorFormat();
  const when = award.endedAt ?? award.createdAt;
  return (
    <tr data-testid="bonus.history.row" data-state={award.state}>
      <th scope="row">{t(`bonus_source_${award.source}`)}</th>
      <td>{money(award.amountMinor)}</td>
      <td data-testid="bonus.history.state">{t(`bonus_state_${award.state}`)}</td>
      <td>
        <time dateTime={when}>{localDateTime(when, i18n.language)}</time>
      </td>
    </tr>
  );
}

/**
 * The bonusDetails page (docs/0095): the active bonus with its wagering progress, expiry and maximum
 * stake, its cancel behind a confirm dialog, and the history of the member's bonuses (converted,
 * expired, cancelled, forfeited). The platform enforces every rule shown here.
 */
export default function BonusPage() {
  const ready = useAreaTexts('money', 'records');
  const { t } = useTranslation();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const session = useSession();
  const money = useMinorFormat();
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery(trpc.bonus.list.queryOptions({ pageNo, pageSize: PAGE_SIZE }, { staleTime: 0 }));
  const key = useRef(newKey());
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const cancel = useMutation({
    mutationFn: (awardId: number) => client.bonus.cancel.mutate({ awardId, key: key.current }),
    onSuccess: (r) => {
      key.current = newKey();
      setDone(r.forfeitedMinor);
      session.refreshBalance();
    },
    onSettled: () => {
      setConfirming(false);
      return qc.invalidateQueries({ queryKey: trpc.bonus.list.pathKey() });
    },
  });

  if (!ready || list.isLoading) return <div className="page-loading" aria-busy="true" data-testid="bonus.loading" />;
  const data = list.data;
  if (!data) return <p className="form__error">{t(errorKey(list.error))}</p>;
  const active = data.rows.find((r) => r.state === 'active');
  const history = data.rows.filter((r) => r.state !== 'active');
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  return (
    <>
      <RewardsPage
        testId="bonus.page"
        icon="bonusdetails"
        title={t('bonus_title')}
        more={
          <section className="card">
            <h3>{t('bonus_history_title')}</h3>
            {history.length === 0 ? (
              <p className="no-data" data-testid="bonus.history.none">
                {t('bonus_history_none')}
              </p>
            ) : (
              <table className="rewards__table" data-testid="bonus.history">
                <thead>
                  <tr>
                    <th scope="col">{t('bonus_col_source')}</th>
                    <th scope="col">{t('bonus_col_amount')}</th>
                    <th scope="col">{t('bonus_col_state')}</th>
                    <th scope="col">{t('bonus_col_time')}</th>
                  </tr>
                </thead>
                <tbody>
                  {history.map((a) => (
                    <HistoryRow key={a.id} award={a} />
                  ))}
                </tbody>
              </table>
            )}
            {pages > 1 && (
              <div className="dialog__actions">
                <button type="button" className="btn" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
                  {t('bonus_prev')}
                </button>
                <button type="button" className="btn" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)}>
                  {t('bonus_next')}
                </button>
              </div>
            )}
          </section>
        }
      >
        {done !== null && (
          <p className="rewards__done" role="status" data-testid="bonus.cancelled">
            {t('bonus_cancelled_done', { amount: money(done) })}
          </p>
        )}
        {active ? (
          <ActiveBonus award={active} balanceMinor={data.balanceMinor} onCancel={() => setConfirming(true)} />
        ) : (
          <p className="no-data" data-testid="bonus.none">
            {t('bonus_none_active')}
          </p>
        )}
        {cancel.isError && (
          <p className="form__error" role="alert" data-testid="bonus.error">
            {t(errorKey(cancel.error))}
          </p>
        )}
        {confirming && active && (
          <ConfirmDialog
            testId="bonus.confirm"
            title={t('bonus_cancel_title')}
            text={t('bonus_cancel_text', { amount: money(data.balanceMinor) })}
            yes={t('bonus_cancel_yes')}
            no={t('bonus_cancel_no')}
            busy={cancel.isPending}
            onYes={() => cancel.mutate(active.id)}
            onClose={() => setConfirming(false)}
          />
        )}
      </RewardsPage>
      {/* Every bonus, rebate and salary paid into the main wallet (the bonus record, docs/0031). */}
      <RecordsPage kind="bonus" />
    </>
  );
}
