import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TOperatorDeposit } from '@wl/schemas/wps/deposit-calls';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { formatMinor } from '../lib/numbers.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/money.css';
import '../styles/operator.css';
import { refusalKey, SectionHead } from './parts.tsx';

type TDecide = { busy: boolean; approve: (depositId: number) => void; reject: (depositId: number, remark: string) => void };

/** One pending deposit; an operator who may decide gets a remark, approve (not twice by the same operator) and reject. */
function DepositItem({ d, canWrite, operatorUsername, decide }: { d: TOperatorDeposit; canWrite: boolean; operatorUsername: string; decide: TDecide }) {
  const { t, i18n } = useTranslation();
  const [remark, setRemark] = useState('');
  return (
    <li className="money__row" data-testid="operator.deposits.item" data-reference={d.reference}>
      <span className="money__reference">{d.reference}</span>
      <span>
        {t('op_member')}: <strong translate="no">{d.username}</strong>
      </span>
      <span>{formatMinor(d.amountMinor, i18n.language)}</span>
      <span>{t(`deposit_channel_${d.channelCode}`, { defaultValue: d.channelName })}</span>
      <time dateTime={d.createdAt}>{localDateTime(d.createdAt, i18n.language)}</time>
      {d.firstApprovedBy !== null && (
        <span className="chip money-status money-status--pending" data-testid={`operator.deposits.first-approved.${d.reference}`}>
          {t('op_deposit_first_approved', { name: d.firstApprovedBy })}
        </span>
      )}
      {canWrite && (
        <span className="operator__filters">
          <input
            className="input"
            aria-label={t('op_remark')}
            placeholder={t('op_remark')}
            maxLength={140}
            data-testid={`operator.deposits.remark.${d.reference}`}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
          {d.firstApprovedBy !== operatorUsername && (
            <button
              type="button"
              className="btn btn--primary btn--small"
              disabled={decide.busy}
              data-testid={`operator.deposits.approve.${d.reference}`}
              onClick={() => decide.approve(d.id)}
            >
              {t('op_approve')}
            </button>
          )}
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={decide.busy}
            data-testid={`operator.deposits.reject.${d.reference}`}
            onClick={() => decide.reject(d.id, remark)}
          >
            {t('op_reject')}
          </button>
        </span>
      )}
    </li>
  );
}

/**
 * Pending deposits, oldest first, with approve and reject (money.read to see, money.write to decide).
 * One above the four-eyes limit shows who gave the first approval; that operator is not offered the
 * second (the platform refuses it too, docs/0066).
 */
export function OperatorDeposits({ canWrite, operatorUsername }: { canWrite: boolean; operatorUsername: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const pending = useQuery(trpc.operator.deposits.queryOptions({ status: 'pending' }, { staleTime: 0 }));
  const [error, setError] = useState<string | null>(null);
  const done = {
    onSuccess: () => setError(null),
    onError: (err: unknown) => setError(refusalKey(err)),
    onSettled: () => void qc.invalidateQueries({ queryKey: trpc.operator.deposits.queryKey() }),
  };
  const approve = useMutation(trpc.operator.approveDeposit.mutationOptions(done));
  const reject = useMutation(trpc.operator.rejectDeposit.mutationOptions(done));
  const decide: TDecide = {
    busy: approve.isPending || reject.isPending,
    approve: (depositId) => approve.mutate({ depositId }),
    reject: (depositId, remark) => reject.mutate({ depositId, remark }),
  };
  const deposits = pending.data?.deposits ?? [];
  return (
    <section className="operator__section" data-testid="operator.deposits">
      <SectionHead title={t('op_deposits_title')} testId="operator.deposits" refreshText={t('op_refresh')} onRefresh={() => void pending.refetch()} />
      {(error ?? pending.error) && (
        <p className="form__error" role="alert" data-testid="operator.deposits.error">
          {t(error ?? errorKey(pending.error))}
        </p>
      )}
      {pending.isSuccess && deposits.length === 0 && <p className="no-data">{t('op_deposits_empty')}</p>}
      <ul className="money__list">
        {deposits.map((d) => (
          <DepositItem key={d.id} d={d} canWrite={canWrite} operatorUsername={operatorUsername} decide={decide} />
        ))}
      </ul>
    </section>
  );
}
