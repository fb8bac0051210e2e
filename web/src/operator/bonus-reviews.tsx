import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBonusReview } from '@wl/schemas/wps/bonus-review-calls';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { formatMinor } from '../lib/numbers.ts';
import { localDateTime } from '../lib/numbers-later.ts';
import '../styles/money.css';
import '../styles/operator.css';
import { refusalKey, SectionHead } from './parts.tsx';

type TDecide = { busy: boolean; decide: (reviewId: number, approve: boolean) => void };

/** One held bonus: whose, how much, what linked it, and (money.write) approve or reject. */
function ReviewItem({ r, canWrite, decide }: { r: TBonusReview; canWrite: boolean; decide: TDecide }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="money__row" data-testid="operator.bonus-reviews.item" data-username={r.username}>
      <strong translate="no">{r.username}</strong>
      <span>{t(`bonus_review_source_${r.source}`, { defaultValue: r.source })}</span>
      <span>{formatMinor(r.amountMinor, i18n.language)}</span>
      <span>
        {t('bonus_review_reason')}: <span translate="no">{r.reason}</span>
      </span>
      <span>
        {t('bonus_review_linked')}: <span translate="no">{r.linkedUsernames.join(', ')}</span>
      </span>
      <time dateTime={r.createdAt}>{localDateTime(r.createdAt, i18n.language)}</time>
      {canWrite && (
        <span className="operator__filters">
          <button
            type="button"
            className="btn btn--primary btn--small"
            disabled={decide.busy}
            data-testid={`operator.bonus-reviews.approve.${r.username}`}
            onClick={() => decide.decide(r.reviewId, true)}
          >
            {t('bonus_review_approve')}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            disabled={decide.busy}
            data-testid={`operator.bonus-reviews.reject.${r.username}`}
            onClick={() => decide.decide(r.reviewId, false)}
          >
            {t('bonus_review_reject')}
          </button>
        </span>
      )}
    </li>
  );
}

/**
 * Held bonuses of linked accounts (docs/0097), oldest first: money.read to see them, money.write
 * (owner, finance) to approve (the bonus is paid) or reject (the offer lapses). A chunk of its own
 * with the referral, money and deposit (refresh) texts.
 */
export default function OperatorBonusReviews({ canWrite }: { canWrite: boolean }) {
  const ready = useAreaTexts('promotions', 'money', 'deposit');
  const { t } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const pending = useQuery(trpc.operator.bonusReviews.queryOptions(undefined, { staleTime: 0 }));
  const [error, setError] = useState<string | null>(null);
  const decideCall = useMutation(
    trpc.operator.decideBonusReview.mutationOptions({
      onSuccess: () => setError(null),
      onError: (err: unknown) => setError(refusalKey(err)),
      onSettled: () => void qc.invalidateQueries({ queryKey: trpc.operator.bonusReviews.queryKey() }),
    }),
  );
  if (!ready) return <span className="spinner" aria-busy="true" />;
  const rows = pending.data?.rows ?? [];
  const decide: TDecide = { busy: decideCall.isPending, decide: (reviewId, approve) => decideCall.mutate({ reviewId, approve }) };
  return (
    <section className="operator__section" data-testid="operator.bonus-reviews">
      <SectionHead title={t('bonus_review_title')} testId="operator.bonus-reviews" refreshText={t('op_refresh')} onRefresh={() => void pending.refetch()} />
      {(error ?? pending.error) && (
        <p className="form__error" role="alert" data-testid="operator.bonus-reviews.error">
          {t(error ?? errorKey(pending.error))}
        </p>
      )}
      {pending.isSuccess && rows.length === 0 && <p className="no-data">{t('bonus_review_empty')}</p>}
      <ul className="money__list">
        {rows.map((r) => (
          <ReviewItem key={r.reviewId} r={r} canWrite={canWrite} decide={decide} />
        ))}
      </ul>
    </section>
  );
}
