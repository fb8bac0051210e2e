import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPLY_COMMENT_MAX, APPLY_MAX_IMAGES } from '@wl/schemas/domain/promotion-apply';
import { errorKey, useTRPC } from '../api/trpc.ts';
import { useAreaTexts } from '../i18n/area-texts.ts';
import { useMinorFormat } from '../member/rewards-parts.tsx';
import { useSession } from '../session/session-context.tsx';
import { ImagePicker, useImageDrafts } from '../forms/image-drafts.tsx';
import { uploadApplyImage } from './apply-upload.ts';

/** The member's state of the promotion: applying, rejected with the reason, issued with the amount. */
function ApplyStatus({ state, reason, amountMinor, applicable }: { state: string; reason: string | null; amountMinor: number | null; applicable: boolean }) {
  const { t } = useTranslation();
  const money = useMinorFormat();
  if (state === 'none') return null;
  const text =
    state === 'applying'
      ? t('apply_state_applying')
      : state === 'issued'
        ? t('apply_state_issued', { amount: money(amountMinor ?? 0) })
        : `${t('apply_state_rejected', { reason: reason ?? '' })}${applicable ? ` ${t('apply_again')}` : ''}`;
  return (
    <p className="apply__state" role="status" data-testid="apply.state" data-state={state}>
      {text}
    </p>
  );
}

/** The form: a comment with a live counter and up to three images, each uploaded as soon as it is picked (docs/0098). */
function ApplyFormBody({ promotionId }: { promotionId: number }) {
  const { t, i18n } = useTranslation();
  const trpc = useTRPC();
  const qc = useQueryClient();
  const money = useMinorFormat();
  const state = useQuery(trpc.promotionApply.state.queryOptions({ promotionId }, { staleTime: 0 }));
  const [comment, setComment] = useState('');
  const remove = useMutation(trpc.promotionApply.removeImage.mutationOptions());
  const drafts = useImageDrafts({
    max: APPLY_MAX_IMAGES,
    taken: state.data?.draftImages.length ?? 0,
    upload: (file) => uploadApplyImage(promotionId, file, i18n.language),
    remove: (imageId) => remove.mutate({ imageId }),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.promotionApply.state.queryKey({ promotionId }) });
  const submit = useMutation(trpc.promotionApply.submit.mutationOptions({ onSuccess: () => drafts.clear(), onSettled: refresh }));
  const s = state.data;
  if (!s) return state.error ? <p className="form__error">{t(errorKey(state.error))}</p> : null;
  if (!s.applicable && s.state === 'none') return null;
  const trimmed = comment.trim();
  const uploading = drafts.uploading;
  const imageIds = [...s.draftImages.map((d) => d.imageId), ...drafts.imageIds];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit.mutate({ promotionId, comment: trimmed, imageIds });
  };
  return (
    <section className="apply card" data-testid="apply.section" aria-labelledby="apply-title">
      <h4 id="apply-title">{t('apply_title')}</h4>
      {s.maxAmountMinor !== null && <p className="apply__max">{t('apply_max_amount', { amount: money(s.maxAmountMinor) })}</p>}
      <ApplyStatus state={s.state} reason={s.reason} amountMinor={s.amountMinor} applicable={s.applicable} />
      {s.applicable && (
        <form className="form" onSubmit={onSubmit} noValidate>
          <label className="field">
            <span className="field__label">{t('apply_comment')}</span>
            <textarea
              className="input apply__comment"
              rows={3}
              data-testid="apply.comment"
              value={comment}
              aria-describedby="apply-count"
              onChange={(e) => setComment(e.target.value)}
            />
          </label>
          <p
            id="apply-count"
            className={`apply__count${trimmed.length > APPLY_COMMENT_MAX ? ' form__error' : ''}`}
            aria-live="polite"
            data-testid="apply.count"
          >
            {t('apply_comment_count', { count: trimmed.length })}
          </p>
          <ImagePicker drafts={drafts} max={APPLY_MAX_IMAGES} busy={submit.isPending} testIdPrefix="apply" />
          {submit.error && (
            <p className="form__error" role="alert" data-testid="apply.error">
              {t(errorKey(submit.error))}
            </p>
          )}
          <button
            type="submit"
            className="btn btn--primary btn--block"
            data-testid="apply.submit"
            disabled={submit.isPending || uploading || trimmed.length > APPLY_COMMENT_MAX}
          >
            {t('apply_submit')}
          </button>
        </form>
      )}
    </section>
  );
}

/** The apply section of a promotion's detail: only for a real member's session, once its texts are in. */
export default function ApplyForm({ promotionId }: { promotionId: number }) {
  const { audience } = useSession();
  const real = audience === 'member' || audience === 'agent';
  const ready = useAreaTexts('promotions');
  if (!real || !ready) return null;
  return <ApplyFormBody promotionId={promotionId} />;
}
