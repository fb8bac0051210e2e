import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { formatMinor } from '../lib/numbers.ts';
import { localDate } from '../lib/numbers-later.ts';
import { refusalKey, SectionHead } from './parts.tsx';

/**
 * Cashback waiting for finance (docs/0096): payments above a promotion's automatic limit, oldest
 * first, each paid as cash or refused once (money.read to see, money.write to decide; audited).
 */
export function OperatorCashbacks({ canWrite }: { canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const pending = useQuery(trpc.operator.cashbacks.queryOptions(undefined, { staleTime: 0 }));
  const [error, setError] = useState<string | null>(null);
  const decide = useMutation(
    trpc.operator.decideCashback.mutationOptions({
      onSuccess: () => setError(null),
      onError: (err: unknown) => setError(refusalKey(err)),
      onSettled: () => void qc.invalidateQueries({ queryKey: trpc.operator.cashbacks.queryKey() }),
    }),
  );
  const list = pending.data?.list ?? [];
  return (
    <section className="operator__section" data-testid="operator.cashbacks">
      <SectionHead title={t('op_cashback_title')} testId="operator.cashbacks" refreshText={t('op_refresh')} onRefresh={() => void pending.refetch()} />
      {(error ?? pending.error) && (
        <p className="form__error" role="alert" data-testid="operator.cashbacks.error">
          {t(error ?? errorKey(pending.error))}
        </p>
      )}
      {pending.isSuccess && list.length === 0 && <p className="no-data">{t('op_cashback_empty')}</p>}
      <ul className="money__list">
        {list.map((c) => (
          <li key={c.id} className="money__row" data-testid="operator.cashbacks.item" data-id={c.id}>
            <span>
              {t('op_member')}: <strong translate="no">{c.username}</strong>
            </span>
            <span>{t('op_cashback_period', { from: localDate(c.periodStart, i18n.language), to: localDate(c.periodEnd, i18n.language) })}</span>
            <span>{t('op_cashback_net_loss', { amount: formatMinor(c.netLossMinor, i18n.language) })}</span>
            <strong>{formatMinor(c.amountMinor, i18n.language)}</strong>
            {canWrite && (
              <span className="operator__filters">
                <button
                  type="button"
                  className="btn btn--primary btn--small"
                  disabled={decide.isPending}
                  data-testid={`operator.cashbacks.pay.${c.id}`}
                  onClick={() => decide.mutate({ payoutId: c.id, decision: 'pay' })}
                >
                  {t('op_cashback_pay')}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  disabled={decide.isPending}
                  data-testid={`operator.cashbacks.reject.${c.id}`}
                  onClick={() => decide.mutate({ payoutId: c.id, decision: 'reject' })}
                >
                  {t('op_reject')}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
